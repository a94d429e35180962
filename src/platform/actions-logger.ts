/**
 * The logger backed by the runner's log: warnings and errors become annotations. Every message
 * goes through runner-commands.ts's `logLine` or `annotate`, which make it neutral and keep it
 * from being read as a workflow command, whatever text it carries.
 */
import type { Logger } from './logger.js';
import type { LogWriter } from './runner-commands.js';
import { annotate, logLine } from './runner-commands.js';

/** The runner's logger writing through `write` (the step's stdout by default). */
export function runnerLogger(write?: LogWriter): Logger {
  return {
    debug: (message) => {
      annotate('debug', message, {}, write);
    },
    info: (message) => {
      logLine(message, write);
    },
    warning: (message) => {
      annotate('warning', message, {}, write);
    },
    error: (message) => {
      annotate('error', message, {}, write);
    },
  };
}

/** The runner's logger on the step's stdout. */
export const actionsLogger: Logger = runnerLogger();
