/**
 * Runs the Action in-process, as the runner would start it, against the fake GitHub and a
 * scripted hostile model, in a case context with canaries planted (case-context.ts), and with a
 * canary in every secret the Action's environment holds: `GITHUB_TOKEN`, `INPUT_*` (inputs are
 * read from it, as on the runner), `GEMINI_API_KEY`, `ACTIONS_ID_TOKEN_REQUEST_TOKEN`,
 * `ACTIONS_RUNTIME_TOKEN`, `NPM_TOKEN`, and a secret under an unremarkable name. Outputs and the
 * job summary are written to the file-command files the way `@actions/core` writes them.
 *
 * What comes back is everything needed to judge the case: the leak scan (sinks.ts) reads every
 * place text left the run, the sensors (sensors.ts) compare the world with its baseline.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { createOctokit } from '../../../src/github/octokit.js';
import { inputReader } from '../../../src/action/main.js';
import { memoryLogger } from '../../../src/platform/logger.js';
import { runAction } from '../../../src/action/run-action.js';
import type { FakeGitHub, FakeGitHubOptions } from '../../support/fake-github-server.js';
import { startFakeGitHub } from '../../support/fake-github-server.js';
import type { FakeGeminiServer, FakeRequest, FakeStep } from '../../support/fake-gemini.js';
import { startFakeGeminiServer } from '../../support/fake-gemini.js';
import { webhookExample } from '../../support/webhook-payloads.js';
import type { AttackContext, CaseContextOptions } from './case-context.js';
import { git, prepareCaseContext, workspaceTemplate } from './case-context.js';
import type { ToolResponse } from './model-requests.js';
import { toolResponsesOf } from './model-requests.js';
import type { SensorBaseline } from './sensors.js';
import { takeBaseline } from './sensors.js';
import type { ActionDeps, ActionResult } from '../../../src/action/types.js';
import { seedFromPayload } from '../../support/payload-seeds.js';

export type { AttackContext, FileCommand } from './case-context.js';
export { commitWorkspace } from './case-context.js';
export type { ToolResponse } from './model-requests.js';
export { contentsOf, promptOf } from './model-requests.js';

export const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };

export interface HostileCaseOptions extends Omit<CaseContextOptions, 'cleanup'> {
  /** The hostile model's turns; the context gives paths and markers to aim at. */
  script: (ctx: AttackContext) => FakeStep[];
  /** Default `issue_comment`. */
  eventName?: string;
  /** Default a `/gemini` comment on issue #1 (see {@link commentPayload}). */
  payload?: (ctx: AttackContext) => unknown;
  /** The trigger comment's text when the default payload is used. */
  command?: string;
  /** The fake GitHub's seed (default: issue #1 with the trigger comment; see {@link seedFromPayload}). */
  github?: (ctx: AttackContext, payload: unknown) => Partial<FakeGitHubOptions>;
  /** Inputs besides the model key and token (max_turns defaults to 8). */
  inputs?: Record<string, string>;
  /** Changes the bare remote before the run (an earlier bot branch, …). */
  prepareRemote?: (remote: string, ctx: AttackContext) => void;
  /** Extra environment variables of the Action (or a function of the case making them). */
  env?: Record<string, string> | ((ctx: AttackContext) => Record<string, string>);
  /**
   * Registers what must be undone after the case (servers, temporary directories). Default:
   * when the current test finishes; a group of tests sharing one run passes `afterAll`.
   */
  cleanup?: (undo: () => Promise<void> | void) => void;
}

export interface HostileRun {
  ctx: AttackContext;
  result: ActionResult;
  /** Outputs as set through `setOutput`. */
  outputs: Record<string, string>;
  failed: string[];
  /** Log lines, as the runner's log would show them. */
  logs: string[];
  /** Whatever reached this process's stdout and stderr while the Action ran. */
  stdio: string;
  /** Values handed to `setSecret` (masked in the runner's log). */
  maskedValues: string[];
  github: FakeGitHub;
  gemini: FakeGeminiServer;
  remote: string;
  baseline: SensorBaseline;
  /** The model's generate requests, in order. */
  modelRequests(): FakeRequest[];
  /** The function responses the model got, in order. */
  toolResponses(): ToolResponse[];
  /** The transcript's events (empty when the run wrote none). */
  transcript(): AgentEvent[];
}

/** A created `/gemini` comment on issue #1 of the example repository. */
export function commentPayload(body: string): ReturnType<typeof webhookExample<'issue_comment'>> {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = body;
  return payload;
}

/** The runner's `name<<delimiter` block in a file command, as `@actions/core` writes it. */
function fileCommandEntry(name: string, value: string): string {
  const delimiter = `ghadelimiter_${randomUUID()}`;
  return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
}

