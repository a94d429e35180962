// The plan as a pure function: what GitHub said goes in as data, the chunks and exclusions come
// out; and the files and step outputs a plan is written as.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FleetCandidate } from '../../src/fleet/fleet-plan.js';
import {
  buildPlan,
  chunkMatrix,
  fleetPlanSchema,
  parseChunkIndex,
  parseChunkSize,
} from '../../src/fleet/fleet-plan.js';
import {
  planOutputs,
  renderPlanListing,
  writePlanFiles,
  writeStepOutputs,
} from '../../src/fleet/fleet-plan-output.js';
import { ConfigurationError, UsageError } from '../../src/platform/errors.js';
import { parseReposFile, ownerFilter } from '../../src/fleet/fleet-targets.js';
import { tempRepo } from '../support/temp-repo.js';

const plain = (repository: string): FleetCandidate => ({
  repository,
  archived: false,
  fork: false,
});

function plan(candidates: FleetCandidate[], more: Partial<Parameters<typeof buildPlan>[0]> = {}) {
  return buildPlan({
    campaign: 'node-24',
    branch: 'gemini/campaign-node-24',
    chunkSize: 256,
    includeForks: false,
    candidates,
    notFound: [],
    openPullRequests: new Map(),
    ...more,
  });
}

describe('buildPlan', () => {
  it('leaves out archived repositories, forks, the campaign’s open pull requests and those not found, each with its reason', () => {
    const result = plan(
      [
        plain('o/api'),
        { repository: 'o/old', archived: true, fork: false },
        { repository: 'o/forked', archived: false, fork: true },
        { repository: 'o/archived-fork', archived: true, fork: true },
        plain('o/has-pr'),
      ],
      {
        notFound: ['o/gone'],
        openPullRequests: new Map([['o/has-pr', 'https://github.com/o/has-pr/pull/7']]),
      },
    );

    expect(result.chunks).toEqual([[{ repository: 'o/api', owner: 'o', name: 'api' }]]);
    expect(result.excluded).toEqual([
      { repository: 'o/archived-fork', reason: 'archived', detail: 'archived (read-only)' },
      {
        repository: 'o/forked',
        reason: 'fork',
        detail: 'a fork (--include-forks takes forks in)',
      },
      {
        repository: 'o/gone',
        reason: 'not-found',
        detail: 'not found, or the token has no access to it',
      },
      {
        repository: 'o/has-pr',
        reason: 'open-pull-request',
        detail: "already has the campaign's open pull request https://github.com/o/has-pr/pull/7",
        pullRequestUrl: 'https://github.com/o/has-pr/pull/7',
      },
      { repository: 'o/old', reason: 'archived', detail: 'archived (read-only)' },
    ]);
  });

  it('takes forks in with --include-forks, but never archived ones', () => {
    const result = plan(
      [
        { repository: 'o/forked', archived: false, fork: true },
        { repository: 'o/archived-fork', archived: true, fork: true },
      ],
      { includeForks: true },
    );

    expect(result.chunks.flat().map((entry) => entry.repository)).toEqual(['o/forked']);
    expect(result.excluded.map((exclusion) => exclusion.reason)).toEqual(['archived']);
  });

  it('chunks 600 repositories into 256, 256 and 88, sorted by name whatever the listing’s order', () => {
    const names = Array.from({ length: 600 }, (_, i) => `o/r${String(i).padStart(3, '0')}`);
    const result = plan([...names].reverse().map(plain));

    expect(result.chunks.map((chunk) => chunk.length)).toEqual([256, 256, 88]);
    expect(result.chunks.flat().map((entry) => entry.repository)).toEqual(names);
    expect(result.repositories).toBe(600);
    expect(chunkMatrix(result, 2).include[0]).toEqual({
      repository: 'o/r512',
      owner: 'o',
      name: 'r512',
    });
    expect(fleetPlanSchema.parse(JSON.parse(JSON.stringify(result)))).toEqual(result);
  });

  it('orders names case-insensitively, as GitHub compares them', () => {
    const result = plan([plain('o/beta'), plain('o/Alpha'), plain('O/gamma')]);

    expect(result.chunks.flat().map((entry) => entry.repository)).toEqual([
      'o/Alpha',
      'o/beta',
      'O/gamma',
    ]);
  });

  it('gives an empty chunk 0 when nothing is left to run, and refuses a chunk past the last', () => {
    const empty = plan([{ repository: 'o/old', archived: true, fork: false }]);

    expect(chunkMatrix(empty, 0)).toEqual({ include: [] });
    expect(planOutputs(empty, 0)).toMatchObject({
      matrix: '{"include":[]}',
      count: '0',
      chunks: '0',
      excluded: '1',
    });
    expect(() => chunkMatrix(plan([plain('o/a')]), 1)).toThrow(
      /--chunk 1 is past the plan's last chunk: it has 1 \(0 to 0\)/,
    );
  });
});

