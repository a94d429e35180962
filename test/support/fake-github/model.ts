/**
 * The fake GitHub's in-memory repository: what tests seed (the `*Seed` options) and the records
 * the endpoints read and change. Everything a test may want to assert on afterwards — every
 * comment's edit history, reactions, reviews, labels — is kept here, not only the latest state.
 */
import { createHash } from 'node:crypto';
import { anchorInPatch } from './diff-lines.js';
import { GitObjects } from './git-objects.js';
import { seedGitHistory } from './git-seed.js';
import type {
  AuthorAssociation,
  FakeBranchSeed,
  FakeCommentSeed,
  FakeCommitSeed,
  FakeIssueSeed,
  FakeLabelSeed,
  FakeOtherRepoSeed,
  FakeOwnerSeed,
  FakePullFileSeed,
  FakePullSeed,
  FakeRepoSeed,
  FileStatus,
  PermissionLevel,
  FakeWorkflowRunSeed,
} from './seeds.js';

export type {
  AuthorAssociation,
  FakeBranchSeed,
  FakeCommentSeed,
  FakeCommitSeed,
  FakeIssueSeed,
  FakeLabelSeed,
  FakeOtherRepoSeed,
  FakeOwnerSeed,
  FakePullFileSeed,
  FakePullSeed,
  FakeRepoSeed,
  FakeReviewCommentSeed,
  FileStatus,
  FakeWorkflowRunSeed,
  PermissionLevel,
} from './seeds.js';

export interface IssueCommentRecord {
  id: number;
  issueNumber: number;
  user: string;
  /** Every body the comment has had, the current one last. */
  bodies: string[];
  createdAt: string;
  updatedAt: string;
  authorAssociation?: AuthorAssociation;
  /** Seeded by the test rather than created through the API. */
  seeded: boolean;
}

export interface ReviewCommentRecord extends IssueCommentRecord {
  path: string;
  line: number;
  side: 'LEFT' | 'RIGHT';
  startLine: number | null;
  startSide: 'LEFT' | 'RIGHT' | null;
  inReplyTo: number | null;
  commitId: string;
  diffHunk: string;
  position: number | null;
  reviewId: number | null;
}

export interface PullFileRecord {
  filename: string;
  status: FileStatus;
  additions: number;
  deletions: number;
  patch?: string;
  previousFilename?: string;
  /** The file's blob at the head, when the fake built the diff from trees. */
  sha?: string;
}

export interface PullRecord {
  head: FakeBranchSeed & { owner: string; name: string };
  base: FakeBranchSeed;
  draft: boolean;
  merged: boolean;
  files: PullFileRecord[];
  diff?: string;
  knownShas: Set<string>;
  maintainerCanModify: boolean;
  /** Seeded answers of the compare endpoint, by `base...head`. */
  compare: Map<string, PullFileRecord[]>;
}

export interface IssueRecord {
  number: number;
  id: number;
  title: string;
  body: string | null;
  /** Every body it has had, the current one last. */
  bodies: (string | null)[];
  user: string;
  labels: string[];
  assignees: string[];
  state: 'open' | 'closed';
  /** Why it was closed or reopened, as the request said; GitHub's default otherwise. */
  stateReason?: 'completed' | 'not_planned' | 'duplicate' | 'reopened';
  /** When it was last closed; default `updatedAt` for a seeded closed issue. */
  closedAt?: string;
  locked: boolean;
  createdAt: string;
  updatedAt: string;
  pull?: PullRecord;
}

export interface LabelRecord {
  id: number;
  name: string;
  color: string;
  description: string | null;
  default: boolean;
}

export type ReactionContent =
  '+1' | '-1' | 'laugh' | 'confused' | 'heart' | 'hooray' | 'rocket' | 'eyes';

/** What a reaction was put on. */
export type ReactionSubject =
  | { kind: 'issue_comment'; commentId: number }
  | { kind: 'review_comment'; commentId: number }
  | { kind: 'issue'; issueNumber: number };

export interface ReactionRecord {
  id: number;
  subject: ReactionSubject;
  content: ReactionContent;
  user: string;
  createdAt: string;
}

