/**
 * Applying what a triage session chose, in trusted code: the `set_labels` choices are checked
 * again here — the tool is only the first line — and only then written through a narrow
 * `LabelSink`. Labels are only ever added (never removed), only labels the repository has, only
 * ones the issue does not carry yet, a capped number per issue, and only on the issues this run
 * triages. The optional note is made plain and safe by label-comment.ts.
 */
import type { Octokit } from '@octokit/rest';
import type { RepoRef } from '../github/sink.js';
import { readOwnMarker } from '../github/own-marker.js';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import type { LabelDecision } from './set-labels.js';
import { MAX_LABELS_PER_CALL } from './set-labels.js';
import { renderLabelComment } from './label-comment.js';
import { withPermissionHint } from '../github/permission-hint.js';

/** An issue of a repository. */
export interface IssueRef extends RepoRef {
  issueNumber: number;
}

/** The writes triage makes. */
export interface LabelSink {
  /** Adds labels to an issue; the ones it already has stay. */
  addLabels(issue: IssueRef, labels: readonly string[]): Promise<void>;
  createIssueComment(issue: IssueRef, body: string): Promise<{ url: string }>;
  /**
   * The note this account posted on the issue for the event `triggerKey` (a re-run's first
   * attempt, a second delivery), to be edited instead of posting another; undefined when none.
   */
  findNote?(issue: IssueRef, triggerKey: string): Promise<{ id: number } | undefined>;
  updateIssueComment?(issue: IssueRef, id: number, body: string): Promise<{ url: string }>;
}

/** An issue the run may label, with the labels it had when the run read it. */
export interface LabelTarget {
  number: number;
  currentLabels: readonly string[];
}

export type SkipReason = 'not a repository label' | 'already on the issue' | 'over the limit';

/** What happened on one issue, for the run's report. */
export interface AppliedLabels {
  issueNumber: number;
  /** Labels added by this run. */
  added: string[];
  skipped: { label: string; reason: SkipReason }[];
  /** The posted note, when there was one and it was posted. */
  comment: { url: string } | undefined;
  /** Why labelling or commenting failed. */
  error?: string;
}

export interface ApplyLabelsOptions {
  sink: LabelSink;
  repo: RepoRef;
  /** The repository's label names as GitHub returned them. */
  repositoryLabels: readonly string[];
  /** The issues of this run (one for an issue event or command, the batch for scheduled triage). */
  targets: readonly LabelTarget[];
  redact: Redact;
  /** Default {@link MAX_LABELS_PER_CALL}. */
  maxLabelsPerIssue?: number;
  /** Post the model's note; default true. */
  allowComment?: boolean;
  /** Hosts whose links stay clickable in the note (see label-comment.ts). */
  linkHosts?: readonly string[];
  /** The event's key: the note carries it, and a re-run edits the note it finds for it. */
  triggerKey?: string | undefined;
  logger?: Logger;
}

/**
 * Applies the decisions one issue at a time, in order. A failure on one issue is recorded and
 * the next is tried, except a permission problem (a `ConfigurationError`), which would fail the
 * same way on every issue: the remaining ones are reported as not attempted.
 */
export async function applyLabels(
  decisions: readonly LabelDecision[],
  options: ApplyLabelsOptions,
): Promise<AppliedLabels[]> {
  const logger = options.logger ?? silentLogger;
  const known = new Map(options.repositoryLabels.map((name) => [fold(name), name]));
  const max = options.maxLabelsPerIssue ?? MAX_LABELS_PER_CALL;
  const results: AppliedLabels[] = [];
  let stopped: string | undefined;
  for (const decision of decisions) {
    const target = targetOf(decision, options.targets);
    if (target === undefined) {
      // The tool already restricts issues; this is the second line, so it is only logged.
      logger.warning(
        `Ignored labels for issue #${decision.issueNumber ?? '?'}: it is not an issue of this run.`,
      );
      continue;
    }
    const result: AppliedLabels = {
      issueNumber: target.number,
      added: [],
      skipped: [],
      comment: undefined,
    };
    results.push(result);
    const present = new Set(target.currentLabels.map(fold));
    const toAdd: string[] = [];
    // The tool kept these out already; the report still says the model asked for them.
    for (const label of decision.dropped) {
      result.skipped.push({ label, reason: 'not a repository label' });
    }
    for (const label of decision.labels) {
      const canonical = known.get(fold(label));
      if (canonical === undefined) {
        result.skipped.push({ label, reason: 'not a repository label' });
      } else if (present.has(fold(canonical))) {
        result.skipped.push({ label: canonical, reason: 'already on the issue' });
      } else if (toAdd.length >= max) {
        result.skipped.push({ label: canonical, reason: 'over the limit' });
      } else if (!toAdd.includes(canonical)) {
        toAdd.push(canonical);
      }
    }
    const body =
      options.allowComment === false || decision.comment === undefined
        ? undefined
        : renderLabelComment(decision.comment, {
            redact: options.redact,
            ...(options.linkHosts ? { linkHosts: options.linkHosts } : {}),
            triggerKey: options.triggerKey,
          });
    if (stopped !== undefined) {
      if (toAdd.length > 0 || body !== undefined) result.error = stopped;
      continue;
    }
    const issue: IssueRef = { ...options.repo, issueNumber: target.number };
    try {
      if (toAdd.length > 0) {
        await options.sink.addLabels(issue, toAdd);
        result.added = toAdd;
      }
      if (body !== undefined) result.comment = await postNote(options, issue, body);
    } catch (error) {
      result.error = options.redact(errorMessage(error));
      logger.warning(`Could not triage issue #${target.number}: ${result.error}`);
      if (error instanceof ConfigurationError) {
        stopped = `not attempted after an earlier failure: ${result.error}`;
      }
    }
  }
  return results;
}

