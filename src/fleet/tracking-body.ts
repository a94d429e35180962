/**
 * The tracking issue's body: the markers that find it, the campaign's totals, the table of
 * repositories (Repository | Pull request | Status | Cost | Job) and the hidden state. It is
 * rendered from the rows alone, with no clock and no store, so the same rows give the same body
 * (an unchanged report writes nothing) and `fleet local` renders it without GitHub.
 *
 * Every text from a result is escaped as the project's comments escape model text
 * (report/markdown.ts: no HTML, no mentions, no cross-references, no table cell breaks), and a
 * link is kept only when fleet-rows.ts found it plain http(s). GitHub stores at most 65,536
 * characters: when the table does not fit, the rows that need a look (failed, cancelled,
 * unreadable, without a result) stay in the open and the others fold into a `<details>` block;
 * what still does not fit is cut with a note. The state always fits (tracking-state.ts).
 */
import { ownMarker } from '../github/own-marker.js';
import {
  fitSections,
  GITHUB_COMMENT_LIMIT,
  shrinkLinesBlock,
  utf8Bytes,
} from '../report/fit-comment.js';
import { JOB_SUMMARY_LIMIT } from '../report/job-summary.js';
import type { LinesBlock } from '../report/fit-comment.js';
import { inlineText } from '../report/markdown.js';
import type { Redact } from '../platform/redaction.js';
import { plural } from '../platform/text.js';
import type { FleetRow, RowStatus } from './fleet-rows.js';
import { fleetTotals, safeUrl } from './fleet-rows.js';
import { parseRepositoryName, repositoriesText } from './fleet-targets.js';
import { renderTrackingState } from './tracking-state.js';

/** The label every tracking issue gets. */
export const FLEET_LABEL = 'gemini-fleet';

/** The hidden marker that finds a campaign's tracking issue (the key is a checked slug). */
export function trackingMarker(campaign: string): string {
  return `<!-- gemini-agent-fleet campaign="${campaign}" -->`;
}

export function trackingTitle(campaign: string): string {
  return `Fleet campaign: ${campaign}`;
}

const STATUS_TEXT: Record<RowStatus, string> = {
  success: '✅ done',
  failure: '❌ failed',
  skipped: '⏭️ skipped',
  cancelled: '🛑 cancelled',
  unreadable: '⚠️ unreadable result',
  'no-result': '⏳ no result',
  excluded: '➖ excluded',
};

/** Rows a reader should look at; they stay out of the fold when the table is too long. */
const NEEDS_A_LOOK: ReadonlySet<RowStatus> = new Set([
  'failure',
  'cancelled',
  'unreadable',
  'no-result',
]);

const HEADER = [
  '| Repository | Pull request | Status | Cost | Job |',
  '| --- | --- | --- | --- | --- |',
];

export interface RenderOptions {
  /** The web address repositories link to. Default `https://github.com`. */
  serverUrl?: string;
  /** Default GitHub's 65,536 characters. */
  limit?: number;
  /**
   * The last line of defence over the visible text (the rows were redacted when made). Not over
   * the state: a token shape could turn up by chance in its Base64 and break it.
   */
  redact?: Redact;
}

function money(usd: number): string {
  return `$${usd.toFixed(2)}`;
}

/** A pull request link only when it points at that repository's own pull request. */
function pullCell(row: FleetRow): string {
  if (row.prUrl === undefined) return row.pr === undefined ? '—' : `#\u200B${row.pr}`;
  const path = new URL(row.prUrl).pathname.toLowerCase();
  const number = /\/pull\/(\d+)$/.exec(path)?.[1];
  if (number === undefined || !path.startsWith(`/${row.repository.toLowerCase()}/pull/`)) {
    return '—';
  }
  return `[#${number}](${row.prUrl})`;
}

function repositoryCell(row: FleetRow, server: string): string {
  const name = parseRepositoryName(row.repository);
  const text = inlineText(row.repository, { maxLength: 140 });
  return name === undefined ? text : `[${text}](${server}/${name.owner}/${name.name})`;
}

/** One table row, on one line, every cell escaped. */
export function renderRow(row: FleetRow, server: string): string {
  const note = row.note === undefined ? '' : `: ${inlineText(row.note, { maxLength: 120 })}`;
  const cells = [
    repositoryCell(row, server),
    pullCell(row),
    `${STATUS_TEXT[row.status]}${note}`,
    row.cost === undefined ? '—' : money(row.cost),
    row.job === undefined ? '—' : `[job](${row.job})`,
  ];
  return `| ${cells.join(' | ')} |`;
}

