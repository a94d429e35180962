// `gemini-agent fleet plan` and `fleet report` end to end in the process, against the fake
// GitHub seeded with a recorded organization listing (test/fixtures/fleet/octo-fleet.json): the
// matrix, the exclusions and their reasons, the step outputs in the runner's format, the dry run,
// the requests a plan costs, the one tracking issue a campaign keeps, and every bad input's error.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { FleetResult } from '../../src/fleet/fleet-result.js';
import { fleetResultFileName } from '../../src/fleet/fleet-result.js';
import { fleetPlanSchema } from '../../src/fleet/fleet-plan.js';
import { readTrackingState } from '../../src/fleet/tracking-state.js';
import { testIo } from '../support/cli-io.js';
import type { FakeGitHub } from '../support/fake-github-server.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { tempRepo } from '../support/temp-repo.js';
import { CAMPAIGN, CENTRAL, ORG, useFleetGitHub } from '../fleet/support/fleet-seeds.js';

function env(github: FakeGitHub, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { GITHUB_TOKEN: github.token, GITHUB_API_URL: github.url, ...more };
}

async function fleet(args: string[], environment: NodeJS.ProcessEnv) {
  const run = testIo(environment);
  const code = await runCli(['fleet', ...args], run.io);
  return { code, stdout: run.stdout, stderr: run.stderr };
}

/** The runner's file-command entries: `name<<delimiter`, the value, the delimiter. */
function readOutputs(text: string): Record<string, string> {
  const entries = [...text.matchAll(/^([a-z]+)<<(ghadelimiter_[0-9a-f-]{36})\n([\s\S]*?)\n\2$/gm)];
  expect(`${entries.map(([entry]) => entry).join('\n')}\n`).toBe(text);
  return Object.fromEntries(
    entries.map(([, name, , value]): [string, string] => [name ?? '', value ?? '']),
  );
}

describe('gemini-agent fleet --help', () => {
  it('describes both subcommands, and the CLI’s own help points at it', async () => {
    const help = await fleet(['--help'], {});
    const planHelp = await fleet(['plan', '--help'], {});
    const main = testIo({});
    await runCli(['--help'], main.io);

    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: gemini-agent fleet plan --campaign KEY/);
    expect(help.stdout).toContain('       gemini-agent fleet report --campaign KEY --results DIR');
    expect(planHelp.stdout).toBe(help.stdout);
    expect(main.stdout).toContain('gemini-agent fleet plan|report --campaign KEY [options]');
  });
});

