/**
 * The Action's composition root: the runner's environment and `@actions/core` handed to
 * `runAction`, which does the work (src/run-action.ts).
 */
import * as core from '@actions/core';
import { actionsLogger } from './platform/actions-logger.js';
import { runAction } from './run-action.js';

export async function run(): Promise<void> {
  await runAction({
    env: process.env,
    getInput: (name) => core.getInput(name),
    setOutput: (name, value) => {
      core.setOutput(name, value);
    },
    setSecret: (value) => {
      core.setSecret(value);
    },
    setFailed: (message) => {
      core.setFailed(message);
    },
    summary: core.summary,
    logger: actionsLogger,
  });
}
