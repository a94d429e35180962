import type { SessionEndReason } from '../agent/events.js';
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
  CANCELLED: 130,
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

export function exitCodeForError(error: unknown): ExitCode {
  if (error instanceof AuthenticationError) return ExitCode.AUTH;
  if (error instanceof UntrustedFolderError) return ExitCode.UNTRUSTED_FOLDER;
  if (error instanceof UsageError) return ExitCode.INPUT;
  if (error instanceof ConfigurationError) return ExitCode.CONFIG;
  return ExitCode.ERROR;
}
