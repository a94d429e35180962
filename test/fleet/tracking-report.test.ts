// The tracking issue's rows, body and state without any store: results merged over earlier rows,
// hostile texts rendered inert, GitHub's 65,536 characters kept with the state intact, and result
// files that are not results becoming rows.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FleetResult } from '../../src/fleet/fleet-result.js';
import type { FleetPlan } from '../../src/fleet/fleet-plan.js';
import { buildPlan } from '../../src/fleet/fleet-plan.js';
import { readFleetResults } from '../../src/fleet/fleet-results.js';
import type { FleetRow } from '../../src/fleet/fleet-rows.js';
import { mergeFleetRows } from '../../src/fleet/fleet-rows.js';
import {
  renderFleetSummary,
  renderTrackingBody,
  trackingMarker,
} from '../../src/fleet/tracking-body.js';
import { readTrackingState } from '../../src/fleet/tracking-state.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { createRedactor } from '../../src/platform/redaction.js';
import { tempRepo } from '../support/temp-repo.js';

const CAMPAIGN = 'node-24';
const RUN = 'https://github.com/octo-central/fleet-ops/actions/runs/99';
const noRedaction = (text: string) => text;

function result(repository: string, more: Partial<FleetResult> = {}): FleetResult {
  return {
    version: 1,
    campaign: CAMPAIGN,
    repository,
    conclusion: 'success',
    summary: 'Moved to Node 24.',
    prNumber: 12,
    prUrl: `https://github.com/${repository}/pull/12`,
    costUsd: 0.25,
    runUrl: `${RUN}/job/1`,
    finishedAt: '2026-12-07T03:00:00Z',
    ...more,
  };
}

function merge(previous: FleetRow[], results: FleetResult[], plan?: FleetPlan): FleetRow[] {
  return mergeFleetRows(previous, {
    read: { results, unreadable: [] },
    plan,
    runUrl: RUN,
    redact: noRedaction,
  });
}

function tableRows(body: string): string[] {
  return body
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('| ') && !line.startsWith('| Repository') && !line.startsWith('| ---'),
    );
}

describe('mergeFleetRows', () => {
  it('gives planned repositories without a result "no result", excluded ones their reason, and keeps earlier results', () => {
    const plan = buildPlan({
      campaign: CAMPAIGN,
      branch: 'gemini/campaign-node-24',
      chunkSize: 256,
      includeForks: false,
      candidates: ['o/a', 'o/b', 'o/c', 'o/earlier'].map((repository) => ({
        repository,
        archived: false,
        fork: false,
      })),
      notFound: ['o/gone'],
      openPullRequests: new Map([['o/c', 'https://github.com/o/c/pull/3']]),
    });
    const earlier: FleetRow[] = [
      {
        repository: 'o/earlier',
        status: 'failure',
        note: 'tests failed',
        at: '2026-12-06T00:00:00Z',
      },
    ];

    const rows = merge(earlier, [result('o/a')], plan);

    expect(rows).toEqual([
      {
        repository: 'o/a',
        status: 'success',
        pr: 12,
        prUrl: 'https://github.com/o/a/pull/12',
        cost: 0.25,
        job: `${RUN}/job/1`,
        note: 'Moved to Node 24.',
        at: '2026-12-07T03:00:00Z',
      },
      { repository: 'o/b', status: 'no-result', job: RUN },
      {
        repository: 'o/c',
        status: 'excluded',
        pr: 3,
        prUrl: 'https://github.com/o/c/pull/3',
        note: "already has the campaign's open pull request https://github.com/o/c/pull/3",
      },
      earlier[0],
      {
        repository: 'o/gone',
        status: 'excluded',
        note: 'not found, or the token has no access to it',
      },
    ]);
  });

  it('replaces a repository’s row with a newer result, never with an older one', () => {
    const first = merge(
      [],
      [result('o/a', { conclusion: 'failure', finishedAt: '2026-12-07T03:00:00Z' })],
    );

    const newer = merge(first, [result('o/a', { finishedAt: '2026-12-07T04:00:00Z' })]);
    const older = merge(newer, [
      result('o/a', { conclusion: 'failure', finishedAt: '2026-12-07T02:00:00Z' }),
    ]);

    expect(newer.map((row) => row.status)).toEqual(['success']);
    expect(older).toEqual(newer);
  });

  it('redacts secrets in summaries and drops links that hold one', () => {
    const secret = 'ghs_SecretInstallationToken0123456789';
    const redact = createRedactor({ secrets: [secret] }).redact;

    const [row] = mergeFleetRows([], {
      read: {
        results: [
          result('o/a', {
            summary: `pushed with ${secret}`,
            runUrl: `https://x-access-token:${secret}@github.com/o/a`,
          }),
        ],
        unreadable: [],
      },
      redact,
    });

    expect(row?.note).toBe('pushed with ***');
    expect(row?.job).toBeUndefined();
  });
});

