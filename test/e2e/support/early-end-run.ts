// Runs the committed Action bundle as the runner runs a step it cancels: `dist/index.js` as a
// child process with the runner's environment (a GITHUB_STATE file included), stopped with the
// runner's timing — SIGINT, SIGTERM 7.5 s later, SIGKILL 2.5 s after that — and then its post
// step, `dist/post.js`, with the state the main step saved as STATE_* variables, as the runner
// passes it. GitHub is the local fake, git a local server over HTTP, the model the fake Gemini.
import type { ChildProcess } from 'node:child_process';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FakeGitHub } from '../../support/fake-github-server.js';
import type { FakeGeminiServer } from '../../support/fake-gemini.js';
import { basicAuthorization, gitHttpServer } from '../../support/git-http-server.js';
import { tempRepo } from '../../support/temp-repo.js';
import { parseOutputs } from './run-action-dist.js';

const execFileAsync = promisify(execFile);
const action = path.resolve(import.meta.dirname, '../../../dist/index.js');
const post = path.resolve(import.meta.dirname, '../../../dist/post.js');

/** The runner's cancellation: SIGINT, then SIGTERM 7.5 s later, then SIGKILL 2.5 s after that. */
export const RUNNER_TERM_AFTER_MS = 7500;
export const RUNNER_KILL_AFTER_MS = 2500;

export interface StartedStep {
  child: ChildProcess;
  workspace: string;
  runnerTemp: string;
  /** The bare repository behind the local git server: what was pushed lands here. */
  remote: string;
  runUrl: string;
  env: NodeJS.ProcessEnv;
  /** Everything the step wrote to stdout and stderr so far. */
  log: () => string;
  /** Resolves with the exit code (or the signal) once the step has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Milliseconds since the epoch when it ended. */
  endedAt: () => number | undefined;
}

export async function startActionStep(options: {
  payload: unknown;
  eventName?: string;
  inputs: Record<string, string>;
  github: FakeGitHub;
  gemini: FakeGeminiServer;
  workspace: string;
  env?: Record<string, string>;
}): Promise<StartedStep> {
  const { workspace } = options;
  const runnerTemp = await tempRepo();
  const projectRoot = await tempRepo();
  const remote = path.join(projectRoot, 'Codertocat', 'Hello-World.git');
  execFileSync('git', ['clone', '-q', '--bare', workspace, remote], { stdio: 'ignore' });
  options.github.followGitRemote(remote);
  const gitServer = await gitHttpServer(projectRoot, basicAuthorization(options.github.token));
  const files = {
    output: path.join(runnerTemp, 'output'),
    summary: path.join(runnerTemp, 'summary'),
    state: path.join(runnerTemp, 'state'),
    event: path.join(runnerTemp, 'event.json'),
  };
  for (const file of [files.output, files.summary, files.state]) await writeFile(file, '');
  await writeFile(files.event, JSON.stringify(options.payload));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: runnerTemp,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName ?? 'issue_comment',
    GITHUB_EVENT_PATH: files.event,
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_RUN_ID: '777',
    GITHUB_WORKFLOW: 'Gemini',
    GITHUB_SERVER_URL: gitServer.url,
    GITHUB_API_URL: options.github.url,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_STATE: files.state,
    GOOGLE_GEMINI_BASE_URL: options.gemini.url,
    INPUT_GITHUB_TOKEN: options.github.token,
    ...options.env,
  };
  for (const [name, value] of Object.entries(options.inputs)) {
    env[`INPUT_${name.toUpperCase()}`] = value;
  }
  const child = spawn(process.execPath, [action], { env, cwd: workspace });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let endedAt: number | undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => {
      endedAt = Date.now();
      resolve({ code, signal });
    });
  });
  return {
    child,
    workspace,
    runnerTemp,
    remote,
    runUrl: `${gitServer.url}/Codertocat/Hello-World/actions/runs/777`,
    env,
    log: () => output,
    exited,
    endedAt: () => endedAt,
  };
}

/**
 * Cancels the step as the runner does, starting with `first`: SIGINT, SIGTERM 7.5 s later,
 * SIGKILL 2.5 s after that; `SIGTERM` starts at the second signal, `SIGKILL` kills at once.
 * Resolves with the signals sent, once the step has ended.
 */
export async function cancelLikeRunner(
  step: StartedStep,
  first: 'SIGINT' | 'SIGTERM' | 'SIGKILL',
): Promise<NodeJS.Signals[]> {
  const order: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGKILL'];
  const waits = [RUNNER_TERM_AFTER_MS, RUNNER_KILL_AFTER_MS];
  const sent: NodeJS.Signals[] = [];
  for (let index = order.indexOf(first); index < order.length; index++) {
    const signal = order[index] ?? 'SIGKILL';
    if (step.endedAt() !== undefined) break;
    step.child.kill(signal);
    sent.push(signal);
    const wait = waits[index];
    if (wait === undefined) break;
    const ended = await Promise.race([
      step.exited.then(() => true),
      new Promise<false>((resolve) =>
        setTimeout(() => {
          resolve(false);
        }, wait),
      ),
    ]);
    if (ended) break;
  }
  await step.exited;
  return sent;
}

export interface StepResult {
  outputs: Record<string, string>;
  summary: string;
  /** The state the main step saved, by name. */
  state: Record<string, string>;
  /** The post step's log. */
  postLog: string;
  /** The run's record folder under RUNNER_TEMP, when there is one. */
  recordDir: string | undefined;
}

/** Runs the post step with the main step's saved state, as the runner does after the step. */
export async function runPostStep(
  step: StartedStep,
  extraEnv: Record<string, string> = {},
): Promise<StepResult> {
  const state = parseOutputs(await readFile(step.env.GITHUB_STATE ?? '', 'utf8'));
  const env: NodeJS.ProcessEnv = { ...step.env, ...extraEnv };
  for (const [name, value] of Object.entries(state)) env[`STATE_${name}`] = value;
  const postLog = await execFileAsync(process.execPath, [post], { env, cwd: step.workspace }).then(
    ({ stdout, stderr }) => stdout + stderr,
    (error: unknown) => {
      const failure = error as { stdout?: string; stderr?: string };
      return `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
    },
  );
  const entries = await readdir(step.runnerTemp);
  const record = entries.find((name) => name.startsWith('gemini-agent-'));
  return {
    outputs: parseOutputs(await readFile(step.env.GITHUB_OUTPUT ?? '', 'utf8')),
    summary: await readFile(step.env.GITHUB_STEP_SUMMARY ?? '', 'utf8'),
    state,
    postLog,
    recordDir: record === undefined ? undefined : path.join(step.runnerTemp, record),
  };
}

/** Whether a process still runs (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `check` holds, polling; rejects after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every file of the run's record, read (the artifact's content). */
export async function recordFiles(dir: string | undefined): Promise<Record<string, string>> {
  if (dir === undefined) return {};
  const files: Record<string, string> = {};
  for (const name of await readdir(dir)) files[name] = await readFile(path.join(dir, name), 'utf8');
  return files;
}
