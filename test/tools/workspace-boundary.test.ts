// The hardened boundary: denied places, hard links, special files, every spelling of `.git`, and
// path texts no file system takes.
import { execFileSync } from 'node:child_process';
import { link, mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createListDirectoryTool } from '../../src/tools/list-directory.js';
import { createReadFileTool } from '../../src/tools/read-file.js';
import { deniedPathsFromEnvironment, Workspace } from '../../src/tools/workspace.js';
import { makeTempDir, removeTempDirs, toolHarness } from './tool-harness.js';
import type { ResolvedPath } from '../../src/tools/workspace-types.js';

let root: string;
let outside: string;
let workspace: Workspace;

beforeEach(async () => {
  root = await makeTempDir('boundary-');
  outside = await makeTempDir('boundary-outside-');
  workspace = await Workspace.create(root);
});
afterEach(removeTempDirs);

const posixOnly = process.platform === 'win32' ? it.skip : it;

function refusal(result: ResolvedPath): string {
  if (result.ok) throw new Error(`expected a refusal, got ${result.absolutePath}`);
  expect(result.error.type).toBe('path_not_in_workspace');
  return result.error.message;
}

const toolsFor = (ws: Workspace) => [
  createReadFileTool({ workspace: ws }),
  createListDirectoryTool({ workspace: ws }),
];

