// The launch rule for the processes the configuration starts when the workspace holds a pull
// request's code: every spelling of a workspace path is pointed at a base-branch copy or refused,
// and nothing that names no path is touched.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { LaunchContext } from '../../src/tools/configured-launch.js';
import {
  checkCommandLineLaunch,
  checkServerLaunch,
  launchEnvironment,
  shellWords,
} from '../../src/tools/configured-launch.js';

async function context(): Promise<LaunchContext & { ws: string }> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'configured-launch-')));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  const ws = path.join(root, 'repo');
  const directory = path.join(root, 'private');
  for (const file of ['scripts/server.js', '.gemini/extensions/tools/start.sh', 'src/x.py']) {
    await mkdir(path.dirname(path.join(ws, file)), { recursive: true });
    await writeFile(path.join(ws, file), '');
  }
  await mkdir(path.join(ws, 'tools'));
  await symlink(ws, path.join(root, 'link'));
  return {
    ws,
    workspaceRoots: [path.join(root, 'link'), ws],
    directory,
    copies: [
      {
        folder: '.gemini/extensions/tools',
        directory: path.join(directory, '.gemini/extensions/tools'),
      },
      { folder: '.gemini/extensions/broken', reason: 'x: a binary file' },
    ],
  };
}

describe('checkServerLaunch', () => {
  it('starts a server that names nothing of the workspace in the private folder, unchanged', async () => {
    const ctx = await context();
    const server = { command: 'npx', args: ['-y', '@scope/server', 'stdio', '--port=3'] };
    expect(await checkServerLaunch(server, ctx)).toEqual({
      ok: true,
      value: { ...server, cwd: ctx.directory },
      copies: [],
    });
    // Servers reached over HTTP start nothing.
    const http = { httpUrl: `file://${ctx.ws}` };
    expect(await checkServerLaunch(http, ctx)).toEqual({ ok: true, value: http, copies: [] });
  });

  it('points every spelling of a copied folder at its copy', async () => {
    const ctx = await context();
    const copy = path.join(ctx.directory, '.gemini/extensions/tools');
    const checked = await checkServerLaunch(
      {
        command: `${ctx.ws}/.gemini/extensions/tools/start.sh`,
        args: [
          '.gemini/extensions/tools/start.sh',
          `--script=${ctx.workspaceRoots[0] ?? ''}/.gemini/extensions/tools/start.sh`,
        ],
        env: { TOOLS: `${ctx.ws}/.gemini/extensions/tools:/usr/lib` },
        cwd: `${ctx.ws}/.gemini/extensions/tools`,
      },
      ctx,
    );
    expect(checked).toEqual({
      ok: true,
      value: {
        command: `${copy}/start.sh`,
        args: ['.gemini/extensions/tools/start.sh', `--script=${copy}/start.sh`],
        env: { TOOLS: `${copy}:/usr/lib` },
        cwd: copy,
      },
      copies: ['.gemini/extensions/tools'],
    });
  });

  it.each([
    [
      { command: 'node', args: ['scripts/server.js'] },
      'its argument "scripts/server.js" names scripts/server.js in the workspace',
    ],
    [
      { command: 'node', args: ['./scripts/../scripts/server.js'] },
      'names scripts/server.js in the workspace',
    ],
    [
      { command: './scripts/server.js' },
      'its command "./scripts/server.js" names scripts/server.js',
    ],
    [
      { command: 'python3', args: ['x.py'], cwd: 'src' },
      'its working directory is src in the workspace',
    ],
    [{ command: 'fs-server', args: ['.'] }, 'its argument "." names the workspace itself'],
    [{ command: 'fs-server', args: ['WS'] }, 'names the workspace itself'],
    [{ command: 'fs-server', args: ['--root=WS/src'] }, '"WS/src" names src in the workspace'],
    [{ command: 'fs-server', args: ['file://WS/src'] }, 'names WS, the workspace'],
    [
      { command: 'srv', env: { NODE_OPTIONS: '--require WS/hook.js' } },
      'its variable NODE_OPTIONS',
    ],
    [
      { command: 'srv', env: { PYTHONPATH: '/usr/lib:WS/src' } },
      'its variable PYTHONPATH "WS/src" names src',
    ],
    [
      { command: 'srv', args: ['LINK/scripts/server.js'] },
      'names scripts/server.js in the workspace',
    ],
    [
      { command: 'sh', args: ['WS/.gemini/extensions/broken/start.sh'] },
      'no copy of .gemini/extensions/broken could be made (x: a binary file)',
    ],
  ])('refuses %j', async (server, reason) => {
    const ctx = await context();
    const fill = (text: string) =>
      text.replaceAll('WS', ctx.ws).replaceAll('LINK', ctx.workspaceRoots[0] ?? '');
    const filled = JSON.parse(fill(JSON.stringify(server))) as Parameters<
      typeof checkServerLaunch
    >[0];
    const checked = await checkServerLaunch(filled, ctx);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.reason).toContain(fill(reason));
  });

  it('points a copied folder named inside a shell snippet at its copy', async () => {
    const ctx = await context();
    const copy = path.join(ctx.directory, '.gemini/extensions/tools');
    expect(
      await checkServerLaunch(
        { command: 'bash', args: ['-c', `cd ${ctx.ws}/.gemini/extensions/tools && ./start.sh`] },
        ctx,
      ),
    ).toEqual({
      ok: true,
      value: { command: 'bash', args: ['-c', `cd ${copy} && ./start.sh`], cwd: ctx.directory },
      copies: ['.gemini/extensions/tools'],
    });
    // A look-alike folder next to the copied one is not it.
    const other = await checkServerLaunch(
      { command: 'bash', args: ['-c', `cd ${ctx.ws}/.gemini/extensions/tools2 && ./x`] },
      ctx,
    );
    expect(other.ok).toBe(false);
  });

  it('leaves what is not in the workspace alone: other folders, look-alike names, missing paths', async () => {
    const ctx = await context();
    const server = {
      command: '/usr/bin/node',
      args: [`${ctx.ws}-other/x.js`, 'missing/file.js', '../elsewhere', '-e', 'stdio'],
      env: { HOME: '/home/runner', MODE: 'tools' },
      cwd: '/opt/server',
    };
    expect(await checkServerLaunch(server, ctx)).toEqual({ ok: true, value: server, copies: [] });
  });
});

