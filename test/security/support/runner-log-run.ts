/**
 * Runs the Action in-process as main.ts wires it: its inputs, outputs, masks, failure and log all
 * written through the runner's commands (`runnerDeps`), here into a buffer that stands for the
 * step's stdout. Whatever else reaches the process's stdout and stderr meanwhile is kept with it,
 * so the reading covers every byte the runner would see.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runnerDeps } from '../../../src/action/main.js';
import { runAction } from '../../../src/action/run-action.js';
import type { ActionResult } from '../../../src/action/types.js';
import { createOctokit } from '../../../src/github/octokit.js';
import type { FakeGeminiServer, FakeStep } from '../../support/fake-gemini.js';
import { startFakeGeminiServer } from '../../support/fake-gemini.js';
import { startFakeGitHub } from '../../support/fake-github-server.js';
import { seedFromPayload } from '../../support/payload-seeds.js';
import { webhookExample } from '../../support/webhook-payloads.js';

export const RUNNER_LOG_KEY = 'runner-log-gemini-key-0123456789abcdef';
const GITHUB_TOKEN = 'ghs_runnerlogtoken0123456789abcdefABCDEF';

export interface RunnerLogRun {
  result: ActionResult;
  /** The values the run asked the runner to mask (its key and token). */
  secrets: string[];
  /** Everything written to the step's stdout and stderr, in order. */
  stdout: string;
  /** `RUNNER_TEMP`: where a relative telemetry outfile goes. */
  runnerTemp: string;
  gemini: FakeGeminiServer;
}

export async function runActionOnRunnerLog(options: {
  /** The repository's files (a `.gemini/extensions/…` manifest, …). */
  files: Record<string, string>;
  script: FakeStep[];
  inputs?: Record<string, string>;
  /** More variables of the step's environment. */
  env?: Record<string, string>;
  command?: string;
  /** Requests per model call before the run gives up; default 1 (no retry). */
  modelAttempts?: number;
  /** Registers what is undone after the run (servers, folders); `afterAll` for a shared run. */
  cleanup: (undo: () => unknown) => void;
}): Promise<RunnerLogRun> {
  const { cleanup } = options;
  const root = await mkdtemp(path.join(tmpdir(), 'gemini-agent-runner-log-'));
  cleanup(() => rm(root, { recursive: true, force: true }));
  const workspace = path.join(root, 'workspace');
  for (const [name, content] of Object.entries({
    'README.md': '# Hello-World\n',
    ...options.files,
  })) {
    await mkdir(path.dirname(path.join(workspace, name)), { recursive: true });
    await writeFile(path.join(workspace, name), content);
  }
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, stdio: 'ignore' });
  const author = ['-c', 'user.name=t', '-c', 'user.email=t@example.com'];
  git(workspace, 'init', '-q', '-b', 'main');
  git(workspace, ...author, 'add', '-A');
  git(workspace, ...author, 'commit', '-qm', 'init');
  const remote = path.join(root, 'remote.git');
  git(root, 'clone', '-q', '--bare', workspace, remote);
  const runnerTemp = path.join(root, 'runner-temp');
  await mkdir(runnerTemp);
  // The file commands the runner names; outputs and the summary go there, not to stdout.
  const fileCommands = {
    GITHUB_OUTPUT: path.join(runnerTemp, 'set_output'),
    GITHUB_STEP_SUMMARY: path.join(runnerTemp, 'step_summary'),
  };
  for (const file of Object.values(fileCommands)) await writeFile(file, '');
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = options.command ?? '/gemini describe the README';
  const eventPath = path.join(runnerTemp, 'event.json');
  await writeFile(eventPath, JSON.stringify(payload));
  const github = await startFakeGitHub({ ...seedFromPayload(payload), token: GITHUB_TOKEN });
  github.followGitRemote(remote);
  cleanup(() => github.close());
  const gemini = await startFakeGeminiServer({ script: options.script });
  cleanup(() => gemini.close());

  const inputs: Record<string, string> = {
    gemini_api_key: RUNNER_LOG_KEY,
    github_token: GITHUB_TOKEN,
    max_turns: '6',
    sandbox: 'none',
    ...options.inputs,
  };
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: runnerTemp,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'issue_comment',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_RUN_ID: '4242',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: github.url,
    GOOGLE_GEMINI_BASE_URL: gemini.url,
    ...fileCommands,
    ...options.env,
  };
  for (const [name, value] of Object.entries(inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }

  const written: string[] = [];
  const write = (text: string) => {
    written.push(text);
  };
  const savedExitCode = process.exitCode;
  const result = await withCapturedStdio(written, () =>
    runAction({
      ...runnerDeps(env, write),
      createOctokit: (octokitOptions) =>
        createOctokit({ ...octokitOptions, retry: { retries: 0 }, throttle: { enabled: false } }),
      modelRetry: { maxAttempts: options.modelAttempts ?? 1, sleep: () => Promise.resolve() },
      commentIntervalMs: 0,
      gitRemoteUrl: remote,
    }),
  );
  // `setFailed` marks the process as failed, as on the runner; the test process is not.
  process.exitCode = savedExitCode;
  return {
    result,
    secrets: [RUNNER_LOG_KEY, GITHUB_TOKEN],
    stdout: written.join(''),
    runnerTemp,
    gemini,
  };
}

/** Keeps what reaches this process's stdout and stderr while `run` runs, without printing it. */
async function withCapturedStdio<T>(into: string[], run: () => Promise<T>): Promise<T> {
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write.bind(stream));
  const keep = (chunk: unknown) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
    return true;
  };
  for (const stream of streams) stream.write = keep;
  try {
    return await run();
  } finally {
    streams.forEach((stream, index) => {
      const original = originals[index];
      if (original !== undefined) stream.write = original;
    });
  }
}
