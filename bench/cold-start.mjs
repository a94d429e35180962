// 1. Cold start: process start → first model request, our CLI against the Gemini CLI 0.61.0,
// and bare `node -e ""` as the floor (the least any Node program can take). Both agents get the
// same one-turn session from the instant fake server; runs are interleaved so drift hits all.
import { row, timedRun, timedRunToFirstRequest } from './lib/measure.mjs';
import { scriptedSession, startFakeModelServer } from './lib/fake-model-server.mjs';
import {
  agentEnv,
  benchHome,
  ensureGeminiCli,
  geminiCommand,
  ourCliPath,
  ourCommand,
} from './lib/agents.mjs';
import { gitCommitAll, scratchDir, writeTree } from './lib/scratch.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The chunks of our CLI's bundle that a `-p` run loads before its first request, and whether any
 * of them holds OpenTelemetry's API (recognised by the global symbol it registers under): the
 * telemetry packages must load only when telemetry is on.
 */
function openTelemetryAtStart() {
  const folder = path.join(path.dirname(ourCliPath()), 'cli');
  const entry = readFileSync(path.join(folder, 'index.js'), 'utf8');
  const line = /const \{ runCli, processIo \} = await Promise\.all\(([^\n]*)/.exec(entry)?.[1];
  if (line === undefined) return undefined;
  const chunks = [...line.matchAll(/__nccwpck_require__\.e\((\d+)\)/g)].map((match) => match[1]);
  const withOtel = chunks.filter((chunk) =>
    readFileSync(path.join(folder, `${chunk}.index.js`), 'utf8').includes('opentelemetry.js.api'),
  );
  return { chunks, withOtel };
}

export const name = 'cold-start';

/** One session; resolves with ms to the first model request and ms to exit. */
async function session(server, [command, args, cwd], env) {
  const result = await timedRunToFirstRequest(server, command, args, { cwd, env });
  if (result.code !== 0 || result.firstRequestMs === undefined) {
    throw new Error(
      `${args.join(' ').slice(0, 200)} failed (exit ${result.code}): ${result.stderr}`,
    );
  }
  return { firstRequest: result.firstRequestMs, exit: result.ms };
}

export async function run({ runs, log }) {
  const gemini = ensureGeminiCli(log);
  const server = await startFakeModelServer({
    script: scriptedSession([], 'Hello.'),
  });
  const home = benchHome();
  const workspace = scratchDir('cold-ws');
  writeTree(workspace, { 'README.md': '# demo\n', 'src/index.js': 'export const x = 1;\n' });
  gitCommitAll(workspace);
  const env = agentEnv({ serverUrl: server.url, home });
  // Telemetry on, to a file (no collector needed): the OpenTelemetry packages load.
  const telemetryEnv = {
    ...env,
    GEMINI_TELEMETRY_ENABLED: 'true',
    GEMINI_TELEMETRY_OUTFILE: path.join(scratchDir('cold-telemetry'), 'telemetry.jsonl'),
  };
  const prompt = 'Say hello.';
  const ours = ourCommand({ prompt, workspace });
  const theirs = geminiCommand({ entry: gemini.entry, prompt, workspace });

  const samples = {
    floor: [],
    version: [],
    ours: [],
    oursExit: [],
    oursTelemetry: [],
    theirs: [],
    theirsExit: [],
  };
  try {
    // One discarded run each: the first reads the programs from disk into the page cache.
    await session(server, ours, env);
    await session(server, theirs, env);
    for (let i = 0; i < runs; i++) {
      log(`cold start ${i + 1}/${runs}`);
      samples.floor.push((await timedRun(process.execPath, ['-e', ''])).ms);
      samples.version.push((await timedRun(process.execPath, [ourCliPath(), '--version'])).ms);
      const a = await session(server, ours, env);
      samples.ours.push(a.firstRequest);
      samples.oursExit.push(a.exit);
      samples.oursTelemetry.push((await session(server, ours, telemetryEnv)).firstRequest);
      const b = await session(server, theirs, env);
      samples.theirs.push(b.firstRequest);
      samples.theirsExit.push(b.exit);
    }
  } finally {
    await server.close();
  }

  const median = (values) => row({ samples: values }).median;
  const otel = openTelemetryAtStart();
  const speedup = median(samples.theirs) / median(samples.ours);
  const overFloor = samples.ours.map((value, i) => value - samples.floor[i]);
  return [
    row({
      benchmark: name,
      measure: 'node -e "" start → exit (the floor)',
      unit: 'ms',
      samples: samples.floor,
    }),
    row({
      benchmark: name,
      measure: 'ours: start → first model request',
      unit: 'ms',
      samples: samples.ours,
      peer: 'Gemini CLI 0.61.0',
      ratio: speedup,
      ratioLabel: `${speedup.toFixed(1)}× faster`,
      target: '≥ 8× faster',
      met: speedup >= 8,
    }),
    row({
      benchmark: name,
      measure: 'ours − floor (same run)',
      unit: 'ms',
      samples: overFloor,
      peer: 'node -e ""',
      target: '≤ 200 ms over the floor (median)',
      met: median(overFloor) <= 200,
    }),
    row({
      benchmark: name,
      measure: 'ours, telemetry on (file exporter): start → first model request',
      unit: 'ms',
      samples: samples.oursTelemetry,
      peer: 'ours, telemetry off',
      ratioLabel: `+${(median(samples.oursTelemetry) - median(samples.ours)).toFixed(0)} ms`,
      note:
        otel === undefined
          ? 'could not find the start-up chunks in the bundle'
          : `telemetry off loads ${otel.chunks.length} chunks before the first request; OpenTelemetry is in ${otel.withOtel.length === 0 ? 'none of them' : otel.withOtel.join(', ')}`,
    }),
    row({
      benchmark: name,
      measure: 'OpenTelemetry chunks loaded before the first request, telemetry off',
      unit: 'chunks',
      samples: [otel?.withOtel.length ?? Number.NaN],
      target: 'none',
      met: otel !== undefined && otel.withOtel.length === 0,
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: start → first model request',
      unit: 'ms',
      samples: samples.theirs,
    }),
    row({
      benchmark: name,
      measure: 'ours: one-turn session, start → exit',
      unit: 'ms',
      samples: samples.oursExit,
      peer: 'Gemini CLI 0.61.0',
      ratio: median(samples.theirsExit) / median(samples.oursExit),
      ratioLabel: `${(median(samples.theirsExit) / median(samples.oursExit)).toFixed(1)}× faster`,
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: one-turn session, start → exit',
      unit: 'ms',
      samples: samples.theirsExit,
    }),
    row({
      benchmark: name,
      measure: 'ours: --version, start → exit',
      unit: 'ms',
      samples: samples.version,
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: npm install (once, cached after)',
      unit: 'ms',
      samples: [gemini.installMs],
      note: 'a workflow that runs the Gemini CLI pays this on every run',
    }),
  ];
}
