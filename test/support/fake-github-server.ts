/**
 * A local GitHub for end-to-end tests: a real HTTP server on 127.0.0.1 that speaks the REST API
 * the Action uses, backed by an in-memory repository the test seeds. Point `GITHUB_API_URL` (or
 * Octokit's `baseUrl`) at `url` and assert what the run did: every request with the token it
 * carried, each comment's full edit history, reactions, reviews, labels, issues and pull
 * requests, and the commits and branches made through the Git Data API (hashed as git hashes
 * them, so locally computed blob and tree SHAs match).
 *
 * It is strict where GitHub is: requests need the token, bodies over GitHub's limit and inline
 * comments off the diff are refused, and every request is checked against GitHub's REST API
 * description (test/fixtures/github-openapi.json) — a fake that accepts what GitHub rejects
 * makes tests pass and runs fail. GraphQL answers the repository tree queries the Action makes
 * (fake-github/graphql-trees.ts). Endpoints it does not implement answer 404 and are kept in
 * `unexpected`, so a test can prove the run called nothing else.
 */
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
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
  FakeWorkflowRunSeed,
  PermissionLevel,
  ReactionContent,
  ReactionSubject,
  ReviewCommentInput,
} from './fake-github/model.js';
import { FakeGitHubModel, timestamp } from './fake-github/model.js';
import type { Reply } from './fake-github/router.js';
import { error, findRoute } from './fake-github/router.js';
import { answerGraphqlRequest } from './fake-github/graphql-trees.js';
import type { PushedBranches } from './fake-github/pushed-branches.js';
import { followPushedBranches } from './fake-github/pushed-branches.js';
import { filesAt, gitRoutes } from './fake-github/routes-git.js';
import { gitDataRoutes } from './fake-github/routes-git-data.js';
import { issueRoutes } from './fake-github/routes-issues.js';
import { issueManageRoutes } from './fake-github/routes-issues-manage.js';
import { pullRoutes } from './fake-github/routes-pulls.js';
import { pullManageRoutes } from './fake-github/routes-pulls-manage.js';
import { actionsRoutes } from './fake-github/routes-actions.js';
import { ownerRoutes } from './fake-github/routes-owners.js';
import type { ShapeContext } from './fake-github/shapes.js';
import type {
  CommentView,
  CreatedPullView,
  GitCommitView,
  IssueView,
  ReactionView,
  ReviewCommentView,
  ReviewView,
} from './fake-github/views.js';
import {
  commentView,
  createdPullViews,
  gitCommitView,
  issueView,
  reactionViews,
  reviewCommentView,
  reviewViews,
} from './fake-github/views.js';
import { onTestFinished } from 'vitest';
import { assertGitHubRequest } from './github-api.js';

export type {
  CommentView,
  CreatedPullView,
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
  FakeWorkflowRunSeed,
  GitCommitView,
  IssueView,
  PermissionLevel,
  ReactionContent,
  ReactionSubject,
  ReactionView,
  ReviewCommentInput,
  ReviewCommentView,
  ReviewView,
};

/** A token in the shape of a job's GITHUB_TOKEN, so redaction treats it like the real one. */
export const FAKE_GITHUB_TOKEN = 'ghs_FakeGitHubServerToken0123456789abcdef';

export type RequestValidator = (method: string, pathWithQuery: string, body: unknown) => void;