describe('checkCommandLineLaunch', () => {
  it('refuses a command line whose words name the workspace, however joined', async () => {
    const ctx = await context();
    for (const line of [
      'sh scripts/server.js',
      'cd tools && ./discover',
      'python3 "src/x.py"',
      `cat ${ctx.ws}/README.md|jq .`,
      `x=$(cat '${ctx.ws}/a');echo`,
    ]) {
      const checked = await checkCommandLineLaunch(line, ctx);
      expect(checked.ok, line).toBe(false);
    }
  });

  it('points absolute paths of copies at them, and passes the rest as written', async () => {
    const ctx = await context();
    const copy = path.join(ctx.directory, '.gemini/extensions/tools');
    expect(
      await checkCommandLineLaunch(`${ctx.ws}/.gemini/extensions/tools/start.sh list`, ctx),
    ).toEqual({ ok: true, value: `${copy}/start.sh list`, copies: ['.gemini/extensions/tools'] });
    expect(await checkCommandLineLaunch(`printf '%s' '[]'`, ctx)).toEqual({
      ok: true,
      value: `printf '%s' '[]'`,
      copies: [],
    });
  });

  it('splits words on blanks and operators, without quotes', () => {
    expect(shellWords(`a "b c";d|e&&f $(g) \`h\` <i >j`)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
      'j',
    ]);
  });
});

describe('launchEnvironment', () => {
  it('drops PATH entries in the workspace (by either spelling, or through a link) and relative ones', async () => {
    const ctx = await context();
    const outside = await realpath(await mkdtemp(path.join(tmpdir(), 'launch-env-')));
    onTestFinished(() => rm(outside, { recursive: true, force: true }));
    await symlink(path.join(ctx.ws, 'tools'), path.join(outside, 'bin'));
    const env = {
      PATH: [
        `${ctx.ws}/node_modules/.bin`,
        `${ctx.workspaceRoots[0] ?? ''}/bin`,
        path.join(outside, 'bin'),
        '.',
        'node_modules/.bin',
        '',
        '/usr/bin',
        `${ctx.ws}-other/bin`,
      ].join(':'),
      HOME: '/home/runner',
    };
    expect(launchEnvironment(env, ctx.workspaceRoots)).toEqual({
      PATH: `/usr/bin:${ctx.ws}-other/bin`,
      HOME: '/home/runner',
    });
  });
});
