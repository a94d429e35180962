// What `demo` and `run` leave in the temporary folder when no --out is given, through the built
// CLI: nothing for a run that was skipped or stopped before it ended, and otherwise one folder,
// named once with the reason it stays.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');
const demo = path.join(root, 'examples/demo');

/** A temporary folder of the test's own, given to the CLI as TMPDIR. */
async function scratch(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gemini-agent-tmpdir-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function leftovers(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => /^gemini-agent-(run|demo)-/.test(name));
}

async function distCli(args: string[], env: Record<string, string>, cwd = root) {
  return run(process.execPath, [cli, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
  }).catch((error: unknown) => error as { code: number; stdout: string; stderr: string });
}

/** The demo's sample project as a repository with one commit, the event's repository. */
async function sampleRepository(dir: string): Promise<string> {
  const repo = path.join(dir, 'temperature');
  await cp(path.join(demo, 'repo'), repo, { recursive: true });
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo });
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '--all');
  await git('-c', 'commit.gpgSign=false', 'commit', '--quiet', '-m', 'sample');
  return repo;
}

describe('the temporary folder of a run without --out', () => {
  it('the demo keeps its folder and says once where it is and why', async () => {
    const tmp = await scratch();
    const { stdout } = await distCli(['demo', '--input', 'sandbox=none'], {
      TMPDIR: tmp,
      HOME: tmp,
    });
    expect(stdout).toContain('── Result: success');
    const [folder] = await leftovers(tmp);
    expect(await leftovers(tmp)).toHaveLength(1);
    const kept = path.join(tmp, folder ?? '');
    expect(stdout).toContain(
      `The sample repository and the run's files stay in ${kept}, for the commands above ("rm -rf ${kept}" removes them).`,
    );
    expect(stdout.split(`stay in ${kept}`)).toHaveLength(2);
  });

  it('a skipped run leaves nothing', async () => {
    const tmp = await scratch();
    const repo = await sampleRepository(tmp);
    const result = await distCli(
      [
        'run',
        '--event',
        path.join(demo, 'event.json'),
        '--event-name',
        'issue_comment',
        '--repo',
        repo,
        '--actor-permission',
        'read',
        '--replay',
        path.join(demo, 'session.jsonl'),
      ],
      { TMPDIR: tmp, HOME: tmp },
    );
    expect(result.stdout).toContain('── Result: skipped');
    expect(result.stdout).toContain(
      '── Nothing kept: the run was skipped, so the temporary folder made for it is removed.',
    );
    expect(await leftovers(tmp)).toEqual([]);
  });

  it('a run stopped by a bad policy file after its folder was made leaves nothing', async () => {
    const tmp = await scratch();
    const repo = await sampleRepository(tmp);
    const policy = path.join(tmp, 'bad.toml');
    await writeFile(policy, '[[rule]]\ntoolName = "read_file"\ndecision = "maybe"\n');
    const result = await distCli(
      [
        'run',
        '--event',
        path.join(demo, 'event.json'),
        '--event-name',
        'issue_comment',
        '--repo',
        repo,
        '--policy',
        policy,
        '--replay',
        path.join(demo, 'session.jsonl'),
      ],
      { TMPDIR: tmp, HOME: tmp },
    );
    expect(result).toMatchObject({ code: 52 });
    expect(await leftovers(tmp)).toEqual([]);
  });

  it('a run that ended keeps its folder and says where it is and why', async () => {
    const tmp = await scratch();
    const repo = await sampleRepository(tmp);
    const { stdout } = await distCli(
      [
        'run',
        '--event',
        path.join(demo, 'event.json'),
        '--event-name',
        'issue_comment',
        '--repo',
        repo,
        '--input',
        'sandbox=none',
        '--input',
        'allowed_commands=node --test',
        '--replay',
        path.join(demo, 'session.jsonl'),
      ],
      { TMPDIR: tmp, HOME: tmp },
    );
    expect(stdout).toContain('── Result: success');
    const [folder] = await leftovers(tmp);
    const kept = path.join(tmp, folder ?? '');
    expect(stdout).toContain(
      `── Files in ${kept} (a temporary folder, kept for you to read; "rm -rf ${kept}" removes it):`,
    );
  });
});
