// The long session of the prefix measure: the 30-turn tool session of agent-overhead (reads,
// searches, edits, shell) run by our CLI against the instant fake model, with every request's
// tokens accounted as the API bills them (model-pace.mjs).
import { scriptedSession, startFakeModelServer } from './fake-model-server.mjs';
import { timedRun } from './measure.mjs';
import { agentEnv, benchHome, ourCommand } from './agents.mjs';
import { prefixRepeatShare } from './model-pace.mjs';
import { scratchDir } from './scratch.mjs';
import { writeSampleRepo } from './sample-repo.mjs';
import { FINAL_TEXT, sessionCalls } from '../agent-overhead.mjs';

/** `{ share, requests, input, cached }` of the agent's requests in one such session. */
export async function longSessionPrefixShare() {
  const workspace = scratchDir('long-session');
  writeSampleRepo(workspace);
  const server = await startFakeModelServer({
    script: scriptedSession(() => sessionCalls(workspace), FINAL_TEXT),
    account: true,
  });
  try {
    const [command, args, cwd] = ourCommand({
      prompt: 'Resolve the TODO(bench-N) comments in src/ and update the guide.',
      workspace,
      extraArgs: ['--max-turns', '40'],
    });
    const env = agentEnv({ serverUrl: server.url, home: benchHome() });
    const result = await timedRun(command, args, { cwd, env, capture: true });
    if (result.code !== 0)
      throw new Error(`the session failed (exit ${result.code}): ${result.stderr}`);
    const entries = server.stats.ledger.summary();
    const sum = (key) => entries.reduce((total, entry) => total + entry[key], 0);
    return {
      share: prefixRepeatShare(entries),
      requests: entries.length,
      input: sum('promptTokens'),
      cached: sum('cachedTokens'),
    };
  } finally {
    await server.close();
  }
}
