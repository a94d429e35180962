import type { Logger } from './logger.js';
import { issueCommand, logLine } from './runner-commands.js';

/** The logger backed by the runner's log: warnings and errors become annotations. */
export const actionsLogger: Logger = {
  debug: (message) => {
    issueCommand('debug', message);
  },
  info: (message) => {
    logLine(message);
  },
  warning: (message) => {
    issueCommand('warning', message);
  },
  error: (message) => {
    issueCommand('error', message);
  },
};
