/**
 * The words for a run that newer work replaced: a newer run of the same workflow for the same
 * pull request, or a push that moved the pull request's head past the commit this run worked on.
 * The link is built from numbers (github/newer-run.ts); SHAs are checked to be hex before they are
 * shown, so nothing here carries text from outside into the comment.
 */
import type { NewerRun } from '../github/newer-run.js';
import { linkTarget } from './markdown.js';

/** What replaced the run: the newer run when one is known, else the commit the head moved to. */
export type SupersededBy =
  { newerRun: Pick<NewerRun, 'url' | 'runNumber' | 'headSha'> } | { headSha: string };

/** `` `abc1234` `` for a commit SHA; nothing for anything else. */
function commit(sha: string): string | undefined {
  return /^[0-9a-f]{7,64}$/i.test(sha) ? `\`${sha.slice(0, 7)}\`` : undefined;
}

/** "a newer run, [run #58](…), for commit `abc1234`", or "a newer push (`abc1234`)". */
export function supersededBy(by: SupersededBy): string {
  if ('newerRun' in by) {
    const run = by.newerRun;
    const sha = commit(run.headSha);
    return `a newer run, [run #${run.runNumber}](${linkTarget(run.url)})${sha === undefined ? '' : ` for commit ${sha}`}`;
  }
  const sha = commit(by.headSha);
  return sha === undefined ? 'a newer push' : `a newer push (${sha})`;
}

/**
 * The final report's line for a review that was not posted because newer work replaced it.
 * `requested`: someone asked for this review (`/gemini review`), so no run of its own follows a push.
 */
export function supersededReviewLine(
  by: SupersededBy,
  reviewedSha: string,
  options: { requested: boolean },
): string {
  if ('newerRun' in by) {
    return `**Review:** not posted — superseded by ${supersededBy(by)}, which posts its own review.`;
  }
  const reviewed = commit(reviewedSha);
  const next = options.requested
    ? 'ask for a review again to review the new head'
    : 'the run that push starts reviews the new head';
  return `**Review:** not posted — superseded by ${supersededBy(by)} while ${reviewed === undefined ? 'this review' : `this review of ${reviewed}`} ran; ${next}.`;
}
