/**
 * What the agent is told about the issue or pull request it works on: title, body, labels, the
 * conversation, and for pull requests the changed files, the diff and the review thread — read
 * from GitHub within a character budget, with every text stripped of hidden content.
 *
 * The task is what existed when the run was triggered. The triggering comment comes from the
 * event payload (an edit after the trigger cannot change the instruction), and so do the title and
 * body when the payload has them; comments created or edited after the trigger are left out; the
 * pull request's head is pinned to the commit named by the event, and when the branch has moved
 * since, the files and diff are read for the pinned commit and a warning says so.
 */
import type { Octokit } from '@octokit/rest';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import { allocate, cutText, fitNewest, ITEM_OVERHEAD } from './context-budget.js';
import type { TriggerScope } from './mode.js';
import { carriesOwnMarker } from './own-marker.js';
import { sanitizeUntrustedCode, sanitizeUntrustedText } from './sanitize.js';
import type { IssueInfo, PullRequestInfo, ReviewThread, TriggerComment } from './trigger-types.js';

/** The requests gatherTaskContext makes; an `@octokit/rest` client (with plugins) in production. */
export type TaskContextClient = Pick<Octokit, 'rest' | 'paginate'>;

/** What gatherTaskContext needs from a trigger; every `Trigger` is one. */
export interface TaskContextSubject {
  repo: { owner: string; name: string };
  scope: TriggerScope;
  number: number | undefined;
  /** The issue as the event payload had it (title and body at the time of the event). */
  issue?: IssueInfo | undefined;
  /** The pull request as the event named it; its `headSha` is the commit the run is pinned to. */
  pullRequest?: PullRequestInfo | undefined;
  /** The comment or review that started the run, from the payload. */
  comment?: TriggerComment | undefined;
  thread?: ReviewThread | undefined;
  triggeredAt: string | undefined;
}

export interface GatherOptions {
  /** Characters for all GitHub text together (the framing adds a little). Default 100,000. */
  budgetChars?: number;
  /** Content created or edited later is left out. Default: the subject's `triggeredAt`. */
  triggerTime?: string | Date;
  /** Also read the repository's labels (for triage). */
  includeRepositoryLabels?: boolean;
  logger?: Logger;
}

export interface ContextComment {
  id: number;
  author: string;
  createdAt: string;
  /** Sanitized; cut when `omittedChars` > 0. */
  body: string;
  omittedChars: number;
}

export interface ContextTriggerComment extends ContextComment {
  kind: TriggerComment['kind'];
  url: string;
}

export interface ContextTarget {
  kind: 'issue' | 'pull_request';
  number: number;
  url: string;
  title: string;
  author: string;
  state: string;
  labels: string[];
  body: string;
  bodyOmittedChars: number;
}

export interface ContextReviewThread {
  path: string;
  line: number | undefined;
  /** The diff around the commented line; its start is cut first. */
  diffHunk: string;
  diffHunkOmittedChars: number;
  /** The thread's comments before the trigger, oldest first (the trigger is not among them). */
  comments: ContextComment[];
  omittedComments: number;
}

export interface ChangedFile {
  path: string;
  previousPath: string | undefined;
  status: string;
  additions: number;
  deletions: number;
  /** The file's unified diff hunks (sanitized), possibly cut; undefined when not shown. */
  patch: string | undefined;
  /** Lines of the patch left out to fit the budget. */
  omittedPatchLines: number;
  /** Why there is no patch: GitHub gives none (binary or very large file), or the budget. */
  patchMissing: 'unavailable' | 'budget' | undefined;
}

export interface ContextPullRequest {
  /** The commit the run works on. */
  headSha: string;
  /** The head of the branch when the context was read; differs when pushed after the trigger. */
  currentHeadSha: string;
  headRef: string;
  baseRef: string;
  baseSha: string;
  draft: boolean;
  isFork: boolean;
  files: ChangedFile[];
  /**
   * Every changed file of the pinned head as GitHub lists it, patches unsanitized and uncut: for
   * trusted code that needs the exact diff (a review's comment anchors), never for the prompt.
   */
  rawFiles: readonly PullRequestFileRecord[];
  /** Changed files not listed (budget, or more than GitHub lists). */
  omittedFiles: number;
}

export interface TaskContext {
  repository: { owner: string; repo: string };
  /** The issue or pull request; undefined for repository-wide runs (schedule, dispatch, push). */
  target: ContextTarget | undefined;
  /** The conversation before the trigger, oldest first, without the trigger comment. */
  comments: ContextComment[];
  /** Earlier comments left out to fit the budget. */
  omittedComments: number;
  /** Comments (conversation and review thread) created or edited after the trigger. */
  droppedAfterTrigger: number;
  triggerComment: ContextTriggerComment | undefined;
  reviewThread: ContextReviewThread | undefined;
  pullRequest: ContextPullRequest | undefined;
  repositoryLabels: { name: string; description: string }[] | undefined;
  /** Things the agent and the user should know (shown in the prompt and logged). */
  warnings: string[];
}

