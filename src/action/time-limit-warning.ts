/**
 * The warning at start when `timeout_minutes` leaves the job no time to wrap up (see
 * job-time-limit.ts): read beside the run, never in its way — it neither delays nor fails it.
 */
import type { Logger } from '../platform/logger.js';
import { errorMessage } from '../platform/errors.js';
import type { ActionInputs } from './action-inputs.js';
import { readJobTimeLimit, timeLimitWarning, workflowFileFromCheckout } from './job-time-limit.js';
import type { ActionDeps } from './types.js';

export function warnOnJobTimeLimit(
  deps: Pick<ActionDeps, 'env' | 'readJobTimeLimit' | 'sessionTimeoutMs'>,
  inputs: Pick<ActionInputs, 'timeoutMinutes'>,
  logger: Logger,
): void {
  // A test's own session limit is not the input: nothing to compare.
  if (deps.sessionTimeoutMs !== undefined) return;
  const { env } = deps;
  const read =
    deps.readJobTimeLimit ??
    (() =>
      readJobTimeLimit({
        env,
        readWorkflowFile: workflowFileFromCheckout(env.GITHUB_WORKSPACE ?? process.cwd(), {
          PATH: env.PATH,
        }),
      }));
  void (async () => {
    try {
      const limit = await read();
      const warning =
        limit === undefined ? undefined : timeLimitWarning(inputs.timeoutMinutes, limit);
      if (warning !== undefined) logger.warning(warning);
    } catch (error) {
      logger.debug(`The job's time limit could not be read: ${errorMessage(error)}`);
    }
  })();
}
