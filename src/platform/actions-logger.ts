import * as core from '@actions/core';
import type { Logger } from './logger.js';

/** The logger backed by the runner's log: warnings and errors become annotations. */
export const actionsLogger: Logger = {
  debug: (message) => {
    core.debug(message);
  },
  info: (message) => {
    core.info(message);
  },
  warning: (message) => {
    core.warning(message);
  },
  error: (message) => {
    core.error(message);
  },
};
