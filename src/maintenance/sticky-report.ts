/**
 * The maintenance run report, kept in one issue per workflow (its "sticky" issue) instead of a new
 * issue or comment per run: each run rewrites the issue's body with its own report and a table of
 * the last runs, so the issue always shows the current state without notifying anyone each night.
 *
 * The issue is found by a hidden marker naming the report's key (the workflow name, or the
 * `report_key` input), among the open issues the Action's own account created — an issue someone
 * else opened with a copied marker is never taken over. The run history lives in a second hidden
 * marker as JSON, so it survives edits to the visible text; when it is unreadable the history
 * starts again. Closing the issue starts a new one on the next run.
 */
import type { Octokit } from '@octokit/rest';
import { z } from 'zod';
import { ownMarker } from '../github/own-marker.js';
import type { RepoRef } from '../github/sink.js';
import { ConfigurationError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { cutMarkdown, fitSections, GITHUB_COMMENT_LIMIT } from '../report/fit-comment.js';
import { codeBlock, codeSpan, inlineText, modelMarkdown } from '../report/markdown.js';
import { withPermissionHint } from '../github/permission-hint.js';
import { formatDuration, groupDigits } from '../platform/text.js';

/** Runs listed in the table, the latest included. */
export const DEFAULT_REPORT_HISTORY = 20;
const MAX_KEY_CHARS = 100;
const HISTORY_KIND = 'maintenance-history';
/** A link target that cannot break out of `[text](…)`: https, no spaces, brackets or quotes. */
const SAFE_URL = /^https:\/\/[^\s<>()[\]`"']+$/;

/** An issue holding a report. */
export interface ReportIssue {
  number: number;
  body: string;
  url: string;
}

/** The reads and writes of the sticky report. */
export interface ReportSink {
  /** The oldest open issue `creator` opened whose body contains `marker`. */
  findOpenIssue(
    repo: RepoRef,
    query: { creator: string; marker: string },
  ): Promise<ReportIssue | undefined>;
  createIssue(
    repo: RepoRef,
    issue: { title: string; body: string; labels: readonly string[] },
  ): Promise<ReportIssue>;
  updateIssueBody(repo: RepoRef, issueNumber: number, body: string): Promise<ReportIssue>;
}

/** What one maintenance run did, as the run's trusted code knows it. */
export interface MaintenanceRunReport {
  /** ISO 8601. */
  startedAt: string;
  conclusion: 'success' | 'failure';
  durationMs?: number;
  runUrl?: string;
  /** The agent's final answer (Markdown). */
  summary: string;
  error?: string;
  pullRequest?: { number: number; url: string };
  branch?: string;
  commitSha?: string;
  /** Changes the publishing step refused, one human-readable line each. */
  refusals?: readonly string[];
  tokens?: { input: number; output: number };
}

const historyEntrySchema = z.object({
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/),
  conclusion: z.enum(['success', 'failure']),
  run: z.string().regex(SAFE_URL).optional(),
  pr: z.number().int().positive().optional(),
  commit: z
    .string()
    .regex(/^[0-9a-f]{7,64}$/)
    .optional(),
  note: z.string().max(200).optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export interface StickyReportOptions {
  sink: ReportSink;
  repo: RepoRef;
  /** Which report: the workflow name or `report_key`; see {@link reportKey}. */
  key: string;
  /** The login the Action posts as (`github-actions[bot]` with the job token). */
  creator: string;
  /** Put on the issue when it is created. */
  label?: string | undefined;
  /** Default `Gemini maintenance report: <key>`. */
  title?: string;
  redact: Redact;
  /** Default {@link DEFAULT_REPORT_HISTORY}. */
  historySize?: number;
  logger?: Logger;
}

export interface StickyReportResult {
  issue: ReportIssue;
  created: boolean;
}

/** The report key: `report_key` when set, else the workflow's name. */
export function reportKey(options: {
  reportKey?: string | undefined;
  workflow?: string | undefined;
}): string {
  const key = (options.reportKey?.trim() || options.workflow?.trim()) ?? '';
  if (key === '') {
    throw new ConfigurationError(
      'expected a name for the maintenance report: set report_key (GITHUB_WORKFLOW is empty too).',
      { input: 'report_key' },
    );
  }
  if (/[\r\n]/.test(key) || key.length > MAX_KEY_CHARS) {
    throw new ConfigurationError(
      `expected report_key on one line and at most ${MAX_KEY_CHARS} characters, got ${JSON.stringify(key.slice(0, MAX_KEY_CHARS + 10))}.`,
      { input: 'report_key' },
    );
  }
  return key;
}

/** The hidden marker that identifies the report issue of `key`. */
export function reportMarker(key: string): string {
  return ownMarker('maintenance-report', { id: key });
}

/** Writes this run's report into the key's issue, creating the issue the first time. */
export async function publishStickyReport(
  report: MaintenanceRunReport,
  options: StickyReportOptions,
): Promise<StickyReportResult> {
  const logger = options.logger ?? silentLogger;
  const marker = reportMarker(options.key);
  const existing = await options.sink.findOpenIssue(options.repo, {
    creator: options.creator,
    marker,
  });
  const previous = existing ? readHistory(existing.body) : [];
  if (existing && previous.length === 0 && existing.body.includes(`:${HISTORY_KIND} `)) {
    logger.warning(
      `The run history in ${existing.url} could not be read; it starts again with this run.`,
    );
  }
  const size = Math.max(1, options.historySize ?? DEFAULT_REPORT_HISTORY);
  const entry = historyEntry(report, options.redact);
  // A re-run of the job replaces its earlier attempt's row: one row per workflow run.
  const others = previous.filter((earlier) => !sameWorkflowRun(earlier.run, entry.run));
  const history = [entry, ...others].slice(0, size);
  const body = renderReportBody(options.key, report, history, { redact: options.redact });
  if (existing) {
    const issue = await options.sink.updateIssueBody(options.repo, existing.number, body);
    return { issue, created: false };
  }
  const title = (options.title ?? `Gemini maintenance report: ${options.key}`).slice(0, 256);
  const issue = await options.sink.createIssue(options.repo, {
    title,
    body,
    labels: options.label ? [options.label] : [],
  });
  return { issue, created: true };
}

/** Whether two run links name the same workflow run (attempts of it count as one). */
function sameWorkflowRun(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const run = (url: string) => url.replace(/\/attempts\/\d+$/, '');
  return run(a) === run(b);
}

/** The runs recorded in a report body, latest first; empty when there are none or they are unreadable. */
export function readHistory(body: string): HistoryEntry[] {
  const prefix = ownMarker(HISTORY_KIND).replace(/ -->$/, ' ');
  const start = body.indexOf(prefix);
  if (start < 0) return [];
  const end = body.indexOf(' -->', start + prefix.length);
  if (end < 0) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.slice(start + prefix.length, end));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item) => {
    const entry = historyEntrySchema.safeParse(item);
    return entry.success ? [entry.data] : [];
  });
}

function historyEntry(report: MaintenanceRunReport, redact: Redact): HistoryEntry {
  const at = new Date(Date.parse(report.startedAt) || 0).toISOString();
  const noteSource = report.conclusion === 'failure' ? (report.error ?? '') : '';
  const note = redact(noteSource).replace(/\s+/g, ' ').trim().slice(0, 200);
  const entry: HistoryEntry = { at, conclusion: report.conclusion };
  if (report.runUrl !== undefined && SAFE_URL.test(report.runUrl)) entry.run = report.runUrl;
  if (report.pullRequest) entry.pr = report.pullRequest.number;
  if (report.commitSha && /^[0-9a-f]{7,64}$/.test(report.commitSha))
    entry.commit = report.commitSha;
  if (note !== '') entry.note = note;
  return entry;
}

/** The whole issue body: marker, the latest report, the table of runs and the hidden history. */
export function renderReportBody(
  key: string,
  report: MaintenanceRunReport,
  history: readonly HistoryEntry[],
  options: { redact: Redact },
): string {
  const { redact } = options;
  const marker = reportMarker(key);
  const header = [
    marker,
    `## Maintenance report: ${inlineText(key, { maxLength: MAX_KEY_CHARS })}`,
    '',
    `_The Gemini agent rewrites this issue after every maintenance run of this workflow: the latest report first, then the last ${history.length === 1 ? 'run' : `${history.length} runs`}. Close the issue to start a new one._`,
  ].join('\n');
  const latest = [`### Latest run: ${statusLine(report)}`, changesLine(report)]
    .filter((line) => line !== '')
    .join('\n\n');
  const summaryText = modelMarkdown(redact(report.summary.trim()));
  const summary = summaryText === '' ? '' : `#### Summary\n\n${summaryText}`;
  const refusals =
    report.refusals && report.refusals.length > 0
      ? `#### Changes that were not published\n\n${report.refusals.map((line) => `- ${inlineText(redact(line), { maxLength: 300 })}`).join('\n')}`
      : '';
  const error =
    report.conclusion === 'failure' && report.error
      ? `#### Error\n\n${codeBlock(redact(report.error).slice(0, 4000))}`
      : '';
  const table = historyTable(history);
  const hidden = ownMarker(HISTORY_KIND).replace(/ -->$/, ` ${historyJson(history)} -->`);
  const cutNote = '_(cut to fit; the full text is in the workflow run’s transcript)_';
  const body = fitSections(
    [
      { text: header },
      { text: latest },
      {
        text: summary,
        shrinkOrder: 1,
        shrink: (max, measure) => cutMarkdown(summary, max, { measure, note: cutNote }),
      },
      {
        text: refusals,
        shrinkOrder: 0,
        shrink: (max, measure) => cutMarkdown(refusals, max, { measure, note: cutNote }),
      },
      { text: error },
      { text: table },
      { text: hidden },
    ],
    { limit: GITHUB_COMMENT_LIMIT, note: cutNote },
  );
  // The last line of defence; what went in was redacted already.
  return redact(body);
}

