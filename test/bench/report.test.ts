// What `npm run bench` shows when it has run on several Node runtimes (bench/lib/report.mjs):
// Node 24 first, each target judged per runtime, a runtime that did not run said so; and the
// `--node` list it is given (bench/lib/runtimes.mjs). Results are made up here: no benchmark
// runs and nothing is timed.
import { describe, expect, it } from 'vitest';
import { markdownReport, resultsText } from '../../bench/lib/report.mjs';
import type { ResultRow, Results, RuntimeResults } from '../../bench/lib/report.mjs';
import { DEFAULT_RUNTIMES, npmReason, parseRuntimes } from '../../bench/lib/runtimes.mjs';
import { section } from '../docs/markdown.js';

function row(fields: Partial<ResultRow> & { measure: string; median: number }): ResultRow {
  return {
    benchmark: 'search',
    unit: 'ms',
    min: fields.median,
    max: fields.median,
    ...fields,
  };
}

function ran(major: number, node: string, rows: ResultRow[]): RuntimeResults {
  return { major, node, execPath: `/node${major}`, rows, charts: [], failures: [] };
}

const GLOB = 'ours: glob **/m07/f04*.ts (1,000 files)';
const GREP = 'ours: search_file_content /rare/ (10 matches)';

function results(runtimes: RuntimeResults[]): Results {
  return {
    date: '2026-12-07T00:00:00.000Z',
    commit: 'abc1234',
    machine: { platform: 'linux 6.1', cpus: '2 × test CPU', memoryGB: 8 },
    runs: 3,
    runtimes,
  };
}

const node24 = ran(24, 'v24.21.0', [
  row({
    measure: GLOB,
    median: 130,
    min: 120,
    max: 150,
    peer: 'git ls-files -co',
    ratioLabel: '1.06× its time',
    target: '≤ 1.5× git ls-files -co',
    met: true,
  }),
  row({
    measure: GREP,
    median: 700,
    peer: 'fastest: rg',
    ratioLabel: '1.60× its time',
    target: '≤ 1.5× the fastest',
    met: false,
  }),
  row({ measure: 'rg --files: rg --files -g **/m07/f04*.ts', median: 72, note: 'a figure only' }),
]);
const node22 = ran(22, 'v22.23.3', [
  row({
    measure: GLOB,
    median: 140,
    min: 135,
    max: 160,
    peer: 'git ls-files -co',
    ratioLabel: '1.10× its time',
    target: '≤ 1.5× git ls-files -co',
    met: true,
  }),
  row({
    measure: GREP,
    median: 600,
    peer: 'fastest: rg',
    ratioLabel: '1.40× its time',
    target: '≤ 1.5× the fastest',
    met: true,
  }),
  row({ measure: 'rg --files: rg --files -g **/m07/f04*.ts', median: 74, note: 'a figure only' }),
]);

/** The table under `## benchmark`, as one record per line keyed by the header's cells. */
function table(markdown: string, benchmark: string): Record<string, string>[] {
  const body = section(markdown, benchmark) ?? '';
  const lines = body.split('\n').filter((line) => line.startsWith('|'));
  const cells = (line: string): string[] =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
  const header = cells(lines[0] ?? '');
  return lines
    .slice(2)
    .map((line) => Object.fromEntries(cells(line).map((cell, i) => [header[i] ?? '', cell])));
}

function line(markdown: string, benchmark: string, measure: string): Record<string, string> {
  const found = table(markdown, benchmark).find((entry) => entry.measure === measure);
  if (!found) throw new Error(`no line for ${measure} in ${benchmark}`);
  return found;
}

describe('the benchmark report over two runtimes', () => {
  const report = markdownReport(results([node24, node22]), [], '');

  it('says per runtime how many targets were met, Node 24 first, and which were missed where', () => {
    const met24 = report.indexOf('1 of 2 targets met on Node 24.21.0');
    const met22 = report.indexOf('2 of 2 targets met on Node 22.23.3');
    expect(met24).toBeGreaterThan(-1);
    expect(met22).toBeGreaterThan(met24);
    const missed = report.slice(met24, met22);
    expect(missed).toContain(`missed: search, ${GREP} (≤ 1.5× the fastest)`);
    expect(report.slice(met22)).not.toContain('missed:');
  });

  it('puts both runtimes on one line per measure, Node 24 first, each target judged on its own', () => {
    const header = Object.keys(line(report, 'search', GREP));
    expect(header).toEqual([
      'measure',
      'unit',
      'vs',
      'target',
      'Node 24 median',
      'Node 24 min–max',
      'Node 24 ratio',
      'Node 24 met',
      'Node 22 median',
      'Node 22 min–max',
      'Node 22 ratio',
      'Node 22 met',
    ]);
    expect(line(report, 'search', GREP)).toMatchObject({
      vs: 'fastest: rg',
      target: '≤ 1.5× the fastest',
      'Node 24 median': '700',
      'Node 24 ratio': '1.60× its time',
      'Node 24 met': 'NO',
      'Node 22 median': '600',
      'Node 22 ratio': '1.40× its time',
      'Node 22 met': 'yes',
    });
    expect(line(report, 'search', GLOB)).toMatchObject({
      vs: 'git ls-files -co',
      target: '≤ 1.5× git ls-files -co',
      'Node 24 median': '130',
      'Node 24 min–max': '120–150',
      'Node 22 min–max': '135–160',
    });
  });

  it('shows a measure without a target as a figure, with no met on either runtime', () => {
    expect(line(report, 'search', 'rg --files: rg --files -g **/m07/f04*.ts')).toMatchObject({
      target: '',
      'Node 24 median': '72.0',
      'Node 24 met': '',
      'Node 22 median': '74.0',
      'Node 22 met': '',
    });
  });

  it('gives a note both runtimes made once', () => {
    const notes = report.split('\n').filter((text) => text.includes('a figure only'));
    expect(notes).toEqual(['- rg --files: rg --files -g **/m07/f04*.ts: a figure only']);
  });

  it('prints the same tables and a line per runtime on the console', () => {
    const text = resultsText(results([node24, node22]));
    const header = text.split('\n').find((entry) => entry.startsWith('| measure'));
    expect(header?.split('|').map((cell) => cell.trim())).toEqual([
      '',
      'measure',
      'unit',
      'vs',
      'target',
      'Node 24 median',
      'Node 24 min–max',
      'Node 24 ratio',
      'Node 24 met',
      'Node 22 median',
      'Node 22 min–max',
      'Node 22 ratio',
      'Node 22 met',
      '',
    ]);
    expect(text).toMatch(/^\| ours: search_file_content \/rare\/ .* \| NO +\| +600 \|/m);
    expect(text.trimEnd().split('\n').slice(-2)).toEqual([
      '1 of 2 targets met on Node 24.21.0',
      '2 of 2 targets met on Node 22.23.3',
    ]);
  });
});

