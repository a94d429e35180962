// Runs the committed bundle the way users do, to catch what only bundling can break.
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import module from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { itNeeds } from '../support/needs.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');
/** The README's offline example: a recorded session, no key and no network. */
const replayExample = [
  cli,
  '-p',
  'Summarise this repository',
  '--repo',
  'test/fixtures/sample-repo',
  '--replay',
  'test/fixtures/sessions/summarise-sample-repo.jsonl',
];

describe('dist/cli.js', () => {
  it('prints its version', async () => {
    const { stdout } = await run(process.execPath, [cli, '--version']);
    expect(stdout).toBe(`${packageJson.version}\n`);
  });

  it("runs the README's offline example from the recorded session", async () => {
    const { stdout, stderr } = await run(process.execPath, replayExample, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(stdout).toContain('This is a small JavaScript package, **temperature**');
    expect(stderr).toContain('✓ read_file: Read src/convert.js');
  });

  // Node before 22.1 has no compile cache; the CLI then starts without one.
  itNeeds(
    typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function'
      ? undefined
      : `Node ${process.version} has no compile cache (22.1 and later have)`,
    "keeps V8's compiled code in the user's cache directory, and starts from it the next time",
    async () => {
      const home = await mkdtemp(path.join(tmpdir(), 'gemini-cache-home-'));
      onTestFinished(() => rm(home, { recursive: true, force: true }));
      const replay = async () =>
        run(process.execPath, replayExample, {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', HOME: home },
        });
      await replay();
      const cache = path.join(home, '.cache/gemini-agent/node-compile-cache');
      const entries = await readdir(cache, { recursive: true });
      expect(entries.length).toBeGreaterThan(0);
      const { stdout } = await replay();
      expect(stdout).toContain('This is a small JavaScript package, **temperature**');
    },
  );

  it('runs the offline demo: the fix, its comment and its commit on a local branch', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'gemini-demo-'));
    onTestFinished(() => rm(out, { recursive: true, force: true }));
    const { stdout } = await run(process.execPath, [cli, 'demo', '--out', path.join(out, 'run')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: out },
    });
    expect(stdout).toContain('── Result: success');
    expect(stdout).toContain("finished @octocat's task");
    const branches = await run('git', ['branch', '--list'], {
      cwd: path.join(out, 'run', 'temperature'),
    });
    expect(branches.stdout).toContain('gemini/issue-1-tocelsius-returns-the-wrong-temperature');
  });

  it("closes the demo with a command that works in the reader's own repository", async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'gemini-demo-'));
    onTestFinished(() => rm(out, { recursive: true, force: true }));
    const { stdout } = await run(process.execPath, [cli, 'demo', '--out', path.join(out, 'run')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: out },
    });
    const hint = /^ {2}(.+) run --event event\.json --event-name issue_comment --repo \.$/m.exec(
      stdout,
    )?.[1];
    // Not on PATH here: this clone's dist/cli.js, by its absolute path.
    expect(hint).toBe(`node ${realpathSync(cli)}`);
    // Run as printed from another folder (the sample repository), it is this program.
    const elsewhere = await run('sh', ['-c', `${hint ?? 'false'} run --help`], {
      cwd: path.join(out, 'run', 'temperature'),
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(elsewhere.stdout).toContain('Usage: gemini-agent run --event FILE');
  });

  it('exits 42 with one line for a bad flag', async () => {
    const failure = await run(process.execPath, [cli, '--nope']).catch(
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure).toMatchObject({ code: 42 });
    expect((failure as { stderr: string }).stderr).toBe(
      `error: Unknown option '--nope'. Run "gemini-agent --help" for usage.\n`,
    );
  });

  it('marks a replay on another repository as diverged, and fails it with --strict', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'gemini-agent-e2e-other-'));
    onTestFinished(() => rm(other, { recursive: true, force: true }));
    const argv = [...replayExample];
    argv[argv.indexOf('test/fixtures/sample-repo')] = other;
    const loose = await run(process.execPath, argv, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(loose.stderr).toContain(
      'warning: The replay diverged from its recording: read_file failed here (File not found:',
    );
    const strict = await run(process.execPath, [...argv, '--strict'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '' },
    }).catch((error: unknown) => error as { code: number; stderr: string });
    expect(strict).toMatchObject({ code: 1 });
    expect((strict as { stderr: string }).stderr).toContain(
      'error: --strict: the replay diverged from its recording: 2 tool calls failed that the recording did not (read_file).',
    );
  });

  it('refuses a Node.js older than it supports, naming the ones it does', async () => {
    const failure = await run(process.execPath, [
      ...asNodeVersion('20.18.0'),
      cli,
      '-p',
      'hi',
      '--replay',
      'x.jsonl',
    ]).catch((error: unknown) => error as { code: number; stdout: string; stderr: string });
    expect(failure).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'gemini-agent needs Node.js 22 (22.13 or later) or 24; this is Node.js 20.18.0. Install one of those and run it again.\n',
    });
  });

  it('runs on an untested newer Node.js with one warning', async () => {
    const { stdout, stderr } = await run(process.execPath, [
      ...asNodeVersion('25.2.0'),
      cli,
      '--version',
    ]);
    expect(stdout).toBe(`${packageJson.version}\n`);
    expect(stderr).toBe(
      'gemini-agent is tested on Node.js 22 (22.13 or later) or 24; Node.js 25.2.0 may work but is not tested.\n',
    );
  });
});

/** Node flags that make `process.versions.node` read `version` before the CLI's code runs. */
function asNodeVersion(version: string): string[] {
  const preload = `Object.defineProperty(process.versions, 'node', { value: '${version}' });`;
  return ['--import', `data:text/javascript,${encodeURIComponent(preload)}`];
}
