// run-gemini-cli's way of running, as the benchmarks compare with it: every job installs the
// Gemini CLI with npm and then runs it. A fresh `npm install` into an empty folder (npm's download
// cache is warm here, so this is a lower bound of what a runner pays), and the Gemini CLI's own
// run of a task against the instant fake model: spawn → first model request, → exit, peak RSS.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { scriptedSession, startFakeModelServer } from './fake-model-server.mjs';
import { timedRunToFirstRequest } from './measure.mjs';
import {
  agentEnv,
  benchHome,
  geminiCommand,
  geminiEntry,
  npmInstallGeminiCli,
  ROOT,
} from './agents.mjs';
import { gitCommitAll, scratchDir, writeTree } from './scratch.mjs';

const MAX_RSS = pathToFileURL(path.join(ROOT, 'bench/lib/max-rss.mjs')).href;

/** A fresh `npm install` of the Gemini CLI into an empty folder, as a job does; ms. */
export function freshInstall() {
  const dir = scratchDir('gemini-install');
  return { ms: npmInstallGeminiCli(dir), entry: geminiEntry(dir) };
}

/** The Gemini CLI on the same task: spawn → first model request, → exit, and peak RSS. */
export async function theirRun(entry, calls, finalText) {
  const workspace = scratchDir('e2e-gemini-ws');
  writeTree(workspace, { 'README.md': '# Hello-World\n\nComit often.\n' });
  gitCommitAll(workspace);
  const server = await startFakeModelServer({
    script: scriptedSession(() => calls(workspace), finalText),
  });
  const rssFile = path.join(scratchDir('e2e-rss'), 'max-rss');
  const env = {
    ...agentEnv({ serverUrl: server.url, home: benchHome() }),
    BENCH_MAX_RSS_FILE: rssFile,
  };
  const [command, args, cwd] = geminiCommand({
    entry,
    prompt: 'fix the spelling in the README',
    workspace,
  });
  try {
    const result = await timedRunToFirstRequest(server, command, ['--import', MAX_RSS, ...args], {
      cwd,
      env,
    });
    if (result.code !== 0 || result.firstRequestMs === undefined) {
      throw new Error(`the Gemini CLI failed (exit ${result.code}): ${result.stderr}`);
    }
    return {
      firstRequest: result.firstRequestMs,
      exit: result.ms,
      rss: JSON.parse(readFileSync(rssFile, 'utf8')).maxRSS / 2 ** 20,
    };
  } finally {
    await server.close();
  }
}
