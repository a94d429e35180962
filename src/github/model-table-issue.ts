/**
 * The one issue that says the model table is out of date: opened when the weekly check finds
 * differences between the table and the Gemini API's model list, rewritten while they last (an
 * edit notifies no one, so a weekly run is quiet until something changes), and closed with a
 * comment once the table matches again.
 *
 * The issue is found by its title among the open issues that carry its label. Only people with
 * triage access, and the workflow's token, can label an issue, so one opened by someone else
 * under the same title is never taken over.
 */
import type { Octokit } from '@octokit/rest';
import type { TableDifference } from '../model/model-table-check.js';
import { DIFFERENCE_KINDS } from '../model/model-table-check.js';
import type { RepoRef } from './sink.js';
import { plural } from '../platform/text.js';

export const MODEL_TABLE_ISSUE_TITLE = 'Model table out of date';
export const MODEL_TABLE_ISSUE_LABEL = 'model-table';

/** A link target that cannot break out of `[text](…)`. */
const SAFE_URL = /^https:\/\/[^\s<>()[\]`"']+$/;

export interface ModelTableReport {
  differences: readonly TableDifference[];
  /** The table's `checked` date. */
  tableChecked: string;
  /** The day of this check, YYYY-MM-DD. */
  checkedOn: string;
  /** How many models the API listed. */
  listedCount: number;
  /** This workflow run's page. */
  runUrl?: string | undefined;
  /** The repository's page (`https://github.com/o/r`), for links to the table and its docs. */
  repositoryUrl?: string | undefined;
  /** The table's `sources`: Google's models, deprecations and changelog pages are linked. */
  sources?: Readonly<Record<string, string>> | undefined;
}

export type ModelTableIssueAction = 'opened' | 'updated' | 'closed' | 'none';

export interface ModelTableIssueResult {
  action: ModelTableIssueAction;
  /** The issue's page; absent when there is none (`none`). */
  url?: string;
  /**
   * GitHub opened the issue without its label (it drops labels a token may not set), so the
   * next check would not find it.
   */
  unlabelled?: boolean;
}

/** The differences as plain lines under their headings, for the log. */
export function renderModelTableText(report: ModelTableReport): string {
  const lines = [
    report.differences.length === 0
      ? `The model table (checked ${report.tableChecked}) matches the Gemini API's list of ${String(report.listedCount)} models.`
      : `The model table (checked ${report.tableChecked}) differs from the Gemini API's list of ${String(report.listedCount)} models in ${plural(report.differences.length, 'way')}:`,
  ];
  for (const { kind, heading } of DIFFERENCE_KINDS) {
    const ofKind = report.differences.filter((difference) => difference.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push('', `${heading}:`, ...ofKind.map((difference) => `- ${difference.line}`));
  }
  return lines.join('\n');
}

/** The issue's body: what differs, grouped, and how to bring the table up to date. */
export function renderModelTableIssueBody(report: ModelTableReport): string {
  const sections = DIFFERENCE_KINDS.flatMap(({ kind, heading }) => {
    const ofKind = report.differences.filter((difference) => difference.kind === kind);
    if (ofKind.length === 0) return [];
    return [`### ${heading}\n\n${ofKind.map((difference) => `- ${difference.line}`).join('\n')}`];
  });
  const file = (path: string) =>
    report.repositoryUrl !== undefined && SAFE_URL.test(report.repositoryUrl)
      ? `[\`${path}\`](${report.repositoryUrl}/blob/HEAD/${path})`
      : `\`${path}\``;
  return [
    `The weekly model check compared ${file('src/model/model-table.json')} (checked ${report.tableChecked}) with the Gemini API's model list (\`models.list\`, ${plural(report.listedCount, 'model')}) on ${report.checkedOn}${runLink(report)} and found ${plural(report.differences.length, 'difference')}.`,
    ...sections,
    [
      '### How to update the table',
      '',
      `Look each fact up on Google's own pages (${googlePages(report)}, the model's guide): a third-party page may help find a fact but is never its source. Record the page in \`sources\`, the day in \`checked\`, and keep \`default\` to the table's rule (the newest stable model a first run with a new key can use). \`npx vitest run test/model/\` checks the table; ${file('docs/models.md')} says more.`,
    ].join('\n'),
    `_This issue is rewritten by each weekly check while differences remain, and closed when the table matches the API's list again._`,
  ].join('\n\n');
}

/** `[models](…), [deprecations](…), [changelog](…)` from the table's sources. */
function googlePages(report: ModelTableReport): string {
  return ['models', 'deprecations', 'changelog']
    .map((name) => {
      const url = report.sources?.[name];
      return url !== undefined && SAFE_URL.test(url) ? `[${name}](${url})` : name;
    })
    .join(', ');
}

function runLink(report: ModelTableReport): string {
  return report.runUrl !== undefined && SAFE_URL.test(report.runUrl)
    ? ` ([workflow run](${report.runUrl}))`
    : '';
}

interface OpenIssue {
  number: number;
  body: string;
  url: string;
}

/** The oldest open issue with the label and the exact title (pull requests are not issues). */
async function findIssue(
  octokit: Pick<Octokit, 'rest' | 'paginate'>,
  repo: RepoRef,
): Promise<OpenIssue | undefined> {
  const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
    owner: repo.owner,
    repo: repo.repo,
    state: 'open',
    labels: MODEL_TABLE_ISSUE_LABEL,
    sort: 'created',
    direction: 'asc',
    per_page: 100,
  });
  const found = issues.find(
    (issue) => issue.pull_request === undefined && issue.title === MODEL_TABLE_ISSUE_TITLE,
  );
  return found === undefined
    ? undefined
    : { number: found.number, body: found.body ?? '', url: found.html_url };
}

/**
 * Opens, rewrites or closes the issue so it shows this report: opened (labelled) when there are
 * differences and no issue, its body rewritten when they changed, closed with a comment when
 * there are none left.
 */
export async function syncModelTableIssue(
  octokit: Pick<Octokit, 'rest' | 'paginate'>,
  repo: RepoRef,
  report: ModelTableReport,
): Promise<ModelTableIssueResult> {
  const existing = await findIssue(octokit, repo);
  if (report.differences.length === 0) {
    if (existing === undefined) return { action: 'none' };
    await octokit.rest.issues.createComment({
      owner: repo.owner,
      repo: repo.repo,
      issue_number: existing.number,
      body: `The model table (checked ${report.tableChecked}) matches the Gemini API's model list again on ${report.checkedOn}${runLink(report)}. Closing.`,
    });
    await octokit.rest.issues.update({
      owner: repo.owner,
      repo: repo.repo,
      issue_number: existing.number,
      state: 'closed',
      state_reason: 'completed',
    });
    return { action: 'closed', url: existing.url };
  }
  const body = renderModelTableIssueBody(report);
  if (existing !== undefined) {
    // Rewritten even when the differences are the same: the date shows the check still runs,
    // and an edit notifies no one.
    await octokit.rest.issues.update({
      owner: repo.owner,
      repo: repo.repo,
      issue_number: existing.number,
      body,
    });
    return { action: 'updated', url: existing.url };
  }
  const { data } = await octokit.rest.issues.create({
    owner: repo.owner,
    repo: repo.repo,
    title: MODEL_TABLE_ISSUE_TITLE,
    body,
    labels: [MODEL_TABLE_ISSUE_LABEL],
  });
  const labelled = data.labels.some(
    (label) => (typeof label === 'string' ? label : label.name) === MODEL_TABLE_ISSUE_LABEL,
  );
  return { action: 'opened', url: data.html_url, ...(labelled ? {} : { unlabelled: true }) };
}
