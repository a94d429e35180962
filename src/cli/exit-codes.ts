import type { Cancellation, SessionEndReason } from '../agent/events.js';
import { AuthenticationError, ConfigurationError, UsageError } from '../platform/errors.js';
import { UntrustedFolderError } from '../session-setup/folder-trust.js';

/** The Gemini CLI's exit codes, so scripts written for it keep working. */
export const ExitCode = {
  OK: 0,
  ERROR: 1,
  AUTH: 41,
  INPUT: 42,
  CONFIG: 52,
  TURN_LIMIT: 53,
  /** A folder that is not trusted holds configuration (`FatalUntrustedWorkspaceError`). */
  UNTRUSTED_FOLDER: 55,
  /**
   * Ctrl-C (SIGINT): 128 + 2, what a shell reports for a process SIGINT ended, and the Gemini
   * CLI's code for a cancelled run (`FatalCancellationError`, packages/core/src/utils/errors.ts
   * in google-gemini/gemini-cli). An A2A client's cancel of a `serve` task counts as this too.
   */
  CANCELLED: 130,
  /**
   * SIGTERM (128 + 15, what a shell reports for a process SIGTERM ended): stopped by `kill`, a
   * supervisor or a CI runner rather than by the person at the terminal, so a wrapper can tell
   * the two apart. The Gemini CLI exits 0 on SIGTERM (`gracefulShutdown`,
   * packages/cli/src/utils/cleanup.ts), which would tell a script a stopped run succeeded. The
   * outputs say `cancelled` for both.
   */
  TERMINATED: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export function exitCodeForReason(reason: SessionEndReason): ExitCode {
  switch (reason) {
    case 'completed':
      return ExitCode.OK;
    case 'max_turns':
      return ExitCode.TURN_LIMIT;
    case 'cancelled':
      return ExitCode.CANCELLED;
    case 'auth_error':
      return ExitCode.AUTH;
    // The model named in the configuration (a flag, a variable, settings) does not exist.
    case 'model_not_found':
      return ExitCode.CONFIG;
    default:
      return ExitCode.ERROR;
  }
}

/** A cancelled run's code: 143 for SIGTERM, 130 for Ctrl-C (and anything else that cancels). */
export function exitCodeForCancellation(cancellation: Cancellation): ExitCode {
  return cancellation.by === 'terminate' ? ExitCode.TERMINATED : ExitCode.CANCELLED;
}

export function exitCodeForError(error: unknown): ExitCode {
  if (error instanceof AuthenticationError) return ExitCode.AUTH;
  if (error instanceof UntrustedFolderError) return ExitCode.UNTRUSTED_FOLDER;
  if (error instanceof UsageError) return ExitCode.INPUT;
  if (error instanceof ConfigurationError) return ExitCode.CONFIG;
  return ExitCode.ERROR;
}