describe('denied places', () => {
  posixOnly('refuses /proc, /sys and /dev even with a workspace root at /', async () => {
    const whole = await Workspace.create('/');
    expect(refusal(whole.resolve('/proc/self/environ', { purpose: 'read' }))).toBe(
      'Path not in workspace: Attempted path "/proc/self/environ" leads into "/proc" (process information), which tools may not use.',
    );
    expect(refusal(whole.resolve('/sys/kernel', { purpose: 'read' }))).toContain('"/sys"');
    expect(refusal(whole.resolve('/dev/null', { purpose: 'write' }))).toContain('"/dev"');
    expect(refusal(whole.resolve('/dev/shm/x', { purpose: 'write' }))).toContain('"/dev"');
    expect(whole.resolve(path.join(root, 'a.txt'), { purpose: 'write' }).ok).toBe(true);
  });

  posixOnly('never shows the process environment to the model through the tools', async () => {
    const harness = await toolHarness('/', { tools: toolsFor });
    const completed = await harness.call('read_file', { absolute_path: '/proc/self/environ' });
    expect(completed.result.error?.type).toBe('path_not_in_workspace');
    expect(JSON.stringify(completed.responseParts)).not.toContain('PATH=');
    const listing = await harness.call('list_directory', { path: '/' });
    const output = JSON.stringify(listing.responseParts);
    expect(output).toContain('[DIR] tmp');
    expect(output).not.toContain('[DIR] proc');
    expect(output).not.toContain('[DIR] dev');
  });

  posixOnly('refuses a path that only passes through /proc, wherever it ends', async () => {
    // `/proc/self/cwd` is the process's working directory: the text resolves inside the root,
    // but the kernel follows the magic link, not the text.
    const here = await Workspace.create(process.cwd());
    const viaProc = path.join('/proc/self/cwd', 'package.json');
    expect(refusal(here.resolve(viaProc, { purpose: 'read' }))).toContain('"/proc"');
    await symlink('/proc/self/cwd', path.join(root, 'cwd-link'));
    const withSlash = await Workspace.create(root, { additionalRoots: ['/'] });
    expect(refusal(withSlash.resolve('cwd-link/x', { purpose: 'read' }))).toContain('"/proc"');
  });

  it('refuses RUNNER_TEMP, the file-command files and the raw event inside an additional root', async () => {
    // The runner's layout: the repository under work/<repo>/<repo>, the runner's files in work/_temp.
    const work = path.join(root, 'work');
    const repo = path.join(work, 'repo', 'repo');
    const temp = path.join(work, '_temp');
    const commands = path.join(temp, '_runner_file_commands');
    await mkdir(repo, { recursive: true });
    await mkdir(commands, { recursive: true });
    await writeFile(path.join(commands, 'set_env_1'), '');
    const env = {
      RUNNER_TEMP: temp,
      GITHUB_ENV: path.join(commands, 'set_env_1'),
      GITHUB_OUTPUT: path.join(commands, 'set_output_1'),
      GITHUB_EVENT_PATH: path.join(temp, '_github_workflow', 'event.json'),
    };
    const runner = await Workspace.create(repo, {
      additionalRoots: [work],
      deniedPaths: deniedPathsFromEnvironment(env),
    });
    await symlink(env.GITHUB_ENV, path.join(repo, 'env-link'));
    expect(refusal(runner.resolve(env.GITHUB_ENV, { purpose: 'write' }))).toBe(
      `Path not in workspace: Attempted path "${env.GITHUB_ENV}" leads into "${temp}" (the runner's temporary directory (RUNNER_TEMP)), which tools may not use.`,
    );
    for (const attempt of [
      path.join(temp, 'credentials.config'),
      'env-link',
      '../../_temp/_github_workflow/event.json',
    ]) {
      expect(runner.resolve(attempt, { purpose: 'read' }).ok, attempt).toBe(false);
    }
    expect(runner.resolve(path.join(work, 'notes.md'), { purpose: 'write' }).ok).toBe(true);
  });

  it('denies the file-command files and their runner directory without RUNNER_TEMP', async () => {
    const commands = path.join(root, 'elsewhere', '_runner_file_commands');
    const denied = deniedPathsFromEnvironment({
      GITHUB_STEP_SUMMARY: path.join(commands, 'step_summary_1'),
    });
    const ws = await Workspace.create(root, { deniedPaths: denied });
    expect(refusal(ws.resolve(path.join(commands, 'step_summary_1'), { purpose: 'write' }))).toBe(
      `Path not in workspace: Attempted path "${path.join(commands, 'step_summary_1')}" leads into "${path.join(commands, 'step_summary_1')}" (a runner file command (GITHUB_STEP_SUMMARY)), which tools may not use.`,
    );
    expect(ws.resolve(path.join(commands, 'add_path_1'), { purpose: 'write' }).ok).toBe(false);
    expect(ws.resolve(path.join(root, 'elsewhere', 'other'), { purpose: 'write' }).ok).toBe(true);
  });

  it('derives the denied places from the environment, and nothing from unset variables', () => {
    expect(deniedPathsFromEnvironment({})).toEqual([]);
    expect(
      deniedPathsFromEnvironment({
        RUNNER_TEMP: '/runner/_temp',
        GITHUB_PATH: '/runner/_temp/_runner_file_commands/add_path_1',
        GITHUB_STATE: '/runner/_temp/_runner_file_commands/save_state_1',
        GITHUB_EVENT_PATH: '/runner/_temp/_github_workflow/event.json',
        // Set by hand for a local run: the file is denied, its directory (the repo) is not.
        GITHUB_OUTPUT: '/home/me/repo/out.txt',
      }).map((entry) => entry.path),
    ).toEqual([
      '/runner/_temp',
      '/home/me/repo/out.txt',
      '/runner/_temp/_runner_file_commands/add_path_1',
      '/runner/_temp/_runner_file_commands',
      '/runner/_temp/_runner_file_commands/save_state_1',
      '/runner/_temp/_github_workflow/event.json',
    ]);
  });

  it('denies a Google Cloud credentials file left inside the checkout', async () => {
    // google-github-actions/auth writes it where the workflow says; older versions, in the checkout.
    const credentials = path.join(root, 'gha-creds-1234.json');
    await writeFile(credentials, '{"type":"external_account"}');
    const ws = await Workspace.create(root, {
      deniedPaths: deniedPathsFromEnvironment({ GOOGLE_APPLICATION_CREDENTIALS: credentials }),
    });
    expect(refusal(ws.resolve('gha-creds-1234.json', { purpose: 'read' }))).toContain(
      'the Google Cloud credentials file (GOOGLE_APPLICATION_CREDENTIALS)',
    );
    expect(ws.resolve('README.md', { purpose: 'read' }).ok).toBe(true);
  });

  it('checks the real path, so a denied place reached through a symlink is still denied', async () => {
    await mkdir(path.join(root, 'private'));
    await symlink(path.join(root, 'private'), path.join(root, 'alias'));
    const ws = await Workspace.create(root, { deniedPaths: [path.join(root, 'alias')] });
    expect(refusal(ws.resolve('private/key', { purpose: 'read' }))).toContain(
      `leads into "${path.join(root, 'alias')}" (denied location)`,
    );
    // Also spellings a case-insensitive file system would take for it.
    expect(ws.resolve('PRIVATE/key', { purpose: 'read' }).ok).toBe(false);
    expect(ws.resolve('public/key', { purpose: 'read' }).ok).toBe(true);
  });

  it('does not deny the whole workspace when a denied place contains the root', async () => {
    const ws = await Workspace.create(root, { deniedPaths: [path.dirname(root)] });
    expect(ws.resolve('src/a.ts', { purpose: 'write' }).ok).toBe(true);
  });
});

