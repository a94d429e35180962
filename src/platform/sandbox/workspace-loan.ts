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
 * - before each later command, what the Action's own tools wrote meanwhile (a file `write_file`
 *   created or an edit replaced, and the directories created for it) is handed over, so a
 *   formatter can rewrite it. The tools say which files they wrote; walking the whole checkout
 *   again before every command would cost a fifth of a second in a checkout of 100,000 files;
 * - at the end, after every sandboxed process is gone, whatever the sandbox user owns goes back to
 *   the Action's user, so publishing sees the files as the checkout made them. A loan no command
 *   used has nothing to give back.
 *
 * Ownership changes never follow symbolic links (`chown -h`, `lchown`), so a link the model
 * planted cannot redirect them to a file outside the workspace. Changing the owner also clears
 * set-user-ID bits.
 */
import { lchown, lstat } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { isInsideOrSame, isStrictlyInside } from '../path-containment.js';
import type { RunProgram } from './run-program.js';
import { failureText } from './run-program.js';

export interface Owner {
  uid: number;
  gid: number;
}

export interface WorkspaceLoan {
  /**
   * Hands over the workspace (the first time), or else `actionWrites`: files the Action wrote in
   * the workspace since the last refresh, with the directories above them it created.
   */
  refresh(actionWrites?: readonly string[]): Promise<void>;
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
  const ids = `${borrower.uid}:${borrower.gid}`;
  const handOverAll = async () => {
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
      ids,
      '{}',
      '+',
    ]);
    if (result.exitCode !== 0) {
      logger.warning(
        `Could not hand the workspace to the sandbox user; commands may fail to write files: ${failureText(result)}`,
      );
    }
  };
  const handOverWritten = async (actionWrites: readonly string[]) => {
    const paths = await stillTheOwners(workspaceRoot, actionWrites, owner);
    const warn = (reason: string) => {
      logger.warning(
        `Could not hand files the tools wrote to the sandbox user; commands may fail to change them: ${reason}`,
      );
    };
    if (asRoot.length === 0) {
      // The Action is root: the files a refresh hands over change owner in this process, where
      // a `chown` would cost a fork of it before the command. `lchown` is `chown -h`.
      const results = await Promise.allSettled(
        paths.map((file) => lchown(file, borrower.uid, borrower.gid)),
      );
      const failed = results.find((result) => result.status === 'rejected');
      if (failed !== undefined) warn(errorMessage(failed.reason));
      return;
    }
    for (let start = 0; start < paths.length; start += CHOWN_BATCH) {
      const batch = paths.slice(start, start + CHOWN_BATCH);
      const result = await options.run([...asRoot, 'chown', '-h', ids, '--', ...batch]);
      if (result.exitCode !== 0) warn(failureText(result));
    }
  };
  let lent = false;
  let returned = false;
  return {
    refresh: async (actionWrites = []) => {
      if (returned) return;
      if (!lent) {
        lent = true;
        await handOverAll();
        return;
      }
      if (actionWrites.length > 0) await handOverWritten(actionWrites);
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

/** Paths per `chown` run, well below any limit on the length of a command line. */
const CHOWN_BATCH = 200;

/**
 * Of the files the tools wrote, and the directories above them up to the workspace, those that
 * are still there and still the Action's, outside `.git`: the ones to hand over. Nothing is
 * followed: a path that became a symlink is the symlink itself (`chown -h`).
 */
async function stillTheOwners(
  workspaceRoot: string,
  actionWrites: readonly string[],
  owner: Owner,
): Promise<string[]> {
  const gitDir = path.join(workspaceRoot, '.git');
  const candidates = new Set<string>();
  for (const written of actionWrites) {
    const absolute = path.resolve(written);
    if (isInsideOrSame(absolute, gitDir)) continue;
    for (let at = absolute; isStrictlyInside(at, workspaceRoot); at = path.dirname(at)) {
      candidates.add(at);
    }
  }
  const owned = await Promise.all(
    [...candidates].map(async (candidate) => {
      const stats = await lstat(candidate).catch(() => null);
      return stats?.uid === owner.uid ? candidate : null;
    }),
  );
  return owned.filter((candidate): candidate is string => candidate !== null);
}

/** `find -path` takes a glob: a workspace path with `*`, `?` or `[` must match only itself. */
export function escapeFindPattern(text: string): string {
  return text.replace(/[\\*?[\]]/g, (char) => `\\${char}`);
}
