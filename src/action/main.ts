/**
 * The Action's composition root: the runner's environment and its workflow commands
 * (runner-commands.ts) handed to `runAction`, which does the work (run-action.ts).
 *
 * The environment is read once into a private copy, and the variables holding secrets — every
 * input, the tokens, the model keys, the runner's OIDC and runtime tokens — are then removed from
 * `process.env`, so no code of this process (a dependency, a library that spawns a helper) finds
 * them there later. The copy is what the run uses.
 */
import { runnerLogger } from '../platform/actions-logger.js';
import type { LogWriter } from '../platform/runner-commands.js';
import { runnerCommands } from '../platform/runner-commands.js';
import { isSecretEnvironmentName } from '../platform/tool-environment.js';
import { onProcessGroupStarted } from '../platform/process-group.js';
import { PROCESS_GROUPS_STATE, encodeProcessGroups } from './post-cleanup.js';
import { workflowNewerRunFinder } from './newer-run-seam.js';
import { runAction } from './run-action.js';
import { createRunStop, stopOnSignals } from './run-stop.js';
import type { ActionDeps } from './types.js';
import { FILE_COMMAND_VARIABLES } from '../platform/runner-file-commands.js';

/** `core.getInput`'s lookup, on the private copy: `INPUT_<NAME>` with spaces as underscores. */
export function inputReader(env: NodeJS.ProcessEnv): (name: string) => string {
  return (name) => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/**
 * Kept although tools never see them: outputs and the summary are written through the
 * file-command paths (runner-commands.ts, and `@actions/core` inside the artifact client), and
 * Google's auth library finds Application Default Credentials through
 * `GOOGLE_APPLICATION_CREDENTIALS` (a path, not the credential).
 */
const KEPT_FOR_THE_ACTION: ReadonlySet<string> = new Set([
  ...FILE_COMMAND_VARIABLES,
  'GOOGLE_APPLICATION_CREDENTIALS',
]);

function isSecretVariable(name: string): boolean {
  return isSecretEnvironmentName(name) && !KEPT_FOR_THE_ACTION.has(name.toUpperCase());
}

/** Removes the secret-holding variables from `env` (in place) and returns what it removed. */
export function removeSecretVariables(env: NodeJS.ProcessEnv): string[] {
  const removed = Object.keys(env).filter(isSecretVariable);
  for (const name of removed) Reflect.deleteProperty(env, name);
  return removed;
}

/**
 * What the runner gives the run: inputs, outputs, masks, the failed mark, the summary and the
 * log, all written through the runner's commands, to `write` (the step's stdout by default).
 */
export function runnerDeps(
  env: NodeJS.ProcessEnv,
  write?: LogWriter,
): Pick<
  ActionDeps,
  'env' | 'getInput' | 'setOutput' | 'setSecret' | 'setFailed' | 'summary' | 'logger' | 'saveState'
> {
  const runner = runnerCommands(env, write);
  return {
    env,
    getInput: inputReader(env),
    setOutput: (name, value) => {
      runner.setOutput(name, value);
    },
    setSecret: (value) => {
      runner.setSecret(value);
    },
    setFailed: (message) => {
      runner.setFailed(message);
    },
    summary: runner.summary,
    logger: runnerLogger(write),
    saveState: (name, value) => {
      runner.saveState(name, value);
    },
  };
}

/**
 * A session time limit in milliseconds for end-to-end tests of the timeout (`timeout_minutes`
 * takes whole minutes); unset in every real run.
 */
export const TEST_TIMEOUT_VARIABLE = 'GEMINI_AGENT_TEST_TIMEOUT_MS';

/** Once the run is told to stop: the step ends by then, whatever is still pending. */
const HARD_EXIT_MS = 7000;
/** Once the ending is hurried (SIGTERM): the step ends by then, before the runner's SIGKILL. */
const HURRIED_EXIT_MS = 2000;

export async function run(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  removeSecretVariables(process.env);
  const deps = runnerDeps(env);
  const stop = createRunStop();
  // The runner's SIGINT (then SIGTERM) ends the run: it reports from its record (run-stop.ts).
  const stopListening = stopOnSignals(stop, {
    on: (signal, listener) => process.on(signal, listener),
    off: (signal, listener) => process.off(signal, listener),
    log: (message) => {
      deps.logger.warning(message);
    },
  });
  // Whatever the ending waits on, the step ends before the runner kills it.
  const exitAfter = (ms: number) => {
    setTimeout(() => {
      deps.logger.warning('The report could not be finished in time; the post step completes it.');
      process.exit(process.exitCode ?? 1);
    }, ms).unref();
  };
  stop.stop.signal.addEventListener('abort', () => {
    exitAfter((stop.stop.ending?.kind === 'timed-out' ? 60_000 : 0) + HARD_EXIT_MS);
  });
  stop.stop.hurry.addEventListener('abort', () => {
    exitAfter(HURRIED_EXIT_MS);
  });
  // The process groups the agent's tools start, for the post step to stop what is left.
  const groups = new Set<number>();
  const stopRecording = onProcessGroupStarted((pgid) => {
    groups.add(pgid);
    try {
      deps.saveState?.(PROCESS_GROUPS_STATE, encodeProcessGroups([...groups]));
    } catch {
      // Without the state file the post step stops nothing; the run goes on.
    }
  });
  const testTimeout = Number(env[TEST_TIMEOUT_VARIABLE]);
  try {
    await runAction({
      ...deps,
      stop,
      // A cancelled review says which newer run of the same pull request took over.
      findNewerRun: workflowNewerRunFinder(deps.logger),
      ...(Number.isSafeInteger(testTimeout) && testTimeout > 0
        ? { sessionTimeoutMs: testTimeout }
        : {}),
    });
  } finally {
    stopRecording();
    stopListening();
  }
  // An ended run leaves nothing behind worth waiting for (an aborted request, a socket).
  if (stop.stop.ending !== undefined) process.exit(process.exitCode ?? 1);
}
