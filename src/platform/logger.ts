/**
 * One logger interface for the whole program: backed by the runner's log in the Action
 * (actions-logger.ts) and by the terminal in the CLI. Prompts, model output and secrets are never
 * logged at `info`.
 *
 * Whatever a caller passes, what reaches a terminal is neutral (text.ts `neutralText`): messages
 * carry text from repositories, manifests, the model and tools, and no caller has to remember
 * that. The CLI and `serve` wrap their standard streams once (`neutralIo`); only the writer of
 * the program's own formatting (the status line's colours and redraws) reaches past the wrapper,
 * through `rawSink`.
 */
import { neutralText } from './text.js';

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

/** A sink that passes on only neutral text; `raw` is the sink below it. */
export interface NeutralSink extends TextSink {
  readonly raw: TextSink;
  /** The sink below's, so a terminal is still recognised through the wrapper. */
  readonly isTTY?: boolean;
  readonly columns?: number;
}

const neutralSinks = new WeakSet<TextSink>();

/** `sink` with every write made neutral first; a sink that already is one is returned as it is. */
export function neutralSink(sink: TextSink): NeutralSink {
  if (isNeutralSink(sink)) return sink;
  const below = sink as TextSink & { isTTY?: unknown; columns?: unknown };
  const wrapped: NeutralSink = {
    raw: sink,
    write: (text: string) => sink.write(neutralText(text)),
    get isTTY() {
      return below.isTTY === true;
    },
    get columns() {
      return typeof below.columns === 'number' ? below.columns : undefined;
    },
  };
  neutralSinks.add(wrapped);
  return wrapped;
}

export function isNeutralSink(sink: TextSink): sink is NeutralSink {
  return neutralSinks.has(sink);
}

/** The sink a neutral one writes to (the stream itself for any other): for our own formatting. */
export function rawSink(sink: TextSink): TextSink {
  return isNeutralSink(sink) ? sink.raw : sink;
}

/** Standard streams whose every write is neutral: what the CLI and `serve` write through. */
export function neutralIo<T extends { stdout: TextSink; stderr: TextSink }>(io: T): T {
  return { ...io, stdout: neutralSink(io.stdout), stderr: neutralSink(io.stderr) };
}

/** A logger writing plain lines to a stream (stderr in the CLI, so stdout stays machine-readable). */
export function streamLogger(stream: TextSink, options: { debug?: boolean } = {}): Logger {
  const sink = neutralSink(stream);
  const line = (prefix: string, message: string) => sink.write(`${prefix}${message}\n`);
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
