/**
 * The shapes of a parsed GitHub event: the `Trigger` union (one member per event), the pieces they
 * share (repository, actor, issue, pull request, triggering comment, review thread), and the
 * explicit "not a trigger" outcome. parseTrigger in trigger.ts builds them; every later phase
 * (authorization, task context, reporting, publishing) reads them.
 */
import type { Command } from './command.js';
import type { ModeInput, ModeSource, ModeSubject } from './mode.js';
import type { RunMode } from '../platform/run-mode.js';

export interface Repo {
  owner: string;
  name: string;
  /** `owner/name`. */
  fullName: string;
  defaultBranch: string | undefined;
}

export interface Actor {
  login: string;
  /** `User`, `Bot` or `Organization`, as GitHub reports it. */
  type: string;
  /** A GitHub App or other bot account (type `Bot`, or a login ending in `[bot]`). */
  isBot: boolean;
}

export interface IssueInfo {
  number: number;
  title: string;
  body: string;
  htmlUrl: string;
  author: Actor | undefined;
  labels: string[];
  createdAt: string;
  updatedAt: string;
}

export interface PullRequestInfo {
  number: number;
  title: string;
  body: string;
  htmlUrl: string;
  draft: boolean;
  author: Actor | undefined;
  createdAt: string;
  updatedAt: string;
  /** The head commit when the event happened: the run works on this SHA, not on the branch. */
  headSha: string;
  headRef: string;
  /** `null` when the head repository (a fork) was deleted. */
  headRepoFullName: string | null;
  /** The head lives in another repository (or a deleted one): its code is untrusted. */
  isFork: boolean;
  baseRef: string;
  baseSha: string;
}

/** The comment or review whose text started the run. */
export interface TriggerComment {
  kind: 'issue_comment' | 'review_comment' | 'review';
  id: number;
  body: string;
  htmlUrl: string;
  author: Actor;
  /** Later comments are not part of the task; a later `updatedAt` means it was edited after. */
  createdAt: string;
  /** For reviews (which carry no edit time) the submission time. */
  updatedAt: string;
}

/** The review thread a review comment belongs to; the answer goes into this thread. */
export interface ReviewThread {
  commentId: number;
  /** The thread's first comment when this one is a reply. */
  inReplyToId: number | undefined;
  reviewId: number | undefined;
  path: string;
  line: number | undefined;
  startLine: number | undefined;
  side: string | undefined;
  diffHunk: string;
  commitId: string;
}

export type InstructionSource =
  'command' | 'default' | 'prompt_input' | 'dispatch_input' | 'client_payload';

interface TriggerBase extends ModeSubject {
  repo: Repo;
  /** Who the run acts for: the comment or review author, or the event's sender. */
  actor: Actor | undefined;
  /** The issue or pull request number; undefined for repository-wide runs. */
  number: number | undefined;
  mode: RunMode;
  modeSource: ModeSource;
  /** The task for the agent (not yet stripped of hidden content; the context phase does that). */
  instruction: string;
  instructionSource: InstructionSource;
  /** The full text of the triggering comment or review, for command-triggered runs. */
  triggerText: string | undefined;
  /** When the triggering thing happened; content created or edited after it is not the task's. */
  triggeredAt: string | undefined;
  /** The commit the workspace may hold; undefined means the workflow's own checkout. */
  checkoutSha: string | undefined;
  /** The pull request's code must never run with this workflow's privileges. */
  untrustedHead: boolean;
}

export interface IssueCommentTrigger extends TriggerBase {
  kind: 'issue_comment';
  action: 'created';
  scope: 'issue' | 'pull_request';
  actor: Actor;
  number: number;
  issue: IssueInfo;
  comment: TriggerComment;
  command: Command;
  /** Not in the payload: {@link resolvePullRequest} fills it in for comments on pull requests. */
  pullRequest: PullRequestInfo | undefined;
}

export interface ReviewCommentTrigger extends TriggerBase {
  kind: 'pull_request_review_comment';
  action: 'created';
  scope: 'pull_request';
  actor: Actor;
  number: number;
  pullRequest: PullRequestInfo;
  comment: TriggerComment;
  thread: ReviewThread;
  command: Command;
}

export interface ReviewTrigger extends TriggerBase {
  kind: 'pull_request_review';
  action: 'submitted';
  scope: 'pull_request';
  actor: Actor;
  number: number;
  pullRequest: PullRequestInfo;
  review: { id: number; state: string; body: string; submittedAt: string | undefined };
  comment: TriggerComment;
  command: Command;
}

export type PullRequestAction = 'opened' | 'synchronize' | 'reopened' | 'ready_for_review';

export interface PullRequestTrigger extends TriggerBase {
  kind: 'pull_request';
  action: PullRequestAction;
  scope: 'pull_request';
  actor: Actor;
  number: number;
  pullRequest: PullRequestInfo;
}

export interface PullRequestTargetTrigger extends TriggerBase {
  kind: 'pull_request_target';
  action: PullRequestAction;
  scope: 'pull_request';
  actor: Actor;
  number: number;
  pullRequest: PullRequestInfo;
  untrustedHead: true;
  checkoutSha: undefined;
}

export interface IssuesTrigger extends TriggerBase {
  kind: 'issues';
  action: 'opened' | 'labeled' | 'assigned';
  scope: 'issue';
  actor: Actor;
  number: number;
  issue: IssueInfo;
  /** The label just added (`labeled`). */
  label: string | undefined;
  /** The user just assigned (`assigned`). */
  assignee: Actor | undefined;
}

export interface ScheduleTrigger extends TriggerBase {
  kind: 'schedule';
  scope: 'repository';
  cron: string | undefined;
}

export interface WorkflowDispatchTrigger extends TriggerBase {
  kind: 'workflow_dispatch';
  scope: 'repository';
  actor: Actor;
  ref: string | undefined;
  inputs: Record<string, unknown>;
}

export interface RepositoryDispatchTrigger extends TriggerBase {
  kind: 'repository_dispatch';
  scope: 'repository';
  actor: Actor;
  /** The dispatch's `event_type`, which GitHub delivers as `action`. */
  eventType: string;
  branch: string | undefined;
  clientPayload: Record<string, unknown>;
}

export interface PushTrigger extends TriggerBase {
  kind: 'push';
  scope: 'repository';
  actor: Actor;
  ref: string;
  before: string;
  after: string;
}

export type Trigger =
  | IssueCommentTrigger
  | ReviewCommentTrigger
  | ReviewTrigger
  | PullRequestTrigger
  | PullRequestTargetTrigger
  | IssuesTrigger
  | ScheduleTrigger
  | WorkflowDispatchTrigger
  | RepositoryDispatchTrigger
  | PushTrigger;

/** An event that starts no run, and why (logged, and shown in the job summary). */
export interface IgnoredTrigger {
  kind: 'ignored';
  event: string;
  action: string | undefined;
  reason: string;
}

export interface ParseTriggerOptions {
  /** The `trigger_phrase` input; `/gemini` by default. */
  triggerPhrase?: string;
  /** The `mode` input; `auto` by default. */
  mode?: ModeInput;
  /** The `prompt` input. */
  prompt?: string;
  /** Logins this Action posts as, besides `github-actions[bot]` (an App's or a PAT's user). */
  botLogins?: readonly string[];
  /** Review draft pull requests too (`review_skip_drafts: false`); default they wait until ready. */
  reviewDrafts?: boolean;
  /** `GITHUB_REPOSITORY`, for schedule payloads that do not name the repository. */
  repository?: string;
  /** Where the payload came from (`GITHUB_EVENT_PATH`), for error messages. */
  eventPath?: string;
}
