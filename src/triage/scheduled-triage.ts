/**
 * Scheduled triage: the open issues that have no label yet, oldest first, a batch at a time, one
 * agent session per batch. Each session gets the batch's issues (title and body, stripped of
 * hidden content, within a budget) and a `set_labels` tool limited to the repository's labels and
 * to the batch's issues; trusted code applies what it chose after the session.
 *
 * A run triages at most `maxIssues` issues, so a repository with a large backlog is worked off
 * over several runs instead of in one long, expensive one. Pull requests (which the issues list
 * includes), labelled issues and the Action's own issues (the maintenance report) are skipped.
 */
import type { Octokit } from '@octokit/rest';
import { allocate, cutText, ITEM_OVERHEAD } from '../github/context-budget.js';
import { carriesOwnMarker } from '../github/own-marker.js';
import { sanitizeUntrustedText } from '../github/sanitize.js';
import type { RepoRef } from '../github/sink.js';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { createLabelCollector } from './set-labels.js';
import type { Tool } from '../tools/tool-types.js';
import type { AppliedLabels, LabelSink } from './apply-labels.js';
import { applyLabels } from './apply-labels.js';
import type { RepositoryLabel } from './repository-labels.js';
import { listRepositoryLabels } from './repository-labels.js';
import type { BatchIssueContext } from './triage-instructions.js';
import { buildBatchTriagePrompt } from './triage-instructions.js';

/** `triage_batch_size` when the workflow does not set it. */
export const DEFAULT_TRIAGE_BATCH_SIZE = 10;
/** The largest batch: more issues in one session blur together and crowd the context. */
export const MAX_TRIAGE_BATCH_SIZE = 25;
/** Issues triaged in one run by default: five batches of the default size. */
export const DEFAULT_MAX_TRIAGE_ISSUES = 50;
/** Characters of issue text per batch (titles and bodies together). */
export const DEFAULT_BATCH_BUDGET_CHARS = 60_000;
const MAX_TITLE_CHARS = 300;

export type TriageClient = Pick<Octokit, 'rest' | 'paginate'>;

/** An open issue without labels, as listed. Title and body are raw GitHub text. */
export interface UnlabeledIssue {
  number: number;
  title: string;
  body: string;
  author: string | undefined;
  createdAt: string;
}

/**
 * Open issues without any label, oldest first, at most `maxIssues`. The listing stops reading
 * pages once it has enough.
 */
export async function listUnlabeledIssues(
  client: TriageClient,
  repo: RepoRef,
  options: { maxIssues: number },
): Promise<UnlabeledIssue[]> {
  const found: UnlabeledIssue[] = [];
  await client.paginate(
    client.rest.issues.listForRepo,
    {
      owner: repo.owner,
      repo: repo.repo,
      state: 'open',
      sort: 'created',
      direction: 'asc',
      per_page: 100,
    },
    (response, done) => {
      for (const item of response.data) {
        if (found.length >= options.maxIssues) break;
        // The issues list includes pull requests; they carry a `pull_request` field.
        if (item.pull_request) continue;
        if (item.labels.length > 0) continue;
        const body = item.body ?? '';
        if (carriesOwnMarker(body)) continue;
        found.push({
          number: item.number,
          title: item.title,
          body,
          author: item.user?.login,
          createdAt: item.created_at,
        });
      }
      if (found.length >= options.maxIssues) done();
      return [];
    },
  );
  // GitHub sorts by creation already; sorting again keeps the promise if a page boundary shifts.
  return found.sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.number - b.number,
  );
}

/** `items` in consecutive batches of at most `size`. */
export function splitIntoBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}

/**
 * The batch's issues as the prompt shows them: hidden content removed, titles on one line, and
 * the bodies sharing `budgetChars` (a short body leaves more room for the others).
 */
export function batchIssueContext(
  issues: readonly UnlabeledIssue[],
  options: { budgetChars?: number } = {},
): BatchIssueContext[] {
  const budget = options.budgetChars ?? DEFAULT_BATCH_BUDGET_CHARS;
  const cleaned = issues.map((issue) => ({
    issue,
    title: cutText(sanitizeUntrustedText(issue.title).replace(/\s+/g, ' ').trim(), MAX_TITLE_CHARS)
      .text,
    body: sanitizeUntrustedText(issue.body).trim(),
  }));
  const fixed = cleaned.reduce((sum, entry) => sum + entry.title.length + ITEM_OVERHEAD, 0);
  const shares = allocate(
    budget - fixed,
    cleaned.map((entry) => entry.body.length),
    cleaned.map(() => 1),
  );
  return cleaned.map((entry, index) => {
    const cut = cutText(entry.body, shares[index] ?? 0);
    return {
      number: entry.issue.number,
      title: entry.title,
      author: entry.issue.author,
      createdAt: entry.issue.createdAt,
      body: cut.text,
      bodyOmittedChars: cut.omittedChars,
    };
  });
}

