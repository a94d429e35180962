// 4. Memory: the peak resident set size of our CLI over a 100-turn session whose tools return
// large outputs (2,000-line file reads, shell commands printing 300 KB, searches with 100
// matches), on the instant fake server. The peak is the kernel's own figure (ru_maxrss), read
// at exit by a preloaded module. The fake server reports token counts as the API would (about
// four bytes a token), so the session compresses its history when a real one would.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scriptedSession, startFakeModelServer } from './lib/fake-model-server.mjs';
import { row, timedRun } from './lib/measure.mjs';
import { agentEnv, benchHome, ourCommand, ROOT } from './lib/agents.mjs';
import { scratchDir, writeTree } from './lib/scratch.mjs';
import { writeSampleRepo } from './lib/sample-repo.mjs';

export const name = 'memory';

const TURNS = 100;
const LARGE_FILES = 10;
const LIMIT_MB = 150;
const PRELOAD = pathToFileURL(path.join(ROOT, 'bench/lib/max-rss.mjs')).href;

function largeFiles() {
  const files = {};
  for (let f = 0; f < LARGE_FILES; f++) {
    const lines = [];
    for (let i = 0; i < 3000; i++) {
      const level = i % 7 === 0 ? 'ERROR' : 'INFO ';
      lines.push(
        `${level} ${f}:${String(i).padStart(5, '0')} request served in ${(i * 37) % 997} ms by worker ${i % 13} for tenant-${(i * 11) % 101}`,
      );
    }
    files[`logs/service-${f}.log`] = `${lines.join('\n')}\n`;
  }
  return files;
}

/**
 * 99 tool turns cycling through large outputs, then a text answer. Every call differs from the
 * others (the script finds its place by the last call in the history).
 */
function calls(ws, turns) {
  const list = [];
  for (let round = 0; list.length < turns - 1; round++) {
    const f = round % LARGE_FILES;
    const log = path.join(ws, `logs/service-${f}.log`);
    list.push(
      { name: 'read_file', args: { file_path: log, offset: round, limit: 2000 } },
      {
        name: 'run_shell_command',
        args: { command: `head -n ${2900 + round} logs/service-${(f + 3) % LARGE_FILES}.log` },
      },
      { name: 'grep_search', args: { pattern: `ERROR ${f}:[0-9]*${round}` } },
      { name: 'read_file', args: { file_path: log, offset: 1000 + round, limit: 500 } },
    );
  }
  return list.slice(0, turns - 1);
}

/**
 * One session of `turns` turns (the last answers in text) on `server`; resolves with its peak
 * RSS (MB), the sampled heap and external peaks (MB), wall time (ms) and what was sent.
 */
export async function measureSession({ turns, server, state, env }) {
  const workspace = scratchDir('memory-ws');
  writeSampleRepo(workspace);
  writeTree(workspace, largeFiles());
  state.workspace = workspace;
  state.turns = turns;
  server.reset();
  const rssFile = path.join(scratchDir('memory-rss'), 'max-rss');
  const [command, args, cwd] = ourCommand({
    prompt: 'Read the service logs and find the errors.',
    workspace,
    extraArgs: ['--max-turns', String(turns + 10)],
  });
  const result = await timedRun(command, ['--import', PRELOAD, ...args], {
    cwd,
    env: { ...env, BENCH_MAX_RSS_FILE: rssFile, BENCH_HEAP_PEAKS: '1' },
    capture: true,
  });
  const output = JSON.parse(result.stdout || '{}');
  if (result.code !== 0 || output.stats?.tools?.totalSuccess !== turns - 1) {
    throw new Error(
      `the session did not finish as scripted (exit ${result.code}, ${output.stats?.tools?.totalSuccess} tool calls succeeded): ${result.stderr.slice(-800)}`,
    );
  }
  const measured = JSON.parse(readFileSync(rssFile, 'utf8'));
  return {
    rssMB: measured.maxRSS / 2 ** 20,
    partsMB: Object.fromEntries(
      Object.entries(measured.peaks).map(([key, bytes]) => [key, bytes / 2 ** 20]),
    ),
    ms: result.ms,
    requests: server.stats.requests,
    megabytesSent: server.stats.bytesSent / 2 ** 20,
  };
}

/** The fake model server playing `state.turns` turns of large outputs. */
export function startSessionServer(state) {
  return startFakeModelServer({
    script: scriptedSession(() => calls(state.workspace, state.turns), 'Read the logs.'),
  });
}

export async function run({ runs, log }) {
  const state = { workspace: '', turns: TURNS };
  const server = await startSessionServer(state);
  const env = agentEnv({ serverUrl: server.url, home: benchHome() });
  const peaks = [];
  const parts = {};
  const walls = [];
  let requests = 0;
  let megabytesSent = 0;
  try {
    for (let i = 0; i < runs; i++) {
      log(`memory ${i + 1}/${runs}`);
      const measured = await measureSession({ turns: TURNS, server, state, env });
      peaks.push(measured.rssMB);
      for (const [key, megabytes] of Object.entries(measured.partsMB)) {
        (parts[key] ??= []).push(megabytes);
      }
      walls.push(measured.ms);
      requests = measured.requests;
      megabytesSent = measured.megabytesSent;
    }
  } finally {
    await server.close();
  }
  const peak = row({ samples: peaks });
  return [
    row({
      benchmark: name,
      measure: `ours: peak RSS, ${TURNS}-turn session with large outputs`,
      unit: 'MB',
      samples: peaks,
      target: `< ${LIMIT_MB} MB`,
      met: peak.max < LIMIT_MB,
      note: `${requests} model requests, ${megabytesSent.toFixed(1)} MB sent to the model in the last run`,
    }),
    ...Object.entries(parts).map(([key, samples]) =>
      row({
        benchmark: name,
        measure: `ours: peak process.memoryUsage().${key} (sampled)`,
        unit: 'MB',
        samples,
      }),
    ),
    row({
      benchmark: name,
      measure: `ours: ${TURNS}-turn session wall time`,
      unit: 'ms',
      samples: walls,
    }),
  ];
}