const DEFAULT_BUDGET = 100_000;
/** The trigger comment is the task's own words: it may take up to this share of the budget. */
const TRIGGER_SHARE = 0.25;
/** A patch cut below this is left out: a few lines of a large diff mislead more than they help. */
const MIN_PATCH_CHARS = 400;
const MAX_LABELS = 300;
const WEIGHTS = { body: 2, comments: 3, thread: 2, files: 1, diff: 4 };

interface RawComment {
  id: number;
  user?: { login: string } | null;
  created_at: string;
  updated_at: string;
  body?: string | null;
}

export async function gatherTaskContext(
  subject: TaskContextSubject,
  client: TaskContextClient,
  options: GatherOptions = {},
): Promise<TaskContext> {
  const logger = options.logger ?? silentLogger;
  const owner = subject.repo.owner;
  const repo = subject.repo.name;
  const budget = options.budgetChars ?? DEFAULT_BUDGET;
  const triggerTime = parseTime(options.triggerTime ?? subject.triggeredAt);
  const context: TaskContext = {
    repository: { owner, repo },
    target: undefined,
    comments: [],
    omittedComments: 0,
    droppedAfterTrigger: 0,
    triggerComment: undefined,
    reviewThread: undefined,
    pullRequest: undefined,
    repositoryLabels: undefined,
    warnings: [],
  };
  if (options.includeRepositoryLabels) {
    context.repositoryLabels = await repositoryLabels(client, owner, repo);
  }
  const number = subject.number;
  if (subject.scope === 'repository' || number === undefined) return context;
  const isPullRequest = subject.scope === 'pull_request';

  const after = (comment: RawComment) =>
    triggerTime !== undefined &&
    (Date.parse(comment.created_at) > triggerTime || Date.parse(comment.updated_at) > triggerTime);
  const trigger = subject.comment;
  const reviewThread = trigger?.kind === 'review_comment' ? subject.thread : undefined;
  // A pull request's own record carries what the issue record would (title, body, labels,
  // author, state), so only issues are looked up as issues: one request fewer per review.
  const [issueRecord, rawComments, current, rawThread] = await Promise.all([
    isPullRequest
      ? undefined
      : client.rest.issues
          .get({ owner, repo, issue_number: number })
          .then((response) => response.data),
    client.paginate(client.rest.issues.listComments, {
      owner,
      repo,
      issue_number: number,
      per_page: 100,
    }),
    isPullRequest
      ? client.rest.pulls.get({ owner, repo, pull_number: number }).then((r) => r.data)
      : undefined,
    reviewThread
      ? client.paginate(client.rest.pulls.listReviewComments, {
          owner,
          repo,
          pull_number: number,
          per_page: 100,
        })
      : undefined,
  ]);

  const issue: IssueRecord | undefined = issueRecord ?? current;
  if (issue === undefined) throw new Error(`#${number} was not found.`);

  // The conversation as it was at the trigger: the trigger itself comes from the payload.
  // Ids are only unique per kind: a review's id may equal an issue comment's.
  const triggerId = (kind: TriggerComment['kind']) => (trigger?.kind === kind ? trigger.id : -1);
  const conversation = rawComments.filter((comment) => comment.id !== triggerId('issue_comment'));
  const before = conversation.filter((comment) => !after(comment));
  // The Action's own later comments (this run's progress comment, which may or may not exist
  // yet while the context is read) are not someone's words left out.
  context.droppedAfterTrigger = conversation.filter(
    (comment) => after(comment) && !carriesOwnMarker(comment.body ?? ''),
  ).length;
  const threadRoot = reviewThread ? (reviewThread.inReplyToId ?? reviewThread.commentId) : 0;
  const threadComments = (rawThread ?? []).filter(
    (comment) =>
      (comment.id === threadRoot || comment.in_reply_to_id === threadRoot) &&
      comment.id !== triggerId('review_comment'),
  );
  const threadBefore = threadComments.filter((comment) => !after(comment));
  context.droppedAfterTrigger += threadComments.length - threadBefore.length;

  // Texts are measured after sanitizing: that is what the prompt will hold.
  // The event's own copy: a comment's payload carries the issue (or PR) as it was then, while a
  // pull request looked up for a PR comment is already the current one.
  const snapshot = subject.issue ?? subject.pullRequest;
  const title = sanitizeUntrustedText(snapshot?.title ?? issue.title);
  const body = sanitizeUntrustedText(snapshot?.body ?? issue.body ?? '');
  const labels = issue.labels.map((label) =>
    sanitizeUntrustedText(typeof label === 'string' ? label : (label.name ?? '')),
  );
  const comments = before.map(toContextComment);
  const thread = threadBefore
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
    .map(toContextComment);
  const diffHunk = sanitizeUntrustedCode(reviewThread?.diffHunk ?? '');

  let remaining = budget - title.length - labels.join(', ').length - ITEM_OVERHEAD;
  if (trigger) {
    const triggerBody = cutText(
      sanitizeUntrustedText(trigger.body),
      Math.floor(budget * TRIGGER_SHARE),
    );
    context.triggerComment = {
      kind: trigger.kind,
      id: trigger.id,
      url: trigger.htmlUrl,
      author: trigger.author.login,
      createdAt: trigger.createdAt,
      body: triggerBody.text,
      omittedChars: triggerBody.omittedChars,
    };
    remaining -= triggerBody.text.length + ITEM_OVERHEAD;
  }

  let files: PullRequestFileRecord[] = [];
  let pinned: { head: string; base: string } | undefined;
  if (current) {
    pinned = {
      head: subject.pullRequest?.headSha ?? current.head.sha,
      base: subject.pullRequest?.baseSha ?? current.base.sha,
    };
    files = await changedFiles(client, { owner, repo, number }, pinned, current.head.sha);
    if (pinned.head !== current.head.sha) {
      const warning = `The pull request's branch moved from ${pinned.head.slice(0, 12)} to ${current.head.sha.slice(0, 12)} after the run was triggered; this run works on ${pinned.head.slice(0, 12)}, and the changed files and diff are those of that commit.`;
      context.warnings.push(warning);
      logger.warning(warning);
    }
  }
  const fileLines = files.map((file) => sanitizeUntrustedCode(fileLine(file)));
  const patches = files.map((file) =>
    file.patch === undefined ? undefined : sanitizeUntrustedCode(file.patch),
  );

  const [bodyShare = 0, commentsShare = 0, threadShare = 0, filesShare = 0, diffShare = 0] =
    allocate(
      remaining,
      [
        body.length,
        sum(comments.map((comment) => comment.body.length + ITEM_OVERHEAD)),
        diffHunk.length + sum(thread.map((comment) => comment.body.length + ITEM_OVERHEAD)),
        sum(fileLines.map((line) => line.length + 1)),
        sum(patches.map((patch) => (patch?.length ?? 0) + ITEM_OVERHEAD)),
      ],
      [WEIGHTS.body, WEIGHTS.comments, WEIGHTS.thread, WEIGHTS.files, WEIGHTS.diff],
    );

  const cutBody = cutText(body, bodyShare);
  context.target = {
    kind: isPullRequest ? 'pull_request' : 'issue',
    number,
    url: snapshot?.htmlUrl ?? issue.html_url,
    title,
    author: snapshot?.author?.login ?? issue.user?.login ?? 'ghost',
    state: issue.state,
    labels,
    body: cutBody.text,
    bodyOmittedChars: cutBody.omittedChars,
  };
  const fitted = fitNewest(comments, commentsShare, (c) => c.body.length, cutComment);
  context.comments = fitted.kept;
  context.omittedComments = fitted.omitted;

  if (reviewThread) {
    const hunk = cutText(diffHunk, Math.floor(threadShare / 2), { keep: 'end' });
    const threadFitted = fitNewest(
      thread,
      threadShare - hunk.text.length,
      (c) => c.body.length,
      cutComment,
    );
    context.reviewThread = {
      path: sanitizeUntrustedCode(reviewThread.path),
      line: reviewThread.line,
      diffHunk: hunk.text,
      diffHunkOmittedChars: hunk.omittedChars,
      comments: threadFitted.kept,
      omittedComments: threadFitted.omitted,
    };
  }

  if (current && pinned) {
    const listed = fitFileList(fileLines, filesShare);
    const listedPatches = patches.slice(0, listed);
    const patchShares = allocate(
      diffShare,
      listedPatches.map((patch) => (patch?.length ?? 0) + ITEM_OVERHEAD),
      listedPatches.map(() => 1),
    );
    // Null when the fork was deleted, whatever the type says.
    const headRepo = current.head.repo as { full_name: string } | null;
    context.pullRequest = {
      headSha: pinned.head,
      currentHeadSha: current.head.sha,
      headRef: sanitizeUntrustedCode(current.head.ref),
      baseRef: sanitizeUntrustedCode(current.base.ref),
      baseSha: pinned.base,
      draft: current.draft ?? false,
      isFork: subject.pullRequest?.isFork ?? headRepo?.full_name !== current.base.repo.full_name,
      rawFiles: files,
      files: files
        .slice(0, listed)
        .map((file, index) =>
          changedFile(file, listedPatches[index], (patchShares[index] ?? 0) - ITEM_OVERHEAD),
        ),
      // GitHub's count is for the current head; after a push only the comparison is known.
      omittedFiles:
        (pinned.head === current.head.sha
          ? Math.max(current.changed_files, files.length)
          : files.length) - listed,
    };
  }
  return context;
}

