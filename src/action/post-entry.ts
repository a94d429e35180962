/**
 * Entry of the Action's post step (action.yml `runs.post`, which runs however the main step
 * ended): stops processes the agent's tools left running, then finishes what the main step could
 * not — the run's artifact and a comment still showing progress (post-run.ts). A problem is a
 * warning, never a failed job.
 */
import * as core from '@actions/core';
import { actionsLogger } from '../platform/actions-logger.js';
import { errorMessage } from '../platform/errors.js';
import { cleanupProcessGroups } from './post-cleanup.js';
import { finishRunRecord } from './post-run.js';

try {
  await cleanupProcessGroups({ getState: (name) => core.getState(name), logger: actionsLogger });
} catch (error) {
  core.warning(`Cleanup failed: ${errorMessage(error)}`);
}
try {
  await finishRunRecord({
    getState: (name) => core.getState(name),
    getInput: (name) => core.getInput(name),
    env: process.env,
    logger: actionsLogger,
  });
} catch (error) {
  core.warning(`Could not finish the run's record: ${errorMessage(error)}`);
}
