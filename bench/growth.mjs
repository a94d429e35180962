// 7. How cost grows with the work: three sizes each, and the growth between the largest and the
// smallest against the growth of the work itself (an exponent: 1 is linear, above 1 grows faster).
//
// - A session of 10, 100 and 1,000 turns of large outputs (the memory benchmark's script): wall
//   time per turn and peak RSS. Once history compression is active, memory must stay flat.
// - A pull request of 10, 100 and 1,000 changed files reviewed by the Action: GitHub requests,
//   Action start → first model request (reading the pull request and building the context), and
//   the size of that first request, which must stay within the context budget.
// - A repository of 10,000, 100,000 and 1,000,000 files: the search and glob tools against
//   `rg` and `git ls-files --cached --others --exclude-standard`, and our CLI's start → first
//   model request there (its folder tree must not cost the whole checkout).
//
// The smaller sizes run min(--runs, 3) times, the largest once (it takes minutes);
// `--growth-sizes small` leaves the largest size of each curve out, for a quick look.
import { formatNumber, row } from './lib/measure.mjs';
import { agentEnv, benchHome } from './lib/agents.mjs';
import { scriptedSession, startFakeModelServer } from './lib/fake-model-server.mjs';
import { runAction } from './lib/action-run.mjs';
import { reviewSpec } from './lib/review-scenario.mjs';
import { fakeGitHubModule, webhookPayloadsModule } from './lib/test-support.mjs';
import { ensureLargeRepo, FILES, FOLDERS, RARE_PATTERN, sizeLabel } from './lib/large-repo.mjs';
import { measureSession, startSessionServer } from './memory.mjs';
import { globPeers, hasRipgrep, ourToolTime, peerTime } from './search.mjs';

export const name = 'growth';

/** Growth of `cost` against growth of `work`, as an exponent: 1 linear, 2 quadratic. */
export function growthExponent(smallWork, largeWork, smallCost, largeCost) {
  return Math.log(largeCost / smallCost) / Math.log(largeWork / smallWork);
}

/** Faster than linear: an exponent clearly above 1 (noise on a shared machine is ±0.1). */
const SUPERLINEAR = 1.15;

/**
 * One row per measure: its value at each size, the growth ratio from the smallest to the largest
 * and the exponent of the total cost against the work (a per-unit measure, like time per turn,
 * adds one: constant time per turn is linear in total).
 */
function growthRow({ curve, measure, unit, points, work, target, met, perUnit = false }) {
  const [first, last] = [points[0], points[points.length - 1]];
  const ratio = last.y / first.y;
  const exponent = growthExponent(work(first.x), work(last.x), first.y, last.y) + (perUnit ? 1 : 0);
  return row({
    benchmark: name,
    measure: `${curve}: ${measure}, ${points.map((point) => point.label).join(' / ')}`,
    unit,
    samples: points.map((point) => point.y),
    peer: `${first.label} → ${last.label}`,
    ratio,
    // The values in size order (min / median / max sort them).
    ratioLabel: `${points.map((point) => formatNumber(point.y, unit)).join(' → ')}: ${ratio.toFixed(2)}× (exponent ${exponent.toFixed(2)})`,
    ...(target ? { target, met } : {}),
    growth: { exponent, superlinear: exponent > SUPERLINEAR },
    note:
      exponent > SUPERLINEAR
        ? `grows faster than the work (exponent ${exponent.toFixed(2)})`
        : undefined,
  });
}

const median = (values) => row({ samples: values }).median;

/**
 * How often each size is measured: up to three times, the largest too. A target judged on the
 * largest size (memory staying flat) is then judged on a median, not on one run's noise.
 */
const runsFor = (runs) => Math.min(runs, 3);

