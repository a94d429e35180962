// Lending the workspace to the sandbox user: ownership moves only inside the workspace, never
// through a symbolic link the model planted, never into .git, and all of it comes back.
import { lstat, mkdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../src/platform/logger.js';
import { runProgram } from '../../../src/platform/sandbox/run-program.js';
import type { SandboxUser } from '../../../src/platform/sandbox/sandbox-user.js';
import { ensureSandboxUser } from '../../../src/platform/sandbox/sandbox-user.js';
import { escapeFindPattern, lendWorkspace } from '../../../src/platform/sandbox/workspace-loan.js';
import { describeSandboxed, sandboxWay } from '../../support/sandbox-suites.js';
import { makeTempDir, removeTempDirs } from '../../tools/tool-harness.js';

/** The sandbox user, set where the suite runs (the test run's probe found or made it). */
let user: SandboxUser;

afterEach(async () => {
  await removeTempDirs();
});

describe('escapeFindPattern', () => {
  it('makes a path with glob characters match only itself', () => {
    expect(escapeFindPattern('/tmp/a[1]*?\\b')).toBe('/tmp/a\\[1\\]\\*\\?\\\\b');
  });
});

/**
 * A loan of `root` to the sandbox user that records each program it runs; `asRoot` is the prefix
 * of programs that need root (`sudo -n` where the Action is not root; here `env`, which runs the
 * rest as it is, since the tests are root).
 */
function recordingLoan(
  root: string,
  owner: { uid: number; gid: number },
  asRoot: readonly string[] = [],
): { loan: ReturnType<typeof lendWorkspace>; programs: string[][] } {
  const programs: string[][] = [];
  const loan = lendWorkspace({
    workspaceRoot: root,
    owner,
    borrower: user,
    run: (argv, options) => {
      programs.push([...argv]);
      return runProgram(argv, options);
    },
    logger: memoryLogger(),
    asRoot,
  });
  return { loan, programs };
}

describeSandboxed(sandboxWay('sandbox-user'), 'lendWorkspace', () => {
  beforeAll(async () => {
    const found = await ensureSandboxUser(runProgram);
    if ('problem' in found) throw new Error(found.problem);
    user = found;
  });

  it('hands over the workspace but not .git, follows no link out of it, and gives it all back', async () => {
    const owner = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    // A glob character in the path: .git must still be recognised.
    const root = path.join(await makeTempDir('loan-'), 'work [1]');
    const outside = await makeTempDir('loan-outside-');
    await mkdir(path.join(root, '.git'), { recursive: true });
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'src/app.js'), 'x\n');
    await writeFile(path.join(root, '.git/config'), '[core]\n');
    await writeFile(path.join(outside, 'secret'), 'secret\n');
    await symlink(path.join(outside, 'secret'), path.join(root, 'link'));
    const logger = memoryLogger();

    const loan = lendWorkspace({
      workspaceRoot: root,
      owner,
      borrower: user,
      run: runProgram,
      logger,
    });
    // Nothing moves before the first command asks for it.
    expect((await stat(path.join(root, 'src/app.js'))).uid).toBe(owner.uid);
    await loan.refresh();
    expect((await stat(path.join(root, 'src/app.js'))).uid).toBe(user.uid);
    expect((await stat(root)).uid).toBe(user.uid);
    expect((await lstat(path.join(root, 'link'))).uid).toBe(user.uid);
    expect((await stat(path.join(outside, 'secret'))).uid).toBe(owner.uid);
    expect((await stat(path.join(root, '.git/config'))).uid).toBe(owner.uid);

    // What the Action's tools wrote meanwhile, and the directories made for it, are handed over
    // at the next refresh; nothing else is looked at.
    await mkdir(path.join(root, 'src/made'));
    await writeFile(path.join(root, 'src/made/new.js'), 'y\n');
    await writeFile(path.join(root, 'src/untold.js'), 'z\n');
    await loan.refresh([path.join(root, 'src/made/new.js'), path.join(root, '.git/config')]);
    expect((await stat(path.join(root, 'src/made/new.js'))).uid).toBe(user.uid);
    expect((await stat(path.join(root, 'src/made'))).uid).toBe(user.uid);
    expect((await stat(path.join(root, 'src/untold.js'))).uid).toBe(owner.uid);
    expect((await stat(path.join(root, '.git/config'))).uid).toBe(owner.uid);

    await loan.giveBack();
    for (const file of ['.', 'src', 'src/app.js', 'src/made', 'src/made/new.js']) {
      expect((await stat(path.join(root, file))).uid, file).toBe(owner.uid);
    }
    expect((await lstat(path.join(root, 'link'))).uid).toBe(owner.uid);
    expect(logger.lines.filter((line) => line.level === 'warning')).toEqual([]);
    // Once given back, the loan does nothing more.
    await loan.refresh();
    expect((await stat(path.join(root, 'src/app.js'))).uid).toBe(owner.uid);
  });

  it('warns, and does not fail, when ownership cannot be changed', async () => {
    const logger = memoryLogger();
    const loan = lendWorkspace({
      workspaceRoot: path.join(await makeTempDir('loan-missing-'), 'gone'),
      owner: { uid: 0, gid: 0 },
      borrower: user,
      run: runProgram,
      logger,
    });
    await loan.refresh();
    await loan.giveBack();
    expect(logger.lines.map((line) => line.message)).toEqual([
      expect.stringMatching(/^Could not hand the workspace to the sandbox user/),
      expect.stringMatching(/^Could not give the workspace back from the sandbox user/),
    ]);
  });

  it('runs nothing before a later command when the tools wrote nothing, and never follows a link', async () => {
    const owner = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    const root = await makeTempDir('loan-quiet-');
    const outside = await makeTempDir('loan-quiet-outside-');
    await writeFile(path.join(outside, 'secret'), 'secret\n');
    await writeFile(path.join(root, 'app.js'), 'x\n');
    const { loan, programs } = recordingLoan(root, owner);
    await loan.refresh();
    expect(programs.map((argv) => argv[0])).toEqual(['find']);
    await loan.refresh([]);
    await loan.refresh([path.join(outside, 'secret'), path.join(root, 'gone.js')]);
    expect(programs).toHaveLength(1);
    // A file the tools wrote that was replaced by a link since: the link changes owner, not
    // what it leads to.
    await symlink(path.join(outside, 'secret'), path.join(root, 'written.js'));
    await loan.refresh([path.join(root, 'written.js')]);
    expect((await lstat(path.join(root, 'written.js'))).uid).toBe(user.uid);
    expect((await stat(path.join(outside, 'secret'))).uid).toBe(owner.uid);
    // As root, what the tools wrote changes owner in the process: no program per command.
    expect(programs).toHaveLength(1);
    await loan.giveBack();
  });

  it('hands what the tools wrote over with `chown -h` where root is borrowed (sudo)', async () => {
    const owner = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    const root = await makeTempDir('loan-sudo-');
    const outside = await makeTempDir('loan-sudo-outside-');
    await writeFile(path.join(outside, 'secret'), 'secret\n');
    const { loan, programs } = recordingLoan(root, owner, ['env']);
    await loan.refresh();
    await mkdir(path.join(root, 'made'));
    await writeFile(path.join(root, 'made/new.js'), 'y\n');
    await symlink(path.join(outside, 'secret'), path.join(root, 'made/link.js'));
    await loan.refresh([path.join(root, 'made/new.js'), path.join(root, 'made/link.js')]);
    expect(programs.map((argv) => argv.slice(0, 3))).toEqual([
      ['env', 'find', root],
      ['env', 'chown', '-h'],
    ]);
    expect((await stat(path.join(root, 'made/new.js'))).uid).toBe(user.uid);
    expect((await lstat(path.join(root, 'made/link.js'))).uid).toBe(user.uid);
    expect((await stat(path.join(outside, 'secret'))).uid).toBe(owner.uid);
    await loan.giveBack();
  });

  it('changes no owner when no command used the loan', async () => {
    const owner = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    const root = await makeTempDir('loan-unused-');
    await writeFile(path.join(root, 'app.js'), 'x\n');
    const { loan, programs } = recordingLoan(root, owner);
    await loan.giveBack();
    expect(programs).toEqual([]);
    expect((await stat(path.join(root, 'app.js'))).uid).toBe(owner.uid);
  });
});
