/**
 * The part of the final comment (and job summary) that says what became of the agent's change:
 * the branch, commit and pull request it went to; or why it was not pushed, with the patch to
 * apply by hand (cut to a budget, pointing to the run's artifact for the rest); and every file that
 * was left out, with the reason. A pure renderer: all text is redacted and escaped here.
 */
import { branchUrl, compareUrl } from '../github/urls.js';
import type { LinesBlock } from '../report/fit-comment.js';
import { characters, shrinkLinesBlock } from '../report/fit-comment.js';
import { codeSpan, fenceFor, inlineText, linkTarget } from '../report/markdown.js';
import type { Redact } from '../platform/redaction.js';
import type { ReportLinks } from '../report/progress-comment.js';
import { cutNote } from '../report/progress-comment.js';
import type { PublishResult, Refusal } from './publish-types.js';

export interface PublishSectionOptions {
  redact: Redact;
  /** `GITHUB_SERVER_URL`. */
  serverUrl: string;
  repo: { owner: string; repo: string };
  /** The run and its artifact, named where the patch was cut. */
  links?: ReportLinks;
  /** The most characters the patch block may take. Default 40,000. */
  patchBudget?: number;
}

const DEFAULT_PATCH_BUDGET = 40_000;

/** One list item per refused path: `path` — reason. */
export function refusalLines(refusals: readonly Refusal[], redact: Redact): string[] {
  return refusals.map((refusal) => {
    const from =
      refusal.previousPath === undefined
        ? ''
        : ` (from ${codeSpan(redact(refusal.previousPath), { maxLength: 200 })})`;
    return `- ${codeSpan(redact(refusal.path), { maxLength: 200 })}${from} — ${inlineText(redact(refusal.reason), { maxLength: 300 })}`;
  });
}

function commitLink(options: PublishSectionOptions, sha: string): string {
  const { owner, repo } = options.repo;
  const url = `${options.serverUrl.replace(/\/+$/, '')}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/commit/${encodeURIComponent(sha)}`;
  return `[\`${sha.slice(0, 7)}\`](${linkTarget(url)})`;
}

function pushedLines(result: PublishResult, options: PublishSectionOptions): string[] {
  const env = { GITHUB_SERVER_URL: options.serverUrl };
  const lines: string[] = [];
  const branch = result.branch ?? '';
  const branchLink = `[${codeSpan(options.redact(branch), { maxLength: 120 })}](${linkTarget(branchUrl(env, { ...options.repo, branch }))})`;
  const commit =
    result.commitSha === undefined ? '' : ` in commit ${commitLink(options, result.commitSha)}`;
  lines.push(
    result.status === 'no_changes'
      ? `**No new changes:** ${branchLink} holds this task's change already, from an earlier run.`
      : result.workInProgress === true
        ? `**Work so far pushed** to ${branchLink}${commit}, marked \`WIP:\`: the run ended before it finished.`
        : `**Changes pushed** to ${branchLink}${commit}.`,
  );
  const pr = result.pullRequest;
  const compare =
    result.baseBranch === undefined
      ? undefined
      : linkTarget(compareUrl(env, { ...options.repo, base: result.baseBranch, head: branch }));
  if (pr !== undefined) {
    const kind = pr.draft ? 'draft pull request' : 'pull request';
    const verb = pr.created ? 'Opened' : 'Updated';
    lines.push(`${verb} ${kind} [#${pr.number}](${linkTarget(pr.url)}).`);
  } else if (result.pullRequestError !== undefined) {
    const create = compare === undefined ? '' : ` [Create it yourself](${compare}).`;
    lines.push(
      `⚠️ ${inlineText(options.redact(result.pullRequestError), { maxLength: 500 })}${create}`,
    );
  } else if (compare !== undefined) {
    lines.push(`[Create a pull request](${compare})`);
  }
  return lines;
}

function patchBlock(patch: string, count: number, options: PublishSectionOptions): string {
  const text = options.redact(patch).replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const fence = fenceFor(text);
  const links = options.links ?? {};
  const block: LinesBlock = {
    before: `<details><summary>Patch (${count} file${count === 1 ? '' : 's'}) — apply with <code>git apply</code></summary>\n\n${fence}diff\n`,
    lines: text.split('\n'),
    after: `\n${fence}\n\n</details>`,
    note: (omitted) =>
      cutNote(
        `${omitted} more patch lines not shown`,
        links,
        "the comment's space for the patch",
        'changes.patch',
      ),
  };
  return shrinkLinesBlock(block, options.patchBudget ?? DEFAULT_PATCH_BUDGET, characters);
}

/** The section for a publish result; empty when there was nothing to publish. */
export function renderPublishSection(
  result: PublishResult,
  options: PublishSectionOptions,
): string {
  const { redact } = options;
  const parts: string[] = [];
  switch (result.status) {
    case 'no_changes':
      // A branch here is an earlier run's, which still holds the task's change.
      return result.branch === undefined ? '' : pushedLines(result, options).join('\n');
    case 'pushed':
      parts.push(pushedLines(result, options).join('\n'));
      break;
    case 'patch_only':
      parts.push(
        `**Changes not pushed:** ${inlineText(redact(result.error ?? 'nothing is pushed for this run'), { maxLength: 500 })} The patch below has them.`,
      );
      break;
    case 'all_refused':
      parts.push('**No changes were published:** every changed file was left out.');
      break;
    case 'failed':
      parts.push(
        `**The changes could not be published:** ${inlineText(redact(result.error ?? 'unknown error'), { maxLength: 800 })}`,
      );
      break;
  }
  if (result.refusals.length > 0) {
    parts.push(
      `**Left out (${result.refusals.length}):**\n\n${refusalLines(result.refusals, redact).join('\n')}`,
    );
  }
  if (result.patch !== undefined && result.patch.trim() !== '' && result.status !== 'pushed') {
    parts.push(patchBlock(result.patch, result.files.length, options));
  }
  return parts.join('\n\n');
}
