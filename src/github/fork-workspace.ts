/**
 * Whether the checked-out workspace holds a pull request's code. Workflows often check out the
 * pull request's head (or its merge ref) for `/gemini` comments and reviews. On a fork's pull
 * request that code was written by someone without write access, and running any of it — `npm
 * test` runs the fork's scripts — would run it beside the Action's credentials: the caller then
 * allows no commands at all (see `untrustedWorkspace` in policy-setup.ts). On any pull request the
 * programs the base branch's configuration starts must not run the pull request's files either
 * (github/pull-request-code.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs git in `cwd`; resolves with its exit code (0 true, 1 false, other codes errors). */
export type GitProbe = (cwd: string, args: readonly string[]) => Promise<number>;

/** Git with the repository's hooks and fsmonitor off and no prompts: nothing of the repo runs. */
const SAFE_GIT = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false'];
const gitEnv = () => ({ PATH: process.env.PATH ?? '', GIT_TERMINAL_PROMPT: '0' });

const probeGit: GitProbe = async (cwd, args) => {
  try {
    await run('git', [...SAFE_GIT, '-C', cwd, ...args], { env: gitEnv(), timeout: 30_000 });
    return 0;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'number' ? code : -1;
  }
};

/** The output of a git command, or undefined when it failed. */
async function readGit(cwd: string, args: readonly string[]): Promise<string | undefined> {
  try {
    const { stdout } = await run('git', [...SAFE_GIT, '-C', cwd, ...args], {
      env: gitEnv(),
      timeout: 30_000,
      maxBuffer: 1024 * 1024,
    });
    return stdout;
  } catch {
    return undefined;
  }
}

export interface ForkWorkspaceCheck {
  holdsForkCode: boolean;
  /** Why, for the log. */
  reason: string;
}

/**
 * The fork's head commit `headSha` is in the workspace when it is HEAD or an ancestor of HEAD (a
 * merge ref), or a parent HEAD records (a shallow checkout of `refs/pull/N/merge`, whose parents
 * were not fetched). When that cannot be told — no repository, git missing — the answer is yes:
 * the cautious one. A head commit that is neither in the repository nor a parent of HEAD means the
 * fork's code was not checked out.
 */
export async function checkForkWorkspace(
  workspaceRoot: string,
  headSha: string | undefined,
  probe: GitProbe = probeGit,
): Promise<ForkWorkspaceCheck> {
  const check = await checkPullRequestWorkspace(workspaceRoot, headSha, {
    probe,
    whose: "the fork's",
  });
  return { holdsForkCode: check.holdsHeadCode, reason: check.reason };
}

export interface PullRequestWorkspaceCheck {
  /** Whether the workspace holds (or may hold) the pull request's head code. */
  holdsHeadCode: boolean;
  /** Why, for the log. */
  reason: string;
}

/** {@link checkForkWorkspace} for any pull request: same-repository branches and forks alike. */
export async function checkPullRequestWorkspace(
  workspaceRoot: string,
  headSha: string | undefined,
  options: { probe?: GitProbe; whose?: string } = {},
): Promise<PullRequestWorkspaceCheck> {
  const probe = options.probe ?? probeGit;
  const whose = options.whose ?? "the pull request's";
  if (headSha === undefined || !/^[0-9a-f]{40,64}$/i.test(headSha)) {
    return { holdsHeadCode: true, reason: `${whose} head commit is unknown` };
  }
  const short = headSha.slice(0, 7);
  if ((await probe(workspaceRoot, ['rev-parse', '--verify', '--quiet', 'HEAD'])) !== 0) {
    return {
      holdsHeadCode: true,
      reason: 'the workspace is not a git checkout, so its code cannot be told apart',
    };
  }
  // HEAD itself, or a merge of it (refs/pull/N/merge). The commit object lists its parents even
  // where a shallow fetch left them out, so this holds for `fetch-depth: 1` checkouts too.
  const head = await readGit(workspaceRoot, ['cat-file', 'commit', 'HEAD']);
  const headId = (
    await readGit(workspaceRoot, ['rev-parse', '--verify', '--quiet', 'HEAD'])
  )?.trim();
  const parents = (head ?? '')
    .split('\n\n')[0]
    ?.split('\n')
    .filter((line) => line.startsWith('parent '))
    .map((line) => line.slice('parent '.length).trim().toLowerCase());
  if (headId?.toLowerCase() === headSha.toLowerCase()) {
    return { holdsHeadCode: true, reason: `HEAD contains ${whose} head ${short}` };
  }
  if (parents?.includes(headSha.toLowerCase()) === true) {
    return { holdsHeadCode: true, reason: `HEAD contains ${whose} head ${short}` };
  }
  if ((await probe(workspaceRoot, ['cat-file', '-e', `${headSha}^{commit}`])) !== 0) {
    return { holdsHeadCode: false, reason: `${whose} head ${short} is not in the repository` };
  }
  const ancestor = await probe(workspaceRoot, ['merge-base', '--is-ancestor', headSha, 'HEAD']);
  if (ancestor === 1) {
    return { holdsHeadCode: false, reason: `HEAD does not contain ${whose} head ${short}` };
  }
  return {
    holdsHeadCode: true,
    reason:
      ancestor === 0
        ? `HEAD contains ${whose} head ${short}`
        : `could not tell whether HEAD contains ${whose} head ${short}`,
  };
}

/**
 * Whether the checkout tracks anything at `repoPath` (a folder or file, relative to the root):
 * then its files came with the checked-out commit. Yes when git cannot tell.
 */
export async function tracksPath(
  workspaceRoot: string,
  repoPath: string,
  probe: GitProbe = probeGit,
): Promise<boolean> {
  const code = await probe(workspaceRoot, [
    '--literal-pathspecs',
    'ls-files',
    '--error-unmatch',
    '--',
    repoPath,
  ]);
  return code !== 1;
}
