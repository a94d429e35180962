/**
 * What the dry-run GitHub remembers of a run — the comments, reviews, labels, pull requests and
 * issues it "created" — and the JSON it answers with, shaped as GitHub's REST API shapes it (the
 * fields the pipeline and Octokit read, with ids and `html_url`s under the repository's address),
 * so the code that reads GitHub's answers reads these the same way.
 */
import type { Json } from './event-facts.js';

/** The repository the run is for, as GitHub would describe it. */
export interface DryRunRepository {
  owner: string;
  name: string;
  defaultBranch: string;
  private: boolean;
  /** `https://github.com` (or the Enterprise server's address). */
  serverUrl: string;
  /** The API address, for `url` fields. */
  apiUrl: string;
}

export interface CommentRecord {
  /** 1 for the first comment the run made, 2 for the next… (names its files). */
  ordinal: number;
  id: number;
  kind: 'issue_comment' | 'review_comment';
  /** The issue or pull request it is on. */
  issueNumber: number;
  isPullRequest: boolean;
  body: string;
  /** Every body it had, in order: the progress comment's successive states. */
  states: string[];
  user: string;
  createdAt: string;
  updatedAt: string;
  /** Review replies: the thread's comment. */
  inReplyTo?: number;
  path?: string;
  line?: number;
}

export interface ReviewCommentInput {
  path: string;
  line?: number;
  side?: string;
  start_line?: number;
  start_side?: string;
  body: string;
}

export interface ReviewRecord {
  ordinal: number;
  id: number;
  pullNumber: number;
  commitId: string | undefined;
  event: string;
  body: string;
  comments: ReviewCommentInput[];
  user: string;
  submittedAt: string;
}

export interface PullRecord {
  number: number;
  id: number;
  title: string;
  body: string;
  head: string;
  headSha: string | undefined;
  base: string;
  draft: boolean;
  state: 'open' | 'closed';
  user: string;
  createdAt: string;
  updatedAt: string;
}

export interface IssueRecord {
  number: number;
  id: number;
  title: string;
  body: string;
  labels: string[];
  state: 'open' | 'closed';
  user: string;
  createdAt: string;
  updatedAt: string;
}

export interface LabelRecord {
  name: string;
  description: string;
  color: string;
}

/** Ids far above the ones in real payloads' recent history, so a made-up id never clashes. */
const FIRST_ID = 9_000_000_001;

export class DryRunStore {
  readonly comments: CommentRecord[] = [];
  readonly reviews: ReviewRecord[] = [];
  readonly pulls: PullRecord[] = [];
  readonly issues: IssueRecord[] = [];
  /** Labels added to issues and pull requests during the run, by number. */
  readonly addedLabels = new Map<number, string[]>();
  private nextId = FIRST_ID;
  private nextNumber: number;

  constructor(
    readonly repo: DryRunRepository,
    options: { highestNumber: number },
  ) {
    this.nextNumber = options.highestNumber + 1;
  }

  id(): number {
    return this.nextId++;
  }

  /** The next issue or pull request number: they share one sequence on GitHub. */
  number(): number {
    return this.nextNumber++;
  }

  get repoHtml(): string {
    return `${this.repo.serverUrl}/${this.repo.owner}/${this.repo.name}`;
  }

  get repoApi(): string {
    return `${this.repo.apiUrl}/repos/${this.repo.owner}/${this.repo.name}`;
  }

  user(login: string): Json {
    const bot = login.endsWith('[bot]');
    return {
      login,
      id: bot && login === 'github-actions[bot]' ? 41898282 : 0,
      type: bot ? 'Bot' : 'User',
      html_url: bot
        ? `${this.repo.serverUrl}/apps/${login.slice(0, -'[bot]'.length)}`
        : `${this.repo.serverUrl}/${login}`,
      site_admin: false,
    };
  }