describe('gemini-agent fleet plan', () => {
  it('plans an organization by topic: archived, fork and the campaign’s open pull request left out with reasons; a dry run writes nothing', async () => {
    const github = await useFleetGitHub();
    const dir = await tempRepo();
    const outputFile = path.join(dir, 'github_output');
    await writeFile(outputFile, '');

    const run = await fleet(
      [
        'plan',
        '--campaign',
        CAMPAIGN,
        '--owner',
        ORG,
        '--topic',
        'node',
        '--out',
        path.join(dir, 'plan'),
        '--dry-run',
      ],
      env(github, { GITHUB_OUTPUT: outputFile }),
    );

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'Campaign node-24 (branch gemini/campaign-node-24): 4 repositories in 1 chunk of at most 256, 3 excluded.',
        '',
        'Chunk 0 (4):',
        '  octo-fleet/api',
        '  octo-fleet/Billing',
        // A fork's pull request from a branch of the same name is not the campaign's.
        '  octo-fleet/service-cart',
        '  octo-fleet/service-mail',
        '',
        'Excluded (3):',
        '  octo-fleet/legacy-portal: archived (read-only)',
        '  octo-fleet/lodash-fork: a fork (--include-forks takes forks in)',
        "  octo-fleet/service-auth: already has the campaign's open pull request https://github.com/octo-fleet/service-auth/pull/7",
        'planned 4 repositories in 1 chunk with 7 requests (3 excluded)',
        '',
      ].join('\n'),
    );
    expect(github.requests).toHaveLength(7);
    expect(
      github.requests.map((request) => `${request.method} ${request.path}`).slice(0, 2),
    ).toEqual(['GET /users/octo-fleet', 'GET /orgs/octo-fleet/repos']);
    expect(
      github.requests.find((request) => request.path === '/repos/octo-fleet/service-auth/pulls')
        ?.query,
    ).toMatchObject({
      state: 'open',
      head: 'octo-fleet:gemini/campaign-node-24',
    });
    expect(github.violations).toEqual([]);
    expect(github.unexpected).toEqual([]);
    expect(await readFile(outputFile, 'utf8')).toBe('');
    await expect(stat(path.join(dir, 'plan'))).rejects.toThrow(/ENOENT/);
  });

  it('takes forks in with --include-forks, and narrows by language and name globs', async () => {
    const github = await useFleetGitHub();

    const forks = await fleet(
      [
        'plan',
        '--campaign',
        CAMPAIGN,
        '--owner',
        ORG,
        '--topic',
        'node',
        '--include-forks',
        '--dry-run',
      ],
      env(github),
    );
    const globs = await fleet(
      [
        'plan',
        '--campaign',
        CAMPAIGN,
        '--owner',
        ORG,
        '--language',
        'typescript',
        '--name',
        'service-*',
        '--name',
        'billing',
        '--dry-run',
      ],
      env(github),
    );

    expect(forks.stdout).toContain('  octo-fleet/lodash-fork\n');
    expect(forks.stdout).not.toContain('lodash-fork: a fork');
    expect(globs.stdout).toMatch(
      /Chunk 0 \(3\):\n {2}octo-fleet\/Billing\n {2}octo-fleet\/service-cart\n {2}octo-fleet\/service-mail\n/,
    );
  });

  it('chunks 600 repositories into 256, 256 and 88 and writes chunk 2’s matrix to GITHUB_OUTPUT in the runner’s format', async () => {
    const github = await useFleetGitHub({ extra: 596 });
    const dir = await tempRepo();
    const outputFile = path.join(dir, 'github_output');
    await writeFile(outputFile, '');

    const run = await fleet(
      [
        'plan',
        '--campaign',
        CAMPAIGN,
        '--owner',
        ORG,
        '--topic',
        'node',
        '--chunk',
        '2',
        '--out',
        path.join(dir, 'plan'),
      ],
      env(github, { GITHUB_OUTPUT: outputFile }),
    );

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const outputs = readOutputs(await readFile(outputFile, 'utf8'));
    const matrix = JSON.parse(outputs.matrix ?? '') as {
      include: { repository: string; owner: string; name: string }[];
    };
    expect(matrix.include).toHaveLength(88);
    expect(matrix.include[0]).toEqual({
      repository: 'octo-fleet/svc-0508',
      owner: 'octo-fleet',
      name: 'svc-0508',
    });
    expect(matrix.include.at(-1)?.repository).toBe('octo-fleet/svc-0595');
    expect(outputs).toMatchObject({ count: '88', chunks: '3', excluded: '3' });
    const plan = fleetPlanSchema.parse(JSON.parse(outputs.plan ?? ''));
    expect(plan.chunks.map((chunk) => chunk.length)).toEqual([256, 256, 88]);
    expect(JSON.parse(await readFile(path.join(dir, 'plan', 'plan.json'), 'utf8'))).toEqual(plan);
    expect(JSON.parse(await readFile(path.join(dir, 'plan', 'chunk-2.json'), 'utf8'))).toEqual(
      matrix,
    );
    // One request for the account, seven pages of 100, one pull request lookup per candidate.
    expect(run.stdout).toContain(
      'planned 600 repositories in 3 chunks with 609 requests (3 excluded)\n',
    );
    expect(github.requests).toHaveLength(609);
    expect(github.violations).toEqual([]);
  });

  it('plans a repos file: a repository not found (or not visible) is excluded with its reason', async () => {
    const github = await useFleetGitHub();
    const dir = await tempRepo({
      'repos.txt':
        '# node services\nocto-fleet/api\n\nocto-fleet/legacy-portal\nocto-fleet/nope   # gone?\nOCTO-FLEET/service-auth\n',
    });

    const run = await fleet(
      ['plan', '--campaign', CAMPAIGN, '--repos-file', path.join(dir, 'repos.txt'), '--dry-run'],
      env(github),
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Chunk 0 (1):\n  octo-fleet/api\n');
    expect(run.stdout).toContain('  octo-fleet/legacy-portal: archived (read-only)\n');
    expect(run.stdout).toContain(
      '  octo-fleet/nope: not found, or the token has no access to it\n',
    );
    // GitHub's spelling of the name, whatever the file's.
    expect(run.stdout).toContain(
      "  octo-fleet/service-auth: already has the campaign's open pull request",
    );
    expect(run.stdout).toContain('planned 1 repository in 1 chunk with 6 requests (3 excluded)\n');
  });

  it('prints the plan as JSON when it has nowhere else to go, the summary on standard error', async () => {
    const github = await useFleetGitHub();
    const dir = await tempRepo({ 'repos.txt': 'octo-fleet/api\n' });

    const run = await fleet(
      ['plan', '--campaign', CAMPAIGN, '--repos-file', path.join(dir, 'repos.txt')],
      env(github),
    );

    expect(run.code).toBe(0);
    expect(fleetPlanSchema.parse(JSON.parse(run.stdout)).chunks).toEqual([
      [{ repository: 'octo-fleet/api', owner: 'octo-fleet', name: 'api' }],
    ]);
    expect(run.stderr).toBe('planned 1 repository in 1 chunk with 2 requests (0 excluded)\n');
  });

  it('gives an empty matrix and count 0 when nothing is left to run', async () => {
    const github = await useFleetGitHub();
    const dir = await tempRepo({ 'repos.txt': 'octo-fleet/legacy-portal\n' });
    const outputFile = path.join(dir, 'out');

    const run = await fleet(
      [
        'plan',
        '--campaign',
        CAMPAIGN,
        '--repos-file',
        path.join(dir, 'repos.txt'),
        '--github-output',
        outputFile,
      ],
      env(github),
    );

    expect(run.code).toBe(0);
    expect(readOutputs(await readFile(outputFile, 'utf8'))).toMatchObject({
      matrix: '{"include":[]}',
      count: '0',
      chunks: '0',
      excluded: '1',
    });
  });

  describe('refuses bad input with a clear error', () => {
    it.each([
      [['plan', '--owner', ORG], 42, /^error: fleet plan needs --campaign KEY/],
      [
        ['plan', '--campaign', 'Node 24', '--owner', ORG],
        52,
        /^error: --campaign: expected a campaign key of lowercase letters/,
      ],
      [
        ['plan', '--campaign', CAMPAIGN],
        42,
        /^error: fleet plan needs either --repos-file FILE or --owner OWNER/,
      ],
      [
        ['plan', '--campaign', CAMPAIGN, '--owner', ORG, '--chunk-size', '300'],
        42,
        /^error: --chunk-size 300 is over 256, the most jobs GitHub Actions runs from one matrix/,
      ],
      [
        ['plan', '--campaign', CAMPAIGN, '--owner', ORG, '--chunk', 'last'],
        42,
        /^error: --chunk expects a chunk's number counted from 0, got "last"/,
      ],
      [
        ['plan', '--campaign', CAMPAIGN, '--owner', 'not a login'],
        42,
        /^error: --owner expects a GitHub organization or user name/,
      ],
      [
        ['plan', '--campaign', CAMPAIGN, '--owner', ORG, '--bogus'],
        42,
        /^error: Unknown option '--bogus'\. Run "gemini-agent fleet --help" for usage\./,
      ],
      [['deploy'], 42, /^error: fleet expects "plan", "report" or "local", got "deploy"/],
      [
        ['plan', '--campaign', CAMPAIGN, '--owner', ORG, '--branch-prefix', 'bad prefix/'],
        42,
        /^error: --branch-prefix: expected a branch name prefix such as "gemini\/"/,
      ],
      [['report', '--campaign', CAMPAIGN], 42, /^error: fleet report needs --results DIR/],
      [
        ['report', '--campaign', CAMPAIGN, '--results', '.', '--repository', 'octo-central'],
        42,
        /^error: --repository expects owner\/name, got "octo-central"/,
      ],
    ])('fleet %j exits %i', async (args, code, message) => {
      const run = await fleet(args, { GITHUB_TOKEN: 'ghs_unused0123456789' });

      expect(run.stderr).toMatch(message);
      expect(run.code).toBe(code);
    });

    it('says which variables a token is read from when there is none', async () => {
      const run = await fleet(['plan', '--campaign', CAMPAIGN, '--owner', ORG], {});

      expect(run.code).toBe(52);
      expect(run.stderr).toBe(
        'error: GITHUB_TOKEN: fleet plan reads GitHub, so it needs a token in GITHUB_TOKEN or GH_TOKEN (e.g. GITHUB_TOKEN=$(gh auth token)); neither is set.\n',
      );
    });

    it('names an owner GitHub does not know, a chunk past the last, and a bad repos file line', async () => {
      const github = await useFleetGitHub();
      const dir = await tempRepo({ 'repos.txt': 'octo-fleet/api\noops\n' });

      const owner = await fleet(
        ['plan', '--campaign', CAMPAIGN, '--owner', 'ghost-org', '--dry-run'],
        env(github),
      );
      const chunk = await fleet(
        ['plan', '--campaign', CAMPAIGN, '--owner', ORG, '--chunk', '1'],
        env(github),
      );
      const file = await fleet(
        ['plan', '--campaign', CAMPAIGN, '--repos-file', path.join(dir, 'repos.txt')],
        env(github),
      );

      expect(owner.stderr).toBe(
        'error: --owner: expected a GitHub organization or user, but there is no account "ghost-org" (or the token cannot see it).\n',
      );
      expect(owner.code).toBe(52);
      expect(chunk.stderr).toMatch(
        /^error: --chunk 1 is past the plan's last chunk: it has 1 \(0 to 0\)\.\n$/,
      );
      expect(chunk.code).toBe(42);
      expect(file.stderr).toBe(
        `error: ${path.join(dir, 'repos.txt')}:2: expected one repository a line as owner/name (e.g. "octo-org/api"), or a "#" comment, got "oops".\n`,
      );
      expect(file.code).toBe(52);
    });

    it('says the token was refused, naming its variable', async () => {
      const github = await useFleetGitHub();

      const run = await fleet(['plan', '--campaign', CAMPAIGN, '--owner', ORG], {
        GH_TOKEN: 'ghp_WrongToken0123456789abcdefghijklmnop',
        GITHUB_API_URL: github.url,
      });

      expect(run.code).toBe(52);
      expect(run.stderr).toMatch(
        /^error: GH_TOKEN: GitHub refused the token \(HTTP 401: Bad credentials.*\); check the token in GH_TOKEN\.\n$/,
      );
      expect(run.stderr).not.toContain('WrongToken');
    });
  });
});

