// `npm run bench`: runs the benchmarks, prints minimum / median / maximum and the ratio against
// each peer, and writes bench/results.json. Not part of CI: the figures depend on the machine.
//
//   node bench/run.mjs [--runs N] [--only NAME[,NAME…]] [--quiet]
//                      [--cli FILE] [--node-arg ARG]… [--profile DIR]
//
// For finding out why a figure is what it is: --cli benches another build of our CLI (e.g. one
// made with `node scripts/build.mjs --out DIR`), --node-arg passes a flag to node when it runs
// our CLI, --profile DIR writes a V8 CPU profile of every run of our CLI into DIR (summarise one
// with `node bench/lib/cpu-profile-summary.mjs FILE`). Such runs are recorded as such in
// results.json.
//
// Benchmarks: cold-start, agent-overhead, search, memory, github-cost (one file each). Caches
// (the Gemini CLI install, the generated 100,000-file repository) live under
// $TMPDIR/gemini-agent-bench; the first run fills them (about a minute).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configureOurCli, ourCliPath, ROOT } from './lib/agents.mjs';
import { formatNumber } from './lib/measure.mjs';
import { cleanupScratch } from './lib/scratch.mjs';
import * as coldStart from './cold-start.mjs';
import * as agentOverhead from './agent-overhead.mjs';
import * as search from './search.mjs';
import * as memory from './memory.mjs';
import * as githubCost from './github-cost.mjs';

const BENCHMARKS = [coldStart, agentOverhead, search, memory, githubCost];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    profile: { type: 'string' },
    cli: { type: 'string' },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: expected a whole number ≥ 1`);
const names = BENCHMARKS.map((bench) => bench.name);
const only = values.only?.split(',').map((entry) => entry.trim());
for (const wanted of only ?? []) {
  if (!names.includes(wanted))
    throw new Error(`--only: "${wanted}" is not one of ${names.join(', ')}`);
}
const log = values.quiet ? () => {} : (message) => process.stderr.write(`· ${message}\n`);

configureOurCli({
  ...(values.cli ? { cli: path.resolve(values.cli) } : {}),
  nodeArgs: values['node-arg'],
  ...(values.profile ? { profileDir: path.resolve(values.profile) } : {}),
});

const started = performance.now();
const rows = [];
const failures = [];
try {
  for (const bench of BENCHMARKS) {
    if (only && !only.includes(bench.name)) continue;
    log(`${bench.name} …`);
    try {
      rows.push(...(await bench.run({ runs, log })));
    } catch (error) {
      failures.push({ benchmark: bench.name, error: String(error?.stack ?? error) });
      process.stderr.write(`${bench.name} failed: ${error?.stack ?? error}\n`);
    }
  }
} finally {
  cleanupScratch();
}

printTable(rows);
for (const entry of rows.filter((candidate) => candidate.note)) {
  console.log(`- ${entry.benchmark}, ${entry.measure}: ${entry.note}`);
}
const results = {
  date: new Date().toISOString(),
  machine: {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
  },
  runs,
  ourCli: path.relative(ROOT, ourCliPath()) || ourCliPath(),
  ...(values['node-arg'].length > 0 ? { nodeArgs: values['node-arg'] } : {}),
  totalSeconds: Math.round((performance.now() - started) / 1000),
  rows,
  failures,
};
const file = path.join(ROOT, 'bench/results.json');
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
process.stderr.write(`\nwrote ${path.relative(process.cwd(), file)} (${results.totalSeconds} s)\n`);
if (failures.length > 0) process.exitCode = 1;

function printTable(list) {
  const header = [
    'benchmark',
    'measure',
    'unit',
    'min',
    'median',
    'max',
    'vs',
    'ratio',
    'target',
    'met',
  ];
  const lines = list.map((entry) => [
    entry.benchmark,
    entry.measure,
    entry.unit,
    formatNumber(entry.min, entry.unit),
    formatNumber(entry.median, entry.unit),
    formatNumber(entry.max, entry.unit),
    entry.peer ?? '',
    entry.ratioLabel ?? (entry.ratio !== undefined ? `${entry.ratio.toFixed(2)}×` : ''),
    entry.target ?? '',
    entry.met === undefined ? '' : entry.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i].length)),
  );
  const numeric = new Set([3, 4, 5]);
  const format = (cells) =>
    `| ${cells.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join(' | ')} |`;
  console.log(format(header));
  console.log(
    `|${widths.map((width, i) => (numeric.has(i) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
}
