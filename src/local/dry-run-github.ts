/**
 * A GitHub that lives in the process, for running the Action's pipeline locally without sending
 * anything: a `fetch` for the same Octokit client the Action uses (`createOctokit({fetch})`), so
 * every port, renderer and check runs unchanged and the comments are the ones the Action would
 * post, by construction.
 *
 * - Reads are answered from the event payload and the local repository standing in for GitHub's:
 *   the repository, the issue or pull request and the comment that started the run, the actor's
 *   permission (given by the user), the pull request's files and diff (from git), the labels,
 *   files at a commit, branches and commits.
 * - Writes are remembered and answered the way GitHub answers them (ids, `html_url`s), and each
 *   is reported to an observer that prints it and writes it to files.
 * - An endpoint the pipeline is not known to call is an error naming it, never a silent success:
 *   a dry run that quietly skipped a write would show something the Action would not do.
 */
import type { Logger } from '../platform/logger.js';
import { errorMessage } from '../platform/errors.js';
import type { LocalRepository } from './local-git.js';
import type { DryRunRepository, LabelRecord } from './dry-run-store.js';
import { DryRunStore } from './dry-run-store.js';
import type { EventFacts, Json } from './event-facts.js';
import type {
  DryRunObserver,
  DryRunPullRequest,
  PermissionLevel,
  Reply,
  RequestLogEntry,
  Route,
  RouteContext,
} from './dry-run-routing.js';
import { DEFAULT_LABELS, GitHubReplyError } from './dry-run-routing.js';
import { readRoutes } from './dry-run-reads.js';
import { writeRoutes } from './dry-run-writes.js';
import { gitDataRoutes } from './dry-run-git-data.js';
import { graphqlRoutes } from './dry-run-graphql.js';

export type {
  DryRunObserver,
  DryRunPullRequest,
  DryRunWrite,
  PermissionLevel,
  RequestLogEntry,
} from './dry-run-routing.js';
export { DEFAULT_LABELS, PERMISSION_LEVELS } from './dry-run-routing.js';

export interface DryRunGitHubOptions {
  facts: EventFacts;
  /** The local repository standing in for GitHub's (commits, branches, files). */
  repository: LocalRepository;
  /** `https://github.com`; default that. */
  serverUrl?: string;
  /** The API address the client is given; default `https://api.github.com`. */
  apiUrl?: string;
  /** Every user's permission on the repository. Default `write`. */
  permission?: PermissionLevel;
  /** The repository's labels; default GitHub's default labels. */
  labels?: readonly LabelRecord[];
  /** Who the token acts as: the author of every comment, review and pull request. */
  botLogin?: string;
  /**
   * The pull request of a comment on a pull request, whose payload holds only the issue side;
   * see `localPullRequest`.
   */
  pullRequest?: DryRunPullRequest;
  /**
   * Files served at these repository paths for every commit, besides the repository's own
   * (policy files the user names on the command line, read the way the Action reads the
   * workflow's policy files).
   */
  extraFiles?: ReadonlyMap<string, Buffer>;
  observer?: DryRunObserver;
  logger: Logger;
  /** The time of each write; default now. */
  clock?: () => Date;
}

export interface DryRunGitHub {
  /** Hand this to `createOctokit({fetch})`. */
  fetch: typeof fetch;
  readonly store: DryRunStore;
  readonly requests: readonly RequestLogEntry[];
}

const ROUTES: readonly Route[] = [
  ...readRoutes,
  ...writeRoutes,
  ...gitDataRoutes,
  ...graphqlRoutes,
];

export function createDryRunGitHub(options: DryRunGitHubOptions): DryRunGitHub {
  const { facts } = options;
  const repo: DryRunRepository = {
    owner: facts.repository.owner,
    name: facts.repository.name,
    defaultBranch: facts.repository.defaultBranch ?? 'main',
    private: facts.repository.private,
    serverUrl: (options.serverUrl ?? 'https://github.com').replace(/\/+$/, ''),
    apiUrl: (options.apiUrl ?? 'https://api.github.com').replace(/\/+$/, ''),
  };
  const store = new DryRunStore(repo, { highestNumber: facts.number ?? 0 });
  const requests: RequestLogEntry[] = [];
  const warned = new Set<string>();
  const clock = options.clock ?? (() => new Date());
  const context: RouteContext = {
    store,
    facts,
    git: options.repository,
    permission: options.permission ?? 'write',
    labels: options.labels ?? DEFAULT_LABELS,
    extraFiles: options.extraFiles ?? new Map(),
    pullRequest: options.pullRequest,
    botLogin: options.botLogin ?? 'github-actions[bot]',
    now: () =>
      clock()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    emit: (write) => options.observer?.onWrite?.(write),
    warnOnce: (message) => {
      if (warned.has(message)) return;
      warned.add(message);
      options.logger.warning(message);
    },
  };

  const answer = async (method: string, url: URL, body: Json): Promise<Reply> => {
    const route = findRoute(method, url.pathname, repo);
    if (route === undefined) {
      const where = `${method} ${url.pathname}`;
      throw new GitHubReplyError(
        501,
        `The local dry run does not answer ${where}: the pipeline is not known to call it. Run with --github to use the real API, or report this as a bug.`,
      );
    }
    return route.route.handle(context, { params: route.params, query: url.searchParams, body });
  };

  const dryRunFetch = async (
    input: Parameters<typeof fetch>[0],
    init?: RequestInit,
  ): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const body = parseBody(init?.body);
    let reply: Reply;
    try {
      reply = await answer(method, url, body ?? {});
    } catch (error) {
      const status = error instanceof GitHubReplyError ? error.status : 500;
      const errors = error instanceof GitHubReplyError ? error.errors : undefined;
      reply = {
        status,
        data: {
          message: errorMessage(error),
          ...(errors !== undefined ? { errors } : {}),
          documentation_url: 'https://docs.github.com/rest',
        },
      };
    }
    const entry: RequestLogEntry = {
      method,
      path: `${url.pathname}${url.search}`,
      ...(body !== undefined ? { body } : {}),
      status: reply.status,
    };
    requests.push(entry);
    options.observer?.onRequest?.(entry);
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.data ?? {}), {
      status: reply.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  };

  return { fetch: dryRunFetch, store, requests };
}

function findRoute(
  method: string,
  pathname: string,
  repo: DryRunRepository,
): { route: Route; params: string[] } | undefined {
  const decoded = pathname.replace(/\/+$/, '');
  const scoped = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(decoded);
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    let rest: string;
    if (route.repoScoped === false) {
      rest = decoded;
    } else {
      if (!scoped) continue;
      const owner = decodeURIComponent(scoped[1] ?? '');
      const name = decodeURIComponent(scoped[2] ?? '');
      if (
        owner.toLowerCase() !== repo.owner.toLowerCase() ||
        name.toLowerCase() !== repo.name.toLowerCase()
      ) {
        throw new GitHubReplyError(
          404,
          `Not Found: the local dry run knows only ${repo.owner}/${repo.name}, not ${owner}/${name}.`,
        );
      }
      rest = scoped[3] ?? '';
    }
    const match = route.pattern.exec(rest);
    if (match) return { route, params: match.slice(1).map((part) => decodeURIComponent(part)) };
  }
  return undefined;
}

function parseBody(body: unknown): Json | undefined {
  if (typeof body !== 'string' || body === '') return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Json) : undefined;
  } catch {
    return undefined;
  }
}
