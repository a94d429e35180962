// Running the committed Action bundle (dist/index.js) as a runner would start it, for one event,
// against the fake GitHub (test/support/fake-github-server.ts), a local git server over HTTP
// (for checkout-style fetches and pushes) and the instant fake model server. Shared by the
// GitHub-cost, Action end-to-end and pull-request-size benchmarks.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scriptedSession, startFakeModelServer } from './fake-model-server.mjs';
import { timedRun } from './measure.mjs';
import { ourNodeArgs, ROOT } from './agents.mjs';
import { gitCommitAll, scratchDir, writeTree } from './scratch.mjs';
import { basicAuthorization, startGitHttpServer } from './git-http-server.mjs';

export const ACTION = path.join(ROOT, 'dist/index.js');
export const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
const API_KEY = 'bench-gemini-key-0123456789abcdef';
const MAX_RSS = pathToFileURL(path.join(ROOT, 'bench/lib/max-rss.mjs')).href;

/**
 * Records when each request reaches the fake GitHub (ms, performance.now()), beside the fake's
 * own request list, without changing the fake: its list is an array the server pushes onto.
 */
export function timeRequests(github) {
  const times = [];
  const list = github.requests;
  const push = list.push.bind(list);
  list.push = (...items) => {
    for (let i = 0; i < items.length; i++) times.push(performance.now());
    return push(...items);
  };
  return times;
}

/** Parses the runner's GITHUB_OUTPUT file (`name<<delimiter` blocks). */
function parseOutputs(text) {
  const outputs = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!match) continue;
    const value = [];
    while (++i < lines.length && lines[i] !== match[2]) value.push(lines[i]);
    outputs[match[1]] = value.join('\n');
  }
  return outputs;
}

/**
 * Runs dist/index.js for one event; resolves with its outputs and the API requests made. The
 * model plays `calls` then `finalText`, or `script(workspace)` when given (a function of each
 * request's body); `pace: true` makes it answer at a real model's pace and account for every
 * request's tokens (model-pace.mjs), returned as `modelLedger` with times from the spawn.
 */
export async function runAction({
  eventName,
  payload,
  inputs,
  github,
  calls,
  finalText,
  script,
  pace = false,
  workspaceFiles,
  workspaceOrigin,
  measureMemory = false,
}) {
  const workspace = scratchDir('gh-workspace');
  writeTree(workspace, workspaceFiles ?? { 'README.md': '# Hello-World\n' });
  gitCommitAll(workspace);
  // As actions/checkout leaves it: the repository's address as `origin` (the repository input
  // checks it).
  if (workspaceOrigin !== undefined) {
    execFileSync('git', ['remote', 'add', 'origin', workspaceOrigin], { cwd: workspace });
  }
  const runnerTemp = scratchDir('gh-runner');
  const projectRoot = scratchDir('gh-remote');
  const remote = path.join(projectRoot, 'Codertocat', 'Hello-World.git');
  mkdirSync(path.dirname(remote), { recursive: true });
  execFileSync('git', ['clone', '-q', '--bare', workspace, remote], { stdio: 'ignore' });
  // The API's branches are the remote's, as on GitHub.
  github.followGitRemote(remote);
  const gitServer = await startGitHttpServer(projectRoot, basicAuthorization(github.token));
  const model = await startFakeModelServer({
    script: script ? script(workspace) : scriptedSession(() => calls(workspace), finalText),
    pace,
  });
  const files = {
    output: path.join(runnerTemp, 'output'),
    summary: path.join(runnerTemp, 'summary'),
    event: path.join(runnerTemp, 'event.json'),
  };
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  writeFileSync(files.event, JSON.stringify(payload));
  const rssFile = path.join(runnerTemp, 'max-rss');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: runnerTemp,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_RUN_ID: '777',
    GITHUB_WORKFLOW: 'Gemini',
    GITHUB_SERVER_URL: gitServer.url,
    GITHUB_API_URL: github.url,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GOOGLE_GEMINI_BASE_URL: model.url,
    INPUT_GITHUB_TOKEN: github.token,
    INPUT_GEMINI_API_KEY: API_KEY,
    ...(measureMemory ? { BENCH_MAX_RSS_FILE: rssFile } : {}),
  };
  for (const [key, value] of Object.entries(inputs ?? {}))
    env[`INPUT_${key.toUpperCase()}`] = value;
  const requestTimes = timeRequests(github);
  let firstModelRequestAt;
  let firstModelRequestBytes;
  const stopListening = model.onRequest((at, bytes) => {
    firstModelRequestAt ??= at;
    firstModelRequestBytes ??= bytes;
  });
  let spawnedAt = 0;
  try {
    const result = await timedRun(
      process.execPath,
      [...ourNodeArgs(), ...(measureMemory ? ['--import', MAX_RSS] : []), ACTION],
      {
        cwd: workspace,
        env,
        capture: true,
        onSpawn: (at) => {
          spawnedAt = at;
        },
      },
    );
    return {
      ...result,
      outputs: parseOutputs(readFileSync(files.output, 'utf8')),
      requests: github.requests.map((request) => `${request.method} ${request.path}`),
      /** ms from spawn to each GitHub request, in order. */
      requestOffsets: requestTimes.map((at) => at - spawnedAt),
      firstModelRequestMs:
        firstModelRequestAt === undefined ? undefined : firstModelRequestAt - spawnedAt,
      firstModelRequestBytes,
      modelRequests: model.stats.requests,
      ...(pace
        ? {
            modelLedger: model.stats.ledger.summary().map((entry) => ({
              ...entry,
              at: entry.at - spawnedAt,
              prefillAt: entry.prefillAt === undefined ? undefined : entry.prefillAt - spawnedAt,
              doneAt: entry.doneAt === undefined ? undefined : entry.doneAt - spawnedAt,
            })),
          }
        : {}),
      maxRssMB: measureMemory
        ? JSON.parse(readFileSync(rssFile, 'utf8')).maxRSS / 2 ** 20
        : undefined,
    };
  } finally {
    stopListening();
    await model.close();
    await gitServer.close();
  }
}

export function commentSeed(payload) {
  return {
    number: payload.issue.number,
    title: payload.issue.title,
    body: payload.issue.body ?? '',
    user: 'Codertocat',
    comments: [
      {
        id: payload.comment.id,
        user: payload.comment.user.login,
        body: payload.comment.body,
        createdAt: payload.comment.created_at,
      },
    ],
  };
}
