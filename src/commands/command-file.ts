/**
 * One command file, read as the Gemini CLI reads it (packages/cli/src/services/FileCommandLoader.ts,
 * docs/cli/custom-commands.md "TOML file format (v1)"): a TOML document with a required `prompt`
 * string and an optional `description`; other keys are ignored, as there. The name comes from the
 * file's path below its `commands` folder: `git/commit.toml` is `git:commit`.
 *
 * Unlike the Gemini CLI, which logs a broken file and skips it, a problem here is a
 * `ConfigurationError` at the file, line and column, so the caller can skip the file and still
 * name the problem when someone asks for that command.
 */
import { parse, TomlError } from 'smol-toml';
import { ConfigurationError } from '../platform/errors.js';
import { scanTomlPositions } from '../policy/toml-positions.js';

export interface CommandFileContent {
  prompt: string;
  /** Sanitized to one line of at most 100 characters; the Gemini CLI's default when absent. */
  description: string;
}

const MAX_DESCRIPTION = 100;
const MAX_SEGMENT = 50;

/**
 * The command name of a file at `relativePath` (with `/` separators) below a `commands` folder:
 * segments joined with `:`, `.toml` dropped, each segment's characters other than letters,
 * digits, `_`, `-` and `.` replaced with `_` (so `:` in a file name cannot fake a namespace), and
 * a segment longer than 50 characters cut to 47 plus `...` — the Gemini CLI's rules.
 */
export function commandNameFromPath(relativePath: string): string {
  return relativePath
    .replace(/\.toml$/, '')
    .split('/')
    .map((segment) => {
      const sanitized = segment.replace(/[^a-zA-Z0-9_\-.]/g, '_');
      return sanitized.length > MAX_SEGMENT
        ? `${sanitized.slice(0, MAX_SEGMENT - 3)}...`
        : sanitized;
    })
    .join(':');
}

/**
 * Parses a command file. `file` is how messages name it; `fileName` its base name, for the default
 * description (`Custom command from commit.toml`).
 */
export function parseCommandFile(
  text: string,
  options: { file: string; fileName: string },
): CommandFileContent {
  let document: Record<string, unknown>;
  try {
    document = parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = (error.message.split('\n')[0] ?? '').replace(/^Invalid TOML document: /, '');
    throw new ConfigurationError(`expected a TOML command file; ${reason}.`, {
      file: options.file,
      line: error.line,
      column: error.column,
    });
  }
  const positions = scanTomlPositions(text);
  const fail = (key: string, message: string): never => {
    throw new ConfigurationError(message, { file: options.file, ...positions.locate([key]) });
  };
  const { prompt, description } = document;
  if (prompt === undefined) {
    fail(
      'prompt',
      'expected a "prompt" string: the text sent to the model when the command is invoked.',
    );
  }
  if (typeof prompt !== 'string') {
    return fail('prompt', `expected "prompt" to be a string, got ${describeValue(prompt)}.`);
  }
  if (description !== undefined && typeof description !== 'string') {
    return fail(
      'description',
      `expected "description" to be a string, got ${describeValue(description)}.`,
    );
  }
  const shown = description === undefined || description === '' ? undefined : description;
  return {
    prompt,
    description: displayLine(shown ?? `Custom command from ${options.fileName}`, MAX_DESCRIPTION),
  };
}

/**
 * Text for one line of a list: terminal escape sequences and control characters removed, every
 * run of whitespace one space, cut to `maxLength` with `...` (the Gemini CLI's sanitizeForDisplay).
 */
export function displayLine(text: string, maxLength: number): string {
  const plain = text
    // eslint-disable-next-line no-control-regex -- escape sequences are what is removed
    .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007|\u001b[@-_]/g, '')
    // eslint-disable-next-line no-control-regex -- control characters other than whitespace
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > maxLength ? `${plain.slice(0, maxLength - 3)}...` : plain;
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object' && value !== null) return 'a table';
  return `${typeof value} ${JSON.stringify(value)}`;
}
