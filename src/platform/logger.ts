/**
 * One logger interface for the whole program: backed by `@actions/core` in the Action and by the
 * terminal in the CLI. Prompts, model output and secrets are never logged at `info`.
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
}

/** A logger that drops everything; for tests and library use. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  error: () => undefined,
};

/** Somewhere text can be written (process.stdout, a test buffer). */
export interface TextSink {
  write(text: string): unknown;
}

/** A logger writing plain lines to a stream (stderr in the CLI, so stdout stays machine-readable). */
export function streamLogger(stream: TextSink, options: { debug?: boolean } = {}): Logger {
  const line = (prefix: string, message: string) => stream.write(`${prefix}${message}\n`);
  return {
    debug: (message) => {
      if (options.debug) line('[debug] ', message);
    },
    info: (message) => line('', message),
    warning: (message) => line('warning: ', message),
    error: (message) => line('error: ', message),
  };
}

/** A logger that remembers every line; for tests that assert what a user would read. */
export function memoryLogger(): Logger & { lines: { level: string; message: string }[] } {
  const lines: { level: string; message: string }[] = [];
  const push = (level: string) => (message: string) => {
    lines.push({ level, message });
  };
  return {
    lines,
    debug: push('debug'),
    info: push('info'),
    warning: push('warning'),
    error: push('error'),
  };
}
