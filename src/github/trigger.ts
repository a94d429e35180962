/**
 * A GitHub event, as the typed `Trigger` every later phase works from: who asked, on which issue
 * or pull request, for what, in which mode, and the ids and timestamps needed to pin the run to
 * the moment of the trigger. Events that must not start a run become an explicit
 * `{kind: 'ignored', reason}` the caller logs before ending quietly.
 *
 * Decisions a user notices:
 * - Comments and reviews start a run only with the trigger phrase (see command.ts), only when
 *   created (reviews: submitted). Edited comments never start a run: editing is no way to re-run
 *   or to slip a command into an older comment; post a new comment instead.
 * - The Action's own comments, reviews, pushes and pull requests never start a run (no loops):
 *   `github-actions[bot]` and the configured bot logins are compared case-insensitively, as
 *   GitHub compares logins, and text carrying the Action's hidden marker is its own whoever
 *   posted it (a personal access token posts as a person).
 * - Draft pull requests are not reviewed automatically (unless `reviewDrafts`);
 *   `ready_for_review` reviews them.
 * - For `/gemini` commands the comment is the instruction; the `prompt` input is the instruction
 *   of automatic and repository-wide runs (for `workflow_dispatch` the dispatch form's `prompt`
 *   input wins, for `repository_dispatch` the `client_payload.prompt`).
 * - Under `pull_request_target` the trigger is marked `untrustedHead` and carries no checkout SHA:
 *   the fork's code is read through the API, never checked out or run.
 */
import { ConfigurationError } from '../platform/errors.js';
import type { ErrorLocation } from '../platform/errors.js';
import { carriesOwnMarker } from './own-marker.js';
import type { InstructionContext } from './command.js';
import { defaultInstruction, findCommand, validateTriggerPhrase } from './command.js';
import type { EventPayloads } from './event-schema.js';
import { EventPayloadError, parseEventPayload, parsePullRequest } from './event-schema.js';
import type { ModeInput, TriggerEventName } from './mode.js';
import { TRIGGER_EVENT_NAMES, chooseMode, isTriggerEventName } from './mode.js';
import {
  normalizeLogin,
  repoFromName,
  toActor,
  toComment,
  toIssue,
  toPullRequest,
  toRepo,
} from './trigger-convert.js';
import type {
  Actor,
  IgnoredTrigger,
  InstructionSource,
  ParseTriggerOptions,
  PullRequestAction,
  Trigger,
} from './trigger-types.js';
import type { RunMode } from '../platform/run-mode.js';

export type * from './trigger-types.js';
export type { TriggerEventName, TriggerScope } from './mode.js';
export { normalizeLogin } from './trigger-convert.js';

/** The login every workflow's `GITHUB_TOKEN` posts as. */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]';
export const DEFAULT_TRIGGER_PHRASE = '/gemini';

const PULL_REQUEST_ACTIONS: readonly string[] = [
  'opened',
  'synchronize',
  'reopened',
  'ready_for_review',
];

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What the parsers below produce before the mode and instruction are settled. */
type Draft = DistributiveOmit<
  Trigger,
  'mode' | 'modeSource' | 'instruction' | 'instructionSource'
> & {
  prompt?: { text: string; source: InstructionSource };
};

interface ParseContext {
  phrase: string;
  mode: ModeInput;
  prompt: string;
  ownLogins: Set<string>;
  reviewDrafts: boolean;
  repository: string | undefined;
  location: ErrorLocation;
}

/**
 * The trigger of `eventName` (`GITHUB_EVENT_NAME`) with `payload` (the JSON at
 * `GITHUB_EVENT_PATH`). Throws {@link EventPayloadError} for a payload without the fields its
 * event must have, and `ConfigurationError` for an impossible mode or a missing prompt.
 */