export function totalsLine(rows: readonly FleetRow[]): string {
  const totals = fleetTotals(rows);
  const count = repositoriesText(totals.repositories);
  return [
    `**${count}:** ${totals.done} done`,
    `${totals.failed} failed`,
    `${totals.skipped} skipped`,
    `${totals.noResult} without a result`,
    `${totals.excluded} excluded`,
    `total cost ${money(totals.costUsd)}`,
  ].join(' · ');
}

const CUT_NOTE =
  '_(cut to fit GitHub’s 65,536 characters; every row is kept in this issue’s hidden state)_';

function tableBlock(before: string, lines: string[], after: string): LinesBlock {
  return {
    before: `${before}${HEADER.join('\n')}\n`,
    lines,
    after,
    note: (omitted) =>
      `_…and ${plural(omitted, 'more row')} not shown: GitHub stores 65,536 characters of an issue; every row is kept in this issue’s hidden state._`,
  };
}

/** The whole body for `rows`; the same rows always give the same text. */
export function renderTrackingBody(
  campaign: string,
  rows: readonly FleetRow[],
  options: RenderOptions = {},
): string {
  const server = (options.serverUrl ?? 'https://github.com').replace(/\/+$/, '');
  const limit = options.limit ?? GITHUB_COMMENT_LIMIT;
  const header = [
    trackingMarker(campaign),
    ownMarker('fleet-report', { campaign }),
    `## ${inlineText(trackingTitle(campaign))}`,
    '',
    totalsLine(rows),
    '',
    '_The fleet’s report job rewrites this issue after each run of the campaign; a repository’s row stays until a newer result replaces it. Close the issue to start a new one._',
  ].join('\n');
  const redact = options.redact ?? ((text: string) => text);
  const state = renderTrackingState(campaign, rows);
  const all = rows.map((row) => redact(renderRow(row, server)));
  const whole = [header, `${HEADER.join('\n')}\n${all.join('\n')}`, state].join('\n\n');
  if (whole.length <= limit) return whole;
  // Too long: the rows that need a look in the open, the rest folded, each cut as needed.
  const open = rows.filter((row) => NEEDS_A_LOOK.has(row.status));
  const folded = rows.filter((row) => !NEEDS_A_LOOK.has(row.status));
  const openBlock = tableBlock(
    '### Needing a look\n\n',
    open.map((row) => redact(renderRow(row, server))),
    '',
  );
  const foldedBlock = tableBlock(
    `<details><summary>${repositoriesText(folded.length, 'other')} (done, skipped, excluded)</summary>\n\n`,
    folded.map((row) => redact(renderRow(row, server))),
    '\n\n</details>',
  );
  const section = (block: LinesBlock, order: number, present: boolean) => ({
    text: present ? `${block.before}${block.lines.join('\n')}${block.after}` : '',
    shrinkOrder: order,
    shrink: (max: number, measure: (text: string) => number) =>
      shrinkLinesBlock(block, max, measure),
  });
  return fitSections(
    [
      { text: header },
      section(openBlock, 1, open.length > 0),
      section(foldedBlock, 0, folded.length > 0),
      { text: state },
    ],
    { limit, note: CUT_NOTE },
  );
}

/**
 * The report step's job summary: the totals, the tracking issue's link and every row — GitHub
 * takes 1 MiB of a step's summary, so rows the issue had to leave out are all here (cut with a
 * note only past that).
 */
export function renderFleetSummary(
  campaign: string,
  rows: readonly FleetRow[],
  options: { serverUrl?: string; redact?: Redact; issueUrl?: string | undefined } = {},
): string {
  const server = (options.serverUrl ?? 'https://github.com').replace(/\/+$/, '');
  const redact = options.redact ?? ((text: string) => text);
  const issue = options.issueUrl === undefined ? undefined : safeUrl(options.issueUrl);
  const header = [
    `## ${inlineText(trackingTitle(campaign))}`,
    '',
    totalsLine(rows),
    ...(issue === undefined ? [] : ['', `Tracking issue: ${issue}`]),
  ].join('\n');
  const block = tableBlock(
    '',
    rows.map((row) => redact(renderRow(row, server))),
    '',
  );
  return fitSections(
    [
      { text: header },
      {
        text: `${block.before}${block.lines.join('\n')}`,
        shrink: (max, measure) => shrinkLinesBlock(block, max, measure),
      },
    ],
    { limit: JOB_SUMMARY_LIMIT, measure: utf8Bytes, note: CUT_NOTE },
  );
}