/** Posts the note, or edits the one an earlier attempt of the same event posted. */
async function postNote(
  options: ApplyLabelsOptions,
  issue: IssueRef,
  body: string,
): Promise<{ url: string }> {
  const { sink, triggerKey } = options;
  if (triggerKey !== undefined && sink.findNote && sink.updateIssueComment) {
    const earlier = await sink.findNote(issue, triggerKey).catch((error: unknown) => {
      options.logger?.warning(
        `Could not look for an earlier triage note on ${where(issue)}: ${errorMessage(error)}`,
      );
      return undefined;
    });
    if (earlier !== undefined) return sink.updateIssueComment(issue, earlier.id, body);
  }
  return sink.createIssueComment(issue, body);
}

/** A decision without an issue number belongs to the run's one issue. */
function targetOf(
  decision: LabelDecision,
  targets: readonly LabelTarget[],
): LabelTarget | undefined {
  if (decision.issueNumber === undefined) return targets.length === 1 ? targets[0] : undefined;
  return targets.find((target) => target.number === decision.issueNumber);
}

/** GitHub compares label names without regard to case. */
function fold(name: string): string {
  return name.trim().toLowerCase();
}

export interface OctokitLabelSinkOptions {
  /** Applied to every comment body as a last line of defence. */
  redact: Redact;
  /** The account the Action posts as: only its notes are found and edited. */
  botLogin?: string | undefined;
}

/** The `LabelSink` that writes through the REST API. */
export function createOctokitLabelSink(
  octokit: Pick<Octokit, 'rest' | 'paginate'>,
  options: OctokitLabelSinkOptions,
): LabelSink {
  const { redact } = options;
  return {
    async addLabels(issue, labels) {
      await withPermissionHint(`add labels to ${where(issue)}`, () =>
        octokit.rest.issues.addLabels({
          owner: issue.owner,
          repo: issue.repo,
          issue_number: issue.issueNumber,
          labels: [...labels],
        }),
      );
    },
    async createIssueComment(issue, body) {
      const { data } = await withPermissionHint(`comment on ${where(issue)}`, () =>
        octokit.rest.issues.createComment({
          owner: issue.owner,
          repo: issue.repo,
          issue_number: issue.issueNumber,
          body: redact(body),
        }),
      );
      return { url: data.html_url };
    },
    async findNote(issue, triggerKey) {
      const bot = options.botLogin?.toLowerCase();
      if (bot === undefined) return undefined;
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner: issue.owner,
        repo: issue.repo,
        issue_number: issue.issueNumber,
        per_page: 100,
      });
      // Anyone can paste a marker: only the Action's own account's notes count.
      const note = comments.find(
        (comment) =>
          comment.user?.login.toLowerCase() === bot &&
          readOwnMarker(comment.body, 'triage')?.trigger === triggerKey,
      );
      return note === undefined ? undefined : { id: note.id };
    },
    async updateIssueComment(issue, id, body) {
      const { data } = await withPermissionHint(`edit a comment on ${where(issue)}`, () =>
        octokit.rest.issues.updateComment({
          owner: issue.owner,
          repo: issue.repo,
          comment_id: id,
          body: redact(body),
        }),
      );
      return { url: data.html_url };
    },
  };
}

function where(issue: IssueRef): string {
  return `${issue.owner}/${issue.repo}#${issue.issueNumber}`;
}
