// `npm run bench`: runs every benchmark on each Node runtime in turn (Node 24, the Action's, then
// Node 22, the oldest package.json allows), prints for each measure and runtime the median,
// minimum–maximum, the ratio against its peer and each target, met or missed on that runtime,
// and writes bench/results.json, bench/report.md (the same tables) and an SVG chart of each
// growth curve (bench/charts/, from the first runtime's run). Not part of CI: the figures depend
// on the machine.
//
//   node bench/run.mjs [--node 24,22] [--runs N] [--only NAME[,NAME…]] [--quiet]
//                      [--growth-sizes full|small] [--cli FILE] [--node-arg ARG]… [--profile DIR]
//
// --node lists the runtimes by major version, in the order they run and are reported. Each one
// other than the running node is fetched as .ci/run does (`npm install node@MAJOR`, the newest
// of that line) into the cache folder below and reused from there. This script then runs itself
// under each runtime's node as a child (with that node first on PATH), which runs the benchmarks
// and writes its rows to a file: every benchmark starts our CLI, the Action and the Gemini CLI
// with process.execPath, so the whole child measures that runtime. A runtime that cannot be
// fetched or whose child fails is reported as such and the others still run; the exit code is
// then 1.
//
// --runs 1 --growth-sizes small is a smoke run: every benchmark once, the largest sizes left out.
//
// For finding out why a figure is what it is: --cli benches another build of our CLI (e.g. one
// made with `node scripts/build.mjs --out DIR`), --node-arg passes a flag to node when it runs
// our CLI or the Action, --profile DIR writes a V8 CPU profile of every such run into
// DIR/node<MAJOR> (summarise one with `node bench/lib/cpu-profile-summary.mjs FILE`). Such runs
// are recorded as such in results.json.
//
// Benchmarks: cold-start, agent-overhead, search, memory, github-cost, action-e2e, real-pace,
// fleet, growth (one file each). Caches (the Node runtimes, the Gemini CLI install, the generated
// repositories of 10,000 to 1,000,000 files) live under $TMPDIR/gemini-agent-bench; the first run
// fills them (the 1,000,000-file repository takes several minutes and about 4 GB of disk).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { configureOurCli, ourCliPath, ROOT } from './lib/agents.mjs';
import { cleanupScratch, cacheDir } from './lib/scratch.mjs';
import { markdownReport, resultsText, runtimeLabel, targetCount } from './lib/report.mjs';
import { DEFAULT_RUNTIMES, nodeBinary, parseRuntimes } from './lib/runtimes.mjs';
import { renderChart } from './lib/svg-chart.mjs';
import * as coldStart from './cold-start.mjs';
import * as agentOverhead from './agent-overhead.mjs';
import * as search from './search.mjs';
import * as memory from './memory.mjs';
import * as githubCost from './github-cost.mjs';
import * as actionE2e from './action-e2e.mjs';
import * as growth from './growth.mjs';
import * as realPace from './real-pace.mjs';
import * as fleet from './fleet.mjs';

const BENCHMARKS = [
  coldStart,
  agentOverhead,
  search,
  memory,
  githubCost,
  actionE2e,
  realPace,
  fleet,
  growth,
];

