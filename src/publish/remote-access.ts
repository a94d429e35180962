/**
 * Talking to the GitHub remote with the job token, without the token ever being stored or shown:
 * - the token reaches git only through the environment of the one command that needs it
 *   (`GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n`, an `http.<server>/.extraheader`
 *   with Basic credentials) — never in argv, where any process can read it, never in a URL, never
 *   in `.git/config`. Header lists left by actions/checkout are reset first (an empty value
 *   empties the list), so exactly one credential is sent;
 * - commands that only need objects run in a throwaway bare "shadow" repository that borrows the
 *   workspace's objects (alternates) but has none of its configuration, so nothing the session
 *   might have left in `.git/config` (`insteadOf` rewrites, credential helpers, other headers)
 *   applies to them; the user's global configuration is not read either.
 */
import { copyFile, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scratchRoot } from '../platform/scratch-root.js';
import type { Git } from './git.js';
import { remoteProtocol } from './git.js';

export interface RemoteAccess {
  /** Where to push and fetch: `${GITHUB_SERVER_URL}/${owner}/${repo}.git`, or a local path in tests. */
  remoteUrl: string;
  /** `GITHUB_SERVER_URL`: the header is only sent to URLs under it. */
  serverUrl: string;
  /** The token for this remote (the job's `GITHUB_TOKEN` or the `github_token` input). */
  token: string;
}

/**
 * The environment that hands `token` to one git command as an HTTP header for `serverUrl`,
 * after emptying the header lists a checkout may have configured.
 */
export function authEnvironment(serverUrl: string, token: string): Record<string, string> {
  const server = `${serverUrl.replace(/\/+$/, '')}/`;
  const credentials = Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64');
  const entries: [string, string][] = [
    ['http.extraheader', ''],
    [`http.${server}.extraheader`, ''],
    [`http.${server}.extraheader`, `AUTHORIZATION: basic ${credentials}`],
  ];
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(entries.length) };
  entries.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return env;
}

/** Options for a network command against the remote. */
export function networkCommand(access: RemoteAccess): {
  env: Record<string, string>;
  network: { protocol: string };
} {
  return {
    env: authEnvironment(access.serverUrl, access.token),
    network: { protocol: remoteProtocol(access.remoteUrl) },
  };
}

export interface ShadowRepository {
  /** Run commands here (it is a bare repository). */
  dir: string;
  /** `GIT_DIR` for commands in it, and no global configuration. */
  env: Record<string, string>;
}

/**
 * Runs `job` in a fresh bare repository without configuration of its own that can read the
 * objects of the repository at `root`, and removes it afterwards.
 */
export async function withShadowRepository<T>(
  git: Git,
  root: string,
  job: (shadow: ShadowRepository) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(scratchRoot(), 'gemini-agent-remote-'));
  const env = { GIT_DIR: dir, GIT_CONFIG_GLOBAL: '/dev/null' };
  try {
    const format = (await git.run(['rev-parse', '--show-object-format'], { cwd: root })).trim();
    // No template: nothing (not even sample hooks) is copied in.
    await git.run(['init', '--bare', '--quiet', '--template=', `--object-format=${format}`, dir], {
      cwd: dir,
      env: { GIT_CONFIG_GLOBAL: '/dev/null' },
    });
    const objects = await gitPath(git, root, 'objects');
    await writeFile(path.join(dir, 'objects', 'info', 'alternates'), `${objects}\n`);
    // A shallow checkout's history ends at its graft points; without them the walk to find what
    // the remote lacks would look for parents that were never fetched.
    try {
      await copyFile(await gitPath(git, root, 'shallow'), path.join(dir, 'shallow'));
    } catch {
      // Not shallow.
    }
    return await job({ dir, env });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An absolute path inside the repository's git directory (worktrees and `GIT_DIR` included). */
async function gitPath(git: Git, root: string, name: string): Promise<string> {
  const relative = (await git.run(['rev-parse', '--git-path', name], { cwd: root })).trim();
  const absolute = path.resolve(root, relative);
  try {
    return await realpath(absolute);
  } catch {
    return absolute;
  }
}

/** Commits of a ref fetched into a shallow checkout, unless the caller says otherwise. */
export const DEFAULT_FETCH_DEPTH = 50;

/** `git fetch` of exactly the refspec given: no tags, no submodules, no FETCH_HEAD written. */
export const FETCH_ONE_REF = [
  'fetch',
  '--quiet',
  '--no-tags',
  '--no-recurse-submodules',
  '--no-write-fetch-head',
] as const;

/**
 * Fetches `ref` from the remote into the workspace's objects only — no FETCH_HEAD, no ref, no
 * tags — with the token in this one command's environment. A shallow checkout gets `depth`
 * commits of it, so its history has a start.
 */
export async function fetchIntoWorkspace(
  git: Git,
  access: RemoteAccess,
  options: { root: string; ref: string; depth?: number | undefined },
): Promise<void> {
  const { root } = options;
  const shallow =
    (await git.run(['rev-parse', '--is-shallow-repository'], { cwd: root })).trim() === 'true';
  await git.run(
    [
      ...FETCH_ONE_REF,
      ...(shallow ? [`--depth=${options.depth ?? DEFAULT_FETCH_DEPTH}`] : []),
      access.remoteUrl,
      options.ref,
    ],
    { cwd: root, ...networkCommand(access) },
  );
}