/** A changed file as GitHub lists it. */
export interface PullRequestFileRecord {
  filename: string;
  previous_filename?: string | undefined;
  status: string;
  additions: number;
  deletions: number;
  patch?: string | undefined;
}

/** What the context reads of an issue or a pull request record. */
interface IssueRecord {
  title: string;
  body?: string | null;
  labels: (string | { name?: string | undefined })[];
  html_url: string;
  user?: { login: string } | null;
  state: string;
}

/**
 * The changed files of the pinned head. While the branch has not moved these are the pull
 * request's files (up to 3,000); after a push they come from comparing the pinned head with the
 * base (up to 300), since the pull request's own list follows the branch.
 */
async function changedFiles(
  client: TaskContextClient,
  where: { owner: string; repo: string; number: number },
  pinned: { head: string; base: string },
  currentHead: string,
): Promise<PullRequestFileRecord[]> {
  if (pinned.head === currentHead) {
    return client.paginate(client.rest.pulls.listFiles, {
      owner: where.owner,
      repo: where.repo,
      pull_number: where.number,
      per_page: 100,
    });
  }
  const comparison = await client.rest.repos.compareCommitsWithBasehead({
    owner: where.owner,
    repo: where.repo,
    basehead: `${pinned.base}...${pinned.head}`,
  });
  return comparison.data.files ?? [];
}