describe('renderTrackingBody', () => {
  it('renders a hostile summary inert: no HTML, no mentions, no links but http(s), one line a row', () => {
    const hostile = [
      '@octocat other/repo#1 </details><img src="https://evil.example/x.png"> | cell |',
      '## Fake heading @octo-org/admins',
      '[click me](javascript:alert(1)) <!-- hide the rest',
    ].join('\n');
    const rows = merge(
      [],
      [
        result('o/a', {
          summary: hostile,
          prUrl: 'javascript:alert(document.cookie)',
          runUrl: 'javascript:alert(2)',
        }),
        // A link to another repository's pull request is not this repository's pull request.
        result('o/b', { prUrl: 'https://github.com/victim/repo/pull/1' }),
      ],
    );

    const body = renderTrackingBody(CAMPAIGN, rows);
    const [a, b] = tableRows(body);

    expect(tableRows(body)).toHaveLength(2);
    expect(a).not.toMatch(/<img|<\/details>|<!--|javascript:\s*alert\(|\]\(javascript/i);
    expect(a).not.toMatch(/(^|[^\u200B])@octocat/);
    expect(a).toContain('@\u200Boctocat');
    expect(a).toContain('other/repo#\u200B1');
    // The cell breaks are escaped: five cells, as the header has.
    expect(a?.split(/(?<!\\)\|/).length).toBe(7);
    expect(a).toContain('| #\u200B12 | ✅ done: ');
    expect(a).toMatch(/\| \$0\.25 \| — \|$/);
    expect(b).toContain('| — | ✅ done');
    expect(body).not.toContain('victim/repo/pull/1)');
  });

  it('is the same text for the same rows, with the marker and a readable state', () => {
    const rows = merge(
      [],
      [
        result('o/a'),
        result('o/b', {
          conclusion: 'skipped',
          prNumber: undefined,
          prUrl: undefined,
          costUsd: undefined,
        }),
      ],
    );

    const body = renderTrackingBody(CAMPAIGN, rows);

    expect(renderTrackingBody(CAMPAIGN, rows)).toBe(body);
    expect(body.startsWith(trackingMarker(CAMPAIGN))).toBe(true);
    expect(body).toContain(
      '**2 repositories:** 1 done · 0 failed · 1 skipped · 0 without a result · 0 excluded · total cost $0.25',
    );
    expect(body).toContain(
      '| [o/a](https://github.com/o/a) | [#12](https://github.com/o/a/pull/12) | ✅ done: Moved to Node 24. | $0.25 | [job](https://github.com/octo-central/fleet-ops/actions/runs/99/job/1) |',
    );
    expect(readTrackingState(body, CAMPAIGN)).toEqual(rows);
    expect(readTrackingState(body, 'another-campaign')).toBeUndefined();
  });

  function many(count: number, failEvery: number): FleetRow[] {
    const results = Array.from({ length: count }, (_, i) =>
      result(`octo-fleet/service-${String(i).padStart(4, '0')}`, {
        conclusion: i % failEvery === 0 ? 'failure' : 'success',
        summary: `Run ${i}: ${'updated the engines field, the lockfile and the CI matrix; '.repeat(3)}`,
        prUrl: `https://github.com/octo-fleet/service-${String(i).padStart(4, '0')}/pull/12`,
        runUrl: `${RUN}/job/${1_000_000 + i}`,
      }),
    );
    return merge([], results);
  }

  it('folds the rows that need no look into <details> when the table is too long for GitHub', () => {
    const rows = many(600, 50);

    const body = renderTrackingBody(CAMPAIGN, rows);

    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain('### Needing a look');
    expect(body).toContain(
      '<details><summary>588 other repositories (done, skipped, excluded)</summary>',
    );
    expect(tableRows(body).filter((row) => row.includes('❌ failed'))).toHaveLength(12);
    expect(body).toMatch(
      /<\/details>\n\n_…and \d+ more rows not shown: GitHub stores 65,536 characters of an issue; every row is kept in this issue’s hidden state\._/,
    );
    expect(readTrackingState(body, CAMPAIGN)).toEqual(rows);
  });

  it('shows every row of 2,000 repositories in the job summary, which takes 1 MiB', () => {
    const rows = many(2000, 10);

    const summary = renderFleetSummary(CAMPAIGN, rows, {
      issueUrl: 'https://github.com/o/c/issues/1',
    });

    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1_000_000);
    expect(tableRows(summary)).toHaveLength(2000);
    expect(summary).toContain('\n\nTracking issue: https://github.com/o/c/issues/1\n');
  });

  it('keeps 3,000 repositories under 65,536 characters with every row in the state', () => {
    const rows = many(3000, 10);

    const body = renderTrackingBody(CAMPAIGN, rows);

    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain('**3000 repositories:** 2700 done · 300 failed');
    expect(body).toMatch(/_…and \d+ more rows not shown/);
    expect(readTrackingState(body, CAMPAIGN)?.map((row) => row.repository)).toEqual(
      rows.map((row) => row.repository),
    );
  });
});

