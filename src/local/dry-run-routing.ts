/**
 * The shapes the dry-run GitHub's parts share: the routes (what a request is matched to and what
 * it is answered with), the writes reported to the observer, and the simulated settings.
 */
import type { LocalRepository } from './local-git.js';
import type {
  CommentRecord,
  DryRunStore,
  IssueRecord,
  LabelRecord,
  PullRecord,
  ReviewRecord,
} from './dry-run-store.js';
import type { EventFacts, Json } from './event-facts.js';

/** Repository permission levels, as the user simulates them with `--actor-permission`. */
export const PERMISSION_LEVELS = ['none', 'read', 'triage', 'write', 'maintain', 'admin'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** GitHub's nine default labels, which a new repository starts with. */
export const DEFAULT_LABELS: readonly LabelRecord[] = [
  { name: 'bug', description: "Something isn't working", color: 'd73a4a' },
  {
    name: 'documentation',
    description: 'Improvements or additions to documentation',
    color: '0075ca',
  },
  { name: 'duplicate', description: 'This issue or pull request already exists', color: 'cfd3d7' },
  { name: 'enhancement', description: 'New feature or request', color: 'a2eeef' },
  { name: 'good first issue', description: 'Good for newcomers', color: '7057ff' },
  { name: 'help wanted', description: 'Extra attention is needed', color: '008672' },
  { name: 'invalid', description: "This doesn't seem right", color: 'e4e669' },
  { name: 'question', description: 'Further information is requested', color: 'd876e3' },
  { name: 'wontfix', description: 'This will not be worked on', color: 'ffffff' },
];

/** One request as the run made it, with the status it got. */
export interface RequestLogEntry {
  method: string;
  /** Path and query, without the API address. */
  path: string;
  body?: unknown;
  status: number;
}

/** A write the run made, for printing and for the files of the dry run. */
export type DryRunWrite =
  | { kind: 'comment'; action: 'created' | 'updated'; comment: CommentRecord; url: string }
  | { kind: 'reaction'; content: string; on: string }
  | { kind: 'review'; review: ReviewRecord; url: string }
  | { kind: 'labels'; issueNumber: number; added: string[]; labels: string[] }
  | { kind: 'pull_request'; action: 'created' | 'updated'; pull: PullRecord; url: string }
  | { kind: 'issue'; action: 'created' | 'updated'; issue: IssueRecord; url: string }
  | { kind: 'ref'; ref: string; sha: string; created: boolean };

export interface DryRunObserver {
  onRequest?(entry: RequestLogEntry): void;
  onWrite?(write: DryRunWrite): void;
}

/** The pull request the run is about, as `GET /pulls/{number}` answers it. */
export interface DryRunPullRequest {
  data: Json;
  base: string | undefined;
  head: string | undefined;
}

/** What a route answers: a status and a JSON body (none for 204). */
export interface Reply {
  status: number;
  data?: unknown;
}

/** A git reference as the git data endpoints answer it (`git/ref`, `git/refs`, `git/matching-refs`). */
export function gitRefJson(context: RouteContext, ref: string, sha: string, type = 'commit'): Json {
  const api = context.store.repoApi;
  return { ref, url: `${api}/git/${ref}`, object: { sha, type, url: `${api}/git/commits/${sha}` } };
}

/** A refusal the way GitHub words one: a status and a message (plus GitHub's `errors`). */
export class GitHubReplyError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: unknown[],
  ) {
    super(message);
  }
}

export interface RouteRequest {
  /** The path's parts the pattern captured. */
  params: string[];
  query: URLSearchParams;
  body: Json;
}

/** What the routes share: the remembered writes, the event, the repository, the options. */
export interface RouteContext {
  store: DryRunStore;
  facts: EventFacts;
  git: LocalRepository;
  /** Every user's permission on the repository. */
  permission: PermissionLevel;
  /** The repository's labels. */
  labels: readonly LabelRecord[];
  /** Files served at these paths for every commit (see `DryRunGitHubOptions.extraFiles`). */
  extraFiles: ReadonlyMap<string, Buffer>;
  pullRequest: DryRunPullRequest | undefined;
  botLogin: string;
  now(): string;
  emit(write: DryRunWrite): void;
  /** Logs a warning once per distinct message. */
  warnOnce(message: string): void;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Matched against the path after `/repos/{owner}/{repo}` (or the whole path for others). */
  pattern: RegExp;
  /** Whether the pattern applies below `/repos/{owner}/{repo}`; default true. */
  repoScoped?: boolean;
  handle(context: RouteContext, request: RouteRequest): Promise<Reply> | Reply;
}
