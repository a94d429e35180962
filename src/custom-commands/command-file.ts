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
import type { TomlLimits } from '../config/toml-limits.js';
import { tomlEntriesProblem, tomlTextProblem } from '../config/toml-limits.js';
import { ConfigurationError } from '../platform/errors.js';
import type { SourcePosition } from '../policy/toml-positions.js';
import { scanTomlPositions } from '../policy/toml-positions.js';
import { closestName, didYouMean } from '../policy/rule-fields.js';
import { checkInjectionBlocks } from './injection-parser.js';

/**
 * How much one command file may hold. A command is a prompt and a description: a few kilobytes,
 * no nesting at all. The bounds leave room for long prompts and for keys the Gemini CLI ignores,
 * and keep what the parser and the position scan do small. (Its `!{…}` and `@{…}` blocks have
 * their own limits, `INJECTION_LIMITS`.)
 */
export const COMMAND_FILE_LIMITS: TomlLimits = {
  maxBytes: 256 * 1024,
  maxDepth: 32,
  maxEntries: 1000,
};

export interface CommandFileContent {
  prompt: string;
  /** Sanitized to one line of at most 100 characters; the Gemini CLI's default when absent. */
  description: string;
}

const MAX_DESCRIPTION = 100;
/** The keys a command file's table has a meaning for; others are ignored, as by the Gemini CLI. */
const COMMAND_FILE_KEYS = ['prompt', 'description'] as const;
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
 * description (`Custom command from commit.toml`); `command` its name, for messages (default: the
 * name `fileName` gives). Its limits and its `!{…}`/`@{…}` blocks are checked here, so a file
 * that passes one is refused before anything of it runs.
 */
export function parseCommandFile(
  text: string,
  options: { file: string; fileName: string; command?: string },
): CommandFileContent {
  const source = text.replace(/^\uFEFF/, '');
  const tooMuch = tomlTextProblem(source, COMMAND_FILE_LIMITS, 'a command file');
  if (tooMuch !== undefined) {
    throw new ConfigurationError(tooMuch.message, {
      file: options.file,
      line: tooMuch.line,
      column: tooMuch.column,
    });
  }
  let document: Record<string, unknown>;
  try {
    document = parse(source, { maxDepth: COMMAND_FILE_LIMITS.maxDepth });
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = (error.message.split('\n')[0] ?? '').replace(/^Invalid TOML document: /, '');
    throw new ConfigurationError(`expected a TOML command file; ${reason}.`, {
      file: options.file,
      line: error.line,
      column: error.column,
    });
  }
  const positions = scanTomlPositions(source);
  const crowded = tomlEntriesProblem(document, COMMAND_FILE_LIMITS.maxEntries);
  if (crowded !== undefined) {
    throw new ConfigurationError(crowded.message, {
      file: options.file,
      ...positions.locate(crowded.path),
    });
  }
  const fail = (key: string, message: string): never => {
    throw new ConfigurationError(message, { file: options.file, ...positions.locate([key]) });
  };
  const { prompt, description } = document;
  if (prompt === undefined) {
    // A misspelt key (`promt`) is pointed at, by the name it was most likely meant as.
    const misspelt = Object.keys(document).find(
      (key) => closestName(key, COMMAND_FILE_KEYS) === 'prompt',
    );
    fail(
      misspelt ?? 'prompt',
      misspelt === undefined
        ? 'expected a "prompt" string: the text sent to the model when the command is invoked.'
        : `expected a "prompt" string: the text sent to the model when the command is invoked; found "${misspelt}"${didYouMean(misspelt, COMMAND_FILE_KEYS)}`,
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
  checkInjectionBlocks(prompt, {
    command: options.command ?? commandNameFromPath(options.fileName),
    file: options.file,
    locate: promptLocator(source, prompt, positions.locate(['prompt'])),
  });
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

/**
 * Where an offset of the parsed prompt is in the file: the trigger (`!{`, `@{`) starting there is
 * found in the prompt's string as written, by how many of its kind come before it. Exact for
 * every prompt that writes its triggers as they are; one that spells them with escapes
 * (`\u0021{`) is pointed at by its `prompt` key instead.
 */
function promptLocator(
  source: string,
  prompt: string,
  keyAt: SourcePosition,
): (offset: number) => SourcePosition {
  const lineStarts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) {
    lineStarts.push(i + 1);
  }
  const keyOffset = (lineStarts[keyAt.line - 1] ?? 0) + keyAt.column - 1;
  const valueStart = source.indexOf('=', keyOffset) + 1;
  const valueEnd = rawStringEnd(source, valueStart);
  const positionOf = (offset: number): SourcePosition => {
    let line = 1;
    while (line < lineStarts.length && (lineStarts[line] ?? Infinity) <= offset) line += 1;
    return { line, column: offset - (lineStarts[line - 1] ?? 0) + 1 };
  };
  return (offset) => {
    const trigger = prompt.slice(offset, offset + 2);
    let before = 0;
    for (
      let i = prompt.indexOf(trigger);
      i !== -1 && i < offset;
      i = prompt.indexOf(trigger, i + 1)
    ) {
      before += 1;
    }
    let at = source.indexOf(trigger, valueStart);
    for (; before > 0 && at !== -1; before -= 1) at = source.indexOf(trigger, at + 1);
    return valueStart > 0 && at !== -1 && at < valueEnd ? positionOf(at) : keyAt;
  };
}

/** Where the TOML string value starting at (or after spaces from) `start` ends. */
function rawStringEnd(source: string, start: number): number {
  let i = start;
  while (source[i] === ' ' || source[i] === '\t') i += 1;
  const quote = source[i];
  if (quote !== '"' && quote !== "'") return i;
  const delimiter = source.startsWith(quote.repeat(3), i) ? quote.repeat(3) : quote;
  i += delimiter.length;
  while (i < source.length) {
    if (quote === '"' && source[i] === '\\') i += 2;
    else if (source.startsWith(delimiter, i)) return i;
    else i += 1;
  }
  return source.length;
}
