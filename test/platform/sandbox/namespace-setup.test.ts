// The namespace setup script: its arguments, and that it fails closed — a directory it cannot
// hide stops the sandbox from starting instead of leaving that directory in sight.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_KEPT_DIRECTORIES,
  READY_LINE,
  SETUP_SCRIPT,
  setupArguments,
} from '../../../src/platform/sandbox/namespace-setup.js';
import { runProgram } from '../../../src/platform/sandbox/run-program.js';
import { describeSandboxed, sandboxWay } from '../../support/sandbox-suites.js';
import { makeTempDir, removeTempDirs } from '../../tools/tool-harness.js';

afterEach(async () => {
  await removeTempDirs();
});

describe('setupArguments', () => {
  it('passes every setting and directory as one tagged argument', () => {
    expect(
      setupArguments({
        workspaceRoot: '/w/repo with space',
        hide: [
          { path: '/home/runner', mode: '0700' },
          { path: '/tmp', mode: '1777' },
        ],
        keep: ['/home/runner/.cargo/bin'],
        mask: ['/run/docker.sock'],
        uid: 1001,
        gid: 118,
        ownNetwork: true,
      }),
    ).toEqual([
      'ws:/w/repo with space',
      'uid:1001',
      'gid:118',
      'net:1',
      'hide:0700:/home/runner',
      'hide:1777:/tmp',
      'keep:/home/runner/.cargo/bin',
      'mask:/run/docker.sock',
    ]);
  });

  it('refuses more kept directories than there are file descriptors for', () => {
    expect(() =>
      setupArguments({
        workspaceRoot: '/w',
        hide: [],
        keep: Array.from({ length: MAX_KEPT_DIRECTORIES + 1 }, (_, i) => `/k${i}`),
        mask: [],
        uid: 0,
        gid: 0,
        ownNetwork: false,
      }),
    ).toThrow(`at most ${MAX_KEPT_DIRECTORIES} directories`);
  });
});

describeSandboxed(sandboxWay('unshare'), 'the setup script', () => {
  async function setUp(extra: string[]) {
    const workspace = await makeTempDir('setup-');
    return runProgram(
      [
        'unshare',
        '--pid',
        '--fork',
        '--kill-child',
        '--mount',
        '--mount-proc',
        '--',
        'sh',
        '-c',
        // Stops right after reporting ready instead of staying as the init.
        SETUP_SCRIPT.replace(/^exec sh -c 'trap[^\n]*$/m, 'exit 0'),
        'gemini-sandbox',
        `ws:${workspace}`,
        'uid:0',
        'gid:0',
        'net:0',
        ...extra,
      ],
      { cwd: workspace, timeoutMs: 10_000 },
    );
  }

  it('reports ready when every directory could be hidden', async () => {
    const home = await makeTempDir('setup-home-');
    const result = await setUp([`hide:0700:${home}`]);
    expect(result.stdout).toBe(`${READY_LINE}\n`);
    expect(result.exitCode).toBe(0);
  });

  it('fails, naming the directory, when one cannot be hidden', async () => {
    const impossible = path.join('/proc', 'self', 'gemini-sandbox-test');
    const result = await setUp([`hide:0700:${impossible}`]);
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).not.toContain(READY_LINE);
    expect(result.stderr).toContain(`gemini-sandbox: cannot hide ${impossible}`);
  });
});
