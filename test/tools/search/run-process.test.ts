import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findExecutable, runLines } from '../../../src/tools/search/run-process.js';
import { makeTempDir, removeTempDirs } from '../tool-harness.js';

afterEach(removeTempDirs);

async function fakeProgram(dir: string, name: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, '#!/bin/sh\necho planted\n');
  await chmod(file, 0o755);
  return file;
}

describe('findExecutable', () => {
  it('never takes a program from the workspace or from a relative PATH entry', async () => {
    const workspace = await makeTempDir('exe-workspace-');
    const system = await makeTempDir('exe-system-');
    await fakeProgram(path.join(workspace, 'node_modules/.bin'), 'rg');
    const real = await fakeProgram(system, 'rg');
    const pathVariable = ['.', 'bin', path.join(workspace, 'node_modules/.bin'), system].join(
      path.delimiter,
    );
    expect(await findExecutable('rg', { pathVariable, untrustedDirectories: [workspace] })).toBe(
      real,
    );
    expect(
      await findExecutable('rg', {
        pathVariable: path.join(workspace, 'node_modules/.bin'),
        untrustedDirectories: [workspace],
      }),
    ).toBeNull();
  });

  it('skips files that are not executable', async () => {
    const dir = await makeTempDir('exe-plain-');
    await writeFile(path.join(dir, 'rg'), 'not a program');
    expect(await findExecutable('rg', { pathVariable: dir, untrustedDirectories: [] })).toBeNull();
  });
});

describe('runLines', () => {
  const node = process.execPath;

  it('hands over lines and stops the program when the reader has enough', async () => {
    const seen: string[] = [];
    const result = await runLines({
      command: node,
      args: ['-e', 'let i = 0; setInterval(() => console.log(`line ${++i}`), 1);'],
      cwd: process.cwd(),
      signal: new AbortController().signal,
      onLine: (line) => {
        seen.push(line.toString('utf8'));
        return seen.length === 3 ? 'stop' : 'more';
      },
    });
    expect(seen).toEqual(['line 1', 'line 2', 'line 3']);
    expect(result.stopped).toBe(true);
  });

  it('passes arguments verbatim, without a shell, and keeps secrets out of the environment', async () => {
    const previous = process.env.GITHUB_TOKEN;
    process.env.GITHUB_TOKEN = 'canary-secret';
    try {
      const lines: string[] = [];
      const result = await runLines({
        command: node,
        args: [
          '-e',
          'console.log(process.argv[1]); console.log(process.env.GITHUB_TOKEN ?? "no token")',
          '$(echo injected); `id`',
        ],
        cwd: process.cwd(),
        signal: new AbortController().signal,
        onLine: (line) => {
          lines.push(line.toString('utf8'));
          return 'more';
        },
      });
      expect(lines).toEqual(['$(echo injected); `id`', 'no token']);
      expect(result).toEqual({ exitCode: 0, stderr: '', stopped: false });
    } finally {
      if (previous === undefined) delete process.env.GITHUB_TOKEN;
      else process.env.GITHUB_TOKEN = previous;
    }
  });

  it('throws the abort reason when cancelled', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by the user');
    const run = runLines({
      command: node,
      args: ['-e', 'console.log("ready"); setInterval(() => {}, 1000);'],
      cwd: process.cwd(),
      signal: controller.signal,
      onLine: () => {
        controller.abort(reason);
        return 'more';
      },
    });
    await expect(run).rejects.toBe(reason);
  });
});
