/**
 * Posting the review: ONE review with every inline comment, event `COMMENT` (or
 * `REQUEST_CHANGES` when the workflow asks for it and a finding is severe enough; never
 * `APPROVE`), on the head commit that was reviewed. GitHub rejects the whole review (422) when
 * one comment does not fit the diff, so a rejection is retried with fewer comments — those the
 * error names, else the more severe half, then none, the others moving into the body — and as a
 * last resort the summary becomes a plain comment on the pull request. Something is always posted.
 */
import type { Octokit } from '@octokit/rest';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { atLeast } from './review-filter.js';
import type { ReviewFinding, ReviewSide, Severity } from './review-types.js';
import { githubStatus } from '../github/error-status.js';
import { permissionHint } from '../github/permission-hint.js';
import { escapeRegExp } from '../platform/text.js';

/**
 * A refusal for lack of permission becomes a `ConfigurationError` naming the permission: the
 * review sink's writes are reviews and comments on a pull request.
 */
const withHint = permissionHint('`pull-requests: write`');

export interface PullRef {
  owner: string;
  repo: string;
  pullNumber: number;
}

/** The events this project posts; `APPROVE` is deliberately not one of them. */
export type ReviewEvent = 'COMMENT' | 'REQUEST_CHANGES';

export interface ReviewComment {
  path: string;
  line: number;
  side: ReviewSide;
  /** Start of a multi-line comment, on the same side. */
  startLine?: number | undefined;
  body: string;
}

export interface NewReview {
  commitId: string;
  body: string;
  event: ReviewEvent;
  comments: readonly ReviewComment[];
}

/** The writes a review needs. */
export interface ReviewSink {
  createReview(pr: PullRef, review: NewReview): Promise<{ id: number; url: string }>;
  createIssueComment(pr: PullRef, body: string): Promise<{ url: string }>;
}

/** `REQUEST_CHANGES` only when configured and a finding is at or above the threshold. */
export function reviewEvent(
  findings: readonly { severity: Severity }[],
  requestChanges: 'never' | Severity,
): ReviewEvent {
  if (requestChanges === 'never') return 'COMMENT';
  return findings.some((finding) => atLeast(finding.severity, requestChanges))
    ? 'REQUEST_CHANGES'
    : 'COMMENT';
}

/** An inline comment and the finding it came from (to list it in the body if GitHub rejects it). */
export interface PlannedComment {
  finding: ReviewFinding;
  comment: ReviewComment;
}

export interface PostReviewInput {
  pr: PullRef;
  /** The head commit that was reviewed. */
  commitId: string;
  event: ReviewEvent;
  /** Most important first: when some must go, the last ones go first. */
  comments: readonly PlannedComment[];
  /** The review body listing, besides the findings never placed, these findings taken out of the inline comments. */
  renderBody: (movedToBody: readonly ReviewFinding[]) => string;
  logger?: Logger;
  /** Review attempts before the plain-comment fallback, the last without comments. Default 4. */
  maxAttempts?: number;
}

export interface PostReviewResult {
  url: string;
  /** Undefined when the fallback comment was posted instead of a review. */
  reviewId: number | undefined;
  event: ReviewEvent | undefined;
  inlineCount: number;
  /** Findings planned as inline comments that ended up in the body. */
  movedToBody: number;
  /** The review was refused altogether and a plain comment carries the summary. */
  fellBack: boolean;
}