export interface ReviewCommentInput {
  path: string;
  body: string;
  line?: number;
  side?: 'LEFT' | 'RIGHT';
  startLine?: number;
  startSide?: 'LEFT' | 'RIGHT';
  position?: number;
}

export interface ReviewRecord {
  id: number;
  pullNumber: number;
  user: string;
  body: string;
  /** The `event` sent, if any (APPROVE, REQUEST_CHANGES, COMMENT); none leaves it pending. */
  event: string | undefined;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'PENDING';
  commitId: string;
  submittedAt: string;
  comments: ReviewCommentInput[];
}

export interface ModelSeed {
  repo: FakeRepoSeed;
  permissions?: Record<string, PermissionLevel>;
  issues?: FakeIssueSeed[];
  pulls?: FakePullSeed[];
  labels?: (string | FakeLabelSeed)[];
  /** File contents by ref (branch name or commit SHA), then by path. */
  files?: Record<string, Record<string, string>>;
  /** More branches, by name, with their head SHA. */
  branches?: Record<string, string>;
  commits?: FakeCommitSeed[];
  /** Runs of the repository's workflows, for the Actions endpoints. */
  workflowRuns?: FakeWorkflowRunSeed[];
  /** Repositories besides this one, and the accounts that own them (fleet listings). */
  otherRepos?: FakeOtherRepoSeed[];
  owners?: FakeOwnerSeed[];
  botLogin: string;
  now: () => string;
}

/** A stable made-up 40-hex SHA for a name. */
export function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}

/** A stable numeric id for a name, so the same user keeps the same id across runs. */
export function stableId(seed: string): number {
  return (createHash('sha1').update(seed).digest().readUInt32BE(0) % 90_000_000) + 10_000_000;
}

/** A seeded changed file as the endpoints keep it, with its counts filled in. */
export function pullFileRecord(file: FakePullFileSeed): PullFileRecord {
  return {
    filename: file.filename,
    status: file.status ?? 'modified',
    ...countChanges(file.patch),
    ...(file.additions !== undefined ? { additions: file.additions } : {}),
    ...(file.deletions !== undefined ? { deletions: file.deletions } : {}),
    ...(file.patch !== undefined ? { patch: file.patch } : {}),
    ...(file.previousFilename !== undefined ? { previousFilename: file.previousFilename } : {}),
  };
}

/** Added and removed lines of a patch. */
export function countChanges(patch: string | undefined): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const line of patch?.split('\n') ?? []) {
    if (line.startsWith('+')) additions++;
    else if (line.startsWith('-')) deletions++;
  }
  return { additions, deletions };
}

export class FakeGitHubModel {
  readonly repo: Required<FakeRepoSeed>;
  readonly otherRepos: readonly FakeOtherRepoSeed[];
  readonly owners: readonly FakeOwnerSeed[];
  readonly botLogin: string;
  readonly now: () => string;
  /** The clock's time when the fake started: the default time of everything seeded. */
  readonly startedAt: string;
  readonly permissions = new Map<string, PermissionLevel>();
  readonly issues = new Map<number, IssueRecord>();
  readonly issueComments = new Map<number, IssueCommentRecord>();
  readonly reviewComments = new Map<number, ReviewCommentRecord>();
  readonly labels = new Map<string, LabelRecord>();
  readonly reactions: ReactionRecord[] = [];
  readonly reviews: ReviewRecord[] = [];
  /** Full ref name (`refs/heads/main`) → SHA. */
  readonly refs = new Map<string, string>();
  readonly files = new Map<string, Map<string, string>>();
  /** Numbers of the pull requests created through the API, in order. */
  readonly createdPulls: number[] = [];
  /** Numbers of the issues created through the API, in order. */
  readonly createdIssues: number[] = [];
  /** Blobs, trees and commits: the seeded branch heads and what the git endpoints create. */
  readonly git = new GitObjects();
  /** Workflow runs, as seeded. */
  readonly workflowRuns: FakeWorkflowRunSeed[];
  private lastId = 1000;