export interface FakeGitHubOptions {
  repo: FakeRepoSeed;
  /** The only token accepted (`Authorization: token …` or `Bearer …`). Default FAKE_GITHUB_TOKEN. */
  token?: string;
  /** Repository permission by login; the owner is admin unless listed. `none` or absent → 404. */
  permissions?: Record<string, PermissionLevel>;
  issues?: FakeIssueSeed[];
  pulls?: FakePullSeed[];
  /** The repository's labels. */
  labels?: (string | FakeLabelSeed)[];
  /**
   * File contents by ref (branch name or commit SHA), then by path, for the contents endpoint;
   * they are also the tree of the commit at that ref, as the git endpoints see it.
   */
  files?: Record<string, Record<string, string>>;
  /** Branches besides the default one and the pull requests' own, with their head SHA. */
  branches?: Record<string, string>;
  /**
   * Commits the git endpoints know besides the branch heads and pull request SHAs: their parents
   * (a force-push, a merge) and files.
   */
  commits?: FakeCommitSeed[];
  /** Runs of the repository's workflows, for the Actions endpoints. */
  workflowRuns?: FakeWorkflowRunSeed[];
  /**
   * Repositories the token sees besides `repo` (a fleet's targets), each with its own pull
   * requests; every repository endpoint answers for them from a model of their own.
   */
  otherRepos?: FakeOtherRepoSeed[];
  /** Accounts `GET /users/{username}` knows; their repositories are listed from `repo` and `otherRepos`. */
  owners?: FakeOwnerSeed[];
  /** Who the token acts as: the author of every comment, reaction, review and pull request. */
  botLogin?: string;
  /** Timestamps of everything created or edited. Default the real time. */
  clock?: () => Date;
  /** A delay before each answer, like a real network's. */
  latencyMs?: number;
  /** Serve the API under a path, as GitHub Enterprise Server does (`/api/v3`). */
  pathPrefix?: string;
  /** The web address in `html_url` fields. Default `https://github.com`. */
  serverUrl?: string;
  /**
   * Checks each request GitHub's way; a throw is a violation. Default: against GitHub's REST
   * API description (assertGitHubRequest). `false` turns checking off.
   */
  validate?: RequestValidator | false;
  /** Whether a violation also fails its request (422), as GitHub would refuse it. Default true. */
  rejectViolations?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** The API path without `pathPrefix` and query, e.g. `/repos/o/r/issues/1/comments`. */
  path: string;
  query: Record<string, string>;
  /** Lowercased names. */
  headers: Record<string, string>;
  /** The JSON body parsed; the text when it is not JSON; undefined when empty. */
  body: unknown;
  /** The token from `Authorization`, if one was sent. */
  token: string | undefined;
  /** The status answered. */
  status: number;
  /** Answered by `failNext` rather than by the endpoint. */
  injected: boolean;
}

export interface FakeGitHubViolation {
  method: string;
  pathWithQuery: string;
  message: string;
}

export interface FailureOptions {
  /** Response headers, e.g. `retry-after` or `x-ratelimit-remaining: 0` for rate limits. */
  headers?: Record<string, string>;
  /** How many matching requests fail. Default 1. */
  times?: number;
}

export interface FakeGitHub {
  /** The API base URL (with `pathPrefix`), for `GITHUB_API_URL` or Octokit's `baseUrl`. */
  readonly url: string;
  readonly token: string;
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Requests for endpoints the fake does not implement (answered 404). */
  readonly unexpected: readonly RecordedRequest[];
  /** Requests GitHub's REST API description does not allow, and failures of the fake itself. */
  readonly violations: readonly FakeGitHubViolation[];
  readonly reactions: readonly ReactionView[];
  readonly reviews: readonly ReviewView[];
  /** Pull requests opened through the API, in order. */
  readonly createdPulls: readonly CreatedPullView[];
  /** Issues opened through the API, in order, as they are now. */
  readonly createdIssues: readonly IssueView[];
  /** Commits made through the Git Data API, in order. */
  readonly gitCommits: readonly GitCommitView[];
  /** Every reference now: full name (`refs/heads/main`) → SHA. */
  readonly refs: Readonly<Record<string, string>>;
  /** An issue or pull request as it is now; undefined when there is none. */
  issue(issueNumber: number): IssueView | undefined;
  /** A commit the fake knows (seeded or made through the API), with its files. */
  gitCommit(sha: string): GitCommitView | undefined;
  /** The conversation comments of an issue or pull request, oldest first. */
  comments(issueNumber: number): CommentView[];
  /** The review comments of a pull request (threads and replies), oldest first. */
  reviewComments(pullNumber: number): ReviewCommentView[];
  /** The labels an issue or pull request has now. */
  labels(issueNumber: number): string[];
  /**
   * The next request (or `times` requests) whose method and path (without the query) match is
   * answered with `status` and `body` (default GitHub's error body for the status) instead.
   */
  failNext(
    method: string,
    path: RegExp,
    status: number,
    body?: unknown,
    options?: FailureOptions,
  ): void;
  /**
   * Makes the bare repository at `remote` the repository's git remote: its branches are the API's
   * too from now on, so a push there shows in the refs the API answers (and in a pull request's
   * head), as on GitHub.
   */
  followGitRemote(remote: string): void;
  /**
   * Someone pushes to a pull request's branch while the run works: its head moves to `sha` (the
   * earlier head stays known, for a review pinned to it).
   */
  pushToPull(pullNumber: number, sha: string): void;
  close(): Promise<void>;
}