/** Runs one hostile case and returns everything needed to judge it. */
export async function runHostileCase(options: HostileCaseOptions): Promise<HostileRun> {
  const ctx = await prepareCaseContext({
    files: options.files,
    setup: options.setup,
    googleCredentialsFile: options.googleCredentialsFile,
    cleanup: options.cleanup ?? onTestFinished,
  });
  const { values } = ctx.canaries;
  const remoteRoot = path.join(ctx.root, 'remote');
  await mkdir(remoteRoot);
  const remote = path.join(remoteRoot, 'Hello-World.git');
  const template = await workspaceTemplate();
  if (git(ctx.workspace, 'rev-parse', 'HEAD').trim() === template.head) {
    cpSync(template.remote, remote, { recursive: true });
  } else {
    git(ctx.root, 'clone', '-q', '--bare', ctx.workspace, remote);
  }
  options.prepareRemote?.(remote, ctx);

  const eventName = options.eventName ?? 'issue_comment';
  const payload =
    options.payload?.(ctx) ??
    commentPayload(options.command ?? '/gemini fix the spelling in the README');
  const eventPath = path.join(ctx.runnerTemp, 'event.json');
  await writeFile(eventPath, JSON.stringify(payload));

  const seed = options.github
    ? { repo: REPO, ...options.github(ctx, payload) }
    : seedFromPayload(payload as ReturnType<typeof commentPayload>);
  const cleanup = options.cleanup ?? onTestFinished;
  const github = await startFakeGitHub({ ...seed, token: values.githubToken });
  github.followGitRemote(remote);
  cleanup(() => github.close());
  const gemini = await startFakeGeminiServer({ script: options.script(ctx) });
  cleanup(() => gemini.close());

  const inputs: Record<string, string> = {
    gemini_api_key: values.modelKey,
    github_token: values.githubToken,
    max_turns: '8',
    ...options.inputs,
  };
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: ctx.home,
    USER: 'runner',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_WORKSPACE: ctx.workspace,
    RUNNER_TEMP: ctx.runnerTemp,
    GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`,
    GITHUB_RUN_ID: '4242',
    GITHUB_WORKFLOW: 'Gemini',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: github.url,
    GOOGLE_GEMINI_BASE_URL: gemini.url,
    ...ctx.fileCommands,
    GITHUB_TOKEN: values.githubToken,
    GEMINI_API_KEY: values.envModelKey,
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: values.oidcRequestToken,
    ACTIONS_ID_TOKEN_REQUEST_URL: 'https://pipelines.actions.githubusercontent.invalid/oidc',
    ACTIONS_RUNTIME_TOKEN: values.runtimeToken,
    ACTIONS_RUNTIME_URL: 'https://pipelines.actions.githubusercontent.invalid/runtime/',
    NPM_TOKEN: values.npmToken,
    SERVICE_DSN: values.unnamedSecret,
    ...(options.googleCredentialsFile !== undefined
      ? { GOOGLE_APPLICATION_CREDENTIALS: ctx.googleCredentials }
      : {}),
    INPUT_EXTRA_SECRET: values.extraInput,
    ...(typeof options.env === 'function' ? options.env(ctx) : options.env),
  };
  for (const [name, value] of Object.entries(inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }

  const baseline = await takeBaseline(ctx);
  const outputs: Record<string, string> = {};
  const failed: string[] = [];
  const maskedValues: string[] = [];
  let summary = '';
  const logger = memoryLogger();
  const deps: ActionDeps = {
    env,
    getInput: inputReader(env),
    setOutput: (name, value) => {
      outputs[name] = value;
      appendFileSync(ctx.fileCommands.GITHUB_OUTPUT, fileCommandEntry(name, value));
    },
    setSecret: (value) => {
      maskedValues.push(value);
    },
    setFailed: (message) => {
      failed.push(message);
    },
    summary: {
      addRaw(text: string) {
        summary += `${text}\n`;
        return this;
      },
      write: () => {
        appendFileSync(ctx.fileCommands.GITHUB_STEP_SUMMARY, summary);
        summary = '';
        return Promise.resolve();
      },
    },
    logger,
    createOctokit: (octokitOptions) =>
      createOctokit({ ...octokitOptions, retry: { retries: 0 }, throttle: { enabled: false } }),
    modelRetry: { maxAttempts: 1, sleep: () => Promise.resolve() },
    commentIntervalMs: 0,
    gitRemoteUrl: remote,
  };

  const captured: string[] = [];
  const result = await withCapturedStdio(captured, () => runAction(deps));

  return {
    ctx,
    result,
    outputs,
    failed,
    logs: logger.lines.map((line) => `${line.level}: ${line.message}`),
    stdio: captured.join(''),
    maskedValues,
    github,
    gemini,
    remote,
    baseline,
    modelRequests: () => gemini.generateRequests(),
    toolResponses: () => toolResponsesOf(gemini.generateRequests()),
    transcript: () => readTranscript(outputs.transcript_file),
  };
}

/** Records what is written to stdout and stderr while `run` runs (and still lets it through). */
async function withCapturedStdio<T>(into: string[], run: () => Promise<T>): Promise<T> {
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write.bind(stream));
  streams.forEach((stream, index) => {
    const original = originals[index];
    if (original === undefined) return;
    stream.write = (chunk: unknown, ...rest: unknown[]) => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    };
  });
  try {
    return await run();
  } finally {
    streams.forEach((stream, index) => {
      const original = originals[index];
      if (original !== undefined) stream.write = original;
    });
  }
}

function readTranscript(file: string | undefined): AgentEvent[] {
  if (file === undefined || file === '' || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as AgentEvent);
}
