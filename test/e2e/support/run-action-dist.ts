// Runs the committed Action bundle as the runner would: a child process with the runner's
// environment, an event payload file, INPUT_* variables and GITHUB_OUTPUT / GITHUB_STEP_SUMMARY
// files, against a local fake GitHub and the fake Gemini server.
import { execFile, execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FakeGitHub } from '../../support/fake-github-server.js';
import type { FakeGeminiServer } from '../../support/fake-gemini.js';
import { basicAuthorization, gitHttpServer } from '../../support/git-http-server.js';
import { tempRepo } from '../../support/temp-repo.js';

const execFileAsync = promisify(execFile);
const action = path.resolve(import.meta.dirname, '../../../dist/index.js');

export const E2E_API_KEY = 'e2e-gemini-key-0123456789abcdef';

/** Parses the runner's GITHUB_OUTPUT file (`name<<delimiter` blocks). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!match?.[1] || !match[2]) continue;
    const value: string[] = [];
    while (++i < lines.length && lines[i] !== match[2]) value.push(lines[i] ?? '');
    outputs[match[1]] = value.join('\n');
  }
  return outputs;
}

export interface DistRun {
  code: number;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
  /** The job run's page, as the run links it (under the local git server's URL). */
  runUrl: string;
  /** The bare repository behind the local git server: what was pushed lands here. */
  remote: string;
}

export async function runActionDist(options: {
  payload: unknown;
  /** Default `issue_comment`. */
  eventName?: string;
  inputs: Record<string, string>;
  github: FakeGitHub | undefined;
  gemini: FakeGeminiServer;
  /** The checked-out repository; default a one-commit repository with a README. */
  workspace?: string;
  /** The repository GitHub's side is a bare clone of; default the workspace. */
  remoteFrom?: string;
  /**
   * GitHub's git side as an earlier run left it (its `remote`), for a re-run of that run's job;
   * default a new bare clone of `remoteFrom`.
   */
  remote?: string;
  /** Refs GitHub keeps besides the branches, e.g. `refs/pull/2/head`, by name. */
  remoteRefs?: Record<string, string>;
  /** More variables of the step's environment. */
  env?: Record<string, string>;
  /** Kill the step after this long, so a run that never ends fails rather than hangs. */
  timeoutMs?: number;
}): Promise<DistRun> {
  const workspace =
    options.workspace ?? (await tempRepo({ 'README.md': '# demo\n' }, { git: true }));
  const runnerTemp = await tempRepo();
  // GitHub's git side: a bare clone served over HTTP at GITHUB_SERVER_URL, so the Action looks
  // for earlier branches (the fake API answers with its branches), fetches pull requests and
  // pushes without leaving the machine.
  const projectRoot =
    options.remote === undefined ? await tempRepo() : path.resolve(options.remote, '../..');
  const remote = path.join(projectRoot, 'Codertocat', 'Hello-World.git');
  if (options.remote === undefined) {
    execFileSync('git', ['clone', '-q', '--bare', options.remoteFrom ?? workspace, remote], {
      stdio: 'ignore',
    });
  }
  for (const [ref, sha] of Object.entries(options.remoteRefs ?? {})) {
    execFileSync('git', ['update-ref', ref, sha], { cwd: remote, stdio: 'ignore' });
  }
  options.github?.followGitRemote(remote);
  const token = options.github?.token ?? 'ghs_unused0123456789abcdefABCDEF0123';
  const gitServer = await gitHttpServer(projectRoot, basicAuthorization(token));
  const outputFile = path.join(runnerTemp, 'output');
  const summaryFile = path.join(runnerTemp, 'summary');
  const eventFile = path.join(runnerTemp, 'event.json');
  await writeFile(outputFile, '');
  await writeFile(summaryFile, '');
  await writeFile(eventFile, JSON.stringify(options.payload));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: runnerTemp,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName ?? 'issue_comment',
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_RUN_ID: '777',
    GITHUB_WORKFLOW: 'Gemini',
    GITHUB_SERVER_URL: gitServer.url,
    GITHUB_API_URL: options.github?.url ?? 'http://127.0.0.1:9',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GOOGLE_GEMINI_BASE_URL: options.gemini.url,
    INPUT_GITHUB_TOKEN: token,
    ...options.env,
  };
  for (const [name, value] of Object.entries(options.inputs)) {
    env[`INPUT_${name.toUpperCase()}`] = value;
  }
  const result = await execFileAsync(process.execPath, [action], {
    env,
    cwd: workspace,
    ...(options.timeoutMs === undefined
      ? {}
      : { timeout: options.timeoutMs, killSignal: 'SIGKILL' }),
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: unknown) => {
      const failure = error as { code: number; stdout: string };
      return { code: failure.code, stdout: failure.stdout };
    },
  );
  return {
    ...result,
    outputs: parseOutputs(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
    runUrl: `${gitServer.url}/Codertocat/Hello-World/actions/runs/777`,
    remote,
  };
}