export async function postReview(
  sink: ReviewSink,
  input: PostReviewInput,
): Promise<PostReviewResult> {
  const logger = input.logger ?? silentLogger;
  const maxAttempts = Math.max(2, input.maxAttempts ?? 4);
  const all = input.comments;
  const moved = (kept: readonly PlannedComment[]) =>
    all.filter((planned) => !kept.includes(planned)).map((planned) => planned.finding);
  let event = input.event;
  let current: readonly PlannedComment[] = all;
  let reductions = 0;
  let failure: unknown;
  // Ends: every pass returns, breaks, switches the event once, or posts fewer comments.
  for (;;) {
    try {
      const { id, url } = await sink.createReview(input.pr, {
        commitId: input.commitId,
        body: input.renderBody(moved(current)),
        event,
        comments: current.map((planned) => planned.comment),
      });
      return {
        url,
        reviewId: id,
        event,
        inlineCount: current.length,
        movedToBody: all.length - current.length,
        fellBack: false,
      };
    } catch (error) {
      failure = error;
      const detail = gitHubErrorText(error);
      logger.warning(
        `GitHub did not accept the review with ${current.length} inline comment(s): ${detail}`,
      );
      if (githubStatus(error) !== 422) break;
      // GitHub refuses REQUEST_CHANGES on a pull request the token's user opened; comment instead.
      if (event === 'REQUEST_CHANGES' && /own pull request/i.test(detail)) {
        event = 'COMMENT';
        continue;
      }
      if (current.length === 0) break;
      reductions++;
      current = reductions >= maxAttempts - 1 ? [] : fewer(current, detail);
    }
  }
  logger.warning(`Posting the review summary as a comment instead (${errorMessage(failure)}).`);
  try {
    const { url } = await sink.createIssueComment(input.pr, input.renderBody(moved([])));
    return {
      url,
      reviewId: undefined,
      event: undefined,
      inlineCount: 0,
      movedToBody: all.length,
      fellBack: true,
    };
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    throw new Error(
      `Could not post the review (${errorMessage(failure)}) nor its summary as a comment (${errorMessage(error)}).`,
      { cause: error },
    );
  }
}

/** Without the comments the error names (by index or path), else the more important half. */
function fewer(comments: readonly PlannedComment[], detail: string): PlannedComment[] {
  const named = new Set<PlannedComment>();
  for (const match of detail.matchAll(/comments\[(\d+)\]/g)) {
    const planned = comments[Number(match[1])];
    if (planned) named.add(planned);
  }
  for (const planned of comments) {
    if (namesPath(detail, planned.comment.path)) named.add(planned);
  }
  if (named.size > 0 && named.size < comments.length) {
    return comments.filter((planned) => !named.has(planned));
  }
  return comments.slice(0, Math.floor(comments.length / 2));
}

/**
 * The path appears as a whole word. Only paths with a slash or a dot count: a bare name such as
 * `diff` or `line` is a word of GitHub's prose too.
 */
function namesPath(detail: string, path: string): boolean {
  if (!/[./]/.test(path)) return false;
  const escaped = escapeRegExp(path);
  return new RegExp(`(?<![\\w./-])${escaped}(?![\\w/-])`).test(detail);
}

/** GitHub's message with its `errors` list, which says what was wrong with the review. */
function gitHubErrorText(error: unknown): string {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  const listed = Array.isArray(errors)
    ? errors.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
    : [];
  const message = errorMessage(error);
  const extra = listed.filter((item) => !message.includes(item));
  return extra.length > 0 ? `${message} (${extra.join('; ')})` : message;
}

export interface OctokitReviewSinkOptions {
  /** Applied to every text as a last line of defence; the renderers redact already. */
  redact: Redact;
}

/** The sink that writes through the REST API. */
export function createOctokitReviewSink(
  octokit: Octokit,
  options: OctokitReviewSinkOptions,
): ReviewSink {
  const { redact } = options;
  return {
    async createReview(pr, review) {
      const { data } = await withHint(`post a review on ${where(pr)}`, () =>
        octokit.rest.pulls.createReview({
          owner: pr.owner,
          repo: pr.repo,
          pull_number: pr.pullNumber,
          commit_id: review.commitId,
          body: redact(review.body),
          event: review.event,
          comments: review.comments.map((comment) => ({
            path: comment.path,
            line: comment.line,
            side: comment.side,
            ...(comment.startLine === undefined
              ? {}
              : { start_line: comment.startLine, start_side: comment.side }),
            body: redact(comment.body),
          })),
        }),
      );
      return { id: data.id, url: data.html_url };
    },
    async createIssueComment(pr, body) {
      const { data } = await withHint(`comment on ${where(pr)}`, () =>
        octokit.rest.issues.createComment({
          owner: pr.owner,
          repo: pr.repo,
          issue_number: pr.pullNumber,
          body: redact(body),
        }),
      );
      return { url: data.html_url };
    },
  };
}

function where(pr: PullRef): string {
  return `${pr.owner}/${pr.repo}#${pr.pullNumber}`;
}
