/**
 * The parts of GitHub's event payloads a trigger reads, checked before anything trusts them. A
 * payload that lacks them (a hand-written event file for the CLI, a forwarded dispatch, a future
 * format change) fails with a message naming the field, instead of a crash deep in a later phase.
 * Only fields the pipeline uses are declared; everything else in the payload is ignored.
 */
import { z } from 'zod';
import type { ErrorLocation } from '../platform/errors.js';
import { ConfigurationError } from '../platform/errors.js';
import type { TriggerEventName } from './mode.js';

const user = z.object({
  login: z.string().min(1),
  id: z.number().optional(),
  /** `User`, `Bot` or `Organization`; missing in some hand-written payloads. */
  type: z.string().optional(),
});

const repository = z.object({
  name: z.string().min(1),
  full_name: z.string().min(1),
  owner: z.object({ login: z.string().min(1) }),
  default_branch: z.string().optional(),
  html_url: z.string().optional(),
  private: z.boolean().optional(),
});

const label = z.object({ name: z.string() });

const issue = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body: z.string().nullish(),
  html_url: z.string(),
  state: z.string().optional(),
  user: user.nullish(),
  created_at: z.string(),
  updated_at: z.string(),
  labels: z.array(label).optional(),
  /** Present when the "issue" is a pull request (comments on PRs arrive as issue comments). */
  pull_request: z.object({ html_url: z.string().nullish() }).nullish(),
});

const issueComment = z.object({
  id: z.number().int(),
  body: z.string(),
  html_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user,
});

const reviewComment = issueComment.extend({
  pull_request_review_id: z.number().int().nullish(),
  in_reply_to_id: z.number().int().optional(),
  diff_hunk: z.string(),
  path: z.string(),
  commit_id: z.string(),
  original_commit_id: z.string().optional(),
  line: z.number().int().nullish(),
  start_line: z.number().int().nullish(),
  original_line: z.number().int().nullish(),
  side: z.string().nullish(),
});

const review = z.object({
  id: z.number().int(),
  body: z.string().nullable(),
  state: z.string(),
  submitted_at: z.string().nullish(),
  commit_id: z.string().nullish(),
  html_url: z.string(),
  user,
});

const branch = z.object({
  ref: z.string(),
  sha: z.string().regex(/^[0-9a-f]{40,64}$/, 'expected a full commit SHA'),
});

const pullRequestSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body: z.string().nullish(),
  html_url: z.string(),
  state: z.string().optional(),
  draft: z.boolean().optional(),
  user: user.nullish(),
  created_at: z.string(),
  updated_at: z.string(),
  /** A deleted fork leaves `repo: null`. */
  head: branch.extend({ repo: z.object({ full_name: z.string() }).nullable() }),
  base: branch.extend({ repo: z.object({ full_name: z.string() }) }),
});

const action = z.string();
const freeForm = z.record(z.string(), z.unknown());

const pullRequestEvent = z.object({
  action,
  pull_request: pullRequestSchema,
  repository,
  sender: user,
});

const EVENT_SCHEMAS = {
  issue_comment: z.object({ action, issue, comment: issueComment, repository, sender: user }),
  pull_request_review_comment: z.object({
    action,
    comment: reviewComment,
    pull_request: pullRequestSchema,
    repository,
    sender: user,
  }),
  pull_request_review: z.object({
    action,
    review,
    pull_request: pullRequestSchema,
    repository,
    sender: user,
  }),
  pull_request: pullRequestEvent,
  pull_request_target: pullRequestEvent,
  issues: z.object({
    action,
    issue,
    label: label.optional(),
    assignee: user.nullish(),
    repository,
    sender: user,
  }),
  // Older servers send only `{schedule}`; the repository then comes from GITHUB_REPOSITORY.
  schedule: z.object({
    schedule: z.string().optional(),
    repository: repository.optional(),
    sender: user.optional(),
  }),
  workflow_dispatch: z.object({
    inputs: freeForm.nullish(),
    ref: z.string().optional(),
    workflow: z.string().optional(),
    repository,
    sender: user,
  }),
  repository_dispatch: z.object({
    action,
    branch: z.string().optional(),
    client_payload: freeForm.nullish(),
    repository,
    sender: user,
  }),
  push: z.object({
    ref: z.string(),
    before: z.string(),
    after: z.string(),
    deleted: z.boolean().optional(),
    repository,
    sender: user.optional(),
    pusher: z.object({ name: z.string() }).optional(),
    head_commit: z.object({ id: z.string(), message: z.string() }).nullish(),
  }),
} satisfies Record<TriggerEventName, z.ZodType>;

export type EventPayloads = { [K in TriggerEventName]: z.infer<(typeof EVENT_SCHEMAS)[K]> };
export type PayloadUser = z.infer<typeof user>;
export type PayloadRepository = z.infer<typeof repository>;
export type PayloadIssue = z.infer<typeof issue>;
export type PayloadPullRequest = z.infer<typeof pullRequestSchema>;

/** A payload that does not have the shape GitHub sends for its event. */
export class EventPayloadError extends ConfigurationError {
  override readonly name = 'EventPayloadError';
}

const MAX_REPORTED_ISSUES = 5;

/** `payload` checked against its event's schema; a mismatch names every bad field. */
export function parseEventPayload<K extends TriggerEventName>(
  event: K,
  payload: unknown,
  location: ErrorLocation = { input: 'GITHUB_EVENT_PATH' },
): EventPayloads[K] {
  // EventPayloads is defined from EVENT_SCHEMAS, so the entry for K parses to EventPayloads[K];
  // TypeScript cannot follow an indexed access into a union of schemas.
  const schema = EVENT_SCHEMAS[event] as unknown as z.ZodType<EventPayloads[K]>;
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  throw new EventPayloadError(
    `the ${event} event payload is not what GitHub sends: ${describeIssues(parsed.error)}.`,
    location,
  );
}

/**
 * A pull request as the REST API returns it (`GET /repos/{owner}/{repo}/pulls/{number}`). A
 * mismatch here is GitHub's answer, not the user's configuration, so it is a plain error.
 */
export function parsePullRequest(data: unknown, what: string): PayloadPullRequest {
  const parsed = pullRequestSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new Error(`${what} is not a pull request: ${describeIssues(parsed.error)}.`);
}

function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the payload';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length - issues.length;
  return issues.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}
