/**
 * What a test reads back from the fake GitHub: plain snapshots of the model's records — comments
 * with their edit history, reviews, reactions, issues and pull requests as they are now, and the
 * commits and references the Git Data API made — so assertions never hold live records.
 */
import type { FakeGitHubModel, IssueCommentRecord, ReviewCommentRecord } from './model.js';
import type { ReactionContent, ReactionSubject, ReviewCommentInput } from './model.js';

export interface CommentView {
  id: number;
  user: string;
  /** The current body. */
  body: string;
  /** Every body it has had, the first (as created or seeded) first and the current one last. */
  bodies: string[];
  createdAt: string;
  updatedAt: string;
  /** Seeded by the test rather than created through the API. */
  seeded: boolean;
}

export interface ReviewCommentView extends CommentView {
  path: string;
  line: number;
  side: 'LEFT' | 'RIGHT';
  inReplyTo: number | null;
  reviewId: number | null;
}

export interface ReactionView {
  subject: ReactionSubject;
  content: ReactionContent;
  user: string;
}

export interface ReviewView {
  id: number;
  pullNumber: number;
  user: string;
  /** The `event` sent; undefined leaves the review pending. */
  event: string | undefined;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'PENDING';
  body: string;
  commitId: string;
  comments: ReviewCommentInput[];
}

export interface CreatedPullView {
  number: number;
  title: string;
  body: string | null;
  head: string;
  base: string;
  draft: boolean;
}

export interface IssueView {
  number: number;
  title: string;
  /** The current body. */
  body: string | null;
  /** Every body it has had, the first (as created or seeded) first and the current one last. */
  bodies: (string | null)[];
  user: string;
  state: 'open' | 'closed';
  labels: string[];
  assignees: string[];
  /** Set for a pull request: its branches now. */
  pull: { head: string; base: string; draft: boolean; merged: boolean } | null;
  /** Seeded by the test rather than created through the API. */
  seeded: boolean;
}

export interface GitCommitView {
  sha: string;
  message: string;
  parents: string[];
  treeSha: string;
  /** The commit's files: path → content (as UTF-8 text). */
  tree: Record<string, string>;
  /** path → mode (`100644`, `100755`, `120000`, `160000`) of the same files. */
  modes: Record<string, string>;
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
  verified: boolean;
}

export function commentView(record: IssueCommentRecord): CommentView {
  return {
    id: record.id,
    user: record.user,
    body: record.bodies.at(-1) ?? '',
    bodies: [...record.bodies],
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    seeded: record.seeded,
  };
}

export function reviewCommentView(record: ReviewCommentRecord): ReviewCommentView {
  return {
    ...commentView(record),
    path: record.path,
    line: record.line,
    side: record.side,
    inReplyTo: record.inReplyTo,
    reviewId: record.reviewId,
  };
}

export function reactionViews(model: FakeGitHubModel): ReactionView[] {
  return model.reactions.map(({ subject, content, user }) => ({ subject, content, user }));
}

export function reviewViews(model: FakeGitHubModel): ReviewView[] {
  return model.reviews.map((review) => ({
    id: review.id,
    pullNumber: review.pullNumber,
    user: review.user,
    event: review.event,
    state: review.state,
    body: review.body,
    commitId: review.commitId,
    comments: review.comments.map((comment) => ({ ...comment })),
  }));
}

export function createdPullViews(model: FakeGitHubModel): CreatedPullView[] {
  return model.createdPulls.flatMap((number) => {
    const issue = model.issues.get(number);
    if (!issue?.pull) return [];
    const { head, base, draft } = issue.pull;
    return [
      { number, title: issue.title, body: issue.body, head: head.ref, base: base.ref, draft },
    ];
  });
}

export function issueView(model: FakeGitHubModel, number: number): IssueView | undefined {
  const issue = model.issues.get(number);
  if (!issue) return undefined;
  return {
    number,
    title: issue.title,
    body: issue.body,
    bodies: [...issue.bodies],
    user: issue.user,
    state: issue.state,
    labels: [...issue.labels],
    assignees: [...issue.assignees],
    pull: issue.pull
      ? {
          head: issue.pull.head.ref,
          base: issue.pull.base.ref,
          draft: issue.pull.draft,
          merged: issue.pull.merged,
        }
      : null,
    seeded: !model.createdIssues.includes(number) && !model.createdPulls.includes(number),
  };
}

export function gitCommitView(model: FakeGitHubModel, sha: string): GitCommitView | undefined {
  const commit = model.git.commits.get(sha);
  if (!commit) return undefined;
  const tree: Record<string, string> = {};
  const modes: Record<string, string> = {};
  for (const [path, entry] of model.git.flatten(commit.tree)) {
    tree[path] = model.git.blobs.get(entry.sha)?.toString('utf8') ?? '';
    modes[path] = entry.mode;
  }
  return {
    sha,
    message: commit.message,
    parents: [...commit.parents],
    treeSha: commit.tree,
    tree,
    modes,
    author: { ...commit.author },
    committer: { ...commit.committer },
    verified: commit.verified,
  };
}