  constructor(seed: ModelSeed) {
    this.now = seed.now;
    this.startedAt = seed.now();
    this.workflowRuns = [...(seed.workflowRuns ?? [])];
    this.botLogin = seed.botLogin;
    const defaultBranch = seed.repo.defaultBranch ?? 'main';
    this.repo = {
      owner: seed.repo.owner,
      name: seed.repo.name,
      defaultBranch,
      defaultBranchSha: seed.repo.defaultBranchSha ?? fakeSha(`branch:${defaultBranch}`),
      private: seed.repo.private ?? false,
      archived: seed.repo.archived ?? false,
      fork: seed.repo.fork ?? false,
      topics: seed.repo.topics ?? [],
      language: seed.repo.language === undefined ? 'TypeScript' : seed.repo.language,
    };
    this.otherRepos = [...(seed.otherRepos ?? [])];
    this.owners = [...(seed.owners ?? [])];
    this.refs.set(`refs/heads/${defaultBranch}`, this.repo.defaultBranchSha);
    for (const [name, sha] of Object.entries(seed.branches ?? {})) {
      this.refs.set(`refs/heads/${name}`, sha);
    }
    this.permissions.set(this.repo.owner.toLowerCase(), 'admin');
    for (const [login, level] of Object.entries(seed.permissions ?? {})) {
      this.permissions.set(login.toLowerCase(), level);
    }
    for (const label of seed.labels ?? []) {
      this.ensureLabel(typeof label === 'string' ? { name: label } : label);
    }
    for (const [ref, byPath] of Object.entries(seed.files ?? {})) {
      this.files.set(ref, new Map(Object.entries(byPath)));
    }
    // Explicit ids first, so the made-up ones never collide with them.
    const seededIds: number[] = [];
    const seededComments: FakeCommentSeed[] = [
      ...[...(seed.issues ?? []), ...(seed.pulls ?? [])].flatMap((issue) => issue.comments ?? []),
      ...(seed.pulls ?? []).flatMap((pull) => pull.reviewComments ?? []),
    ];
    for (const comment of seededComments) {
      if (comment.id !== undefined) seededIds.push(comment.id);
    }
    this.lastId = Math.max(this.lastId, ...seededIds);
    for (const issue of seed.issues ?? []) this.seedIssue(issue);
    for (const pull of seed.pulls ?? []) this.seedPull(pull);
    seedGitHistory(this, seed);
  }

  nextId(): number {
    return ++this.lastId;
  }

  nextIssueNumber(): number {
    return Math.max(0, ...this.issues.keys()) + 1;
  }

  /** The level configured for a user (case-insensitive, like GitHub logins); `none` otherwise. */
  permissionOf(login: string): PermissionLevel {
    return this.permissions.get(login.toLowerCase()) ?? 'none';
  }

  associationOf(login: string): AuthorAssociation {
    if (login.toLowerCase() === this.repo.owner.toLowerCase()) return 'OWNER';
    return this.permissionOf(login) === 'none' ? 'NONE' : 'COLLABORATOR';
  }

  /**
   * Whether a user may push, which decides whether labels sent with a new issue are kept: as
   * `permissions` says, and by default yes (the token the fake acts for can).
   */
  canPush(login: string): boolean {
    const level = this.permissions.get(login.toLowerCase());
    return level === undefined || level === 'admin' || level === 'maintain' || level === 'write';
  }

  ensureLabel(seed: FakeLabelSeed): LabelRecord {
    const key = seed.name.toLowerCase();
    const existing = this.labels.get(key);
    if (existing) return existing;
    const label: LabelRecord = {
      id: stableId(`label:${seed.name}`),
      name: seed.name,
      color: seed.color ?? 'ededed',
      description: seed.description ?? null,
      default: false,
    };
    this.labels.set(key, label);
    return label;
  }

  /** The SHA of a branch, if the fake knows it. */
  branchSha(branch: string): string | undefined {
    return this.refs.get(`refs/heads/${branch}`);
  }