function statusLine(report: MaintenanceRunReport): string {
  const parts = [
    report.conclusion === 'success' ? '✅ succeeded' : '❌ failed',
    formatTime(report.startedAt),
  ];
  if (report.durationMs !== undefined)
    parts.push(formatDuration(report.durationMs, 'whole-seconds'));
  if (report.runUrl !== undefined && SAFE_URL.test(report.runUrl)) {
    parts.push(`[workflow run](${report.runUrl})`);
  }
  return parts.join(' · ');
}

function changesLine(report: MaintenanceRunReport): string {
  const details: string[] = [];
  if (report.pullRequest) {
    details.push(`**Pull request:** #${report.pullRequest.number}`);
  }
  if (report.branch) details.push(`**Branch:** ${codeSpan(report.branch, { maxLength: 200 })}`);
  if (report.commitSha && /^[0-9a-f]{7,64}$/.test(report.commitSha)) {
    details.push(`**Commit:** ${report.commitSha}`);
  }
  if (details.length === 0 && report.conclusion === 'success')
    details.push('No changes published.');
  if (report.tokens) {
    details.push(
      `**Tokens:** ${groupDigits(report.tokens.input)} in, ${groupDigits(report.tokens.output)} out`,
    );
  }
  return details.join(' · ');
}

function historyTable(history: readonly HistoryEntry[]): string {
  const rows = history.map((entry) => {
    const result = entry.conclusion === 'success' ? '✅ success' : '❌ failure';
    const changes =
      entry.pr !== undefined ? `#${entry.pr}` : entry.commit ? entry.commit.slice(0, 7) : '—';
    const run = entry.run ? `[run](${entry.run})` : '—';
    const note = entry.note ? inlineText(entry.note, { maxLength: 120 }) : '';
    return `| ${formatTime(entry.at)} | ${result} | ${changes} | ${run} | ${note} |`;
  });
  return [
    '### Recent runs',
    '',
    '| Started (UTC) | Result | Changes | Run | Note |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** JSON that cannot end the HTML comment it sits in (`-->`) nor open a tag. */
function historyJson(history: readonly HistoryEntry[]): string {
  return JSON.stringify(history)
    .replace(/-/g, '\\u002d')
    .replace(/>/g, '\\u003e')
    .replace(/</g, '\\u003c');
}

function formatTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'unknown time';
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The `ReportSink` that reads and writes through the REST API. */
export function createOctokitReportSink(octokit: Pick<Octokit, 'rest' | 'paginate'>): ReportSink {
  return {
    async findOpenIssue(repo, query) {
      let found: ReportIssue | undefined;
      const creator = query.creator.toLowerCase();
      await octokit.paginate(
        octokit.rest.issues.listForRepo,
        {
          owner: repo.owner,
          repo: repo.repo,
          state: 'open',
          creator: query.creator,
          sort: 'created',
          direction: 'asc',
          per_page: 100,
        },
        (response, done) => {
          for (const item of response.data) {
            if (found !== undefined) break;
            const body = item.body ?? '';
            // The filter is GitHub's; checking the author again costs nothing.
            if (item.pull_request || item.user?.login.toLowerCase() !== creator) continue;
            if (body.includes(query.marker)) {
              found = { number: item.number, body, url: item.html_url };
            }
          }
          if (found !== undefined) done();
          return [];
        },
      );
      return found;
    },
    async createIssue(repo, issue) {
      const { data } = await withPermissionHint(
        `open the maintenance report issue in ${repo.owner}/${repo.repo}`,
        () =>
          octokit.rest.issues.create({
            owner: repo.owner,
            repo: repo.repo,
            title: issue.title,
            body: issue.body,
            ...(issue.labels.length > 0 ? { labels: [...issue.labels] } : {}),
          }),
      );
      return { number: data.number, body: data.body ?? '', url: data.html_url };
    },
    async updateIssueBody(repo, issueNumber, body) {
      const { data } = await withPermissionHint(
        `update the maintenance report ${repo.owner}/${repo.repo}#${issueNumber}`,
        () =>
          octokit.rest.issues.update({
            owner: repo.owner,
            repo: repo.repo,
            issue_number: issueNumber,
            body,
          }),
      );
      return { number: data.number, body: data.body ?? '', url: data.html_url };
    },
  };
}
