/**
 * Real webhook payloads for tests, from `@octokit/webhooks-examples` (payloads GitHub's
 * documentation publishes). Every call returns a deep copy, so a test may change what it needs.
 *
 * Where the package has no example, the payload is adapted from a real one, the way GitHub
 * builds it:
 * - `pull_request_target`: GitHub sends exactly the `pull_request` payload; the pull_request
 *   examples are returned.
 * - `schedule`: not a webhook, so not in the package; Actions writes `{schedule}` plus the
 *   repository and the sender (the last editor of the cron). Built from the push example's
 *   repository and sender.
 * - a comment on a pull request: an `issue_comment` whose `issue` is the pull request, with the
 *   `issue.pull_request` links GitHub adds ({@link issueCommentOnPullRequest}).
 * - a pull request from a fork: the head repository renamed to another owner's
 *   ({@link fromFork}); every example's pull request comes from its own repository.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { WebhookDefinition } from '@octokit/webhooks-examples';

type WebhookName = WebhookDefinition['name'];
type WebhookPayloads = { [K in WebhookName]: WebhookDefinition<K>['examples'][number] };

export interface SchedulePayload {
  schedule: string;
  repository: WebhookPayloads['push']['repository'];
  sender: NonNullable<WebhookPayloads['push']['sender']>;
}

export type ExamplePayloads = WebhookPayloads & {
  pull_request_target: WebhookPayloads['pull_request'];
  schedule: SchedulePayload;
};
export type ExampleEventName = keyof ExamplePayloads;

/** `action` picks the activity; any other key must match the example (objects partially). */
export type ExampleMatch = { action?: string } & Record<string, unknown>;

let definitions: readonly WebhookDefinition[] | undefined;

function loadDefinitions(): readonly WebhookDefinition[] {
  if (!definitions) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@octokit/webhooks-examples');
    definitions = JSON.parse(readFileSync(file, 'utf8')) as WebhookDefinition[];
  }
  return definitions;
}

function examplesOf(name: string): readonly unknown[] {
  const definition = loadDefinitions().find((entry) => entry.name === name);
  if (!definition) throw new Error(`@octokit/webhooks-examples has no "${name}" examples`);
  return definition.examples;
}

/** The first real example of `eventName` matching `match`, deep-copied. */
export function webhookExample<E extends ExampleEventName>(
  eventName: E,
  match?: ExampleMatch,
): ExamplePayloads[E];
export function webhookExample(eventName: ExampleEventName, match: ExampleMatch = {}): unknown {
  if (eventName === 'schedule') return scheduleExample();
  const source = eventName === 'pull_request_target' ? 'pull_request' : eventName;
  const found = examplesOf(source).find((example) => matches(example, match));
  if (found === undefined) {
    const actions = examplesOf(source).map((example) => actionOf(example));
    throw new Error(
      `no ${source} example matches ${JSON.stringify(match)} (actions: ${actions.join(', ')})`,
    );
  }
  return structuredClone(found);
}

function scheduleExample(): SchedulePayload {
  const push = webhookExample('push', { ref: 'refs/heads/master' });
  return { schedule: '30 5 * * 1', repository: push.repository, sender: push.sender };
}

/**
 * A created `issue_comment` on pull request #2 of the pull_request example: GitHub delivers a
 * PR conversation comment as an issue comment whose issue carries `pull_request` links.
 */
export function issueCommentOnPullRequest(): WebhookPayloads['issue_comment'] {
  const payload = webhookExample('issue_comment', { action: 'created' });
  const pr = webhookExample('pull_request', { action: 'opened' }).pull_request;
  payload.issue.number = pr.number;
  payload.issue.title = pr.title;
  payload.issue.body = pr.body;
  payload.issue.html_url = pr.html_url;
  payload.issue.pull_request = {
    url: pr.url,
    html_url: pr.html_url,
    diff_url: pr.diff_url,
    patch_url: pr.patch_url,
    merged_at: null,
  };
  return payload;
}

interface PullRequestHolder {
  pull_request: {
    head: {
      label: string;
      ref: string;
      user: { login: string };
      repo: { name: string; full_name: string; fork: boolean; owner: { login: string } } | null;
    };
  };
}

/** `payload` with its pull request's head moved to `forkOwner`'s fork (changed in place). */
export function fromFork<P extends PullRequestHolder>(payload: P, forkOwner = 'mallory'): P {
  const head = payload.pull_request.head;
  if (!head.repo) throw new Error('the example pull request has no head repository');
  head.repo.full_name = `${forkOwner}/${head.repo.name}`;
  head.repo.owner.login = forkOwner;
  head.repo.fork = true;
  head.user.login = forkOwner;
  head.label = `${forkOwner}:${head.ref}`;
  return payload;
}

function actionOf(example: unknown): string {
  if (typeof example === 'object' && example !== null && 'action' in example) {
    return String(example.action);
  }
  return '(none)';
}

/** Whether every key of `pattern` is in `value` with an equal value (objects compared partially). */
function matches(value: unknown, pattern: unknown): boolean {
  if (typeof pattern !== 'object' || pattern === null) return Object.is(value, pattern);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(pattern)) {
    return (
      Array.isArray(value) &&
      value.length === pattern.length &&
      pattern.every((item, index) => matches(value[index], item))
    );
  }
  const record = value as Record<string, unknown>;
  return Object.entries(pattern).every(([key, expected]) => matches(record[key], expected));
}
