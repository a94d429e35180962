/**
 * GitHub URLs for github.com, GitHub Enterprise Server and GitHub Enterprise Cloud with data
 * residency (`*.ghe.com`). The runner tells us where GitHub is through `GITHUB_SERVER_URL` and
 * `GITHUB_API_URL`; every link we post and every API request goes through these helpers, so
 * nothing points at github.com on an Enterprise instance.
 */
import { ConfigurationError } from '../platform/errors.js';
import { nonEmpty } from '../platform/text.js';

export type UrlEnvironment = Readonly<Record<string, string | undefined>>;

export const DEFAULT_SERVER_URL = 'https://github.com';
export const DEFAULT_API_URL = 'https://api.github.com';

/** A runner variable's value, trimmed; `undefined` when it is unset or blank. */
function runnerValue(env: UrlEnvironment, name: string): string | undefined {
  return nonEmpty(env[name]?.trim());
}

/** Parses an http(s) URL from the environment and drops trailing slashes, so paths join cleanly. */
function parseBaseUrl(value: string, name: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`expected an http(s) URL, got ${JSON.stringify(value)}.`, {
      input: name,
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`expected an http(s) URL, got ${JSON.stringify(value)}.`, {
      input: name,
    });
  }
  return url;
}

function withoutTrailingSlash(url: URL): string {
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** The web address of GitHub: `GITHUB_SERVER_URL`, or github.com outside a runner. */
export function serverUrl(env: UrlEnvironment): string {
  const value = runnerValue(env, 'GITHUB_SERVER_URL');
  return value === undefined
    ? DEFAULT_SERVER_URL
    : withoutTrailingSlash(parseBaseUrl(value, 'GITHUB_SERVER_URL'));
}

/**
 * The REST API base URL: `GITHUB_API_URL` when the runner sets it (it always does), otherwise
 * derived from the server URL the way GitHub lays it out — `api.github.com` for github.com,
 * `api.<subdomain>.ghe.com` for data-residency tenants and `<server>/api/v3` for Enterprise Server.
 */
export function apiUrl(env: UrlEnvironment): string {
  const value = runnerValue(env, 'GITHUB_API_URL');
  if (value !== undefined) return withoutTrailingSlash(parseBaseUrl(value, 'GITHUB_API_URL'));
  const server = new URL(serverUrl(env));
  if (server.hostname === 'github.com') return DEFAULT_API_URL;
  if (server.hostname.endsWith('.ghe.com')) return `${server.protocol}//api.${server.host}`;
  return `${withoutTrailingSlash(server)}/api/v3`;
}

/** `owner/name` of the repository; undefined when `GITHUB_REPOSITORY` is not set or malformed. */
function repository(env: UrlEnvironment): string | undefined {
  const value = runnerValue(env, 'GITHUB_REPOSITORY');
  return value !== undefined && /^[^/\s]+\/[^/\s]+$/.test(value) ? value : undefined;
}

/**
 * The page of this workflow run (`…/actions/runs/<id>`, with `/attempts/<n>` on a re-run so the
 * link shows the attempt that wrote the comment). Undefined outside a runner, e.g. in the CLI.
 */
export function runUrl(env: UrlEnvironment): string | undefined {
  const repo = repository(env);
  const runId = runnerValue(env, 'GITHUB_RUN_ID');
  if (repo === undefined || runId === undefined) return undefined;
  const base = `${serverUrl(env)}/${repo}/actions/runs/${encodeURIComponent(runId)}`;
  const attempt = Number(runnerValue(env, 'GITHUB_RUN_ATTEMPT') ?? '1');
  return Number.isInteger(attempt) && attempt > 1 ? `${base}/attempts/${attempt}` : base;
}

/**
 * An artifact's page in this workflow run (`…/actions/runs/<id>/artifacts/<artifact id>`), where
 * it can be downloaded. Undefined outside a runner.
 */
export function artifactUrl(env: UrlEnvironment, artifactId: number): string | undefined {
  const repo = repository(env);
  const runId = runnerValue(env, 'GITHUB_RUN_ID');
  if (repo === undefined || runId === undefined) return undefined;
  return `${serverUrl(env)}/${repo}/actions/runs/${encodeURIComponent(runId)}/artifacts/${artifactId}`;
}

export interface RepositoryRef {
  owner: string;
  repo: string;
}

function repoUrl(env: UrlEnvironment, ref: RepositoryRef): string {
  return `${serverUrl(env)}/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.repo)}`;
}

/** An issue's page. GitHub redirects `/issues/<n>` to `/pull/<n>` for pull requests. */
export function issueUrl(env: UrlEnvironment, ref: RepositoryRef & { number: number }): string {
  return `${repoUrl(env, ref)}/issues/${ref.number}`;
}

/** A pull request's page. */
export function pullUrl(env: UrlEnvironment, ref: RepositoryRef & { number: number }): string {
  return `${repoUrl(env, ref)}/pull/${ref.number}`;
}

/** A branch's tree; slashes in the branch name stay path separators, as GitHub links them. */
export function branchUrl(env: UrlEnvironment, ref: RepositoryRef & { branch: string }): string {
  const branch = ref.branch.split('/').map(encodeURIComponent).join('/');
  return `${repoUrl(env, ref)}/tree/${branch}`;
}

/** The "compare and open a pull request" page for `head` against `base`. */
export function compareUrl(
  env: UrlEnvironment,
  ref: RepositoryRef & { base: string; head: string },
): string {
  const encode = (branch: string) => branch.split('/').map(encodeURIComponent).join('/');
  return `${repoUrl(env, ref)}/compare/${encode(ref.base)}...${encode(ref.head)}?expand=1`;
}
