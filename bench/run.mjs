// `npm run bench`: runs the benchmarks, prints minimum / median / maximum, the ratio against
// each peer and each target, met or missed, and writes bench/results.json, bench/report.md (the
// same tables) and an SVG chart of each growth curve (bench/charts/). Not part of CI: the figures
// depend on the machine.
//
//   node bench/run.mjs [--runs N] [--only NAME[,NAME…]] [--quiet] [--growth-sizes full|small]
//                      [--cli FILE] [--node-arg ARG]… [--profile DIR]
//
// --runs 1 --growth-sizes small is a smoke run: every benchmark once, the largest sizes left out.
//
// For finding out why a figure is what it is: --cli benches another build of our CLI (e.g. one
// made with `node scripts/build.mjs --out DIR`), --node-arg passes a flag to node when it runs
// our CLI or the Action, --profile DIR writes a V8 CPU profile of every such run into DIR
// (summarise one with `node bench/lib/cpu-profile-summary.mjs FILE`). Such runs are recorded as
// such in results.json.
//
// Benchmarks: cold-start, agent-overhead, search, memory, github-cost, action-e2e, growth (one
// file each). Caches (the Gemini CLI install, the generated repositories of 10,000 to 1,000,000
// files) live under $TMPDIR/gemini-agent-bench; the first run fills them (the 1,000,000-file
// repository takes several minutes and about 4 GB of disk).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configureOurCli, ourCliPath, ROOT } from './lib/agents.mjs';
import { cleanupScratch } from './lib/scratch.mjs';
import { markdownReport, resultsTable } from './lib/report.mjs';
import { renderChart } from './lib/svg-chart.mjs';
import * as coldStart from './cold-start.mjs';
import * as agentOverhead from './agent-overhead.mjs';
import * as search from './search.mjs';
import * as memory from './memory.mjs';
import * as githubCost from './github-cost.mjs';
import * as actionE2e from './action-e2e.mjs';
import * as growth from './growth.mjs';

const BENCHMARKS = [coldStart, agentOverhead, search, memory, githubCost, actionE2e, growth];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    profile: { type: 'string' },
    cli: { type: 'string' },
    'node-arg': { type: 'string', multiple: true, default: [] },
    'growth-sizes': { type: 'string', default: 'full' },
  },
});
const growthSizes = values['growth-sizes'];
if (growthSizes !== 'full' && growthSizes !== 'small') {
  throw new Error(`--growth-sizes: expected full or small, got "${growthSizes}"`);
}
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
const charts = [];
const failures = [];
try {
  for (const bench of BENCHMARKS) {
    if (only && !only.includes(bench.name)) continue;
    log(`${bench.name} …`);
    try {
      const result = await bench.run({ runs, log, growthSizes });
      rows.push(...result);
      charts.push(...(result.charts ?? []));
    } catch (error) {
      failures.push({ benchmark: bench.name, error: String(error?.stack ?? error) });
      process.stderr.write(`${bench.name} failed: ${error?.stack ?? error}\n`);
    }
  }
} finally {
  cleanupScratch();
}

console.log(resultsTable(rows));
for (const entry of rows.filter((candidate) => candidate.note)) {
  console.log(`- ${entry.benchmark}, ${entry.measure}: ${entry.note}`);
}
const results = {
  date: new Date().toISOString(),
  ...gitState(),
  machine: {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
  },
  runs,
  ...(growthSizes !== 'full' ? { growthSizes } : {}),
  ourCli: path.relative(ROOT, ourCliPath()) || ourCliPath(),
  ...(values['node-arg'].length > 0 ? { nodeArgs: values['node-arg'] } : {}),
  totalSeconds: Math.round((performance.now() - started) / 1000),
  rows,
  charts,
  failures,
};
const file = path.join(ROOT, 'bench/results.json');
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
const chartDir = path.join(ROOT, 'bench/charts');
if (charts.length > 0) {
  rmSync(chartDir, { recursive: true, force: true });
  mkdirSync(chartDir, { recursive: true });
}
const chartFiles = charts.map((chart) => {
  writeFileSync(path.join(chartDir, `${chart.id}.svg`), renderChart(chart));
  return { id: chart.id, title: chart.title, file: `charts/${chart.id}.svg` };
});
writeFileSync(path.join(ROOT, 'bench/report.md'), markdownReport(results, chartFiles));
const met = rows.filter((entry) => entry.met === true).length;
const targets = rows.filter((entry) => entry.met !== undefined).length;
process.stderr.write(
  `\n${met} of ${targets} targets met. Wrote bench/results.json, bench/report.md${chartFiles.length > 0 ? ` and ${chartFiles.length} charts in bench/charts/` : ''} (${results.totalSeconds} s)\n`,
);
if (failures.length > 0) process.exitCode = 1;

/** The commit measured, and whether the working tree differed from it. */
function gitState() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain') !== '' };
  } catch {
    return {};
  }
}