async function sessionCurve({ runs, log, sizes }) {
  const state = { workspace: '', turns: 0 };
  const server = await startSessionServer(state);
  const env = agentEnv({ serverUrl: server.url, home: benchHome() });
  const points = [];
  try {
    for (const turns of sizes) {
      const measured = [];
      const times = runsFor(runs);
      for (let i = 0; i < times; i++) {
        log(`growth: session of ${turns} turns ${i + 1}/${times}`);
        measured.push(await measureSession({ turns, server, state, env }));
      }
      points.push({
        x: turns,
        label: `${turns} turns`,
        msPerTurn: median(measured.map((entry) => entry.ms / turns)),
        rss: median(measured.map((entry) => entry.rssMB)),
      });
    }
  } finally {
    await server.close();
  }
  const at = (key) => points.map((point) => ({ ...point, y: point[key] }));
  const [, middle, largest] = points;
  // Compression starts within the first hundred turns of large outputs: from there on, the peak
  // must not keep growing with the session (10% for noise).
  const flat = middle && largest ? largest.rss <= middle.rss * 1.1 : undefined;
  return {
    rows: [
      growthRow({
        curve: 'session',
        measure: 'wall time per turn',
        unit: 'ms',
        points: at('msPerTurn'),
        work: (turns) => turns,
        perUnit: true,
      }),
      growthRow({
        curve: 'session',
        measure: 'peak RSS',
        unit: 'MB',
        points: at('rss'),
        work: (turns) => turns,
        ...(flat === undefined
          ? {}
          : { target: 'flat once compressing (≤ 1.1× from 100 turns on)', met: flat }),
      }),
    ],
    chart: {
      id: 'session',
      title: 'Session length: wall time per turn and peak RSS',
      xLabel: 'turns',
      series: [
        { name: 'ms per turn', unit: 'ms', points: at('msPerTurn') },
        { name: 'peak RSS (MB)', unit: 'MB', points: at('rss') },
      ],
    },
  };
}

/** The review's context budget: the task context (src/github/task-context.ts) holds 100,000 characters; with the instructions and tool declarations, a first request within 200 KB is within it. */
const REVIEW_REQUEST_BUDGET_KB = 200;

async function pullRequestCurve({ runs, log, sizes }) {
  const { startFakeGitHub } = await fakeGitHubModule();
  const { webhookExample } = await webhookPayloadsModule();
  const points = [];
  for (const files of sizes) {
    const measured = [];
    const times = runsFor(runs);
    for (let i = 0; i < times; i++) {
      log(`growth: review of ${files} changed files ${i + 1}/${times}`);
      const spec = reviewSpec(webhookExample, files);
      const github = await startFakeGitHub(spec.github);
      try {
        const result = await runAction({ ...spec, github });
        if (result.code !== 0 || github.reviews.length !== 1) {
          throw new Error(
            `review of ${files} files failed (exit ${result.code}): ${result.stdout.slice(-1200)}`,
          );
        }
        measured.push({
          requests: result.requests.length,
          contextMs: result.firstModelRequestMs,
          promptKB: result.firstModelRequestBytes / 1024,
        });
      } finally {
        await github.close();
      }
    }
    points.push({
      x: files,
      label: `${files} files`,
      requests: median(measured.map((entry) => entry.requests)),
      contextMs: median(measured.map((entry) => entry.contextMs)),
      promptKB: median(measured.map((entry) => entry.promptKB)),
    });
  }
  const at = (key) => points.map((point) => ({ ...point, y: point[key] }));
  const largestPrompt = Math.max(...points.map((point) => point.promptKB));
  return {
    rows: [
      growthRow({
        curve: 'pull request',
        measure: 'GitHub requests',
        unit: 'requests',
        points: at('requests'),
        work: (files) => files,
      }),
      growthRow({
        curve: 'pull request',
        measure: 'Action start → first model request (context built)',
        unit: 'ms',
        points: at('contextMs'),
        work: (files) => files,
      }),
      growthRow({
        curve: 'pull request',
        measure: 'first model request size',
        unit: 'KB',
        points: at('promptKB'),
        work: (files) => files,
        target: `≤ ${REVIEW_REQUEST_BUDGET_KB} KB (the context budget)`,
        met: largestPrompt <= REVIEW_REQUEST_BUDGET_KB,
      }),
    ],
    chart: {
      id: 'pull-request',
      title: 'Pull request size: review cost',
      xLabel: 'changed files',
      series: [
        { name: 'GitHub requests', unit: 'requests', points: at('requests') },
        { name: 'ms to first model request', unit: 'ms', points: at('contextMs') },
        { name: 'first request (KB)', unit: 'KB', points: at('promptKB') },
      ],
    },
  };
}

