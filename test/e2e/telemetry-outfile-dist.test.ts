// A telemetry outfile that cannot be written, through the committed bundles: `-p`, `run` and
// the Action each give their answer, one warning that names the file and says why, and exit as
// they would without telemetry. Before, a file in the way crashed the run with a raw stack, and
// a path under /proc spun on the CPU after the answer and never exited.
import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { commentEvent, fakeGitHubFor } from './support/comment-run.js';
import { E2E_API_KEY, runActionDist } from './support/run-action-dist.js';

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');
const isRoot = process.getuid?.() === 0;

interface Case {
  /** The outfile, in a fresh temp folder `dir`. */
  outfile: (dir: string) => Promise<string>;
  /** What the warning says after the file's name. */
  reason: (dir: string) => string;
}

const CASES: Record<string, Case> = {
  'a file in the way': {
    outfile: async (dir) => {
      await writeFile(path.join(dir, 'afile'), '');
      return path.join(dir, 'afile', 'telemetry', 't.jsonl');
    },
    reason: (dir) => `${path.join(dir, 'afile')} is a file, not a folder`,
  },
  'a folder under /proc': {
    outfile: () => Promise.resolve('/proc/nope/t.jsonl'),
    reason: () => '/proc/nope cannot be created in /proc (ENOENT)',
  },
  'a folder without write permission': {
    outfile: async (dir) => {
      const locked = path.join(dir, 'locked');
      await mkdir(locked);
      await chmod(locked, 0o500);
      onTestFinished(() => chmod(locked, 0o700));
      return path.join(locked, 't.jsonl');
    },
    reason: () => 'no permission to write it (EACCES)',
  },
};

/** Whether this case can be set up here: procfs is Linux's; root writes anywhere. */
function runsHere(name: string): boolean {
  if (name === 'a folder under /proc') return process.platform === 'linux';
  if (name === 'a folder without write permission') return !isRoot;
  return true;
}

/** The one line that speaks of telemetry; the test fails when there are more. */
function telemetryWarning(output: string): string {
  const lines = output.split('\n').filter((line) => /telemetry/i.test(line));
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

function expectWarning(line: string, outfile: string, reason: string) {
  expect(line).toContain(
    `Telemetry is off: its outfile ${outfile} cannot be written: ${reason}. The run goes on without it.`,
  );
}

async function runCli(args: string[], env: Record<string, string>, cwd: string) {
  return execFileAsync(process.execPath, [cli, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    // A run that never ends fails the test instead of spinning on after it.
    timeout: 15_000,
    killSignal: 'SIGKILL',
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number | null; stdout: string; stderr: string },
  );
}

describe.each(Object.entries(CASES))('a telemetry outfile in %s', (name, scenario) => {
  const here = it.skipIf(!runsHere(name));

  here('-p: the answer, one warning and exit 0', async () => {
    const dir = await tempRepo({ 'README.md': '# demo\n' });
    const outfile = await scenario.outfile(dir);
    const session = path.join(dir, 'session.jsonl');
    const reply = {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'Hello there.' }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
    };
    await writeFile(
      session,
      `${JSON.stringify({ method: 'generateContentStream', response: [reply] })}\n`,
    );

    const result = await runCli(
      ['-p', 'Say hello', '--repo', dir, '--replay', session],
      {
        HOME: await tempRepo(),
        GEMINI_TELEMETRY_ENABLED: 'true',
        GEMINI_TELEMETRY_OUTFILE: outfile,
      },
      dir,
    );

    expect(result, result.stderr).toMatchObject({ stdout: 'Hello there.\n' });
    expectWarning(telemetryWarning(result.stderr), outfile, scenario.reason(dir));
    expect(result.stderr).not.toContain('node:internal');
    expect(result.code).toBe(0);
  });

  here('run: the result, one warning and exit 0', async () => {
    const dir = await tempRepo();
    const outfile = await scenario.outfile(dir);
    const out = path.join(dir, 'out');

    const result = await runCli(
      [
        'run',
        '--event',
        path.join(root, 'examples/demo/event.json'),
        '--event-name',
        'issue_comment',
        '--repo',
        await demoRepo(),
        '--replay',
        path.join(root, 'examples/demo/session.jsonl'),
        '--out',
        out,
      ],
      {
        HOME: await tempRepo(),
        GEMINI_TELEMETRY_ENABLED: 'true',
        GEMINI_TELEMETRY_OUTFILE: outfile,
      },
      dir,
    );

    expect(result.stdout).toContain('── Result: success');
    expectWarning(
      telemetryWarning(`${result.stdout}\n${result.stderr}`),
      outfile,
      scenario.reason(dir),
    );
    expect(result.code).toBe(0);
  });

  here('the Action: success, one warning and exit 0', { timeout: 40_000 }, async () => {
    const dir = await tempRepo();
    const outfile = await scenario.outfile(dir);
    const payload = commentEvent('Codertocat', '/gemini describe the README');
    const github = await fakeGitHubFor(payload, {});
    const gemini = await useFakeGemini([textReply('The README says: demo.')]);

    const result = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini,
      env: { GEMINI_TELEMETRY_ENABLED: 'true', GEMINI_TELEMETRY_OUTFILE: outfile },
      timeoutMs: 30_000,
    });

    expect(result.outputs.conclusion).toBe('success');
    const line = telemetryWarning(result.stdout);
    expect(line).toMatch(/^::warning::/);
    expectWarning(line, outfile, scenario.reason(dir));
    expect(result.code).toBe(0);
  });
});

/** A git clone of the demo's repository, as `run` wants one. */
async function demoRepo(): Promise<string> {
  const repo = await tempRepo();
  await execFileAsync('cp', ['-R', `${path.join(root, 'examples/demo/repo')}/.`, repo]);
  const git = (...args: string[]) =>
    execFileAsync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
    });
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('commit', '-qm', 'init');
  return repo;
}
