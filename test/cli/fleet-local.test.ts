// `gemini-agent fleet local`: a campaign over five repositories on this machine, through the CLI
// entry, with the recorded campaign session (examples/fleet/session.jsonl) served by the fake
// model and the dry-run GitHub: each repository gets the campaign's branch with the change and a
// pull request, the campaign's folder one tracking issue; run again, nothing changes.
import { execFileSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { testIo } from '../support/cli-io.js';
import { tempRepo } from '../support/temp-repo.js';

const SESSION = path.resolve(import.meta.dirname, '../../examples/fleet/session.jsonl');
const NAMES = ['billing', 'mail', 'orders', 'search', 'users'];

/** Five repositories named as services are, each one commit on main. */
async function services(): Promise<string[]> {
  const root = await tempRepo();
  return NAMES.map((name) => {
    const dir = path.join(root, name);
    execFileSync('git', ['init', '-q', '-b', 'main', dir]);
    execFileSync('git', ['-C', dir, 'commit', '-q', '--allow-empty', '-m', 'init'], {
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
      },
    });
    return dir;
  });
}

interface CampaignJson {
  planned: number;
  excluded: { repository: string; reason: string; pullRequestUrl?: string }[];
  runs: {
    repository: string;
    conclusion: string;
    pullRequest: string | null;
    requests: number;
    writes: number;
  }[];
  trackingIssue: { action: string };
}

describe('gemini-agent fleet local', () => {
  it('runs the campaign over five repositories: a pull request each, one tracking issue; a second run changes nothing', async () => {
    const repos = await services();
    const out = path.join(await tempRepo(), 'campaign');
    const argv = [
      'fleet',
      'local',
      '--campaign',
      'node-24',
      '--prompt',
      'Move this repository to Node 24.',
      '--replay',
      SESSION,
      '--out',
      out,
      '--owner',
      'octo-org',
      ...repos,
    ];
    const env = { PATH: process.env.PATH ?? '', HOME: out };

    const first = testIo(env);
    const code = await runCli(argv, first.io);

    expect(code, first.stderr).toBe(0);
    const campaign = JSON.parse(
      await readFile(path.join(out, 'campaign.json'), 'utf8'),
    ) as CampaignJson;
    expect(campaign.runs.map((run) => [run.repository, run.conclusion])).toEqual(
      NAMES.map((name) => [`octo-org/${name}`, 'success']),
    );
    for (const [index, dir] of repos.entries()) {
      expect(
        execFileSync('git', ['-C', dir, 'show', 'gemini/campaign-node-24:.nvmrc'], {
          encoding: 'utf8',
        }),
      ).toBe('24\n');
      expect(campaign.runs[index]?.pullRequest).toMatch(
        new RegExp(`^https://github\\.com/octo-org/${NAMES[index] ?? ''}/pull/\\d+$`),
      );
      // The repository's own branch is where it was: the change is on the campaign's branch.
      expect(execFileSync('git', ['-C', dir, 'status', '--porcelain'], { encoding: 'utf8' })).toBe(
        '',
      );
    }
    expect(campaign.trackingIssue.action).toBe('created');
    const issues = JSON.parse(await readFile(path.join(out, 'tracking-issues.json'), 'utf8')) as {
      issues: { title: string; body: string }[];
    };
    expect(issues.issues).toHaveLength(1);
    expect(issues.issues[0]?.title).toBe('Fleet campaign: node-24');
    for (const name of NAMES) expect(issues.issues[0]?.body).toContain(`octo-org/${name}/pull/`);
    expect(first.stdout).toContain('Tracking issue created');

    const written = (await stat(path.join(out, 'tracking-issues.json'))).mtimeMs;
    const branches = repos.map((dir) =>
      execFileSync('git', ['-C', dir, 'rev-parse', 'gemini/campaign-node-24'], {
        encoding: 'utf8',
      }),
    );
    const second = testIo(env);

    expect(await runCli(argv, second.io), second.stderr).toBe(0);
    const again = JSON.parse(
      await readFile(path.join(out, 'campaign.json'), 'utf8'),
    ) as CampaignJson;
    expect(again.runs).toEqual([]);
    expect(
      again.excluded.map((entry) => [entry.repository, entry.reason, entry.pullRequestUrl]),
    ).toEqual(campaign.runs.map((run) => [run.repository, 'open-pull-request', run.pullRequest]));
    expect(again.trackingIssue.action).toBe('unchanged');
    expect((await stat(path.join(out, 'tracking-issues.json'))).mtimeMs).toBe(written);
    expect(
      repos.map((dir) =>
        execFileSync('git', ['-C', dir, 'rev-parse', 'gemini/campaign-node-24'], {
          encoding: 'utf8',
        }),
      ),
    ).toEqual(branches);
    expect(second.stdout).toContain('Tracking issue unchanged');
  });

  it('says what it needs: the task, the repositories, a campaign key', async () => {
    const io = () => testIo({ PATH: process.env.PATH ?? '' });
    const noPrompt = io();
    expect(await runCli(['fleet', 'local', '--campaign', 'node-24', '.'], noPrompt.io)).toBe(42);
    expect(noPrompt.stderr).toContain('give --prompt TEXT or --prompt-file FILE');
    const noRepos = io();
    expect(
      await runCli(['fleet', 'local', '--campaign', 'node-24', '--prompt', 'x'], noRepos.io),
    ).toBe(42);
    expect(noRepos.stderr).toContain('needs the folders of the repositories');
    const badKey = io();
    expect(
      await runCli(['fleet', 'local', '--campaign', 'Node 24', '--prompt', 'x', '.'], badKey.io),
    ).toBe(52);
    expect(badKey.stderr).toContain('expected a campaign key');
  });
});
