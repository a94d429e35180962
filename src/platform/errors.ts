/**
 * Errors a user can fix. Each says what was expected and where (the input, flag, file, line and
 * column), so the message alone is enough to fix the problem. Bugs are never dressed up as these.
 */

export interface ErrorLocation {
  /** A file the problem is in. */
  file?: string;
  line?: number;
  column?: number;
  /** An Action input or environment variable the problem comes from. */
  input?: string;
}

function formatLocation(location: ErrorLocation | undefined): string {
  // A line and column are in the file, or else in the input's text (JSON written into an input).
  const where = location?.file || location?.input;
  if (!location || !where) return '';
  const parts = [where, location.line, location.column].filter((p) => p !== undefined);
  return `${parts.join(':')}: `;
}

/** Bad configuration: settings, policy files, Action inputs, environment. CLI exit code 52. */
export class ConfigurationError extends Error {
  override readonly name: string = 'ConfigurationError';
  readonly location: ErrorLocation | undefined;
  /** The message without its location, for callers that place it themselves. */
  readonly detail: string;

  constructor(message: string, location?: ErrorLocation, options?: { cause?: unknown }) {
    super(`${formatLocation(location)}${message}`, options);
    this.location = location;
    this.detail = message;
  }
}

/** Bad command-line usage or input (unknown flag, missing prompt). CLI exit code 42. */
export class UsageError extends ConfigurationError {
  override readonly name = 'UsageError';
}

/** Missing or rejected model credentials. CLI exit code 41. */
export class AuthenticationError extends ConfigurationError {
  override readonly name = 'AuthenticationError';
}

/** The message of any thrown value, without a stack trace. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** The `code` of a Node.js system error (`ENOENT`, `EACCES`, …), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether a file-system error says the path, or a folder on the way to it, does not exist. */
export function isMissingPathError(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