async function repositoryCurve({ runs, log, sizes }) {
  const rg = hasRipgrep();
  const state = { call: undefined };
  const server = await startFakeModelServer({
    script: scriptedSession(() => [state.call], 'Found.'),
  });
  const env = agentEnv({ serverUrl: server.url, home: benchHome() });
  const glob = '**/m07/f04*.ts';
  const cases = [
    {
      key: 'search',
      call: { name: 'search_file_content', args: { pattern: RARE_PATTERN } },
      peers: [
        ...(rg ? [{ peer: 'rg', command: 'rg', args: ['-n', '-i', '-e', RARE_PATTERN] }] : []),
        {
          peer: 'git grep',
          command: 'git',
          args: ['grep', '-n', '-I', '-i', '-E', '-e', RARE_PATTERN],
        },
      ],
    },
    { key: 'glob', call: { name: 'glob', args: { pattern: glob } }, peers: globPeers(rg, glob) },
  ];
  const points = [];
  try {
    for (const packages of sizes) {
      const files = packages * FOLDERS * FILES;
      const repo = ensureLargeRepo(log, packages);
      const point = { x: files, label: sizeLabel(files) };
      // Every measured session's start: the first request's folder tree reads the top folders.
      const starts = [];
      for (const entry of cases) {
        state.call = entry.call;
        // Unmeasured, to fill the page cache: the peers first, since the tool stops a search at
        // 30 s and reading the 1,000,000 files (4 GB) from disk can take longer than that.
        for (const peer of entry.peers) await peerTime(repo, peer);
        await ourToolTime(server, state, repo, env, entry.call);
        const ours = [];
        const peers = entry.peers.map(() => []);
        const times = runsFor(runs);
        for (let i = 0; i < times; i++) {
          log(`growth: ${entry.key} in ${point.label} files ${i + 1}/${times}`);
          const measured = await ourToolTime(server, state, repo, env, entry.call);
          ours.push(measured.ms);
          starts.push(measured.firstRequestMs);
          for (const [k, peer] of entry.peers.entries()) {
            peers[k].push(await peerTime(repo, peer));
          }
        }
        point[`${entry.key}:ours`] = median(ours);
        for (const [k, peer] of entry.peers.entries()) {
          point[`${entry.key}:${peer.peer}`] = median(peers[k]);
        }
      }
      point['start → first model request:ours'] = median(starts);
      points.push(point);
    }
  } finally {
    await server.close();
  }
  const at = (key) => points.map((point) => ({ ...point, y: point[key] }));
  const keys = Object.keys(points[0] ?? {}).filter((key) => key.includes(':'));
  return {
    rows: keys.map((key) =>
      growthRow({
        curve: 'repository',
        measure: key.replace(':', ' — '),
        unit: 'ms',
        points: at(key),
        work: (files) => files,
      }),
    ),
    chart: {
      id: 'repository',
      title: 'Repository size: search and glob against their peers, and our start',
      xLabel: 'files',
      series: keys.map((key) => ({ name: key.replace(':', ' — '), unit: 'ms', points: at(key) })),
    },
  };
}

export async function run({ runs, log, growthSizes = 'full' }) {
  const full = growthSizes !== 'small';
  const curves = [
    await sessionCurve({ runs, log, sizes: full ? [10, 100, 1000] : [10, 100] }),
    await pullRequestCurve({ runs, log, sizes: full ? [10, 100, 1000] : [10, 100] }),
    await repositoryCurve({ runs, log, sizes: full ? [10, 100, 1000] : [10, 100] }),
  ];
  const rows = curves.flatMap((curve) => curve.rows);
  rows.charts = curves.map((curve) => curve.chart);
  return rows;
}
