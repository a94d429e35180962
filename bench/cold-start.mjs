// 1. Cold start: process start → first model request, our CLI against the Gemini CLI 0.61.0,
// and bare `node -e ""` as the floor (the least any Node program can take). Both agents get the
// same one-turn session from the instant fake server; runs are interleaved so drift hits all.
import { timedRun, row } from './lib/measure.mjs';
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

export const name = 'cold-start';

/** One session; resolves with ms to the first model request and ms to exit. */
async function session(server, [command, args, cwd], env) {
  let spawnedAt = 0;
  let firstRequestAt;
  const stop = server.onRequest((at) => {
    firstRequestAt ??= at;
  });
  const result = await timedRun(command, args, {
    cwd,
    env,
    onSpawn: (at) => {
      spawnedAt = at;
    },
  });
  stop();
  if (result.code !== 0 || firstRequestAt === undefined) {
    throw new Error(
      `${args.join(' ').slice(0, 200)} failed (exit ${result.code}): ${result.stderr}`,
    );
  }
  return { firstRequest: firstRequestAt - spawnedAt, exit: result.ms };
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
  const prompt = 'Say hello.';
  const ours = ourCommand({ prompt, workspace });
  const theirs = geminiCommand({ entry: gemini.entry, prompt, workspace });

  const samples = { floor: [], version: [], ours: [], oursExit: [], theirs: [], theirsExit: [] };
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
      const b = await session(server, theirs, env);
      samples.theirs.push(b.firstRequest);
      samples.theirsExit.push(b.exit);
    }
  } finally {
    await server.close();
  }

  const median = (values) => row({ samples: values }).median;
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