export function parseTrigger(
  eventName: string,
  payload: unknown,
  options: ParseTriggerOptions = {},
): Trigger | IgnoredTrigger {
  if (!isTriggerEventName(eventName)) {
    return ignored(
      eventName,
      undefined,
      `the ${eventName} event does not start runs (supported: ${TRIGGER_EVENT_NAMES.join(', ')})`,
    );
  }
  const context: ParseContext = {
    phrase: validateTriggerPhrase(options.triggerPhrase ?? DEFAULT_TRIGGER_PHRASE),
    mode: options.mode ?? 'auto',
    prompt: options.prompt?.trim() ?? '',
    ownLogins: new Set([ACTIONS_BOT_LOGIN, ...(options.botLogins ?? [])].map(normalizeLogin)),
    reviewDrafts: options.reviewDrafts ?? false,
    repository: options.repository,
    location: options.eventPath ? { file: options.eventPath } : { input: 'GITHUB_EVENT_PATH' },
  };
  const draft = parseDraft(eventName, payload, context);
  if (draft.kind === 'ignored') return draft;
  return settle(draft, context);
}

function parseDraft(
  event: TriggerEventName,
  payload: unknown,
  context: ParseContext,
): Draft | IgnoredTrigger {
  switch (event) {
    case 'issue_comment':
      return parseIssueComment(parseEventPayload(event, payload, context.location), context);
    case 'pull_request_review_comment':
      return parseReviewComment(parseEventPayload(event, payload, context.location), context);
    case 'pull_request_review':
      return parseReview(parseEventPayload(event, payload, context.location), context);
    case 'pull_request':
    case 'pull_request_target':
      return parsePullRequestEvent(
        event,
        parseEventPayload(event, payload, context.location),
        context,
      );
    case 'issues':
      return parseIssues(parseEventPayload(event, payload, context.location), context);
    case 'schedule':
      return parseSchedule(parseEventPayload(event, payload, context.location), context);
    case 'workflow_dispatch':
      return parseWorkflowDispatch(parseEventPayload(event, payload, context.location), context);
    case 'repository_dispatch':
      return parseRepositoryDispatch(parseEventPayload(event, payload, context.location), context);
    case 'push':
      return parsePush(parseEventPayload(event, payload, context.location), context);
  }
}

const COMMON = { triggerText: undefined, checkoutSha: undefined, untrustedHead: false } as const;

function parseIssueComment(
  payload: EventPayloads['issue_comment'],
  context: ParseContext,
): Draft | IgnoredTrigger {
  const skip = commentSkip('issue_comment', payload.action, 'created', 'comment');
  if (skip) return skip;
  const comment = toComment('issue_comment', payload.comment);
  const own = ownActor(context, comment.author, toActor(payload.sender)) ?? ownText(comment.body);
  if (own) return ignored('issue_comment', payload.action, own);
  const command = findCommand(comment.body, context.phrase);
  if (!command) return noCommand('issue_comment', payload.action, context, 'comment');
  const isPullRequest = !!payload.issue.pull_request;
  return {
    ...COMMON,
    kind: 'issue_comment',
    action: 'created',
    scope: isPullRequest ? 'pull_request' : 'issue',
    repo: toRepo(payload.repository),
    actor: comment.author,
    number: payload.issue.number,
    issue: toIssue(payload.issue),
    comment,
    command,
    pullRequest: undefined,
    triggerText: comment.body,
    triggeredAt: comment.createdAt,
  };
}

function parseReviewComment(
  payload: EventPayloads['pull_request_review_comment'],
  context: ParseContext,
): Draft | IgnoredTrigger {
  const event = 'pull_request_review_comment';
  const skip = commentSkip(event, payload.action, 'created', 'review comment');
  if (skip) return skip;
  const raw = payload.comment;
  const comment = toComment('review_comment', raw);
  const own = ownActor(context, comment.author, toActor(payload.sender)) ?? ownText(comment.body);
  if (own) return ignored(event, payload.action, own);
  const command = findCommand(comment.body, context.phrase);
  if (!command) return noCommand(event, payload.action, context, 'review comment');
  const pullRequest = toPullRequest(payload.pull_request, payload.repository.full_name);
  return {
    ...COMMON,
    kind: event,
    action: 'created',
    scope: 'pull_request',
    repo: toRepo(payload.repository),
    actor: comment.author,
    number: pullRequest.number,
    pullRequest,
    comment,
    thread: {
      commentId: raw.id,
      inReplyToId: raw.in_reply_to_id,
      reviewId: raw.pull_request_review_id ?? undefined,
      path: raw.path,
      line: raw.line ?? raw.original_line ?? undefined,
      startLine: raw.start_line ?? undefined,
      side: raw.side ?? undefined,
      diffHunk: raw.diff_hunk,
      commitId: raw.commit_id,
    },
    command,
    triggerText: comment.body,
    triggeredAt: comment.createdAt,
    checkoutSha: pullRequest.headSha,
  };
}