describe('hard links', () => {
  it('refuses reading and writing a file that has a name outside the workspace', async () => {
    const secret = path.join(outside, 'secret.txt');
    await writeFile(secret, 'outside secret');
    await link(secret, path.join(root, 'alias.txt'));
    const message = `Path not in workspace: Attempted path "${path.join(root, 'alias.txt')}" is a file with more than one name (a hard link), so it may also lie outside the workspace; tools may not use it.`;
    expect(refusal(workspace.resolve('alias.txt', { purpose: 'write' }))).toBe(message);
    expect(refusal(workspace.resolve('alias.txt', { purpose: 'read' }))).toBe(message);

    const harness = await toolHarness(root, { tools: toolsFor });
    const read = await harness.call('read_file', { absolute_path: 'alias.txt' });
    expect(read.result.error?.type).toBe('path_not_in_workspace');
    expect(JSON.stringify(read.responseParts)).not.toContain('outside secret');
    const listing = await harness.call('list_directory', { path: '.' });
    expect(JSON.stringify(listing.responseParts)).not.toContain('alias.txt');
  });

  it('refuses a multiply linked file even when every name is inside (where they are is unknowable)', async () => {
    await writeFile(path.join(root, 'a.txt'), 'a');
    await link(path.join(root, 'a.txt'), path.join(root, 'b.txt'));
    expect(workspace.resolve('a.txt', { purpose: 'read' }).ok).toBe(false);
    await mkdir(path.join(root, 'dir', 'sub'), { recursive: true });
    // Directories always have several links; they are not hard-linked files.
    expect(workspace.resolve('dir', { purpose: 'write' }).ok).toBe(true);
  });
});

