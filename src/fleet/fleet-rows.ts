/**
 * The tracking issue's rows: one per repository, made from this run's results and plan and
 * merged over the rows earlier runs and chunks left in the issue. The rows are the report's
 * state: kept in the issue body (compressed, in a hidden comment: tracking-state.ts) and shown as
 * its table (tracking-body.ts). Texts in them come from runs on repositories the campaign does
 * not control, so they are redacted and cut to one line here, and escaped where they are shown;
 * a link is kept only when it is plain http(s) that cannot break out of a Markdown link.
 */
import { z } from 'zod';
import type { Redact } from '../platform/redaction.js';
import { oneLine } from '../platform/text.js';
import type { FleetResult } from './fleet-result.js';
import type { FleetPlan } from './fleet-plan.js';
import type { ResultsRead } from './fleet-results.js';

export const ROW_STATUSES = [
  'success',
  'failure',
  'skipped',
  'cancelled',
  'unreadable',
  'no-result',
  'excluded',
] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/** Statuses that come from a run's own result (or its broken file), not from the plan alone. */
const FROM_A_RUN: ReadonlySet<RowStatus> = new Set([
  'success',
  'failure',
  'skipped',
  'cancelled',
  'unreadable',
]);

export const NOTE_MAX = 200;
/** http(s), and none of the characters that end a link target, a table cell or an HTML comment. */
export const SAFE_URL = /^https?:\/\/[^\s<>()[\]`"'|\\]+$/i;

export const fleetRowSchema = z
  .object({
    repository: z.string().min(1).max(300),
    status: z.enum(ROW_STATUSES),
    pr: z.number().int().positive().optional(),
    prUrl: z.string().regex(SAFE_URL).optional(),
    cost: z.number().nonnegative().optional(),
    job: z.string().regex(SAFE_URL).optional(),
    note: z.string().max(NOTE_MAX).optional(),
    /** When the result was written (ISO 8601). */
    at: z.string().max(40).optional(),
  })
  .strict();
export type FleetRow = z.infer<typeof fleetRowSchema>;

/** The URL when it is safe to link (and holds nothing redaction would hide), else undefined. */
export function safeUrl(url: string | undefined, redact?: Redact): string | undefined {
  if (url === undefined || url.length > 500 || !SAFE_URL.test(url)) return undefined;
  return redact === undefined || redact(url) === url ? url : undefined;
}

/** Redacted, on one line, cut to {@link NOTE_MAX}; undefined when nothing is left. */
function note(text: string | undefined, redact: Redact): string | undefined {
  if (text === undefined) return undefined;
  const line = oneLine(redact(text));
  if (line === '') return undefined;
  return line.length <= NOTE_MAX ? line : `${line.slice(0, NOTE_MAX - 1)}…`;
}

/** A row whose optional fields may be given as undefined. */
type LooseRow = Pick<FleetRow, 'repository' | 'status'> & {
  [K in Exclude<keyof FleetRow, 'repository' | 'status'>]?: FleetRow[K] | undefined;
};

/** Drops the keys whose value is undefined, so rows compare and serialise the same. */
function compact(row: LooseRow): FleetRow {
  return Object.fromEntries(
    Object.entries(row as Record<string, unknown>).filter(([, value]) => value !== undefined),
  ) as FleetRow;
}

export function rowFromResult(result: FleetResult, redact: Redact): FleetRow {
  return compact({
    repository: result.repository,
    status: result.conclusion,
    pr: result.prNumber,
    prUrl: safeUrl(result.prUrl, redact),
    cost: result.costUsd,
    job: safeUrl(result.runUrl, redact),
    note: note(result.summary, redact),
    at: result.finishedAt,
  });
}

export interface RowUpdate {
  read: ResultsRead;
  plan?: FleetPlan | undefined;
  /** This workflow run: the link of the rows of planned repositories without a result. */
  runUrl?: string | undefined;
  redact: Redact;
}

function byRepository(a: FleetRow, b: FleetRow): number {
  const x = a.repository.toLowerCase();
  const y = b.repository.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The rows after this run. In order of precedence, per repository: this run's result (or its
 * unreadable file), unless an earlier row holds a newer result; an earlier row from a run's
 * result (a repository this run planned but has no result for yet — another chunk, a job that
 * did not start — keeps what its last run said); this plan's exclusion or "no result"; the
 * earlier row. Sorted by repository, case-insensitively.
 */
export function mergeFleetRows(previous: readonly FleetRow[], update: RowUpdate): FleetRow[] {
  const rows = new Map<string, FleetRow>();
  for (const row of previous) rows.set(row.repository.toLowerCase(), row);
  const runUrl = safeUrl(update.runUrl);
  const keepsRun = (key: string) => {
    const earlier = rows.get(key);
    return earlier !== undefined && FROM_A_RUN.has(earlier.status);
  };
  for (const exclusion of update.plan?.excluded ?? []) {
    const key = exclusion.repository.toLowerCase();
    if (keepsRun(key)) continue;
    rows.set(
      key,
      compact({
        repository: exclusion.repository,
        status: 'excluded',
        prUrl: safeUrl(exclusion.pullRequestUrl),
        pr: pullNumberOf(exclusion.pullRequestUrl),
        note: note(exclusion.detail, update.redact),
      }),
    );
  }
  for (const entry of update.plan?.chunks.flat() ?? []) {
    const key = entry.repository.toLowerCase();
    if (keepsRun(key)) continue;
    rows.set(key, compact({ repository: entry.repository, status: 'no-result', job: runUrl }));
  }
  for (const unreadable of update.read.unreadable) {
    rows.set(
      unreadable.repository.toLowerCase(),
      compact({
        repository: unreadable.repository,
        status: 'unreadable',
        job: runUrl,
        note: note(`${unreadable.file}: ${unreadable.problem}`, update.redact),
      }),
    );
  }
  for (const result of update.read.results) {
    const key = result.repository.toLowerCase();
    const earlier = rows.get(key);
    if (
      earlier?.at !== undefined &&
      FROM_A_RUN.has(earlier.status) &&
      Date.parse(earlier.at) > Date.parse(result.finishedAt)
    ) {
      continue;
    }
    rows.set(key, rowFromResult(result, update.redact));
  }
  return [...rows.values()].sort(byRepository);
}

/** `…/pull/123` → 123. */
function pullNumberOf(url: string | undefined): number | undefined {
  const match = /\/pull\/(\d+)$/.exec(url ?? '');
  return match ? Number(match[1]) : undefined;
}

export interface FleetTotals {
  repositories: number;
  done: number;
  failed: number;
  skipped: number;
  noResult: number;
  excluded: number;
  costUsd: number;
}

export function fleetTotals(rows: readonly FleetRow[]): FleetTotals {
  const totals: FleetTotals = {
    repositories: rows.length,
    done: 0,
    failed: 0,
    skipped: 0,
    noResult: 0,
    excluded: 0,
    costUsd: 0,
  };
  for (const row of rows) {
    totals.costUsd += row.cost ?? 0;
    if (row.status === 'success') totals.done++;
    else if (row.status === 'skipped') totals.skipped++;
    else if (row.status === 'no-result') totals.noResult++;
    else if (row.status === 'excluded') totals.excluded++;
    else totals.failed++;
  }
  return totals;
}
