// Which directories a namespace sandbox hides and which stay visible: derived from the
// environment of the run, never hiding the workspace or the system's own directories.
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runnerRoot, sandboxPaths } from '../../../src/platform/sandbox/sandbox-paths.js';
import { makeTempDir, removeTempDirs } from '../../tools/tool-harness.js';

afterEach(async () => {
  await removeTempDirs();
});

/** Directories for one test, created under a fresh temporary directory. */
async function layout(...dirs: string[]): Promise<Record<string, string>> {
  const base = await realpath(await makeTempDir('sandbox-paths-'));
  const made: Record<string, string> = { base };
  for (const dir of dirs) {
    await mkdir(path.join(base, dir), { recursive: true });
    // Every ancestor by its relative name too: `home/work` gives `home` and `home/work`.
    const parts = dir.split('/');
    for (let end = 1; end <= parts.length; end += 1) {
      const relative = parts.slice(0, end).join('/');
      made[relative] = path.join(base, relative);
    }
  }
  return made;
}

const hidden = (paths: Awaited<ReturnType<typeof sandboxPaths>>) => paths.hide.map((d) => d.path);

describe('sandboxPaths', () => {
  it("hides the home, the runner's temporary directory and the file commands' directories", async () => {
    const dirs = await layout('home/work/repo', 'home/work/_temp/_runner_file_commands', 'xdg');
    const fileCommands = path.join(dirs['home/work/_temp/_runner_file_commands'] ?? '', 'set_env');
    const paths = await sandboxPaths({
      environments: [
        {
          HOME: dirs.home,
          RUNNER_TEMP: dirs['home/work/_temp'],
          GITHUB_ENV: fileCommands,
          XDG_RUNTIME_DIR: dirs.xdg,
        },
      ],
      workspaceRoot: dirs['home/work/repo'] ?? '',
      homes: [],
      maskSockets: false,
    });
    expect(paths.hide).toEqual(
      expect.arrayContaining([
        { path: dirs.home, mode: '0700' },
        { path: dirs['home/work/_temp'], mode: '0700' },
        { path: dirs['home/work/_temp/_runner_file_commands'], mode: '0700' },
        { path: dirs.xdg, mode: '0700' },
        { path: '/tmp', mode: '1777' },
      ]),
    );
    // Outer directories come first, so inner ones are created inside the outer one's tmpfs.
    const order = hidden(paths);
    expect(order.indexOf(dirs.home ?? '')).toBeLessThan(
      order.indexOf(dirs['home/work/_temp'] ?? ''),
    );
  });

  it('takes HOME and TMPDIR from every environment given (the Action’s and the commands’)', async () => {
    const dirs = await layout('action-home', 'command-home', 'tmpdir', 'ws');
    const paths = await sandboxPaths({
      environments: [
        { HOME: dirs['action-home'] },
        { HOME: dirs['command-home'], TMPDIR: dirs.tmpdir },
      ],
      workspaceRoot: dirs.ws ?? '',
      homes: [],
      maskSockets: false,
    });
    expect(paths.hide).toEqual(
      expect.arrayContaining([
        { path: dirs['action-home'], mode: '0700' },
        { path: dirs['command-home'], mode: '0700' },
        { path: dirs.tmpdir, mode: '1777' },
      ]),
    );
  });

  it('never hides the workspace, a directory inside it, the root or a system directory', async () => {
    const dirs = await layout('ws/inner');
    const paths = await sandboxPaths({
      environments: [
        { HOME: dirs.ws, TMPDIR: dirs['ws/inner'], RUNNER_TEMP: '/' },
        { HOME: '/usr', XDG_RUNTIME_DIR: '/etc' },
      ],
      workspaceRoot: dirs.ws ?? '',
      homes: [],
      maskSockets: false,
    });
    for (const dir of [dirs.ws, dirs['ws/inner'], '/', '/usr', '/etc']) {
      expect(hidden(paths)).not.toContain(dir);
    }
  });

  it('skips directories that do not exist or are given as relative paths', async () => {
    const dirs = await layout('ws');
    const paths = await sandboxPaths({
      environments: [{ HOME: path.join(dirs.base ?? '', 'missing'), RUNNER_TEMP: 'relative/temp' }],
      workspaceRoot: dirs.ws ?? '',
      homes: [],
      maskSockets: false,
    });
    expect(hidden(paths).filter((dir) => dir.startsWith(dirs.base ?? ''))).toEqual([]);
  });

  it('keeps the tool cache and PATH bin directories under a hidden directory visible', async () => {
    const dirs = await layout('home/.cargo/bin', 'home/lib', 'home/work/_tool', 'home/work/repo');
    const paths = await sandboxPaths({
      environments: [
        {
          HOME: dirs.home,
          RUNNER_TOOL_CACHE: dirs['home/work/_tool'],
          PATH: [dirs['home/.cargo/bin'], dirs['home/lib'], '/usr/bin'].join(path.delimiter),
        },
      ],
      workspaceRoot: dirs['home/work/repo'] ?? '',
      homes: [],
      maskSockets: false,
    });
    expect(paths.keep).toEqual([dirs['home/work/_tool'], dirs['home/.cargo/bin']]);
  });

  it('keeps the folders the session asks to read first, before the tool cache and PATH', async () => {
    const dirs = await layout('home/work/_tool', 'home/work/repo', 'tmp/gemini-agent-base-x');
    const paths = await sandboxPaths({
      environments: [
        { HOME: dirs.home, TMPDIR: dirs.tmp, RUNNER_TOOL_CACHE: dirs['home/work/_tool'] },
      ],
      workspaceRoot: dirs['home/work/repo'] ?? '',
      homes: [],
      maskSockets: false,
      readable: [dirs['tmp/gemini-agent-base-x'] ?? '', path.join(dirs.base ?? '', 'missing')],
    });
    expect(paths.keep).toEqual([dirs['tmp/gemini-agent-base-x'], dirs['home/work/_tool']]);
  });

  it('keeps nothing that would show a hidden directory or the workspace again', async () => {
    const dirs = await layout('home/bin/_temp', 'home/work/bin/repo');
    const paths = await sandboxPaths({
      environments: [
        {
          HOME: dirs.home,
          RUNNER_TEMP: dirs['home/bin/_temp'],
          // An ancestor of the workspace, and one of a hidden directory.
          PATH: [dirs['home/work/bin'], dirs['home/bin']].join(path.delimiter),
        },
      ],
      workspaceRoot: dirs['home/work/bin/repo'] ?? '',
      homes: [],
      maskSockets: false,
    });
    expect(paths.keep).toEqual([]);
  });

  it('covers container engine sockets only when asked', async () => {
    const dirs = await layout('ws');
    const without = await sandboxPaths({
      environments: [{}],
      workspaceRoot: dirs.ws ?? '',
      homes: [],
      maskSockets: false,
    });
    expect(without.mask).toEqual([]);
    const withMasks = await sandboxPaths({
      environments: [{}],
      workspaceRoot: dirs.ws ?? '',
      homes: [],
      maskSockets: true,
    });
    // Only sockets that exist here; none of them is a directory to hide.
    for (const file of withMasks.mask) expect(file).toMatch(/\.sock$/);
  });
});

describe('runnerRoot', () => {
  it("finds the runner's installation from the Node executable in its externals", async () => {
    const dirs = await layout(
      'runner/externals/node24/bin',
      'runner/bin',
      'other/externals/node/bin',
    );
    await writeFile(path.join(dirs['runner/bin'] ?? '', 'Runner.Worker'), '');
    expect(runnerRoot(path.join(dirs['runner/externals/node24/bin'] ?? '', 'node'))).toBe(
      dirs.runner,
    );
    expect(runnerRoot(path.join(dirs['other/externals/node/bin'] ?? '', 'node'))).toBeUndefined();
    expect(runnerRoot('/usr/bin/node')).toBeUndefined();
  });
});
