/**
 * What a test seeds the fake GitHub with: the repository, its issues and pull requests with their
 * comments, labels, and the commits the git endpoints build on.
 */

export type PermissionLevel = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

export type AuthorAssociation =
  | 'COLLABORATOR'
  | 'CONTRIBUTOR'
  | 'FIRST_TIMER'
  | 'FIRST_TIME_CONTRIBUTOR'
  | 'MANNEQUIN'
  | 'MEMBER'
  | 'NONE'
  | 'OWNER';

export interface FakeRepoSeed {
  owner: string;
  name: string;
  /** Default `main`. */
  defaultBranch?: string;
  /** The default branch's head commit; a stable made-up SHA by default. */
  defaultBranchSha?: string;
  private?: boolean;
  /** What a fleet plan reads of a repository. Defaults: not archived, not a fork, no topics. */
  archived?: boolean;
  fork?: boolean;
  topics?: string[];
  /** Default `TypeScript`. */
  language?: string | null;
}

/**
 * A repository the token can see besides the fake's own (a fleet's targets): `GET` of it and of
 * its pull requests answers from its own small model, and its owner's listing includes it.
 */
export interface FakeOtherRepoSeed extends FakeRepoSeed {
  pulls?: FakePullSeed[];
}

/** An account `GET /users/{username}` knows, and whose repositories the listings show. */
export interface FakeOwnerSeed {
  login: string;
  type: 'Organization' | 'User';
}

export interface FakeCommentSeed {
  /** Default: the next free id. */
  id?: number;
  user: string;
  body: string;
  /** ISO time; default the clock's time when the server started. */
  createdAt?: string;
  /** Default `createdAt`: an edit after the trigger shows here. */
  updatedAt?: string;
  /** Default from the repository owner and `permissions`. */
  authorAssociation?: AuthorAssociation;
}

export interface FakeIssueSeed {
  number: number;
  title: string;
  body?: string | null;
  /** Default the repository owner. */
  user?: string;
  labels?: string[];
  assignees?: string[];
  state?: 'open' | 'closed';
  locked?: boolean;
  createdAt?: string;
  updatedAt?: string;
  comments?: FakeCommentSeed[];
}

export type FileStatus =
  'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';

export interface FakePullFileSeed {
  filename: string;
  /** Default `modified`. */
  status?: FileStatus;
  /** The unified-diff hunks of this file, starting at the first `@@` line. */
  patch?: string;
  /** Default: counted from `patch`. */
  additions?: number;
  deletions?: number;
  previousFilename?: string;
}

export interface FakeReviewCommentSeed extends FakeCommentSeed {
  path: string;
  /** The line on `side` (new file for RIGHT, old file for LEFT). */
  line: number;
  side?: 'LEFT' | 'RIGHT';
  /** The comment this one answers: its thread's first comment. */
  inReplyTo?: number;
  /** Default the pull request's head SHA. */
  commitId?: string;
  /** Default: cut from the file's patch up to `line`. */
  diffHunk?: string;
  pullRequestReviewId?: number;
}

export interface FakeBranchSeed {
  ref: string;
  sha: string;
}

export interface FakePullSeed extends FakeIssueSeed {
  /** `repo` set (and different from the repository) makes the head a fork's branch. */
  head: FakeBranchSeed & { repo?: { owner: string; name: string } };
  base: FakeBranchSeed;
  draft?: boolean;
  merged?: boolean;
  files?: FakePullFileSeed[];
  /** The `Accept: application/vnd.github.diff` answer; default built from the files' patches. */
  diff?: string;
  reviewComments?: FakeReviewCommentSeed[];
  /**
   * Earlier head SHAs a review may still be pinned to, oldest first. Unless `commits` says
   * otherwise, they are ordinary pushes: the first is built on the base, each later one on the
   * one before, and the head on the last.
   */
  previousHeadShas?: string[];
  /**
   * The files the compare endpoint answers for `base...head` (SHAs or branch names, as the
   * request spells them), e.g. a review's previous head → the current head. Without an entry,
   * the pull request's `base.sha...head.sha` answers `files`, and commits whose trees the fake
   * knows are diffed.
   */
  compare?: Record<string, FakePullFileSeed[]>;
}

/**
 * A commit the git endpoints know beyond the branch heads and pull request SHAs (which are known
 * without one): its parents, to model a force-push or a merge, and its files.
 */
export interface FakeCommitSeed {
  sha: string;
  /** Default none, or the pull request lineage the SHA is part of. */
  parents?: string[];
  /** Default `files[sha]` or `files[branch]` of a branch at this SHA; otherwise unknown. */
  files?: Record<string, string>;
  message?: string;
}

export interface FakeLabelSeed {
  name: string;
  /** Six hex digits without `#`; default `ededed`, GitHub's color for labels made on the fly. */
  color?: string;
  description?: string | null;
}

/**
 * A run of a workflow of the repository, as the Actions endpoints list it: the run in hand (its
 * id is the harness's GITHUB_RUN_ID) and others, e.g. a newer run for the same pull request.
 */
export interface FakeWorkflowRunSeed {
  id: number;
  runNumber: number;
  /** The file under `.github/workflows/`, e.g. `gemini-review.yml`. */
  workflowFile: string;
  event: string;
  headBranch: string;
  headSha: string;
  /** The pull requests GitHub lists for the run (none for a fork's pull request). */
  pullRequests?: number[];
  /** Where the head lives; default the repository itself. */
  headRepo?: { owner: string; name: string };
  status?: 'queued' | 'in_progress' | 'completed';
  conclusion?: 'success' | 'failure' | 'cancelled' | 'skipped' | null;
}
