// The payloads a case's run gets have GitHub's shapes: every field they carry is one the real
// webhook (from @octokit/webhooks-examples) carries, with the same type, and the product reads
// the event from them as it reads a real one.
import { describe, expect, it } from 'vitest';
import { issueCommentCreated, issueOpened, pullRequestOpened } from '../../evals/harness/events.js';
import { eventFacts } from '../../src/local/event-facts.js';
import { webhookExample } from '../support/webhook-payloads.js';

/** Paths in `ours` that the real payload lacks or types differently. */
function shapeDifferences(ours: unknown, real: unknown, at = ''): string[] {
  if (ours === null || real === null) return [];
  if (Array.isArray(ours)) {
    if (!Array.isArray(real)) return [`${at}: array, real ${typeof real}`];
    const sample: unknown = real[0];
    return sample === undefined
      ? []
      : ours.flatMap((item, i) => shapeDifferences(item, sample, `${at}[${i}]`));
  }
  if (typeof ours === 'object') {
    if (typeof real !== 'object' || Array.isArray(real))
      return [`${at}: object, real ${typeof real}`];
    const realRecord = real as Record<string, unknown>;
    return Object.entries(ours as Record<string, unknown>).flatMap(([key, value]) =>
      key in realRecord
        ? shapeDifferences(value, realRecord[key], `${at}.${key}`)
        : [`${at}.${key}: not in the real payload`],
    );
  }
  return typeof ours === typeof real ? [] : [`${at}: ${typeof ours}, real ${typeof real}`];
}

const pull = pullRequestOpened({
  title: 'Add pageCount',
  body: 'The pager needs it.',
  baseSha: 'a'.repeat(40),
  headSha: 'b'.repeat(40),
  baseRef: 'main',
  headRef: 'eval-head',
  additions: 4,
  deletions: 0,
  changedFiles: 1,
});

describe('eval event payloads', () => {
  it('pull_request opened: the real shape, with the case title, body, refs and SHAs', () => {
    expect(shapeDifferences(pull, webhookExample('pull_request', { action: 'opened' }))).toEqual(
      [],
    );
    const facts = eventFacts('pull_request', pull, { file: 'event.json' });
    expect(facts.repository.fullName).toBe('acme/widgets');
    expect(facts.pullRequest).toMatchObject({
      number: 1,
      title: 'Add pageCount',
      body: 'The pager needs it.',
    });
    expect(pull).toMatchObject({
      action: 'opened',
      number: 1,
      pull_request: {
        head: { ref: 'eval-head', sha: 'b'.repeat(40) },
        base: { ref: 'main', sha: 'a'.repeat(40) },
        draft: false,
        labels: [],
        additions: 4,
        changed_files: 1,
      },
      repository: { default_branch: 'main' },
    });
  });

  it('issue_comment created on an issue (not a pull request), by a member', () => {
    const comment = issueCommentCreated({
      issue: { number: 12, title: 'toCelsius(212) returns 324', body: 'Wrong.' },
      comment: '/gemini fix this issue',
    });
    expect(
      shapeDifferences(comment, webhookExample('issue_comment', { action: 'created' })),
    ).toEqual([]);
    const facts = eventFacts('issue_comment', comment, { file: 'event.json' });
    expect(facts.commentOnPullRequest).toBe(false);
    expect(comment).toMatchObject({
      action: 'created',
      issue: { number: 12, title: 'toCelsius(212) returns 324', body: 'Wrong.' },
      comment: { body: '/gemini fix this issue', author_association: 'MEMBER' },
    });
    expect((comment.issue as Record<string, unknown>).pull_request).toBeUndefined();
  });

  it('issues opened: a new issue without labels', () => {
    const issue = issueOpened({ number: 1, title: 'Crash on empty config', body: 'It crashes.' });
    expect(shapeDifferences(issue, webhookExample('issues', { action: 'opened' }))).toEqual([]);
    expect(eventFacts('issues', issue, { file: 'event.json' }).repository.fullName).toBe(
      'acme/widgets',
    );
    expect(issue).toMatchObject({
      action: 'opened',
      issue: { number: 1, labels: [], state: 'open' },
    });
  });
});
