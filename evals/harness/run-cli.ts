/**
 * One `node dist/cli.js run …`: the Action's pipeline with the dry-run GitHub, as a child
 * process (its own process group, killed whole when it overruns), with the runner's variables
 * left out so nothing of the workflow the harness runs in leaks into the case's run.
 */
import { runInGroup } from './process-groups.js';

export interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  timedOut: boolean;
}

/** Variables of the runner or of another run; `gemini-agent run` sets its own. */
const RUNNER_VARIABLES = /^(GITHUB_|RUNNER_|ACTIONS_|INPUT_)/;
/** Model credentials: a replay must not reach a real model. */
const CREDENTIALS =
  /^(GEMINI_API_KEY|GOOGLE_API_KEY|GOOGLE_GENAI_USE_VERTEXAI|GOOGLE_GENAI_USE_GCA|GOOGLE_CLOUD_PROJECT|GOOGLE_CLOUD_PROJECT_ID|GOOGLE_CLOUD_LOCATION|GOOGLE_APPLICATION_CREDENTIALS)$/;

export function cliEnvironment(env: NodeJS.ProcessEnv, live: boolean): NodeJS.ProcessEnv {
  const child: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (RUNNER_VARIABLES.test(name) || name === 'NODE_TEST_CONTEXT') continue;
    if (!live && CREDENTIALS.test(name)) continue;
    child[name] = value;
  }
  return child;
}

export async function runCli(
  cli: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; timeoutMs: number },
): Promise<CliRun> {
  const { exitCode, stdout, stderr, wallMs, timedOut } = await runInGroup(
    [process.execPath, cli, 'run', ...args],
    options,
  );
  return { exitCode, stdout, stderr, wallMs, timedOut };
}

/** The last meaningful line of a failed run's log, for the results and the report. */
export function failureReason(run: CliRun, timeoutMs: number): string {
  if (run.timedOut) return `the run did not end within ${Math.round(timeoutMs / 1000)} s`;
  const lines = run.stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const error = [...lines].reverse().find((line) => /error|fail|diverg/i.test(line));
  return `the run exited with ${run.exitCode ?? 'a signal'}${error === undefined ? '' : `: ${error.slice(0, 500)}`}`;
}
