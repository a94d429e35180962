/**
 * Entry of the Action's post step (action.yml `runs.post`): stops processes the agent's tools
 * left running. A cleanup problem is a warning, never a failed job.
 */
import * as core from '@actions/core';
import { actionsLogger } from '../platform/actions-logger.js';
import { errorMessage } from '../platform/errors.js';
import { cleanupProcessGroups } from './post-cleanup.js';

try {
  await cleanupProcessGroups({ getState: (name) => core.getState(name), logger: actionsLogger });
} catch (error) {
  core.warning(`Cleanup failed: ${errorMessage(error)}`);
}
