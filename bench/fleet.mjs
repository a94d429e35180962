// 9. Fleet: one campaign over many repositories, as `gemini-agent fleet local` runs it on this
// machine (the plan, the Action in maintenance mode in each repository against the dry-run
// GitHub, the tracking issue), over 5 and over 50 local repositories, with the recorded campaign
// session (examples/fleet/session.jsonl) served instantly: what is measured is ours alone.
//
// - the campaign's wall time over 5 and over 50 repositories, and its growth between them as an
//   exponent (1 is linear: each repository costs the same however many there are);
// - GitHub requests and content-creating requests per repository, counted by the dry-run GitHub,
//   and what a chunk of 256 repositories writes against GitHub's documented secondary limit of
//   500 content-creating requests an hour (docs/fleet.md, "Rate limits", cites the page). The
//   same count against the fake GitHub, which checks each request against GitHub's API
//   description, is github-cost's "one repository of a fleet campaign".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ourCliPath, ourNodeArgs, ROOT } from './lib/agents.mjs';
import { growthExponent } from './growth.mjs';
import { row, timedRun } from './lib/measure.mjs';
import { gitCommitAll, scratchDir, writeTree } from './lib/scratch.mjs';

export const name = 'fleet';

const SESSION = path.join(ROOT, 'examples/fleet/session.jsonl');
const SIZES = [5, 50];
/** GitHub's matrix limit: the most repositories one run of the fleet workflow works on. */
const CHUNK = 256;
/** GitHub's secondary limit on content-creating requests an hour (docs/fleet.md). */
const WRITES_AN_HOUR = 500;
/** A wall time per repository that grows by more than this exponent is not linear. */
const LINEAR = 1.15;

/** `count` repositories with a README and a package.json each, one commit on main. */
function repositories(count) {
  const root = scratchDir('fleet-repos');
  return Array.from({ length: count }, (_, index) => {
    const dir = path.join(root, `service-${String(index).padStart(3, '0')}`);
    writeTree(dir, {
      'README.md': `# service ${index}\n`,
      'package.json': '{ "name": "service", "engines": { "node": ">=20" } }\n',
    });
    gitCommitAll(dir);
    return dir;
  });
}

async function campaign(count) {
  const repos = repositories(count);
  const out = path.join(scratchDir('fleet-out'), 'campaign');
  const run = await timedRun(
    process.execPath,
    [
      ...ourNodeArgs(),
      ourCliPath(),
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
      ...repos,
    ],
    { env: { PATH: process.env.PATH ?? '', HOME: out } },
  );
  if (run.code !== 0) {
    throw new Error(`fleet local over ${count} repositories exited ${run.code}: ${run.stderr}`);
  }
  const summary = JSON.parse(readFileSync(path.join(out, 'campaign.json'), 'utf8'));
  const done = summary.runs.filter((entry) => entry.conclusion === 'success' && entry.pullRequest);
  if (done.length !== count || summary.trackingIssue.action !== 'created') {
    throw new Error(
      `fleet local over ${count} repositories did not do its job: ${done.length} pull requests, tracking issue ${summary.trackingIssue.action}`,
    );
  }
  return {
    ms: run.ms,
    requests: Math.max(...summary.runs.map((entry) => entry.requests)),
    writes: Math.max(...summary.runs.map((entry) => entry.writes)),
  };
}

export async function run({ runs, log }) {
  const times = Math.max(1, Math.min(runs, 3));
  const measured = new Map();
  for (const size of SIZES) {
    const samples = [];
    for (let i = 0; i < times; i++) {
      log(`fleet: campaign over ${size} repositories ${i + 1}/${times}`);
      samples.push(await campaign(size));
    }
    measured.set(size, samples);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const [small, large] = SIZES;
  const wall = (size) => median(measured.get(size).map((sample) => sample.ms));
  const exponent = growthExponent(small, large, wall(small), wall(large));
  const all = [...measured.values()].flat();
  const requests = Math.max(...all.map((sample) => sample.requests));
  const writes = Math.max(...all.map((sample) => sample.writes));
  const chunkWrites = CHUNK * writes;
  return [
    ...SIZES.map((size) =>
      row({
        benchmark: name,
        measure: `campaign over ${size} repositories: wall time`,
        unit: 'ms',
        samples: measured.get(size).map((sample) => sample.ms),
        note: `${Math.round(wall(size) / size)} ms a repository`,
      }),
    ),
    row({
      benchmark: name,
      measure: `campaign wall time: growth from ${small} to ${large} repositories`,
      unit: 'exponent',
      samples: [Math.round(exponent * 100) / 100],
      target: `≤ ${LINEAR} (linear)`,
      met: exponent <= LINEAR,
    }),
    row({
      benchmark: name,
      measure: 'GitHub requests a repository',
      unit: 'requests',
      samples: [requests],
      target: '≤ 8',
      met: requests <= 8,
      note: `${writes} content-creating`,
    }),
    row({
      benchmark: name,
      measure: `content-creating requests of one chunk (${CHUNK} repositories)`,
      unit: 'requests',
      samples: [chunkWrites],
      target: `≤ ${WRITES_AN_HOUR} an hour`,
      met: chunkWrites <= WRITES_AN_HOUR,
      note: 'one chunk a run: a chunk stays under the hourly limit whatever its pace',
    }),
  ];
}