interface Failure {
  method: string;
  path: RegExp;
  status: number;
  body: unknown;
  headers: Record<string, string>;
  remaining: number;
}

const ROUTES = [
  ...issueRoutes,
  ...issueManageRoutes,
  ...pullRoutes,
  ...pullManageRoutes,
  ...gitRoutes,
  ...gitDataRoutes,
  ...actionsRoutes,
  ...ownerRoutes,
];

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string): { value: unknown; json: boolean } {
  if (text === '') return { value: undefined, json: true };
  try {
    return { value: JSON.parse(text) as unknown, json: true };
  } catch {
    return { value: text, json: false };
  }
}

function send(res: ServerResponse, reply: Reply): void {
  const text = reply.text ?? (reply.json !== undefined ? JSON.stringify(reply.json) : '');
  const reset = Math.floor(Date.now() / 1000) + 3600;
  res.writeHead(reply.status, {
    'content-type':
      reply.contentType ??
      (reply.text !== undefined ? 'text/plain' : 'application/json') + '; charset=utf-8',
    'x-github-media-type': 'github.v3; format=json',
    'x-github-api-version-selected': '2022-11-28',
    'x-github-request-id': randomUUID().toUpperCase(),
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '4999',
    'x-ratelimit-used': '1',
    'x-ratelimit-reset': String(reset),
    'x-ratelimit-resource': 'core',
    ...reply.headers,
  });
  res.end(reply.status === 204 ? undefined : text);
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const clock = options.clock ?? (() => new Date());
  const token = options.token ?? FAKE_GITHUB_TOKEN;
  const prefix = (options.pathPrefix ?? '').replace(/\/+$/, '');
  const validate =
    options.validate === false ? undefined : (options.validate ?? assertGitHubRequest);
  const rejectViolations = options.rejectViolations ?? true;
  const model = new FakeGitHubModel({
    ...options,
    botLogin: options.botLogin ?? 'github-actions[bot]',
    now: () => timestamp(clock()),
  });
  const requests: RecordedRequest[] = [];
  const unexpected: RecordedRequest[] = [];
  const violations: FakeGitHubViolation[] = [];
  const failures: Failure[] = [];
  let pushed: PushedBranches | undefined;

  const answer = (
    recorded: RecordedRequest,
    req: IncomingMessage,
    raw: string,
  ): Reply | Promise<Reply> => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const pathWithQuery = `${recorded.path}${url.search}`;
    if (recorded.token !== token) {
      return error(
        401,
        recorded.token === undefined ? 'Requires authentication' : 'Bad credentials',
      );
    }
    pushed?.sync(ctx);
    // GraphQL has one endpoint and its own error shape; GitHub's REST description does not cover it.
    if (recorded.method === 'POST' && recorded.path === '/graphql') {
      return answerGraphqlRequest(recorded.body, ctx, (ref) => filesAt(ctx, ref));
    }
    const found = findRoute(ROUTES, recorded.method, recorded.path);
    if (!found) {
      unexpected.push(recorded);
      return error(404, 'Not Found');
    }
    if (!parseBody(raw).json) return error(400, 'Problems parsing JSON');
    if (validate) {
      try {
        validate(recorded.method, pathWithQuery, recorded.body);
      } catch (problem) {
        const message = problem instanceof Error ? problem.message : String(problem);
        violations.push({ method: recorded.method, pathWithQuery, message });
        if (rejectViolations) return error(422, message);
      }
    }
    const failure = failures.find(
      (candidate) => candidate.method === recorded.method && candidate.path.test(recorded.path),
    );
    if (failure) {
      if (--failure.remaining === 0) failures.splice(failures.indexOf(failure), 1);
      recorded.injected = true;
      const status = failure.status;
      return {
        status,
        json: failure.body ?? error(status, STATUS_CODES[status] ?? 'Error').json,
        headers: failure.headers,
      };
    }
    const { owner, repo } = found.params;
    let repoCtx = ctx;
    if (
      owner !== undefined &&
      (owner.toLowerCase() !== model.repo.owner.toLowerCase() ||
        repo?.toLowerCase() !== model.repo.name.toLowerCase())
    ) {
      const other = otherContexts().find(
        (candidate) =>
          candidate.model.repo.owner.toLowerCase() === owner.toLowerCase() &&
          candidate.model.repo.name.toLowerCase() === repo?.toLowerCase(),
      );
      if (other === undefined) return error(404, 'Not Found');
      repoCtx = other;
    }
    return found.route.handler(
      {
        method: recorded.method,
        params: found.params,
        query: url.searchParams,
        body: recorded.body,
        accept: (recorded.headers.accept ?? '').toLowerCase(),
        url: new URL(`${prefix}${pathWithQuery}`, origin),
        actor: model.botLogin,
      },
      repoCtx,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const headers = flatHeaders(req.headers);
    const auth = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
    const inPrefix =
      prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
    const recorded: RecordedRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: inPrefix ? url.pathname.slice(prefix.length) || '/' : url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: parseBody(raw).value,
      token: auth?.[1],
      status: 0,
      injected: false,
    };
    requests.push(recorded);
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    let reply: Reply;
    try {
      if (!inPrefix) {
        unexpected.push(recorded);
        reply = error(404, 'Not Found');
      } else {
        reply = await answer(recorded, req, raw);
      }
    } catch (failure) {
      const message =
        failure instanceof Error ? (failure.stack ?? failure.message) : String(failure);
      violations.push({
        method: recorded.method,
        pathWithQuery: `${recorded.path}${url.search}`,
        message: `the fake GitHub server failed: ${message}`,
      });
      reply = error(500, 'Internal Server Error');
    }
    recorded.status = reply.status;
    send(res, reply);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((failure: unknown) => {
      res.destroy(failure instanceof Error ? failure : new Error(String(failure)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const url = `${origin}${prefix}`;
  const webUrl = (options.serverUrl ?? 'https://github.com').replace(/\/+$/, '');
  // Each other repository gets a model of its own, made when first asked for.
  let others: ShapeContext[] | undefined;
  const otherContexts = (): ShapeContext[] =>
    (others ??= (options.otherRepos ?? []).map((seed) => ({
      api: url,
      server: webUrl,
      model: new FakeGitHubModel({
        repo: seed,
        pulls: seed.pulls ?? [],
        botLogin: model.botLogin,
        now: model.now,
      }),
      repositories: () => [ctx, ...otherContexts()],
    })));
  const ctx: ShapeContext = {
    api: url,
    server: webUrl,
    model,
    repositories: () => [ctx, ...otherContexts()],
  };

  return {
    url,
    token,
    requests,
    unexpected,
    violations,
    get reactions() {
      return reactionViews(model);
    },
    get reviews() {
      return reviewViews(model);
    },
    get createdPulls() {
      return createdPullViews(model);
    },
    get createdIssues() {
      return model.createdIssues.flatMap((number) => issueView(model, number) ?? []);
    },
    get gitCommits() {
      return model.git.created.flatMap((sha) => gitCommitView(model, sha) ?? []);
    },
    get refs() {
      return Object.fromEntries(model.refs);
    },
    issue: (issueNumber) => issueView(model, issueNumber),
    gitCommit: (sha) => gitCommitView(model, sha),
    comments: (issueNumber) =>
      [...model.issueComments.values()]
        .filter((comment) => comment.issueNumber === issueNumber)
        .sort((a, b) => a.id - b.id)
        .map(commentView),
    reviewComments: (pullNumber) =>
      [...model.reviewComments.values()]
        .filter((comment) => comment.issueNumber === pullNumber)
        .sort((a, b) => a.id - b.id)
        .map(reviewCommentView),
    labels: (issueNumber) => [...(model.issues.get(issueNumber)?.labels ?? [])],
    failNext(method, path, status, body, failureOptions = {}) {
      failures.push({
        method: method.toUpperCase(),
        path,
        status,
        body,
        headers: failureOptions.headers ?? {},
        remaining: failureOptions.times ?? 1,
      });
    },
    followGitRemote(remote) {
      pushed = followPushedBranches(remote);
    },
    pushToPull(pullNumber, sha) {
      const pull = model.issues.get(pullNumber)?.pull;
      if (pull === undefined) throw new Error(`the fake has no pull request #${pullNumber}`);
      pull.head.sha = sha;
      pull.knownShas.add(sha);
      if (pull.head.owner === model.repo.owner && pull.head.name === model.repo.name) {
        model.refs.set(`refs/heads/${pull.head.ref}`, sha);
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((failure) => {
          if (failure) reject(failure);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/** Starts a fake for the running test and closes it when the test ends. */
export async function useFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const fake = await startFakeGitHub(options);
  onTestFinished(() => fake.close());
  return fake;
}
