/**
 * Payload pieces (as checked by event-schema.ts) turned into the trigger's own shapes. Shared by
 * the event parsers and by the pull request lookup for comments on pull requests.
 */
import { ConfigurationError } from '../platform/errors.js';
import type {
  EventPayloads,
  PayloadIssue,
  PayloadPullRequest,
  PayloadRepository,
  PayloadUser,
} from './event-schema.js';
import type { Actor, IssueInfo, PullRequestInfo, Repo, TriggerComment } from './trigger-types.js';

/** GitHub logins are unique regardless of case. */
export function normalizeLogin(login: string): string {
  return login.trim().toLowerCase();
}

export function toActor(user: PayloadUser): Actor;
export function toActor(user: PayloadUser | null | undefined): Actor | undefined;
export function toActor(user: PayloadUser | null | undefined): Actor | undefined {
  if (!user) return undefined;
  const type = user.type ?? 'User';
  return { login: user.login, type, isBot: type === 'Bot' || /\[bot\]$/i.test(user.login) };
}

export function toRepo(repository: PayloadRepository): Repo {
  return {
    owner: repository.owner.login,
    name: repository.name,
    fullName: repository.full_name,
    defaultBranch: repository.default_branch,
  };
}

export function repoFromName(name: string | undefined): Repo {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(name ?? '');
  if (!match?.[1] || !match[2]) {
    throw new ConfigurationError(
      `expected "owner/name" for a schedule payload without a repository, got ${JSON.stringify(name ?? '')}.`,
      { input: 'GITHUB_REPOSITORY' },
    );
  }
  return {
    owner: match[1],
    name: match[2],
    fullName: `${match[1]}/${match[2]}`,
    defaultBranch: undefined,
  };
}

export function toIssue(issue: PayloadIssue): IssueInfo {
  return {
    number: issue.number,
    title: issue.title,
    body: issue.body ?? '',
    htmlUrl: issue.html_url,
    author: toActor(issue.user),
    labels: (issue.labels ?? []).map((label) => label.name),
    createdAt: issue.created_at,
    updatedAt: issue.updated_at,
  };
}

export function toComment(
  kind: 'issue_comment' | 'review_comment',
  comment: EventPayloads['issue_comment']['comment'],
): TriggerComment {
  return {
    kind,
    id: comment.id,
    body: comment.body,
    htmlUrl: comment.html_url,
    author: toActor(comment.user),
    createdAt: comment.created_at,
    updatedAt: comment.updated_at,
  };
}

export function toPullRequest(pr: PayloadPullRequest, repositoryFullName: string): PullRequestInfo {
  const headRepo = pr.head.repo?.full_name ?? null;
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body ?? '',
    htmlUrl: pr.html_url,
    draft: pr.draft ?? false,
    author: toActor(pr.user),
    createdAt: pr.created_at,
    updatedAt: pr.updated_at,
    headSha: pr.head.sha,
    headRef: pr.head.ref,
    headRepoFullName: headRepo,
    // `head.repo.fork` is true for any PR inside a repository that is itself a fork, so compare.
    isFork: headRepo === null || normalizeLogin(headRepo) !== normalizeLogin(repositoryFullName),
    baseRef: pr.base.ref,
    baseSha: pr.base.sha,
  };
}
