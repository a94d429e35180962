/**
 * The fake GitHub seeded from an event's payload: the repository, and the issue with the comment
 * that started the run, as the payload shows them. What the payload does not carry (permissions,
 * files, labels, a pull request's diff) a test adds by spreading the seed.
 */
import type { FakeGitHubOptions } from './fake-github-server.js';
import type { FakeCommentSeed, FakeRepoSeed } from './fake-github/seeds.js';
import type { ExamplePayloads } from './webhook-payloads.js';

type CommentPayload = ExamplePayloads['issue_comment'];

/** The payload's repository: owner, name and default branch. */
export function repoSeedFrom(payload: { repository: CommentPayload['repository'] }): FakeRepoSeed {
  const { repository } = payload;
  return {
    owner: repository.owner.login,
    name: repository.name,
    defaultBranch: repository.default_branch,
  };
}

/** The comment that started the run, with its id, author and time. */
export function commentSeedFrom(payload: Pick<CommentPayload, 'comment'>): FakeCommentSeed {
  return {
    id: payload.comment.id,
    user: payload.comment.user.login,
    body: payload.comment.body,
    createdAt: payload.comment.created_at,
  };
}

/** The repository, and the issue of an `issue_comment` payload with that comment on it. */
export function seedFromPayload(payload: CommentPayload): FakeGitHubOptions {
  const { issue } = payload;
  return {
    repo: repoSeedFrom(payload),
    issues: [
      {
        number: issue.number,
        title: issue.title,
        body: issue.body ?? '',
        user: issue.user.login,
        createdAt: issue.created_at,
        comments: [commentSeedFrom(payload)],
      },
    ],
  };
}
