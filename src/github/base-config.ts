/**
 * Agent configuration from a pull request's base branch. On a pull request the workspace holds
 * the PR's code, so `GEMINI.md`, `.gemini/settings.json` and policy files there were written by
 * the PR's author — who could allow themselves any tool call. They are read instead from the base
 * branch, at one pinned commit, through the contents API, and written to a temporary folder the
 * session reads its configuration from. Paths that do not exist there are simply absent.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Octokit } from '@octokit/rest';
import picomatch from 'picomatch';
import { ConfigurationError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';

/** The agent's configuration in a repository: context file, settings, policies. */
export const DEFAULT_BASE_CONFIG_PATHS: readonly string[] = [
  'GEMINI.md',
  '.gemini/settings.json',
  '.gemini/policy*.toml',
  '.gemini/policies',
];

/** Configuration files are small; anything larger is not configuration. */
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_FILES = 100;
const MAX_DEPTH = 4;
const FULL_SHA = /^[0-9a-f]{40}$/i;

export type BaseConfigClient = Pick<Octokit, 'rest'>;

export interface BaseConfigOptions {
  owner: string;
  repo: string;
  /**
   * The base branch's commit (`pull_request.base.sha`). A branch name is resolved to its commit
   * first, so every file comes from the same commit.
   */
  baseRef: string;
  /**
   * Repository paths to copy: files, directories (their files, recursively, up to limits), or a
   * `*` pattern in the last segment (`.gemini/policy*.toml`). Default
   * {@link DEFAULT_BASE_CONFIG_PATHS}; add the workflow's policy files and any other context
   * file names the settings name.
   */
  files?: readonly string[];
  /** Where the temporary folder is made: `RUNNER_TEMP` in the Action; the system's by default. */
  tempRoot?: string;
  logger?: Logger;
}

export interface BaseConfigFile {
  /** The path in the repository. */
  path: string;
  /** Where it was written, under `directory` at the same relative path. */
  localPath: string;
  size: number;
}

export interface BaseConfig {
  /** The temporary folder holding the copies at their repository paths. */
  directory: string;
  /** The commit they were read from. */
  sha: string;
  files: BaseConfigFile[];
  /** Requested paths that do not exist at that commit. */
  missing: string[];
  /** Entries that were not copied, and why. */
  skipped: { path: string; reason: string }[];
}

interface Entry {
  type: string;
  path: string;
  name: string;
  size: number;
}

