// Runs the Action in-process (runAction with injected dependencies) against the local fake
// GitHub server and the fake Gemini server, collecting what the runner would show: outputs, the
// job summary, failures and log lines.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createOctokit } from '../../src/github/octokit.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { runAction } from '../../src/action/run-action.js';
import type { FakeGitHub } from './fake-github-server.js';
import { useFakeGitHub } from './fake-github-server.js';
import type { FakeGeminiServer } from './fake-gemini.js';
import { seedFromPayload } from './payload-seeds.js';
import { bareRemoteOf, tempRepo } from './temp-repo.js';
import { webhookExample } from './webhook-payloads.js';
import type { ActionDeps, ActionResult } from '../../src/action/types.js';

export const HARNESS_API_KEY = 'harness-gemini-key-0123456789abcdef';

export interface HarnessRun {
  result: ActionResult;
  outputs: Record<string, string>;
  summary: string;
  failed: string[];
  /** The values the run masked in the log (`core.setSecret`). */
  secrets: string[];
  logs: string[];
  workspace: string;
  /** The bare repository standing in for GitHub's git remote. */
  remote: string;
}

export async function runActionInProcess(options: {
  eventName: string;
  payload: unknown;
  /**
   * The fake GitHub (which follows the run's git remote), or the address and token of one faked
   * otherwise (nock).
   */
  github: Pick<FakeGitHub, 'url' | 'token'> & Partial<Pick<FakeGitHub, 'followGitRemote'>>;
  gemini: FakeGeminiServer;
  /** The event file's text, instead of the payload as JSON. */
  eventText?: string;
  inputs?: Record<string, string>;
  /** The checked-out repository; default a one-commit repository with a README. */
  workspace?: string;
  repository?: string;
  /** The git remote; default a bare clone of the workspace. */
  remote?: string;
  /** More variables of the step's environment (`env:` in the workflow); undefined removes one. */
  env?: Record<string, string | undefined>;
  /** Requests per model call before the run gives up; default 1 (no retry). */
  modelAttempts?: number;
  /** Dependencies to set besides the harness's (a stop, a newer-run finder, the saved state). */
  deps?: Partial<ActionDeps>;
}): Promise<HarnessRun> {
  const workspace =
    options.workspace ?? (await tempRepo({ 'README.md': '# demo\n' }, { git: true }));
  const remote = options.remote ?? (await bareRemoteOf(workspace));
  options.github.followGitRemote?.(remote);
  const runnerTemp = await tempRepo();
  const eventPath = path.join(runnerTemp, 'event.json');
  await writeFile(eventPath, options.eventText ?? JSON.stringify(options.payload));
  const inputs: Record<string, string> = {
    gemini_api_key: HARNESS_API_KEY,
    github_token: options.github.token,
    max_turns: '10',
    ...options.inputs,
  };
  const outputs: Record<string, string> = {};
  const failed: string[] = [];
  const secrets: string[] = [];
  let summary = '';
  const logger = memoryLogger();
  const deps: ActionDeps = {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: runnerTemp,
      GITHUB_EVENT_NAME: options.eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: runnerTemp,
      GITHUB_REPOSITORY: options.repository ?? 'Codertocat/Hello-World',
      GITHUB_RUN_ID: '4242',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_API_URL: options.github.url,
      GOOGLE_GEMINI_BASE_URL: options.gemini.url,
      ...options.env,
    },
    getInput: (name) => inputs[name] ?? '',
    setOutput: (name, value) => {
      outputs[name] = value;
    },
    setSecret: (value) => {
      secrets.push(value);
    },
    setFailed: (message) => {
      failed.push(message);
    },
    summary: {
      addRaw(text: string) {
        summary += `${text}\n`;
        return this;
      },
      write: () => Promise.resolve(),
    },
    logger,
    createOctokit: (octokitOptions) =>
      createOctokit({ ...octokitOptions, retry: { retries: 0 }, throttle: { enabled: false } }),
    modelRetry: { maxAttempts: options.modelAttempts ?? 1, sleep: () => Promise.resolve() },
    commentIntervalMs: 0,
    gitRemoteUrl: remote,
    ...options.deps,
  };
  const result = await runAction(deps);
  return {
    result,
    outputs,
    summary,
    failed,
    secrets,
    logs: logger.lines.map((line) => line.message),
    workspace,
    remote,
  };
}

/**
 * The Action on a created comment (`body`) on issue #1 of the example repository, against a fake
 * GitHub seeded from that event; shell commands unsandboxed unless the inputs say otherwise.
 */
export async function runActionOnComment(options: {
  body: string;
  workspace: string;
  gemini: FakeGeminiServer;
  inputs?: Record<string, string>;
  env?: Record<string, string | undefined>;
}): Promise<{ run: HarnessRun; github: FakeGitHub }> {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = options.body;
  const github = await useFakeGitHub(seedFromPayload(payload));
  const run = await runActionInProcess({
    eventName: 'issue_comment',
    payload,
    github,
    gemini: options.gemini,
    workspace: options.workspace,
    inputs: { sandbox: 'none', ...options.inputs },
    env: options.env,
  });
  return { run, github };
}