  repository(): Json {
    const { owner, name, defaultBranch } = this.repo;
    return {
      id: 1,
      name,
      full_name: `${owner}/${name}`,
      owner: { ...this.user(owner), type: 'User' },
      private: this.repo.private,
      html_url: this.repoHtml,
      url: this.repoApi,
      clone_url: `${this.repoHtml}.git`,
      default_branch: defaultBranch,
      fork: false,
      archived: false,
      disabled: false,
      visibility: this.repo.private ? 'private' : 'public',
    };
  }

  commentUrl(record: CommentRecord): string {
    const page = `${this.repoHtml}/${record.isPullRequest ? 'pull' : 'issues'}/${record.issueNumber}`;
    return record.kind === 'review_comment'
      ? `${page}#discussion_r${record.id}`
      : `${page}#issuecomment-${record.id}`;
  }

  comment(record: CommentRecord): Json {
    const common = {
      id: record.id,
      body: record.body,
      user: this.user(record.user),
      created_at: record.createdAt,
      updated_at: record.updatedAt,
      html_url: this.commentUrl(record),
      author_association: 'NONE',
    };
    if (record.kind === 'issue_comment') {
      return {
        ...common,
        url: `${this.repoApi}/issues/comments/${record.id}`,
        issue_url: `${this.repoApi}/issues/${record.issueNumber}`,
      };
    }
    return {
      ...common,
      url: `${this.repoApi}/pulls/comments/${record.id}`,
      pull_request_url: `${this.repoApi}/pulls/${record.issueNumber}`,
      ...(record.inReplyTo !== undefined ? { in_reply_to_id: record.inReplyTo } : {}),
      path: record.path ?? '',
      line: record.line ?? null,
      diff_hunk: '',
      commit_id: '',
      original_commit_id: '',
    };
  }

  review(record: ReviewRecord): Json {
    return {
      id: record.id,
      body: record.body,
      state: reviewState(record.event),
      user: this.user(record.user),
      html_url: `${this.repoHtml}/pull/${record.pullNumber}#pullrequestreview-${record.id}`,
      pull_request_url: `${this.repoApi}/pulls/${record.pullNumber}`,
      commit_id: record.commitId ?? null,
      submitted_at: record.submittedAt,
      author_association: 'NONE',
    };
  }

  pull(record: PullRecord): Json {
    const fullName = `${this.repo.owner}/${this.repo.name}`;
    const branch = (ref: string, sha: string | undefined) => ({
      label: `${this.repo.owner}:${ref}`,
      ref,
      sha: sha ?? '0'.repeat(40),
      user: this.user(this.repo.owner),
      repo: { full_name: fullName, name: this.repo.name, fork: false },
    });
    return {
      id: record.id,
      number: record.number,
      state: record.state,
      title: record.title,
      body: record.body,
      draft: record.draft,
      user: this.user(record.user),
      html_url: `${this.repoHtml}/pull/${record.number}`,
      url: `${this.repoApi}/pulls/${record.number}`,
      head: branch(record.head, record.headSha),
      base: branch(record.base, undefined),
      created_at: record.createdAt,
      updated_at: record.updatedAt,
      merged: false,
    };
  }

  issue(record: IssueRecord): Json {
    return {
      id: record.id,
      number: record.number,
      title: record.title,
      body: record.body,
      state: record.state,
      labels: record.labels.map((name) => ({ name })),
      user: this.user(record.user),
      html_url: `${this.repoHtml}/issues/${record.number}`,
      url: `${this.repoApi}/issues/${record.number}`,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
      comments: 0,
    };
  }

  label(record: LabelRecord): Json {
    return {
      id: 0,
      name: record.name,
      description: record.description,
      color: record.color,
      default: false,
      url: `${this.repoApi}/labels/${encodeURIComponent(record.name)}`,
    };
  }
}

function reviewState(event: string): string {
  switch (event) {
    case 'APPROVE':
      return 'APPROVED';
    case 'REQUEST_CHANGES':
      return 'CHANGES_REQUESTED';
    case 'COMMENT':
      return 'COMMENTED';
    default:
      return 'PENDING';
  }
}