export async function loadBaseBranchConfig(
  client: BaseConfigClient,
  options: BaseConfigOptions,
): Promise<BaseConfig> {
  const logger = options.logger ?? silentLogger;
  const { owner, repo } = options;
  const requested = (options.files ?? DEFAULT_BASE_CONFIG_PATHS).map((file) =>
    checkedRepositoryPath(file),
  );
  const sha = await resolveCommit(client, owner, repo, options.baseRef);
  const directory = await mkdtemp(
    path.join(options.tempRoot ?? os.tmpdir(), 'gemini-base-config-'),
  );
  const result: BaseConfig = { directory, sha, files: [], missing: [], skipped: [] };
  const seen = new Set<string>();

  /** The contents API's answer for a path: an entry, a directory listing, or undefined (404). */
  const read = async (repoPath: string): Promise<unknown> => {
    try {
      const response = await client.rest.repos.getContent({
        owner,
        repo,
        path: repoPath,
        ref: sha,
      });
      return response.data;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };

  const copyFile = async (entry: Entry, data?: unknown): Promise<void> => {
    if (seen.has(entry.path)) return;
    seen.add(entry.path);
    if (result.files.length >= MAX_FILES) {
      result.skipped.push({ path: entry.path, reason: `more than ${MAX_FILES} files` });
      return;
    }
    if (entry.type !== 'file') {
      result.skipped.push({ path: entry.path, reason: `a ${entry.type}, not a file` });
      return;
    }
    if (entry.size > MAX_FILE_BYTES) {
      result.skipped.push({ path: entry.path, reason: `larger than ${MAX_FILE_BYTES} bytes` });
      return;
    }
    const content = fileContent(data ?? (await read(entry.path)));
    if (content === undefined) {
      result.skipped.push({ path: entry.path, reason: 'GitHub returned no content for it' });
      return;
    }
    const localPath = localPathFor(directory, checkedRepositoryPath(entry.path));
    await mkdir(path.dirname(localPath), { recursive: true });
    await writeFile(localPath, content, { flag: 'wx', mode: 0o600 });
    result.files.push({ path: entry.path, localPath, size: content.length });
  };

  const copyDirectory = async (entries: readonly Entry[], depth: number): Promise<void> => {
    for (const entry of byName(entries)) {
      if (entry.type !== 'dir') {
        await copyFile(entry);
      } else if (depth >= MAX_DEPTH) {
        result.skipped.push({
          path: entry.path,
          reason: `nested deeper than ${MAX_DEPTH} folders`,
        });
      } else {
        await copyDirectory(listing(await read(entry.path)) ?? [], depth + 1);
      }
    }
  };

  try {
    for (const repoPath of requested) {
      const slash = repoPath.lastIndexOf('/');
      const name = repoPath.slice(slash + 1);
      if (name.includes('*')) {
        const parent = slash < 0 ? '' : repoPath.slice(0, slash);
        const matches = byName(listing(await read(parent)) ?? []).filter(
          (entry) => entry.type !== 'dir' && picomatch.isMatch(entry.name, name, { dot: true }),
        );
        if (matches.length === 0) result.missing.push(repoPath);
        for (const entry of matches) await copyFile(entry);
        continue;
      }
      const data = await read(repoPath);
      const entries = listing(data);
      if (data === undefined) result.missing.push(repoPath);
      else if (entries) await copyDirectory(entries, 1);
      else await copyFile(toEntry(data, repoPath), data);
    }
  } catch (error) {
    // Half a configuration is worse than none: nothing is left behind for the session to read.
    await rm(directory, { recursive: true, force: true });
    throw error;
  }

  for (const skipped of result.skipped) {
    logger.warning(`Base-branch configuration ${skipped.path} was not used: ${skipped.reason}.`);
  }
  logger.debug(
    `Read ${result.files.length} configuration file(s) from the base branch at ${sha}: ${result.files.map((file) => file.path).join(', ') || 'none'}.`,
  );
  return result;
}

/**
 * A repository path as given, checked: relative, `/`-separated, no `.` or `..` segments. `expected`
 * says what the caller asked for, in the error.
 */
export function checkedRepositoryPath(
  raw: string,
  expected = 'configuration paths inside the repository such as ".gemini/policies/ci.toml"',
): string {
  const trimmed = raw.trim().replace(/^\.\//, '').replace(/\/+$/, '');
  const segments = trimmed.split('/');
  if (
    trimmed === '' ||
    trimmed.startsWith('/') ||
    trimmed.includes('\\') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new ConfigurationError(
      `expected ${expected} to read from the base branch, but got "${raw}".`,
    );
  }
  return trimmed;
}

function localPathFor(directory: string, repoPath: string): string {
  const local = path.join(directory, ...repoPath.split('/'));
  // checkedRepositoryPath already refuses `..`; this keeps a future change from writing outside.
  if (!local.startsWith(directory + path.sep)) throw new Error(`unsafe path ${repoPath}`);
  return local;
}

async function resolveCommit(
  client: BaseConfigClient,
  owner: string,
  repo: string,
  ref: string,
): Promise<string> {
  if (FULL_SHA.test(ref)) return ref.toLowerCase();
  const branch = ref.replace(/^refs\//, '').replace(/^heads\//, '');
  const response = await client.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
  return response.data.object.sha;
}

/** Entries in code-unit order of their names, the same on every machine. */
function byName(entries: readonly Entry[]): Entry[] {
  return [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function listing(data: unknown): Entry[] | undefined {
  if (!Array.isArray(data)) return undefined;
  return data.map((item) => toEntry(item, ''));
}

function toEntry(data: unknown, fallbackPath: string): Entry {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const entryPath = typeof record.path === 'string' ? record.path : fallbackPath;
  return {
    type: typeof record.type === 'string' ? record.type : 'unknown',
    path: entryPath,
    name: typeof record.name === 'string' ? record.name : path.posix.basename(entryPath),
    size: typeof record.size === 'number' ? record.size : 0,
  };
}

/** The bytes of a file answer; undefined when GitHub left them out (files over 1 MB). */
function fileContent(data: unknown): Buffer | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { content, encoding } = data as { content?: unknown; encoding?: unknown };
  if (typeof content !== 'string' || encoding !== 'base64') return undefined;
  return Buffer.from(content, 'base64');
}

function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404
  );
}
