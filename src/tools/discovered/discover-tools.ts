/**
 * The tools a settings file's `tools.discoveryCommand` declares. The command runs once, before
 * the session, in the workspace root with the tool environment (and sandbox); it prints a JSON
 * array of function declarations. A discovery command that fails — exits non-zero, prints no
 * JSON array, runs too long — fails the run with a `ConfigurationError` that shows the command and
 * the end of its error output: the maintainer asked for these tools, and a session quietly without
 * them would do something else than asked. Single entries the model could not call are left out
 * with a warning naming them.
 */
import { ConfigurationError, errorMessage } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { ToolProcesses } from '../tool-processes.js';
import type { Tool } from '../tool-types.js';
import { readDeclarations } from './declarations.js';
import { DiscoveredTool } from './discovered-tool.js';
import { ByteCollector, runToolCommand } from './tool-command.js';
import { formatDuration } from '../../platform/text.js';

/** Discovery has this long to print its declarations. */
export const DEFAULT_DISCOVERY_TIMEOUT_MS = 120_000;
/** More output than this is not a list of declarations (the Gemini CLI's limit too). */
const MAX_DISCOVERY_OUTPUT_BYTES = 10 * 1024 * 1024;
/** How much of the error output a failure message quotes: its last lines. */
const STDERR_TAIL_CHARS = 2000;
const STDERR_TAIL_LINES = 20;

export interface DiscoverToolsOptions {
  /** `tools.discoveryCommand`, run with `bash -c`. */
  discoveryCommand: string;
  /** `tools.callCommand`; required once discovery finds a tool. */
  callCommand: string | undefined;
  processes: ToolProcesses;
  logger: Logger;
  /** Where the settings came from (`settings`, `.gemini/settings.json`), for error messages. */
  source?: string;
  /** Default {@link DEFAULT_DISCOVERY_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Per-call limit of the discovered tools; default ten minutes. */
  callTimeoutMs?: number;
  signal?: AbortSignal;
}

export async function discoverTools(options: DiscoverToolsOptions): Promise<Tool[]> {
  const { discoveryCommand, logger } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_DISCOVERY_TIMEOUT_MS;
  const failure = (problem: string, stderr?: ByteCollector): ConfigurationError => {
    const tail = stderr === undefined ? '' : stderrTail(stderr.text());
    return new ConfigurationError(
      `tools.discoveryCommand: the tool discovery command \`${discoveryCommand}\` ${problem}${tail === '' ? '' : `\nIts error output ends with:\n${tail}`}`,
      options.source === undefined ? undefined : { input: options.source },
    );
  };

  // Output beyond the limit stops the command rather than filling memory.
  const tooMuch = new AbortController();
  const limited = (collector: ByteCollector) => ({
    push: (chunk: Buffer) => {
      collector.push(chunk);
      if (collector.overflowed) tooMuch.abort();
    },
  });
  const stdout = new ByteCollector(MAX_DISCOVERY_OUTPUT_BYTES);
  const stderr = new ByteCollector(MAX_DISCOVERY_OUTPUT_BYTES);
  logger.debug(`Discovering tools with ${discoveryCommand}`);
  const result = await runToolCommand({
    processes: options.processes,
    command: discoveryCommand,
    timeoutMs,
    signal: options.signal ? AbortSignal.any([options.signal, tooMuch.signal]) : tooMuch.signal,
    stdout: limited(stdout),
    stderr: limited(stderr),
  });

  if (options.signal?.aborted === true) throw new Error('Tool discovery was cancelled.');
  if (stdout.overflowed || stderr.overflowed) {
    throw failure(
      `printed more than ${MAX_DISCOVERY_OUTPUT_BYTES / (1024 * 1024)} MB and was stopped.`,
    );
  }
  if (result.error !== undefined) {
    throw failure(`could not be started: ${errorMessage(result.error)}.`);
  }
  if (result.stopped === 'timeout') {
    throw failure(
      `did not finish within ${formatDuration(timeoutMs, 'spaced')} and was stopped.`,
      stderr,
    );
  }
  if (result.exitCode !== 0) {
    throw failure(
      result.signal === null
        ? `failed with exit code ${result.exitCode ?? 'unknown'}.`
        : `was ended by ${result.signal}.`,
      stderr,
    );
  }

  let parsed: unknown;
  const text = stdout.text().trim();
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    throw failure(
      `did not print JSON (${errorMessage(error)}); expected a JSON array of function declarations on stdout. Its output ${text === '' ? 'was empty' : `starts with: ${text.slice(0, 200)}`}`,
      stderr,
    );
  }
  let found: ReturnType<typeof readDeclarations>;
  try {
    found = readDeclarations(parsed);
  } catch (error) {
    throw failure(`printed JSON that is not a list of tools: ${errorMessage(error)}`);
  }
  for (const reason of found.skipped) {
    logger.warning(`Tool discovery (${discoveryCommand}): ${reason}`);
  }
  const stderrText = stderr.text().trim();
  if (stderrText !== '') logger.debug(`Tool discovery error output:\n${stderrTail(stderrText)}`);
  if (found.declarations.length === 0) {
    logger.warning(`The tool discovery command \`${discoveryCommand}\` declared no usable tools.`);
    return [];
  }

  const { callCommand } = options;
  if (callCommand === undefined || callCommand.trim() === '') {
    throw new ConfigurationError(
      `tools.callCommand: expected the command that runs the tools \`${discoveryCommand}\` declares (${found.declarations.map((d) => d.name).join(', ')}); it is not set. It gets the tool's name as its argument and the arguments as JSON on stdin.`,
      options.source === undefined ? undefined : { input: options.source },
    );
  }
  return found.declarations.map(
    (declaration) =>
      new DiscoveredTool({
        declaration,
        discoveryCommand,
        callCommand,
        processes: options.processes,
        ...(options.callTimeoutMs === undefined ? {} : { timeoutMs: options.callTimeoutMs }),
      }),
  );
}

/** The last lines of error output, for a failure message. */
function stderrTail(text: string): string {
  const lines = text.trimEnd().split('\n');
  const tail = lines.slice(-STDERR_TAIL_LINES).join('\n');
  return tail.length > STDERR_TAIL_CHARS ? `…${tail.slice(-STDERR_TAIL_CHARS)}` : tail;
}