const { values } = parseArgs({
  options: {
    node: { type: 'string', default: DEFAULT_RUNTIMES.join(',') },
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    profile: { type: 'string' },
    cli: { type: 'string' },
    'node-arg': { type: 'string', multiple: true, default: [] },
    'growth-sizes': { type: 'string', default: 'full' },
    // Given by the parent to each child: run here, on this node, and write the results there.
    'results-file': { type: 'string' },
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
const majors = parseRuntimes(values.node);
const log = values.quiet ? () => {} : (message) => process.stderr.write(`· ${message}\n`);

configureOurCli({
  ...(values.cli ? { cli: path.resolve(values.cli) } : {}),
  nodeArgs: values['node-arg'],
  ...(values.profile ? { profileDir: path.resolve(values.profile) } : {}),
});

if (values['results-file']) await runHere(values['results-file']);
else await runEach();

/** In a child: every benchmark on this node, the rows written to `file` for the parent. */
async function runHere(file) {
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
  const seconds = Math.round((performance.now() - started) / 1000);
  const results = { node: process.version, execPath: process.execPath, seconds, rows, charts };
  writeFileSync(file, JSON.stringify({ ...results, failures }));
}

/** In the parent: a child per runtime, one after the other, then the merged report. */
async function runEach() {
  const started = performance.now();
  const exchange = mkdtempSync(path.join(cacheDir('results'), 'run-'));
  const runtimes = [];
  try {
    for (const major of majors) runtimes.push(await runOn(major, exchange));
  } finally {
    rmSync(exchange, { recursive: true, force: true });
  }

  const results = {
    date: new Date().toISOString(),
    ...gitState(),
    machine: {
      platform: `${os.platform()} ${os.release()}`,
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
    },
    runs,
    ...(growthSizes !== 'full' ? { growthSizes } : {}),
    ourCli: path.relative(ROOT, ourCliPath()) || ourCliPath(),
    ...(values['node-arg'].length > 0 ? { nodeArgs: values['node-arg'] } : {}),
    totalSeconds: Math.round((performance.now() - started) / 1000),
    runtimes,
  };
  console.log(`\n${resultsText(results)}`);
  writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  // The charts of the first runtime that drew any: Node 24's unless it failed.
  const charted = runtimes.find((runtime) => runtime.charts.length > 0);
  const chartDir = path.join(ROOT, 'bench/charts');
  if (charted) {
    rmSync(chartDir, { recursive: true, force: true });
    mkdirSync(chartDir, { recursive: true });
  }
  const chartFiles = (charted?.charts ?? []).map((chart) => {
    writeFileSync(path.join(chartDir, `${chart.id}.svg`), renderChart(chart));
    return { id: chart.id, title: chart.title, file: `charts/${chart.id}.svg` };
  });
  writeFileSync(
    path.join(ROOT, 'bench/report.md'),
    markdownReport(results, chartFiles, charted ? runtimeLabel(charted) : ''),
  );
  const met = runtimes.map((runtime) => targetCount(runtime).met);
  process.stderr.write(
    `\nWrote bench/results.json, bench/report.md${chartFiles.length > 0 ? ` and ${chartFiles.length} charts in bench/charts/ (from ${runtimeLabel(charted)})` : ''} (${results.totalSeconds} s; targets met: ${met.join(' / ')} on ${runtimes.map(runtimeLabel).join(' / ')})\n`,
  );
  if (runtimes.some((runtime) => runtime.error || runtime.failures.length > 0)) {
    process.exitCode = 1;
  }
}

/**
 * Runs this script under Node `major` as a child and reads back its results; a runtime that
 * cannot be had or whose child fails becomes `{ major, error }` (the others still run).
 */
async function runOn(major, exchange) {
  const failed = (error) => {
    process.stderr.write(`Node ${major} did not run: ${error}\n`);
    return { major, error, rows: [], charts: [], failures: [] };
  };
  let binary;
  try {
    binary = nodeBinary(major, log);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const file = path.join(exchange, `node${major}.json`);
  const args = [fileURLToPath(import.meta.url), ...childArgs(major), '--results-file', file];
  process.stderr.write(`\n=== Node ${major}: ${binary}\n`);
  const env = {
    ...process.env,
    PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}`,
  };
  const exit = await new Promise((resolve) => {
    const child = spawn(binary, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', (error) => resolve(error.message));
    child.on('close', (code, signal) => resolve(signal ? `signal ${signal}` : `exit ${code}`));
  });
  if (!existsSync(file)) {
    return failed(
      `expected the benchmarks under ${binary} to finish and write their results, but that run ended (${exit}) without them (its output says why)`,
    );
  }
  return { major, ...JSON.parse(readFileSync(file, 'utf8')) };
}

/** This run's options, for a child on Node `major` (its CPU profiles in a folder of its own). */
function childArgs(major) {
  return [
    `--runs=${runs}`,
    `--growth-sizes=${growthSizes}`,
    ...(only ? [`--only=${only.join(',')}`] : []),
    ...(values.quiet ? ['--quiet'] : []),
    ...(values.cli ? [`--cli=${path.resolve(values.cli)}`] : []),
    ...values['node-arg'].map((arg) => `--node-arg=${arg}`),
    ...(values.profile
      ? [`--profile=${path.join(path.resolve(values.profile), `node${major}`)}`]
      : []),
  ];
}

/** The commit measured, and whether the working tree differed from it. */
function gitState() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain') !== '' };
  } catch {
    return {};
  }
}
