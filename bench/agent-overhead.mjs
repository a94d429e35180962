// 2. Agent overhead: the same scripted 30-turn session (reads, searches, listings, edits, shell)
// on the instant fake server, run by our CLI and by the Gemini CLI 0.61.0 in fresh copies of the
// same small project. With the model's time taken out, what is left is each agent's own cost:
// wall time, bytes sent to the model, and requests. The wall time is a figure without a target:
// against an instant model it is mostly process start-up (the sandbox's included), which a real
// model's seconds per turn dwarf; the real-pace benchmark judges our share of a task instead.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { scriptedSession, startFakeModelServer } from './lib/fake-model-server.mjs';
import { row, timedRun } from './lib/measure.mjs';
import { agentEnv, benchHome, ensureGeminiCli, geminiCommand, ourCommand } from './lib/agents.mjs';
import { scratchDir } from './lib/scratch.mjs';
import { writeSampleRepo } from './lib/sample-repo.mjs';

export const name = 'agent-overhead';

export const FINAL_TEXT = 'Done: five TODOs resolved and the guide updated.';

/**
 * The 29 tool calls (one per turn; the 30th turn answers in text). Names and parameters are the
 * Gemini CLI 0.61 declarations, which ours accepts too (`grep_search` and `dir_path` are aliases
 * there; the extra `instruction` of `replace` is ignored).
 */
export function sessionCalls(ws) {
  const file = (relative) => path.join(ws, relative);
  const edit = (id, i) => ({
    name: 'replace',
    args: {
      file_path: file(`src/module-${id}.js`),
      instruction: `Resolve the TODO in module ${id}: skip values that are not finite.`,
      old_string: `    // TODO(bench-${i}): reject values that are not finite\n    total += value;`,
      new_string: `    if (!Number.isFinite(value)) continue;\n    total += value;`,
    },
  });
  const shell = (command) => ({
    name: 'run_shell_command',
    args: { command, description: `Run ${command}` },
  });
  return [
    { name: 'list_directory', args: { dir_path: ws } },
    { name: 'read_file', args: { file_path: file('README.md') } },
    { name: 'glob', args: { pattern: '**/*.js' } },
    { name: 'grep_search', args: { pattern: 'function computeTotal\\d+', dir_path: ws } },
    { name: 'read_file', args: { file_path: file('src/module-03.js') } },
    edit('03', 3),
    shell('git status --short'),
    { name: 'grep_search', args: { pattern: 'TODO\\(bench', include_pattern: '*.js' } },
    { name: 'read_file', args: { file_path: file('src/module-07.js') } },
    edit('07', 7),
    { name: 'list_directory', args: { dir_path: file('src') } },
    { name: 'glob', args: { pattern: 'test/**/*.test.js' } },
    { name: 'read_file', args: { file_path: file('test/module-03.test.js') } },
    shell('git diff --stat'),
    { name: 'grep_search', args: { pattern: 'export const LIMIT', dir_path: file('src') } },
    { name: 'read_file', args: { file_path: file('src/module-11.js') } },
    edit('11', 11),
    { name: 'read_file', args: { file_path: file('package.json') } },
    shell('ls -la src'),
    { name: 'grep_search', args: { pattern: 'import \\{ helper', include_pattern: '*.js' } },
    { name: 'read_file', args: { file_path: file('src/module-15.js') } },
    edit('15', 15),
    { name: 'glob', args: { pattern: '**/*.md' } },
    { name: 'read_file', args: { file_path: file('docs/guide.md') } },
    {
      name: 'replace',
      args: {
        file_path: file('docs/guide.md'),
        instruction: 'Say that values that are not finite are skipped.',
        old_string: 'Every module sums its values and caps the total.',
        new_string: 'Every module sums its finite values and caps the total.',
      },
    },
    { name: 'list_directory', args: { dir_path: file('test') } },
    { name: 'grep_search', args: { pattern: 'Number\\.isFinite' } },
    shell('git diff'),
    { name: 'read_file', args: { file_path: file('src/module-19.js') } },
  ];
}

function parseJson(stdout) {
  try {
    return JSON.parse(stdout);
  } catch {
    return undefined;
  }
}