/** One session's work, handed to the caller, which runs the agent with `tools` beside the built-ins. */
export interface TriageBatchSession {
  /** 0-based. */
  index: number;
  issues: number[];
  prompt: string;
  tools: Tool[];
}

/** How the session ended, as far as the report needs it. */
export interface TriageSessionOutcome {
  reason: string;
  error?: string | undefined;
}

export interface TriageBatchReport {
  index: number;
  issues: number[];
  outcome: TriageSessionOutcome | undefined;
  applied: AppliedLabels[];
  /** The session could not run (it threw). */
  error?: string;
}

export interface ScheduledTriageReport {
  /** Unlabelled issues found (at most `maxIssues`). */
  listed: number;
  batches: TriageBatchReport[];
  /** Why triage did not run or stopped before the last batch. */
  note?: string;
}

export interface ScheduledTriageOptions {
  client: TriageClient;
  repo: RepoRef;
  /** `triage_batch_size`; default {@link DEFAULT_TRIAGE_BATCH_SIZE}. */
  batchSize?: number;
  /** Default {@link DEFAULT_MAX_TRIAGE_ISSUES}. */
  maxIssues?: number;
  /** The repository's labels, when already read; listed otherwise. */
  labels?: readonly RepositoryLabel[];
  /** Runs one agent session; the caller wires the model, policy and budgets. */
  runSession: (session: TriageBatchSession) => Promise<TriageSessionOutcome>;
  sink: LabelSink;
  redact: Redact;
  /** The workflow's `prompt` input, as extra guidance for every batch. */
  instruction?: string | undefined;
  /** Post the model's notes (default true). */
  allowComment?: boolean;
  budgetChars?: number;
  logger?: Logger;
}

export async function runScheduledTriage(
  options: ScheduledTriageOptions,
): Promise<ScheduledTriageReport> {
  const logger = options.logger ?? silentLogger;
  const batchSize = checkBatchSize(options.batchSize ?? DEFAULT_TRIAGE_BATCH_SIZE);
  const labels = options.labels ?? (await listRepositoryLabels(options.client, options.repo));
  if (labels.length === 0) {
    return {
      listed: 0,
      batches: [],
      note: 'The repository has no labels, so there is nothing to choose from; create labels to use triage.',
    };
  }
  const issues = await listUnlabeledIssues(options.client, options.repo, {
    maxIssues: options.maxIssues ?? DEFAULT_MAX_TRIAGE_ISSUES,
  });
  const report: ScheduledTriageReport = { listed: issues.length, batches: [] };
  if (issues.length === 0) return { ...report, note: 'No open issue without labels.' };
  const batches = splitIntoBatches(issues, batchSize);
  for (const [index, batch] of batches.entries()) {
    const numbers = batch.map((issue) => issue.number);
    logger.info(
      `Triage batch ${index + 1} of ${batches.length}: ${numbers.map((n) => `#${n}`).join(', ')}.`,
    );
    const collector = createLabelCollector({ labels, issues: numbers });
    const prompt = buildBatchTriagePrompt({
      repository: options.repo,
      issues: batchIssueContext(batch, { budgetChars: options.budgetChars }),
      instruction: options.instruction,
      allowComment: options.allowComment ?? true,
    });
    const entry: TriageBatchReport = { index, issues: numbers, outcome: undefined, applied: [] };
    report.batches.push(entry);
    try {
      entry.outcome = await options.runSession({
        index,
        issues: numbers,
        prompt,
        tools: [collector.tool],
      });
    } catch (error) {
      // A session that cannot start (model credentials, quota) would fail the same way for every
      // batch; what earlier batches did stays applied and reported.
      entry.error = options.redact(errorMessage(error));
      report.note = `Stopped after batch ${index + 1} of ${batches.length}: ${entry.error}`;
      logger.warning(report.note);
    }
    // Choices recorded before a session ended early are as valid as the rest: apply them.
    entry.applied = await applyLabels(collector.result(), {
      sink: options.sink,
      repo: options.repo,
      repositoryLabels: labels.map((label) => label.name),
      targets: batch.map((issue) => ({ number: issue.number, currentLabels: [] })),
      redact: options.redact,
      allowComment: options.allowComment ?? true,
      logger,
    });
    if (entry.error !== undefined) break;
  }
  return report;
}

function checkBatchSize(size: number): number {
  if (Number.isInteger(size) && size >= 1 && size <= MAX_TRIAGE_BATCH_SIZE) return size;
  throw new ConfigurationError(
    `expected a whole number from 1 to ${MAX_TRIAGE_BATCH_SIZE} (issues per triage session), got ${size}.`,
    { input: 'triage_batch_size' },
  );
}