function parseReview(
  payload: EventPayloads['pull_request_review'],
  context: ParseContext,
): Draft | IgnoredTrigger {
  const event = 'pull_request_review';
  if (payload.action !== 'submitted') {
    return ignored(event, payload.action, `a review that was ${payload.action} starts no run`);
  }
  const review = payload.review;
  const author = toActor(review.user);
  const body = review.body ?? '';
  const own = ownActor(context, author, toActor(payload.sender)) ?? ownText(body);
  if (own) return ignored(event, payload.action, own);
  const command = findCommand(body, context.phrase);
  if (!command) return noCommand(event, payload.action, context, 'review');
  const pullRequest = toPullRequest(payload.pull_request, payload.repository.full_name);
  const submittedAt = review.submitted_at ?? undefined;
  return {
    ...COMMON,
    kind: event,
    action: 'submitted',
    scope: 'pull_request',
    repo: toRepo(payload.repository),
    actor: author,
    number: pullRequest.number,
    pullRequest,
    review: { id: review.id, state: review.state, body, submittedAt },
    comment: {
      kind: 'review',
      id: review.id,
      body,
      htmlUrl: review.html_url,
      author,
      createdAt: submittedAt ?? pullRequest.updatedAt,
      updatedAt: submittedAt ?? pullRequest.updatedAt,
    },
    command,
    triggerText: body,
    triggeredAt: submittedAt,
    checkoutSha: pullRequest.headSha,
  };
}

function parsePullRequestEvent(
  event: 'pull_request' | 'pull_request_target',
  payload: EventPayloads['pull_request'],
  context: ParseContext,
): Draft | IgnoredTrigger {
  if (!PULL_REQUEST_ACTIONS.includes(payload.action)) {
    return ignored(
      event,
      payload.action,
      `a pull request that was ${payload.action} starts no run (only ${PULL_REQUEST_ACTIONS.join(', ')})`,
    );
  }
  const actor = toActor(payload.sender);
  const own = ownActor(context, actor);
  if (own) return ignored(event, payload.action, own);
  const pullRequest = toPullRequest(payload.pull_request, payload.repository.full_name);
  if (pullRequest.draft && payload.action !== 'ready_for_review' && !context.reviewDrafts) {
    return ignored(
      event,
      payload.action,
      `pull request #${pullRequest.number} is a draft; it is reviewed when marked ready for review`,
    );
  }
  const common = {
    ...COMMON,
    action: payload.action as PullRequestAction,
    scope: 'pull_request' as const,
    repo: toRepo(payload.repository),
    actor,
    number: pullRequest.number,
    pullRequest,
    triggeredAt: pullRequest.updatedAt,
    ...promptFrom(context),
  };
  if (event === 'pull_request_target') {
    return { ...common, kind: event, untrustedHead: true, checkoutSha: undefined };
  }
  return { ...common, kind: event, checkoutSha: pullRequest.headSha };
}

function parseIssues(
  payload: EventPayloads['issues'],
  context: ParseContext,
): Draft | IgnoredTrigger {
  const action = payload.action;
  if (action !== 'opened' && action !== 'labeled' && action !== 'assigned') {
    return ignored(
      'issues',
      action,
      `an issue that was ${action} starts no run (only opened, labeled, assigned)`,
    );
  }
  const actor = toActor(payload.sender);
  const own = ownActor(context, actor);
  if (own) return ignored('issues', action, own);
  const issue = toIssue(payload.issue);
  return {
    ...COMMON,
    kind: 'issues',
    action,
    scope: 'issue',
    repo: toRepo(payload.repository),
    actor,
    number: issue.number,
    issue,
    label: action === 'labeled' ? payload.label?.name : undefined,
    assignee: action === 'assigned' && payload.assignee ? toActor(payload.assignee) : undefined,
    triggeredAt: issue.updatedAt,
    ...promptFrom(context),
  };
}

function parseSchedule(payload: EventPayloads['schedule'], context: ParseContext): Draft {
  return {
    ...COMMON,
    kind: 'schedule',
    action: undefined,
    scope: 'repository',
    repo: payload.repository ? toRepo(payload.repository) : repoFromName(context.repository),
    actor: payload.sender ? toActor(payload.sender) : undefined,
    number: undefined,
    cron: payload.schedule,
    triggeredAt: undefined,
    ...promptFrom(context),
  };
}