function result(repository: string, more: Partial<FleetResult> = {}): FleetResult {
  return {
    version: 1,
    campaign: CAMPAIGN,
    repository,
    conclusion: 'success',
    summary: 'Moved to Node 24.',
    prNumber: 5,
    prUrl: `https://github.com/${repository}/pull/5`,
    costUsd: 0.4,
    runUrl: `https://github.com/${CENTRAL.owner}/${CENTRAL.name}/actions/runs/1/job/${repository.length}`,
    finishedAt: '2026-12-07T03:00:00Z',
    ...more,
  };
}

async function writeResults(
  dir: string,
  results: (FleetResult | [string, string])[],
): Promise<void> {
  for (const item of results) {
    const [name, text] = Array.isArray(item)
      ? item
      : [fleetResultFileName(item.repository), JSON.stringify(item)];
    // As actions/download-artifact lays them out: one folder per job's artifact.
    const folder = path.join(dir, `fleet-result-${name.replace(/\.json$/, '')}`);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, name), text);
  }
}

describe('gemini-agent fleet report', () => {
  it('keeps one tracking issue: created once, updated when results change, not written when they do not', async () => {
    const github = await useFleetGitHub();
    const dir = await tempRepo();
    const planDir = path.join(dir, 'plan');
    const results = path.join(dir, 'results');
    const summary = path.join(dir, 'step_summary');
    await writeFile(summary, '');
    const runEnv = env(github, {
      GITHUB_REPOSITORY: `${CENTRAL.owner}/${CENTRAL.name}`,
      GITHUB_RUN_ID: '4242',
      GITHUB_STEP_SUMMARY: summary,
    });
    await fleet(
      ['plan', '--campaign', CAMPAIGN, '--owner', ORG, '--topic', 'node', '--out', planDir],
      runEnv,
    );
    await writeResults(results, [
      result('octo-fleet/api'),
      result('octo-fleet/Billing', {
        conclusion: 'failure',
        summary: 'npm test failed',
        prNumber: undefined,
        prUrl: undefined,
      }),
      ['octo-fleet__service-cart.json', '{"version": 1, "campaign": '],
    ]);
    const report = () =>
      fleet(
        [
          'report',
          '--campaign',
          CAMPAIGN,
          '--results',
          results,
          '--plan',
          path.join(planDir, 'plan.json'),
        ],
        runEnv,
      );

    const first = await report();

    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(github.createdIssues).toHaveLength(1);
    const issue = github.createdIssues[0];
    expect(issue?.title).toBe('Fleet campaign: node-24');
    expect(github.labels(issue?.number ?? 0)).toEqual(['gemini-fleet']);
    const body = issue?.body ?? '';
    expect(body.startsWith('<!-- gemini-agent-fleet campaign="node-24" -->\n')).toBe(true);
    expect(body).toContain(
      '**7 repositories:** 1 done · 2 failed · 0 skipped · 1 without a result · 3 excluded · total cost $0.80',
    );
    expect(body).toContain(
      '| [octo-fleet/api](https://github.com/octo-fleet/api) | [#5](https://github.com/octo-fleet/api/pull/5) | ✅ done: Moved to Node 24. | $0.40 |',
    );
    expect(body).toContain(
      '| [octo-fleet/Billing](https://github.com/octo-fleet/Billing) | — | ❌ failed: npm test failed | $0.40 |',
    );
    expect(body).toContain(
      '| [octo-fleet/service-cart](https://github.com/octo-fleet/service-cart) | — | ⚠️ unreadable result: fleet-result-octo-fleet\\_\\_service-cart/octo-fleet\\_\\_service-cart.json: not JSON',
    );
    expect(body).toContain(
      '| [octo-fleet/service-mail](https://github.com/octo-fleet/service-mail) | — | ⏳ no result | — | [job](https://github.com/octo-central/fleet-ops/actions/runs/4242) |',
    );
    expect(body).toContain(
      "| [octo-fleet/service-auth](https://github.com/octo-fleet/service-auth) | [#7](https://github.com/octo-fleet/service-auth/pull/7) | ➖ excluded: already has the campaign's open pull request",
    );
    expect(first.stdout).toBe(
      `created https://github.com/octo-central/fleet-ops/issues/${issue?.number} (7 repositories: 1 done, 2 failed, 0 skipped, 1 without a result, 3 excluded)\n`,
    );

    const summaryText = await readFile(summary, 'utf8');
    expect(summaryText).toMatch(/^## Fleet campaign: node-24\n\n\*\*7 repositories:\*\* 1 done/);
    expect(summaryText).toContain(
      `Tracking issue: https://github.com/octo-central/fleet-ops/issues/${issue?.number}`,
    );
    expect(summaryText.split('\n').filter((line) => line.startsWith('| ['))).toHaveLength(7);

    // A re-run of the failed job: its new result replaces its row, in the same issue.
    await writeResults(results, [
      result('octo-fleet/Billing', { finishedAt: '2026-12-07T04:00:00Z' }),
    ]);
    const second = await report();

    expect(second.code).toBe(0);
    expect(github.createdIssues).toHaveLength(1);
    const updated = github.issue(issue?.number ?? 0);
    expect(updated?.body).toContain(
      '| [octo-fleet/Billing](https://github.com/octo-fleet/Billing) | [#5](https://github.com/octo-fleet/Billing/pull/5) | ✅ done: Moved to Node 24. |',
    );
    expect(
      readTrackingState(updated?.body ?? '', CAMPAIGN)?.find(
        (row) => row.repository === 'octo-fleet/Billing',
      )?.status,
    ).toBe('success');
    expect(second.stdout).toMatch(
      /^updated https:\/\/github\.com\/octo-central\/fleet-ops\/issues\/\d+ \(7 repositories: 2 done, 1 failed/,
    );

    // Nothing new: no write at all.
    const before = github.requests.length;
    const third = await report();

    expect(third.code).toBe(0);
    expect(third.stdout).toMatch(
      /^left unchanged https:\/\/github\.com\/octo-central\/fleet-ops\/issues\/\d+ /,
    );
    expect(github.requests.slice(before).map((request) => request.method)).toEqual(['GET']);
    expect(github.issue(issue?.number ?? 0)?.body).toBe(updated?.body);
    expect(github.violations).toEqual([]);
  });

  it('renders a hostile summary inert in the issue, and never takes over an issue someone else opened with the marker', async () => {
    const github = await useFakeGitHub({
      repo: CENTRAL,
      issues: [
        {
          number: 1,
          title: 'Fleet campaign: node-24',
          user: 'mallory',
          labels: ['gemini-fleet'],
          body: '<!-- gemini-agent-fleet campaign="node-24" -->\nplease @everyone look',
        },
      ],
    });
    const results = path.join(await tempRepo(), 'results');
    await writeResults(results, [
      result('octo-fleet/api', {
        summary: '@octocat </details><img src=x onerror=alert(1)> [win](javascript:alert(1)) | x |',
        // A web address, as the schema requires, but of another repository's pull request.
        prUrl: 'https://github.com/mallory/phish/pull/1',
      }),
      // A link that is no web page makes the whole file unreadable: a row saying so, no link.
      result('octo-fleet/web', { prUrl: 'javascript:alert(1)' }),
    ]);

    const run = await fleet(
      [
        'report',
        '--campaign',
        CAMPAIGN,
        '--results',
        results,
        '--repository',
        `${CENTRAL.owner}/${CENTRAL.name}`,
        '--run-url',
        'https://github.com/octo-central/fleet-ops/actions/runs/7',
      ],
      env(github),
    );

    expect(run.code).toBe(0);
    expect(github.issue(1)?.bodies).toHaveLength(1);
    expect(github.createdIssues).toHaveLength(1);
    const body = github.createdIssues[0]?.body ?? '';
    const row = body.split('\n').find((line) => line.startsWith('| [octo-fleet/api]')) ?? '';
    expect(row).toContain(
      '@\u200Boctocat &lt;/details&gt;&lt;img src=x onerror=alert(1)&gt; \\[win\\](javascript:alert(1)) \\| x \\|',
    );
    expect(row).not.toContain('mallory/phish');
    const web = body.split('\n').find((line) => line.startsWith('| [octo-fleet/web]')) ?? '';
    expect(web).toContain('unreadable result');
    expect(body).not.toMatch(/<img|(?<!\\)\]\(javascript:/);
  });

  it('with --dry-run and no token prints the body it would write', async () => {
    const results = path.join(await tempRepo(), 'results');
    await writeResults(results, [result('octo-fleet/api')]);

    const run = await fleet(
      [
        'report',
        '--campaign',
        CAMPAIGN,
        '--results',
        results,
        '--repository',
        'octo-central/fleet-ops',
        '--dry-run',
      ],
      {},
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      '| [octo-fleet/api](https://github.com/octo-fleet/api) | [#5](https://github.com/octo-fleet/api/pull/5) | ✅ done: Moved to Node 24. |',
    );
    expect(run.stdout).toMatch(
      /would create the tracking issue in octo-central\/fleet-ops \(1 repositories: 1 done/,
    );
  });

  it('refuses a results folder that is not there, and a plan of another campaign', async () => {
    const dir = await tempRepo({
      'plan.json': JSON.stringify({
        version: 1,
        campaign: 'other',
        branch: 'gemini/campaign-other',
        chunkSize: 256,
        repositories: 0,
        chunks: [],
        excluded: [],
      }),
    });

    const missing = await fleet(
      [
        'report',
        '--campaign',
        CAMPAIGN,
        '--results',
        path.join(dir, 'nope'),
        '--repository',
        'o/r',
      ],
      { GITHUB_TOKEN: 'ghs_unused0123456789' },
    );
    const otherPlan = await fleet(
      [
        'report',
        '--campaign',
        CAMPAIGN,
        '--results',
        dir,
        '--plan',
        path.join(dir, 'plan.json'),
        '--repository',
        'o/r',
      ],
      { GITHUB_TOKEN: 'ghs_unused0123456789' },
    );

    expect(missing.code).toBe(52);
    expect(missing.stderr).toMatch(
      /^error: --results: expected a folder holding the run jobs' result files \(owner__name\.json\), but .*nope cannot be read: ENOENT/,
    );
    expect(otherPlan.code).toBe(52);
    expect(otherPlan.stderr).toBe(
      `error: ${path.join(dir, 'plan.json')}: the plan is campaign "other"'s, not "node-24"'s.\n`,
    );
  });
});