function fileLine(file: PullRequestFileRecord): string {
  const renamed =
    file.previous_filename !== undefined && file.previous_filename !== file.filename
      ? `${file.previous_filename} → `
      : '';
  return `${file.status} ${renamed}${file.filename} (+${file.additions} -${file.deletions})`;
}

/** How many file lines (from the first) fit in `budget`. */
function fitFileList(lines: readonly string[], budget: number): number {
  let used = 0;
  for (const [index, line] of lines.entries()) {
    used += line.length + 1;
    if (used > budget) return index;
  }
  return lines.length;
}

function changedFile(
  file: PullRequestFileRecord,
  patch: string | undefined,
  share: number,
): ChangedFile {
  const base = {
    path: sanitizeUntrustedCode(file.filename),
    previousPath:
      file.previous_filename === undefined
        ? undefined
        : sanitizeUntrustedCode(file.previous_filename),
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
  };
  if (patch === undefined) {
    return { ...base, patch: undefined, omittedPatchLines: 0, patchMissing: 'unavailable' };
  }
  const cut = cutText(patch, share);
  if (cut.omittedChars > 0 && cut.text.length < MIN_PATCH_CHARS) {
    return { ...base, patch: undefined, omittedPatchLines: 0, patchMissing: 'budget' };
  }
  const omittedPatchLines = cut.omittedChars === 0 ? 0 : countLines(patch) - countLines(cut.text);
  return { ...base, patch: cut.text, omittedPatchLines, patchMissing: undefined };
}

function countLines(text: string): number {
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
}

function toContextComment(comment: RawComment): ContextComment {
  return {
    id: comment.id,
    author: comment.user?.login ?? 'ghost',
    createdAt: comment.created_at,
    body: sanitizeUntrustedText(comment.body ?? ''),
    omittedChars: 0,
  };
}

function cutComment(comment: ContextComment, max: number): ContextComment {
  const cut = cutText(comment.body, max);
  return { ...comment, body: cut.text, omittedChars: cut.omittedChars };
}

async function repositoryLabels(
  client: TaskContextClient,
  owner: string,
  repo: string,
): Promise<{ name: string; description: string }[]> {
  let read = 0;
  const labels = await client.paginate(
    client.rest.issues.listLabelsForRepo,
    { owner, repo, per_page: 100 },
    (response, done) => {
      read += response.data.length;
      if (read >= MAX_LABELS) done();
      return response.data;
    },
  );
  return labels.slice(0, MAX_LABELS).map((label) => ({
    name: sanitizeUntrustedText(label.name),
    description: cutText(sanitizeUntrustedText(label.description ?? ''), 200).text,
  }));
}

function parseTime(time: string | Date | undefined): number | undefined {
  if (time === undefined) return undefined;
  const parsed = time instanceof Date ? time.getTime() : Date.parse(time);
  return Number.isNaN(parsed) ? undefined : parsed;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