function parseWorkflowDispatch(
  payload: EventPayloads['workflow_dispatch'],
  context: ParseContext,
): Draft | IgnoredTrigger {
  const actor = toActor(payload.sender);
  const own = ownActor(context, actor);
  if (own) return ignored('workflow_dispatch', undefined, own);
  const inputs = payload.inputs ?? {};
  const dispatched = stringField(inputs, 'prompt', 'inputs.prompt', context.location);
  return {
    ...COMMON,
    kind: 'workflow_dispatch',
    action: undefined,
    scope: 'repository',
    repo: toRepo(payload.repository),
    actor,
    number: undefined,
    ref: payload.ref,
    inputs,
    triggeredAt: undefined,
    ...(dispatched
      ? { prompt: { text: dispatched, source: 'dispatch_input' } }
      : promptFrom(context)),
  };
}

function parseRepositoryDispatch(
  payload: EventPayloads['repository_dispatch'],
  context: ParseContext,
): Draft | IgnoredTrigger {
  const actor = toActor(payload.sender);
  const own = ownActor(context, actor);
  if (own) return ignored('repository_dispatch', payload.action, own);
  const clientPayload = payload.client_payload ?? {};
  const sent = stringField(clientPayload, 'prompt', 'client_payload.prompt', context.location);
  return {
    ...COMMON,
    kind: 'repository_dispatch',
    action: payload.action,
    scope: 'repository',
    repo: toRepo(payload.repository),
    actor,
    number: undefined,
    eventType: payload.action,
    branch: payload.branch,
    clientPayload,
    triggeredAt: undefined,
    ...(sent ? { prompt: { text: sent, source: 'client_payload' } } : promptFrom(context)),
  };
}

function parsePush(payload: EventPayloads['push'], context: ParseContext): Draft | IgnoredTrigger {
  if (payload.deleted) return ignored('push', undefined, `${payload.ref} was deleted`);
  const sender = payload.sender ?? (payload.pusher ? { login: payload.pusher.name } : undefined);
  if (!sender) {
    throw new EventPayloadError(
      'the push event payload names neither a sender nor a pusher.',
      context.location,
    );
  }
  const actor = toActor(sender);
  const own = ownActor(context, actor);
  if (own) return ignored('push', undefined, own);
  return {
    ...COMMON,
    kind: 'push',
    action: undefined,
    scope: 'repository',
    repo: toRepo(payload.repository),
    actor,
    number: undefined,
    ref: payload.ref,
    before: payload.before,
    after: payload.after,
    triggeredAt: undefined,
    checkoutSha: payload.after,
    ...promptFrom(context),
  };
}

/** The task of a repository-wide triage run without a prompt. */
export const SCHEDULED_TRIAGE_INSTRUCTION = 'Triage the open issues that have no labels yet.';

/** The mode and the instruction: the last step, shared by every event. */
function settle(draft: Draft, context: ParseContext): Trigger | IgnoredTrigger {
  const choice = chooseMode(draft, context.mode);
  if (choice.mode === null) return ignored(draft.kind, draft.action, choice.reason);
  const { prompt, ...rest } = draft;
  const base = { ...rest, mode: choice.mode, modeSource: choice.source };
  if ('command' in draft && draft.command) {
    // An overriding mode input makes a `review`/`triage` keyword an ordinary word again.
    const text = choice.source === 'input' ? draft.command.text : draft.command.instruction;
    if (text !== '') return { ...base, instruction: text, instructionSource: 'command' };
    const fallback = defaultInstruction(choice.mode, instructionContext(draft));
    return { ...base, instruction: fallback, instructionSource: 'default' };
  }
  if (prompt) return { ...base, instruction: prompt.text, instructionSource: prompt.source };
  if (!needsPrompt(draft, choice.mode)) {
    const fallback =
      draft.scope === 'repository'
        ? SCHEDULED_TRIAGE_INSTRUCTION
        : defaultInstruction(choice.mode, instructionContext(draft));
    return { ...base, instruction: fallback, instructionSource: 'default' };
  }
  throw new ConfigurationError(
    `a ${choice.mode} run on the ${draft.kind} event needs a task: expected the prompt input ` +
      (draft.kind === 'workflow_dispatch'
        ? `or a "prompt" input of the dispatch form.`
        : draft.kind === 'repository_dispatch'
          ? `or a "prompt" string in client_payload.`
          : `to say what to do.`),
    { input: 'prompt' },
  );
}

