/**
 * Runs GitHub starts with a read-only token and without secrets: `pull_request_review` and
 * `pull_request_review_comment` on a pull request from a fork (GitHub's "Events that trigger
 * workflows", https://docs.github.com/en/actions/reference/workflows-and-actions/events-that-trigger-workflows#pull_request_review:
 * "With the exception of GITHUB_TOKEN, secrets are not passed to the runner when a workflow is
 * triggered from a forked repository. The GITHUB_TOKEN has read-only permissions in pull
 * requests from forked repositories."). `issue_comment` runs, even on such a pull request, have
 * the base repository's token and secrets.
 *
 * Such a run can reach neither the model nor GitHub's write endpoints, so instead of failing on a
 * missing key or a 403, the Action says what it cannot do and what works instead.
 */

/** The events whose runs are read-only and secret-less when the pull request is a fork's. */
export const READ_ONLY_ON_FORKS = ['pull_request_review', 'pull_request_review_comment'] as const;

export function isReadOnlyOnForks(eventName: string): boolean {
  return (READ_ONLY_ON_FORKS as readonly string[]).includes(eventName);
}

/** What the run cannot do, and what to do instead. */
export function readOnlyForkRunReason(eventName: string, triggerPhrase = '/gemini'): string {
  return (
    `GitHub runs ${eventName} workflows for a pull request from a fork with a read-only token and without secrets, ` +
    'so this run can neither reach the model nor comment, review or push. ' +
    `Comment ${triggerPhrase} with the request on the pull request's conversation instead: ` +
    "that issue_comment run has this repository's token and secrets, and never runs the fork's code"
  );
}