describe('a runtime that did not run', () => {
  const failed: RuntimeResults = {
    major: 22,
    error: 'expected `npm install node@22` to put a Node 22 binary at /cache/node22/…',
    rows: [],
    charts: [],
    failures: [],
  };
  const report = markdownReport(results([node24, failed]), [], '');

  it('is reported with what was expected, and the runtime that ran keeps its figures', () => {
    expect(report).toContain(`- Node 22 did not run: ${failed.error}`);
    expect(report).toContain('1 of 2 targets met on Node 24.21.0');
    expect(line(report, 'search', GREP)).toMatchObject({
      'Node 24 median': '700',
      'Node 24 met': 'NO',
      'Node 22 median': '',
      'Node 22 met': '',
    });
    expect(section(report, 'Failures')).toContain(`Node 22 did not run: ${failed.error}`);
  });

  it('names a benchmark that failed on one runtime only', () => {
    const partly = {
      ...node22,
      failures: [{ benchmark: 'memory', error: 'Error: our CLI failed (exit 1)\n    at run' }],
    };
    const text = markdownReport(results([node24, partly]), [], '');
    expect(text).toContain('2 of 2 targets met on Node 22.23.3 (failed: memory)');
    expect(section(text, 'Failures')).toContain(
      '- Node 22.23.3, memory: Error: our CLI failed (exit 1)',
    );
  });
});

describe('the growth charts', () => {
  it('say which runtime drew them', () => {
    const growth = (node: RuntimeResults): RuntimeResults => ({
      ...node,
      rows: [
        row({
          benchmark: 'growth',
          measure: 'session — ms per turn',
          median: 30,
          growth: { exponent: 0.9, superlinear: false },
        }),
      ],
    });
    const report = markdownReport(
      results([growth(node24), growth(node22)]),
      [{ id: 'session', title: 'Session length', file: 'charts/session.svg' }],
      'Node 24.21.0',
    );
    const part = section(report, 'growth') ?? '';
    expect(part).toContain('Charts from the Node 24.21.0 run.');
    expect(part).toContain('![Session length](charts/session.svg)');
    expect(part).toContain('- Node 24.21.0: nothing grows faster than linearly.');
    expect(part).toContain('- Node 22.23.3: nothing grows faster than linearly.');
  });
});

describe('--node', () => {
  it('runs Node 24, then Node 22, unless told otherwise', () => {
    expect(DEFAULT_RUNTIMES).toEqual([24, 22]);
  });

  it('takes major versions in the order given', () => {
    expect(parseRuntimes('22,24')).toEqual([22, 24]);
    expect(parseRuntimes(' 24 , 22 ')).toEqual([24, 22]);
    expect(parseRuntimes('26')).toEqual([26]);
  });

  it.each([
    ['v24', '"v24" is not a major version'],
    ['24.1', '"24.1" is not a major version'],
    ['24,', '"" is not a major version'],
    ['', '"" is not a major version'],
    ['24,22,24', 'got 24 twice'],
  ])('refuses "%s", saying what it expected', (text, problem) => {
    expect(() => parseRuntimes(text)).toThrow(
      'expected Node major versions separated by commas, such as 24,22',
    );
    expect(() => parseRuntimes(text)).toThrow(problem);
  });
});

describe('a fetch of a runtime that fails', () => {
  it("is told by npm's own code and first message", () => {
    const notFound = [
      'npm error code ETARGET',
      'npm error notarget No matching version found for node@99.',
      "npm error notarget In most cases you or one of your dependencies are requesting a package version that doesn't exist.",
      'npm error A complete log of this run can be found in: /root/.npm/_logs/x-debug-0.log',
    ].join('\n');
    expect(npmReason(notFound)).toBe('ETARGET: notarget No matching version found for node@99.');
    const offline = [
      'npm error code ECONNREFUSED',
      'npm error syscall connect',
      'npm error errno ECONNREFUSED',
      'npm error FetchError: request to http://127.0.0.1:9/node failed, reason: connect ECONNREFUSED 127.0.0.1:9',
      'npm error     at ClientRequest.<anonymous> (/usr/lib/node_modules/npm/lib/index.js:130:14)',
      "npm error   code: 'ECONNREFUSED',",
    ].join('\n');
    expect(npmReason(offline)).toBe(
      'ECONNREFUSED: FetchError: request to http://127.0.0.1:9/node failed, reason: connect ECONNREFUSED 127.0.0.1:9',
    );
  });
});
