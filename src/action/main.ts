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
import { runAction } from './run-action.js';
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
  'env' | 'getInput' | 'setOutput' | 'setSecret' | 'setFailed' | 'summary' | 'logger'
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
  };
}

export async function run(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  removeSecretVariables(process.env);
  await runAction(runnerDeps(env));
}
