// Folders the user names that cannot be made, through the built CLI: each is a usage error that
// says which folder and why. Node's own recursive mkdir never returns for one under /proc (it
// spins on the CPU), so before, `--transcript /proc/nope/t.jsonl` and `run --out /proc/nope`
// hung until killed.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempRepo } from '../support/temp-repo.js';

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');

async function runCli(args: string[]) {
  const repo = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
  return execFileAsync(process.execPath, [cli, ...args.map((a) => a.replace('$REPO', repo))], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? '', HOME: await tempRepo(), GEMINI_API_KEY: 'key-0123' },
    timeout: 15_000,
    killSignal: 'SIGKILL',
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number | null; stdout: string; stderr: string },
  );
}

describe.runIf(process.platform === 'linux')('a folder under /proc', () => {
  it('-p --transcript: exit 42, naming the folder that cannot be made', async () => {
    const result = await runCli([
      '-p',
      'hi',
      '--repo',
      '$REPO',
      '--transcript',
      '/proc/nope/t.jsonl',
    ]);

    expect(result.code).toBe(42);
    expect(result.stderr).toBe(
      'error: --transcript: cannot write "/proc/nope/t.jsonl" (/proc/nope cannot be created in /proc (ENOENT)).\n',
    );
  });

  it('run --out: exit 42, naming the folder that cannot be made', async () => {
    const result = await runCli([
      'run',
      '--event',
      path.join(root, 'examples/demo/event.json'),
      '--event-name',
      'issue_comment',
      '--repo',
      '$REPO',
      '--replay',
      path.join(root, 'examples/demo/session.jsonl'),
      '--out',
      '/proc/nope/out',
    ]);

    expect(result.code).toBe(42);
    expect(result.stderr).toContain(
      'error: --out: cannot use "/proc/nope/out": /proc/nope cannot be created in /proc (ENOENT)',
    );
  });
});