describe('readFleetResults', () => {
  it('makes a row of a file that is not a valid result, and reads the others', async () => {
    const dir = await tempRepo();
    await mkdir(path.join(dir, 'fleet-result-o__a'), { recursive: true });
    await writeFile(
      path.join(dir, 'fleet-result-o__a', 'o__a.json'),
      JSON.stringify(result('o/a')),
    );
    await writeFile(path.join(dir, 'o__broken.json'), '{"version": 1, "campaign": "node-24",');
    await writeFile(
      path.join(dir, 'o__wrong.json'),
      JSON.stringify({ ...result('o/wrong'), conclusion: 'maybe' }),
    );
    await writeFile(path.join(dir, 'o__liar.json'), JSON.stringify(result('o/someone-else')));
    await writeFile(path.join(dir, 'notes.txt'), 'not a result');

    const read = await readFleetResults(dir, CAMPAIGN);

    expect(read.results.map((r) => r.repository)).toEqual(['o/a']);
    expect(read.unreadable).toEqual([
      {
        repository: 'o/broken',
        file: 'o__broken.json',
        problem: expect.stringMatching(/^not JSON/) as unknown,
      },
      {
        repository: 'o/liar',
        file: 'o__liar.json',
        problem: 'names repository o/someone-else, but the file is o__liar.json',
      },
      {
        repository: 'o/wrong',
        file: 'o__wrong.json',
        problem: expect.stringMatching(/^conclusion: /) as unknown,
      },
    ]);
  });

  it('refuses a results folder that is not there, naming --results', async () => {
    const missing = path.join(await tempRepo(), 'nope');

    await expect(readFleetResults(missing, CAMPAIGN)).rejects.toThrow(ConfigurationError);
    await expect(readFleetResults(missing, CAMPAIGN)).rejects.toThrow(
      /^--results: expected a folder holding the run jobs' result files/,
    );
  });
});
