/**
 * Lending the workspace to the sandbox user, when commands run as a user other than the Action's
 * (the Action runs as root). Without ACLs or ID-mapped mounts, which not every machine has, the
 * one portable way to let an unprivileged user write the checkout is to make it the owner:
 *
 * - before the first command, files the Action's user owns become the sandbox user's (`.git`
 *   excepted: it stays the Action's, so a command can read history but never plant hooks or
 *   configuration for the trusted steps that run git after the session). Not when the session is
 *   set up: a session is set up at start, and a run that never runs a command (a review, a
 *   search) would otherwise change the owner of every file twice, seconds for a large checkout;
 * - before each later command, files the Action created meanwhile (edits by the built-in tools)
 *   are handed over the same way, so a formatter can rewrite what `write_file` wrote;
 * - at the end, after every sandboxed process is gone, whatever the sandbox user owns goes back to
 *   the Action's user, so publishing sees the files as the checkout made them. A loan no command
 *   used has nothing to give back.
 *
 * Ownership changes never follow symbolic links (`chown -h`), so a link the model planted cannot
 * redirect them to a file outside the workspace. Changing the owner also clears set-user-ID bits.
 */
import type { Logger } from '../logger.js';
import type { RunProgram } from './run-program.js';
import { failureText } from './run-program.js';

export interface Owner {
  uid: number;
  gid: number;
}

export interface WorkspaceLoan {
  /** Hands over the workspace (the first time) or the files the Action created since. */
  refresh(): Promise<void>;
  /** Gives everything back; the loan cannot be used afterwards. */
  giveBack(): Promise<void>;
}

export interface LendOptions {
  workspaceRoot: string;
  /** The Action's user, who owns the checkout. */
  owner: Owner;
  borrower: Owner;
  run: RunProgram;
  logger: Logger;
  /** Prefix for programs that need root (`sudo -n`); empty when the Action is root. */
  asRoot?: readonly string[];
}

export function lendWorkspace(options: LendOptions): WorkspaceLoan {
  const { workspaceRoot, owner, borrower, logger } = options;
  const asRoot = options.asRoot ?? [];
  const gitDir = `${escapeFindPattern(workspaceRoot)}/.git`;
  const handOver = async () => {
    const result = await options.run([
      ...asRoot,
      'find',
      workspaceRoot,
      '-path',
      gitDir,
      '-prune',
      '-o',
      '-user',
      String(owner.uid),
      '-exec',
      'chown',
      '-h',
      `${borrower.uid}:${borrower.gid}`,
      '{}',
      '+',
    ]);
    if (result.exitCode !== 0) {
      logger.warning(
        `Could not hand the workspace to the sandbox user; commands may fail to write files: ${failureText(result)}`,
      );
    }
  };
  let lent = false;
  let returned = false;
  return {
    refresh: async () => {
      if (returned) return;
      lent = true;
      await handOver();
    },
    giveBack: async () => {
      if (returned) return;
      returned = true;
      if (!lent) return;
      const result = await options.run([
        ...asRoot,
        'find',
        workspaceRoot,
        '-user',
        String(borrower.uid),
        '-exec',
        'chown',
        '-h',
        `${owner.uid}:${owner.gid}`,
        '{}',
        '+',
      ]);
      if (result.exitCode !== 0) {
        logger.warning(
          `Could not give the workspace back from the sandbox user: ${failureText(result)}`,
        );
      }
    },
  };
}

/** `find -path` takes a glob: a workspace path with `*`, `?` or `[` must match only itself. */
export function escapeFindPattern(text: string): string {
  return text.replace(/[\\*?[\]]/g, (char) => `\\${char}`);
}
