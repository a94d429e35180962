/**
 * The webhook payload of the event that started the run, as the runner writes it to the file at
 * `GITHUB_EVENT_PATH` (or as `gemini-agent run --event` names it). A missing, unreadable or
 * malformed file is a configuration error naming where the path came from, the file, and for
 * bad JSON the line and column.
 */
import { readFile } from 'node:fs/promises';
import { jsonSyntaxError } from '../config/json-text.js';
import { ConfigurationError, errorMessage } from '../platform/errors.js';

export interface EventFileOptions {
  /** Where the path came from, named in errors: `GITHUB_EVENT_PATH`, `--event`. */
  source: string;
  /** What the error is raised as; default ConfigurationError (the CLI passes UsageError). */
  error?: typeof ConfigurationError;
}

export async function readEventFile(file: string, options: EventFileOptions): Promise<unknown> {
  const Failure = options.error ?? ConfigurationError;
  const at = { input: options.source };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const problem =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EISDIR'
          ? 'is a directory'
          : `cannot be read (${errorMessage(error)})`;
    throw new Failure(`${file} ${problem}; expected the event's JSON payload there.`, at, {
      cause: error,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const { reason, position } = jsonSyntaxError(text, error);
    throw new Failure(
      `${file} is not JSON: line ${position.line}, column ${position.column}: ${reason}.`,
      at,
      { cause: error },
    );
  }
}
