/**
 * Everything the pipeline posts to GitHub goes through a `GitHubSink`: the Action wires the
 * Octokit one below, the CLI a dry-run one that prints what would be posted. Keeping the surface
 * this small is what lets trusted code — never the model — decide what reaches GitHub.
 */
import type { Octokit } from '@octokit/rest';
import { permissionHint } from './permission-hint.js';

/**
 * A refusal for lack of permission becomes a `ConfigurationError` naming the permissions: the
 * sink's writes are comments and reactions on issues and pull requests.
 */
const withHint = permissionHint('`issues: write` and `pull-requests: write`');

export interface RepoRef {
  owner: string;
  repo: string;
}

/** GitHub's reaction names. */
export type ReactionContent =
  '+1' | '-1' | 'laugh' | 'confused' | 'heart' | 'hooray' | 'rocket' | 'eyes';

/** What a reaction goes on: the trigger comment, review comment, or the issue/PR itself. */
export type ReactionTarget = RepoRef &
  (
    | { kind: 'issue_comment'; commentId: number }
    | { kind: 'review_comment'; commentId: number }
    | { kind: 'issue'; issueNumber: number }
  );

/** Where a new comment goes: an issue or PR conversation, or a reply in a review thread. */
export type CommentTarget =
  | (RepoRef & { issueNumber: number })
  | (RepoRef & {
      pullNumber: number;
      /** A review comment of the thread (the trigger); the reply joins its thread. */
      inReplyTo: number;
    });

/** A comment the sink created; pass it back to edit it. */
export interface PostedComment extends RepoRef {
  kind: 'issue_comment' | 'review_comment';
  id: number;
  /** Its page, e.g. for the `comment_url` output. */
  url: string;
}

export interface GitHubSink {
  addReaction(target: ReactionTarget, content: ReactionContent): Promise<void>;
  createComment(target: CommentTarget, body: string): Promise<PostedComment>;
  updateComment(comment: PostedComment, body: string): Promise<PostedComment>;
  /**
   * Removes a comment this run posted: only the comment a second delivery of an event posted in
   * the instant before it saw the first delivery's (see trigger-claim.ts).
   */
  deleteComment(comment: PostedComment): Promise<void>;
}

export function isReviewThreadTarget(
  target: CommentTarget,
): target is Extract<CommentTarget, { inReplyTo: number }> {
  return 'inReplyTo' in target;
}

export interface OctokitSinkOptions {
  /**
   * Applied to every body as a last line of defence; the renderers redact already. Required: a
   * forgotten argument must not mean unredacted text (tests pass the identity where they mean it).
   */
  redact: (text: string) => string;
}

/** The sink that writes through the REST API (Octokit with retry and throttling, injected). */
export function createOctokitSink(octokit: Octokit, options: OctokitSinkOptions): GitHubSink {
  const { redact } = options;
  return {
    async addReaction(target, content) {
      const { owner, repo } = target;
      await withHint(`add a reaction on ${where(target)}`, async () => {
        switch (target.kind) {
          case 'issue_comment':
            await octokit.rest.reactions.createForIssueComment({
              owner,
              repo,
              comment_id: target.commentId,
              content,
            });
            return;
          case 'review_comment':
            await octokit.rest.reactions.createForPullRequestReviewComment({
              owner,
              repo,
              comment_id: target.commentId,
              content,
            });
            return;
          case 'issue':
            await octokit.rest.reactions.createForIssue({
              owner,
              repo,
              issue_number: target.issueNumber,
              content,
            });
            return;
        }
      });
    },

    async createComment(target, body) {
      const { owner, repo } = target;
      const text = redact(body);
      if (isReviewThreadTarget(target)) {
        const { data } = await withHint(`reply in the review thread on ${where(target)}`, () =>
          octokit.rest.pulls.createReplyForReviewComment({
            owner,
            repo,
            pull_number: target.pullNumber,
            comment_id: target.inReplyTo,
            body: text,
          }),
        );
        return { owner, repo, kind: 'review_comment', id: data.id, url: data.html_url };
      }
      const { data } = await withHint(`comment on ${where(target)}`, () =>
        octokit.rest.issues.createComment({
          owner,
          repo,
          issue_number: target.issueNumber,
          body: text,
        }),
      );
      return { owner, repo, kind: 'issue_comment', id: data.id, url: data.html_url };
    },

    async updateComment(comment, body) {
      const { owner, repo, id } = comment;
      const text = redact(body);
      const action = `edit comment ${id} in ${owner}/${repo}`;
      if (comment.kind === 'review_comment') {
        const { data } = await withHint(action, () =>
          octokit.rest.pulls.updateReviewComment({ owner, repo, comment_id: id, body: text }),
        );
        return { ...comment, url: data.html_url };
      }
      const { data } = await withHint(action, () =>
        octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body: text }),
      );
      return { ...comment, url: data.html_url };
    },

    async deleteComment(comment) {
      const { owner, repo, id } = comment;
      const action = `delete comment ${id} in ${owner}/${repo}`;
      if (comment.kind === 'review_comment') {
        await withHint(action, () =>
          octokit.rest.pulls.deleteReviewComment({ owner, repo, comment_id: id }),
        );
        return;
      }
      await withHint(action, () =>
        octokit.rest.issues.deleteComment({ owner, repo, comment_id: id }),
      );
    },
  };
}

function where(target: ReactionTarget | CommentTarget): string {
  const repo = `${target.owner}/${target.repo}`;
  if ('issueNumber' in target) return `${repo}#${target.issueNumber}`;
  if ('pullNumber' in target) return `${repo}#${target.pullNumber}`;
  return `comment ${target.commentId} in ${repo}`;
}