async function session(server, state, agent, env, options) {
  const workspace = scratchDir(`overhead-${agent}`);
  writeSampleRepo(workspace);
  state.workspace = workspace;
  server.reset();
  const prompt = 'Resolve the TODO(bench-N) comments in src/ and update the guide.';
  const [command, args, cwd] =
    agent === 'ours'
      ? ourCommand({ prompt, workspace, extraArgs: ['--max-turns', '40'] })
      : geminiCommand({ entry: options.entry, prompt, workspace });
  const result = await timedRun(command, args, { cwd, env, capture: true });
  const output = parseJson(result.stdout);
  const tools = output?.stats?.tools;
  const problems = [];
  if (result.code !== 0) problems.push(`exit ${result.code}: ${result.stderr.slice(-600)}`);
  if (output?.response?.trim() !== FINAL_TEXT) {
    problems.push(`final answer ${JSON.stringify(output?.response)}`);
  }
  if (tools?.totalSuccess !== 29) {
    problems.push(`${tools?.totalSuccess}/${tools?.totalCalls} tool calls succeeded`);
  }
  // Compared between the agents: the same edits must have been made.
  const diff = execFileSync('git', ['diff'], { cwd: workspace, encoding: 'utf8' });
  return {
    ms: result.ms,
    bytes: server.stats.bytesSent,
    requests: server.stats.requests,
    helperRequests: server.stats.helperRequests,
    problems,
    diff,
  };
}

export async function run({ runs, log }) {
  const gemini = ensureGeminiCli(log);
  const state = { workspace: '' };
  const server = await startFakeModelServer({
    // The workspace, and so the paths in the calls, is only known per run.
    script: scriptedSession(() => sessionCalls(state.workspace), FINAL_TEXT),
  });
  const env = agentEnv({ serverUrl: server.url, home: benchHome() });
  const results = { ours: [], theirs: [] };
  try {
    for (let i = 0; i < runs; i++) {
      log(`agent overhead ${i + 1}/${runs}`);
      results.ours.push(await session(server, state, 'ours', env, {}));
      results.theirs.push(await session(server, state, 'theirs', env, gemini));
    }
  } finally {
    await server.close();
  }
  const problems = [...results.ours, ...results.theirs].flatMap((entry) => entry.problems);
  const sameEdits = results.ours.every((entry, i) => entry.diff === results.theirs[i]?.diff);
  if (!sameEdits) problems.push('the two agents left different changes');
  for (const problem of new Set(problems)) log(`agent overhead: ${problem}`);

  const pick = (list, key) => list.map((entry) => entry[key]);
  const median = (values) => row({ samples: values }).median;
  const wallRatio = median(pick(results.theirs, 'ms')) / median(pick(results.ours, 'ms'));
  const bytesRatio = median(pick(results.ours, 'bytes')) / median(pick(results.theirs, 'bytes'));
  const valid = problems.length === 0;
  const note = valid ? undefined : `invalid run: ${[...new Set(problems)].join('; ')}`;
  return [
    row({
      benchmark: name,
      measure: 'ours: 30-turn session wall time',
      unit: 'ms',
      samples: pick(results.ours, 'ms'),
      peer: 'Gemini CLI 0.61.0',
      ratio: wallRatio,
      ratioLabel: `${wallRatio.toFixed(1)}× less`,
      note,
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: 30-turn session wall time',
      unit: 'ms',
      samples: pick(results.theirs, 'ms'),
    }),
    row({
      benchmark: name,
      measure: 'ours: bytes sent to the model',
      unit: 'KB',
      samples: pick(results.ours, 'bytes').map((bytes) => bytes / 1024),
      peer: 'Gemini CLI 0.61.0',
      ratio: bytesRatio,
      ratioLabel: `${bytesRatio.toFixed(2)}× theirs`,
      target: '≤ 1× theirs',
      met: valid && bytesRatio <= 1,
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: bytes sent to the model',
      unit: 'KB',
      samples: pick(results.theirs, 'bytes').map((bytes) => bytes / 1024),
    }),
    row({
      benchmark: name,
      measure: 'ours: model requests',
      unit: 'requests',
      samples: pick(results.ours, 'requests'),
      peer: 'Gemini CLI 0.61.0',
      ratioLabel: `${median(pick(results.theirs, 'requests'))} theirs`,
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: model requests (of which helper calls)',
      unit: 'requests',
      samples: pick(results.theirs, 'requests'),
      note: `helper calls: ${pick(results.theirs, 'helperRequests').join(', ')}`,
    }),
  ];
}