  private seedIssue(seed: FakeIssueSeed, pull?: PullRecord): IssueRecord {
    const createdAt = seed.createdAt ?? this.startedAt;
    const issue: IssueRecord = {
      number: seed.number,
      id: stableId(`issue:${seed.number}`),
      title: seed.title,
      body: seed.body ?? null,
      bodies: [seed.body ?? null],
      user: seed.user ?? this.repo.owner,
      labels: [],
      assignees: seed.assignees ?? [],
      state: seed.state ?? 'open',
      locked: seed.locked ?? false,
      createdAt,
      updatedAt: seed.updatedAt ?? createdAt,
      ...(pull ? { pull } : {}),
    };
    for (const name of seed.labels ?? []) issue.labels.push(this.ensureLabel({ name }).name);
    this.issues.set(issue.number, issue);
    for (const comment of seed.comments ?? []) {
      const record: IssueCommentRecord = {
        ...this.commentFields(comment),
        issueNumber: issue.number,
      };
      this.issueComments.set(record.id, record);
    }
    return issue;
  }

  private commentFields(seed: FakeCommentSeed): Omit<IssueCommentRecord, 'issueNumber'> {
    const createdAt = seed.createdAt ?? this.startedAt;
    return {
      id: seed.id ?? this.nextId(),
      user: seed.user,
      bodies: [seed.body],
      createdAt,
      updatedAt: seed.updatedAt ?? createdAt,
      ...(seed.authorAssociation ? { authorAssociation: seed.authorAssociation } : {}),
      seeded: true,
    };
  }

  private seedPull(seed: FakePullSeed): void {
    const headRepo = seed.head.repo ?? { owner: this.repo.owner, name: this.repo.name };
    const pull: PullRecord = {
      head: { ref: seed.head.ref, sha: seed.head.sha, ...headRepo },
      base: { ref: seed.base.ref, sha: seed.base.sha },
      draft: seed.draft ?? false,
      merged: seed.merged ?? false,
      files: (seed.files ?? []).map(pullFileRecord),
      ...(seed.diff !== undefined ? { diff: seed.diff } : {}),
      knownShas: new Set([seed.head.sha, ...(seed.previousHeadShas ?? [])]),
      maintainerCanModify: false,
      compare: new Map(
        Object.entries(seed.compare ?? {}).map(([basehead, files]) => [
          basehead,
          files.map(pullFileRecord),
        ]),
      ),
    };
    this.seedIssue(seed, pull);
    if (!this.refs.has(`refs/heads/${seed.base.ref}`)) {
      this.refs.set(`refs/heads/${seed.base.ref}`, seed.base.sha);
    }
    if (!isFork(pull, this.repo)) this.refs.set(`refs/heads/${seed.head.ref}`, seed.head.sha);
    for (const comment of seed.reviewComments ?? []) {
      const side = comment.side ?? 'RIGHT';
      const patch = pull.files.find((file) => file.filename === comment.path)?.patch;
      const anchor =
        patch !== undefined ? anchorInPatch(patch, { line: comment.line, side }) : undefined;
      const record: ReviewCommentRecord = {
        ...this.commentFields(comment),
        issueNumber: seed.number,
        path: comment.path,
        line: comment.line,
        side,
        startLine: null,
        startSide: null,
        inReplyTo: comment.inReplyTo ?? null,
        commitId: comment.commitId ?? seed.head.sha,
        diffHunk: comment.diffHunk ?? anchor?.diffHunk ?? '',
        position: anchor?.position ?? null,
        reviewId: comment.pullRequestReviewId ?? null,
      };
      this.reviewComments.set(record.id, record);
    }
  }
}

export function isFork(pull: PullRecord, repo: { owner: string; name: string }): boolean {
  return (
    pull.head.owner.toLowerCase() !== repo.owner.toLowerCase() ||
    pull.head.name.toLowerCase() !== repo.name.toLowerCase()
  );
}

/** Closes or reopens an issue or pull request, keeping when and why as GitHub reports them. */
export function changeState(
  issue: IssueRecord,
  state: 'open' | 'closed',
  now: string,
  reason?: IssueRecord['stateReason'],
): void {
  if (state === issue.state) {
    if (reason !== undefined && state === 'closed') issue.stateReason = reason;
    return;
  }
  issue.state = state;
  issue.stateReason = state === 'closed' ? (reason ?? 'completed') : 'reopened';
  if (state === 'closed') issue.closedAt = now;
}

/** GitHub's timestamp format: ISO 8601 to the second. */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
