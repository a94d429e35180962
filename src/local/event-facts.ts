/**
 * The parts of a webhook payload the local run and its dry-run GitHub need: which repository,
 * which issue or pull request, which comment started the run. The payload's own objects are kept
 * as GitHub sent them, since the dry-run GitHub answers with them.
 */
import type { TriggerEventName } from '../github/mode.js';
import { parseEventPayload } from '../github/event-schema.js';
import { UsageError } from '../platform/errors.js';
import { TRIGGER_EVENT_NAMES, isTriggerEventName } from '../github/mode.js';
import { asRecord } from '../platform/records.js';
import { nonEmpty } from '../platform/text.js';

export type Json = Record<string, unknown>;

export interface EventRepository {
  owner: string;
  name: string;
  fullName: string;
  defaultBranch: string | undefined;
  private: boolean;
}

export interface EventFacts {
  eventName: TriggerEventName;
  repository: EventRepository;
  /** The issue the event is about (for a pull request event, the pull request's own fields). */
  issue: Json | undefined;
  /** The pull request in the payload. */
  pullRequest: Json | undefined;
  /** An issue comment on a pull request: the payload holds the issue side only. */
  commentOnPullRequest: boolean;
  /** The comment that started the run (`issue_comment`). */
  issueComment: Json | undefined;
  /** The review comment that started the run (`pull_request_review_comment`). */
  reviewComment: Json | undefined;
  /** The issue or pull request number, if the event has one. */
  number: number | undefined;
}

/**
 * Checks the payload the way the Action does (so a mistake is reported against the event file)
 * and picks out its parts. `fallbackRepository` (`owner/name`) serves schedule payloads without
 * a repository.
 */
export function eventFacts(
  eventName: string,
  payload: unknown,
  options: { file: string; fallbackRepository?: string },
): EventFacts {
  if (!isTriggerEventName(eventName)) {
    throw new UsageError(
      `--event-name expects one of ${TRIGGER_EVENT_NAMES.join(', ')}, got "${eventName}".`,
    );
  }
  parseEventPayload(eventName, payload, { file: options.file });
  const data = asRecord(payload) ?? {};
  const repository = eventRepository(asRecord(data.repository), options.fallbackRepository);
  const pullRequest = asRecord(data.pull_request);
  const rawIssue = asRecord(data.issue);
  const commentOnPullRequest =
    eventName === 'issue_comment' && asRecord(rawIssue?.pull_request) !== undefined;
  const issue = rawIssue ?? (pullRequest ? issueFromPullRequest(pullRequest) : undefined);
  const number = typeof issue?.number === 'number' ? issue.number : undefined;
  return {
    eventName,
    repository,
    issue,
    pullRequest,
    commentOnPullRequest,
    issueComment: eventName === 'issue_comment' ? asRecord(data.comment) : undefined,
    reviewComment: eventName === 'pull_request_review_comment' ? asRecord(data.comment) : undefined,
    number,
  };
}

function eventRepository(raw: Json | undefined, fallback: string | undefined): EventRepository {
  const owner = nonEmpty(asRecord(raw?.owner)?.login);
  const name = nonEmpty(raw?.name);
  if (owner !== undefined && name !== undefined) {
    return {
      owner,
      name,
      fullName: `${owner}/${name}`,
      defaultBranch: nonEmpty(raw?.default_branch),
      private: raw?.private === true,
    };
  }
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(fallback ?? '');
  if (match?.[1] !== undefined && match[2] !== undefined) {
    return {
      owner: match[1],
      name: match[2],
      fullName: `${match[1]}/${match[2]}`,
      defaultBranch: undefined,
      private: false,
    };
  }
  throw new UsageError(
    'The event payload names no repository: add "repository" with "name", "full_name" and "owner.login" to the event file.',
  );
}

/** GitHub's issue view of a pull request (`GET /issues/{number}` on a pull request number). */
function issueFromPullRequest(pullRequest: Json): Json {
  return {
    number: pullRequest.number,
    title: pullRequest.title,
    body: pullRequest.body ?? null,
    html_url: pullRequest.html_url,
    state: pullRequest.state ?? 'open',
    user: pullRequest.user ?? null,
    labels: Array.isArray(pullRequest.labels) ? pullRequest.labels : [],
    created_at: pullRequest.created_at,
    updated_at: pullRequest.updated_at,
    pull_request: { url: pullRequest.url ?? null, html_url: pullRequest.html_url ?? null },
  };
}

/** The head and base commits a pull request payload names. */
export function pullRequestCommits(pullRequest: Json | undefined): {
  head: string | undefined;
  base: string | undefined;
  headRef: string | undefined;
} {
  const head = asRecord(pullRequest?.head);
  const base = asRecord(pullRequest?.base);
  return { head: nonEmpty(head?.sha), base: nonEmpty(base?.sha), headRef: nonEmpty(head?.ref) };
}