/**
 * Events other than commands name no task of their own. Reviewing or triaging an issue or pull
 * request is an obvious one, and so is triaging the repository's unlabelled issues and working on
 * an issue someone assigned; anything else (and every other repository-wide run) needs the prompt
 * input.
 */
function needsPrompt(draft: Draft, mode: RunMode): boolean {
  // Triage of the repository (scheduled or dispatched) has its obvious task: the open issues.
  if (mode === 'triage') return false;
  if (draft.scope === 'repository') return true;
  if (mode === 'review') return false;
  return !(draft.kind === 'issues' && draft.action === 'assigned');
}

function instructionContext(draft: Draft): InstructionContext {
  const number = draft.number ?? 0;
  if (draft.kind === 'pull_request_review_comment') {
    return { scope: 'review_thread', number, path: draft.thread.path, line: draft.thread.line };
  }
  if (draft.kind === 'pull_request_review') return { scope: 'review', number };
  return draft.scope === 'issue' ? { scope: 'issue', number } : { scope: 'pull_request', number };
}

function promptFrom(context: ParseContext): {
  prompt?: { text: string; source: InstructionSource };
} {
  return context.prompt ? { prompt: { text: context.prompt, source: 'prompt_input' } } : {};
}

function commentSkip(
  event: TriggerEventName,
  action: string,
  expected: string,
  what: string,
): IgnoredTrigger | undefined {
  if (action === expected) return undefined;
  const reason =
    action === 'edited'
      ? `an edited ${what} starts no run; post a new ${what} with the command instead`
      : `a ${what} that was ${action} starts no run`;
  return ignored(event, action, reason);
}

function noCommand(
  event: TriggerEventName,
  action: string,
  context: ParseContext,
  what: string,
): IgnoredTrigger {
  return ignored(
    event,
    action,
    `the ${what} has no ${context.phrase} command (outside code, quotes and HTML comments)`,
  );
}

/** Why the event is the Action's own doing, if it is. */
function ownActor(context: ParseContext, ...actors: (Actor | undefined)[]): string | undefined {
  const own = actors.find((actor) => actor && context.ownLogins.has(normalizeLogin(actor.login)));
  return own
    ? `@${own.login} is this Action's own account; its activity never starts a run`
    : undefined;
}

/** Why a comment is the Action's own text, posted under whatever account the token is. */
function ownText(body: string): string | undefined {
  return carriesOwnMarker(body)
    ? "the text carries this Action's marker: its own comments never start a run"
    : undefined;
}

function ignored(event: string, action: string | undefined, reason: string): IgnoredTrigger {
  return { kind: 'ignored', event, action, reason };
}

function stringField(
  record: Record<string, unknown>,
  key: string,
  where: string,
  location: ErrorLocation,
): string | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new EventPayloadError(`expected ${where} to be a string, got ${typeof value}.`, location);
  }
  return value.trim() || undefined;
}

/** The part of an Octokit client {@link resolvePullRequest} uses. */
export interface PullRequestClient {
  rest: {
    pulls: {
      get(params: { owner: string; repo: string; pull_number: number }): Promise<{ data: unknown }>;
    };
  };
}

/**
 * The trigger with its pull request filled in where the payload has none (a comment on a pull
 * request arrives as an issue comment). The head SHA read here is the one the run is pinned to.
 */
export async function resolvePullRequest(
  trigger: Trigger,
  client: PullRequestClient,
): Promise<Trigger> {
  if (trigger.kind !== 'issue_comment' || trigger.scope !== 'pull_request' || trigger.pullRequest) {
    return trigger;
  }
  const { owner, name } = trigger.repo;
  const response = await client.rest.pulls.get({ owner, repo: name, pull_number: trigger.number });
  const pullRequest = toPullRequest(
    parsePullRequest(response.data, `GitHub's answer for pull request #${trigger.number}`),
    trigger.repo.fullName,
  );
  return { ...trigger, pullRequest, checkoutSha: pullRequest.headSha };
}