describe('FIFOs, sockets and devices', () => {
  posixOnly('refuses writing a FIFO and reading it through the verified open', async () => {
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    expect(refusal(workspace.resolve('pipe', { purpose: 'write' }))).toBe(
      `Path not in workspace: Attempted path "${path.join(root, 'pipe')}" is a FIFO, socket or device, which tools may not write to.`,
    );
    const opened = await workspace.openVerified('pipe', { purpose: 'read' });
    expect(opened).toEqual({
      ok: false,
      reason: 'not_regular_file',
      message: `Path is not a regular file: ${path.join(root, 'pipe')}`,
      absolutePath: path.join(root, 'pipe'),
    });
    const harness = await toolHarness(root, { tools: toolsFor });
    const listing = await harness.call('list_directory', { path: 'pipe' });
    expect(listing.result.error?.type).toBe('path_is_not_a_directory');
  });

  posixOnly('refuses a socket', async () => {
    const socketPath = path.join(root, 'agent.sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      expect(workspace.resolve('agent.sock', { purpose: 'write' }).ok).toBe(false);
      const opened = await workspace.openVerified('agent.sock', { purpose: 'read' });
      expect(opened.ok ? 'opened' : opened.reason).toBe('not_regular_file');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  posixOnly('refuses a device reached through a symlink in an additional root at /', async () => {
    await symlink('/dev/zero', path.join(root, 'zeros'));
    const ws = await Workspace.create(root, { additionalRoots: ['/'] });
    expect(refusal(ws.resolve('zeros', { purpose: 'read' }))).toContain('"/dev"');
  });
});

describe('.git in every spelling', () => {
  const gitRefusal = (attempt: string) =>
    `Path not in workspace: Attempted path "${path.resolve(root, attempt)}" is inside a .git directory, which tools may not write to.`;

  it('refuses writes to .GIT/hooks and a submodule’s .git directory or gitdir file', async () => {
    await mkdir(path.join(root, '.git', 'hooks'), { recursive: true });
    await mkdir(path.join(root, 'sub'));
    await writeFile(path.join(root, 'sub', '.git'), 'gitdir: ../.git/modules/sub\n');
    for (const attempt of [
      '.GIT/hooks/pre-commit',
      'sub/.git/config',
      'sub/.git',
      'vendor/lib/.Git/HEAD',
    ]) {
      expect(refusal(workspace.resolve(attempt, { purpose: 'write' })), attempt).toBe(
        gitRefusal(attempt),
      );
    }
  });

  it('refuses the spellings case-insensitive, Unicode-folding and Windows file systems fold', () => {
    for (const attempt of [
      '.gIt/config',
      '.g\u200Cit/config', // HFS+ ignores zero-width joiners when comparing names
      '\uFEFF.git/config',
      '.g\u200Fit/config', // a right-to-left mark
      '\uFF0E\uFF47\uFF49\uFF54/config', // fullwidth ．ｇｉｔ
      '.g\u0131t/config', // dotless ı, whose capital is I
      '.git./config', // Win32 drops trailing dots and spaces
      '.git /config',
      '.git::$INDEX_ALLOCATION/config', // an NTFS stream of .git
      'GIT~1/config', // the 8.3 short name of .git
    ]) {
      expect(workspace.resolve(attempt, { purpose: 'write' }).ok, JSON.stringify(attempt)).toBe(
        false,
      );
    }
    for (const allowed of ['.gitignore', '.github/workflows/ci.yml', '.gitmodules', 'git/x']) {
      expect(workspace.resolve(allowed, { purpose: 'write' }).ok, allowed).toBe(true);
    }
    expect(workspace.resolve('.GIT/HEAD', { purpose: 'read' }).ok).toBe(true);
  });

  it('refuses writes reaching .git through a symlink, judged on the real path', async () => {
    await mkdir(path.join(root, '.git', 'hooks'), { recursive: true });
    await symlink(path.join(root, '.git', 'hooks'), path.join(root, 'innocent'));
    await symlink('.git/config', path.join(root, 'settings.ini'));
    expect(workspace.resolve('innocent/post-checkout', { purpose: 'write' }).ok).toBe(false);
    expect(workspace.resolve('settings.ini', { purpose: 'write' }).ok).toBe(false);
    expect(workspace.resolve('settings.ini', { purpose: 'read' }).ok).toBe(true);
  });

  it('refuses writes into a git directory that is not called .git', () => {
    execFileSync('git', ['init', '--quiet', '--bare', path.join(root, 'fixtures', 'bare.git')]);
    execFileSync('git', [
      'init',
      '--quiet',
      `--separate-git-dir=${path.join(root, 'gitdata')}`,
      path.join(root, 'checkout'),
    ]);
    const bare = workspace.resolve('fixtures/bare.git/hooks/post-update', { purpose: 'write' });
    expect(refusal(bare)).toBe(
      `Path not in workspace: Attempted path "${path.join(root, 'fixtures/bare.git/hooks/post-update')}" is inside a .git directory ("${path.join(root, 'fixtures/bare.git')}" holds a repository's HEAD, objects and refs), which tools may not write to.`,
    );
    expect(workspace.resolve('gitdata/config', { purpose: 'write' }).ok).toBe(false);
    expect(workspace.resolve('checkout/src/main.ts', { purpose: 'write' }).ok).toBe(true);
    expect(workspace.resolve('fixtures/bare.git/HEAD', { purpose: 'read' }).ok).toBe(true);
  });
});

describe('path texts', () => {
  it('keeps NFC and NFD spellings apart instead of normalising them', async () => {
    const nfc = 'caf\u00e9.txt';
    const nfd = 'cafe\u0301.txt';
    await writeFile(path.join(root, nfc), 'nfc');
    expect(workspace.resolve(nfc, { purpose: 'read' })).toMatchObject({ relativePath: nfc });
    expect(workspace.resolve(nfd, { purpose: 'read' })).toMatchObject({ relativePath: nfd });
    const harness = await toolHarness(root, { tools: toolsFor });
    const read = await harness.call('read_file', { absolute_path: nfc });
    expect(read.responseParts).toEqual([
      { functionResponse: { id: 'call-1', name: 'read_file', response: { output: 'nfc' } } },
    ]);
  });

  it('reads a file whose name holds a right-to-left override', async () => {
    const name = 'notes\u202Edm.txt';
    await writeFile(path.join(root, name), 'plain text');
    expect(workspace.resolve(name, { purpose: 'write' })).toMatchObject({ relativePath: name });
    const harness = await toolHarness(root, { tools: toolsFor });
    const read = await harness.call('read_file', { absolute_path: name });
    expect(read.result.llmContent).toBe('plain text');
  });

  it('refuses a NUL byte as an invalid path', async () => {
    const message = `Path not in workspace: Attempted path "${root}/a\\0b" is not a valid path: it contains a NUL byte.`;
    expect(refusal(workspace.resolve('a\0b', { purpose: 'read' }))).toBe(message);
    const harness = await toolHarness(root, { tools: toolsFor });
    const read = await harness.call('read_file', { absolute_path: 'a\0b' });
    expect(read.result.error).toEqual({ message, type: 'path_not_in_workspace' });
  });

  it('refuses very long paths and names with a clear, short message', async () => {
    const tooLong =
      'is too long: the file system allows at most 4095 bytes in a path and 255 bytes in each name.';
    const deep = Array.from({ length: 600 }, () => 'abcdefgh').join('/');
    const deepMessage = refusal(workspace.resolve(deep, { purpose: 'write' }));
    expect(deepMessage.endsWith(tooLong)).toBe(true);
    expect(deepMessage.length).toBeLessThan(600);
    expect(refusal(workspace.resolve('x'.repeat(256), { purpose: 'write' }))).toContain(tooLong);
    // 128 two-byte letters: 256 bytes, one more than a name may have.
    expect(refusal(workspace.resolve('\u00e9'.repeat(128), { purpose: 'read' }))).toContain(
      tooLong,
    );
    expect(workspace.resolve('x'.repeat(255), { purpose: 'write' }).ok).toBe(true);

    const harness = await toolHarness(root, { tools: toolsFor });
    const read = await harness.call('read_file', { absolute_path: deep });
    expect(read.result.error?.type).toBe('path_not_in_workspace');
    expect(read.result.error?.message.endsWith(tooLong)).toBe(true);
  });

  it('refuses a real path that outgrows the limit through a symlink, without crashing', async () => {
    const name = 'd'.repeat(250);
    // A short request whose symlink expands it beyond 4096 bytes.
    await symlink(Array.from({ length: 10 }, () => name).join('/'), path.join(root, 'x'));
    const attempt = ['x', ...Array.from({ length: 8 }, () => name)].join('/');
    expect(Buffer.byteLength(path.join(root, attempt))).toBeLessThan(4095);
    expect(refusal(workspace.resolve(attempt, { purpose: 'write' }))).toContain('is too long');
  });
});
