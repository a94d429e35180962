/**
 * Whether the checked-out workspace holds a fork's pull request code. Workflows often check out
 * the pull request's head (or its merge ref) for `/gemini` comments; on a fork's pull request that
 * code was written by someone without write access, and running any of it — `npm test` runs the
 * fork's scripts — would run it beside the Action's credentials. The caller then allows no
 * commands at all (see `untrustedWorkspace` in policy-setup.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs git in `cwd`; resolves with its exit code (0 true, 1 false, other codes errors). */
export type GitProbe = (cwd: string, args: readonly string[]) => Promise<number>;

/** Git with the repository's hooks and fsmonitor off and no prompts: nothing of the repo runs. */
const probeGit: GitProbe = async (cwd, args) => {
  try {
    await run(
      'git',
      ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-C', cwd, ...args],
      { env: { PATH: process.env.PATH ?? '', GIT_TERMINAL_PROMPT: '0' }, timeout: 30_000 },
    );
    return 0;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'number' ? code : -1;
  }
};

export interface ForkWorkspaceCheck {
  holdsForkCode: boolean;
  /** Why, for the log. */
  reason: string;
}

/**
 * The fork's head commit `headSha` is in the workspace when it is HEAD or an ancestor of HEAD (a
 * merge ref). When that cannot be told — no repository, git missing — the answer is yes: the
 * cautious one. A head commit that is not in the repository at all means the fork's code was
 * not checked out.
 */
export async function checkForkWorkspace(
  workspaceRoot: string,
  headSha: string | undefined,
  probe: GitProbe = probeGit,
): Promise<ForkWorkspaceCheck> {
  if (headSha === undefined || !/^[0-9a-f]{40,64}$/i.test(headSha)) {
    return { holdsForkCode: true, reason: "the pull request's head commit is unknown" };
  }
  const short = headSha.slice(0, 7);
  if ((await probe(workspaceRoot, ['rev-parse', '--verify', '--quiet', 'HEAD'])) !== 0) {
    return {
      holdsForkCode: true,
      reason: 'the workspace is not a git checkout, so its code cannot be told apart',
    };
  }
  if ((await probe(workspaceRoot, ['cat-file', '-e', `${headSha}^{commit}`])) !== 0) {
    return { holdsForkCode: false, reason: `the fork's head ${short} is not in the repository` };
  }
  const ancestor = await probe(workspaceRoot, ['merge-base', '--is-ancestor', headSha, 'HEAD']);
  if (ancestor === 1) {
    return { holdsForkCode: false, reason: `HEAD does not contain the fork's head ${short}` };
  }
  return {
    holdsForkCode: true,
    reason:
      ancestor === 0
        ? `HEAD contains the fork's head ${short}`
        : `could not tell whether HEAD contains the fork's head ${short}`,
  };
}