describe('chunk flags', () => {
  it('defaults to 256 and refuses more, naming the limit', () => {
    expect(parseChunkSize(undefined)).toBe(256);
    expect(parseChunkSize('100')).toBe(100);
    expect(() => parseChunkSize('257')).toThrow(UsageError);
    expect(() => parseChunkSize('257')).toThrow(
      /over 256, the most jobs GitHub Actions runs from one matrix/,
    );
    expect(() => parseChunkSize('0')).toThrow(/from 1 to 256, got "0"/);
    expect(() => parseChunkSize('ten')).toThrow(/from 1 to 256, got "ten"/);
  });

  it('takes a chunk number from 0', () => {
    expect(parseChunkIndex(undefined)).toBe(0);
    expect(parseChunkIndex('2')).toBe(2);
    expect(() => parseChunkIndex('-1')).toThrow(/counted from 0, got "-1"/);
  });
});

describe('repos file', () => {
  it('reads one owner/name a line, with comments and blank lines, each repository once', () => {
    const text = '# the services\n\no/api\n  o/billing   # moved in May\nO/API\n';

    expect(parseReposFile(text, 'repos.txt')).toEqual([
      { owner: 'o', name: 'api' },
      { owner: 'o', name: 'billing' },
    ]);
  });

  it('points at the line that is not owner/name', () => {
    const read = () => parseReposFile('o/api\n\nhttps://github.com/o/web\n', 'fleet/repos.txt');

    expect(read).toThrow(ConfigurationError);
    expect(read).toThrow(
      /^fleet\/repos\.txt:3: expected one repository a line as owner\/name \(e\.g\. "octo-org\/api"\), or a "#" comment, got "https:\/\/github\.com\/o\/web"\.$/,
    );
  });
});

describe('owner filters', () => {
  it('needs every topic, the language, and any one name glob', () => {
    const keep = ownerFilter({
      topics: ['node', 'service'],
      language: 'typescript',
      names: ['service-*', 'api'],
    });

    expect(
      keep({ name: 'service-auth', topics: ['service', 'node'], language: 'TypeScript' }),
    ).toBe(true);
    expect(keep({ name: 'API', topics: ['node', 'service'], language: 'TypeScript' })).toBe(true);
    expect(keep({ name: 'service-auth', topics: ['node'], language: 'TypeScript' })).toBe(false);
    expect(keep({ name: 'service-auth', topics: ['node', 'service'], language: 'Go' })).toBe(false);
    expect(keep({ name: 'web', topics: ['node', 'service'], language: 'TypeScript' })).toBe(false);
  });
});

describe('plan files and step outputs', () => {
  it('writes every output as a heredoc entry of the runner’s file-command format', async () => {
    const dir = await tempRepo();
    const file = path.join(dir, 'github_output');
    const result = plan([plain('o/a'), plain('o/b')]);

    await writeStepOutputs(file, planOutputs(result, 0));

    const text = await readFile(file, 'utf8');
    const entries = [
      ...text.matchAll(/^([a-z]+)<<(ghadelimiter_[0-9a-f-]{36})\n([\s\S]*?)\n\2$/gm),
    ];
    expect(Object.fromEntries(entries.map(([, name, , value]) => [name, value]))).toEqual({
      matrix:
        '{"include":[{"repository":"o/a","owner":"o","name":"a"},{"repository":"o/b","owner":"o","name":"b"}]}',
      count: '2',
      chunks: '1',
      excluded: '0',
      plan: JSON.stringify(result),
    });
    // Nothing but the entries: the runner refuses a file with anything between them.
    expect(entries.map(([entry]) => entry).join('\n') + '\n').toBe(text);
  });

  it('writes plan.json and one chunk-<n>.json per chunk', async () => {
    const dir = await tempRepo();
    const result = plan(['o/a', 'o/b', 'o/c'].map(plain), { chunkSize: 2 });

    await writePlanFiles(path.join(dir, 'plan'), result);

    expect(JSON.parse(await readFile(path.join(dir, 'plan', 'plan.json'), 'utf8'))).toEqual(result);
    expect(JSON.parse(await readFile(path.join(dir, 'plan', 'chunk-1.json'), 'utf8'))).toEqual({
      include: [{ repository: 'o/c', owner: 'o', name: 'c' }],
    });
  });

  it('lists chunks and exclusions for a dry run', () => {
    const result = plan([plain('o/a'), { repository: 'o/old', archived: true, fork: false }]);

    expect(renderPlanListing(result)).toBe(
      [
        'Campaign node-24 (branch gemini/campaign-node-24): 1 repository in 1 chunk of at most 256, 1 excluded.',
        '',
        'Chunk 0 (1):',
        '  o/a',
        '',
        'Excluded (1):',
        '  o/old: archived (read-only)',
        '',
      ].join('\n'),
    );
  });
});
