/**
 * The commands of one `commands` folder: every `*.toml` file below it, dot-folders included, as the
 * Gemini CLI finds them. A file that does not load is reported, not fatal — commands only add
 * prompts, so the others stay safe to use — and whoever invokes that command gets its error.
 *
 * Files are read only inside the folder: a symlink leading out of it is refused (a command file
 * is put into the prompt, and a parse error quotes it), and so are files too large to be prompts.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError, errorMessage, isMissingPathError } from '../platform/errors.js';
import { isInsideOrSame } from '../platform/path-containment.js';
import { COMMAND_FILE_LIMITS, commandNameFromPath, parseCommandFile } from './command-file.js';
import type { CommandOrigin, CustomCommand } from './command-types.js';

/** More files than this in one folder are not commands someone wrote by hand. */
const MAX_COMMAND_FILES = 1000;

/** A file whose command could not be loaded, under the name it would have had. */
export interface CommandProblem {
  name: string;
  origin: CommandOrigin;
  error: ConfigurationError;
}

export interface LoadedCommandFolder {
  commands: CustomCommand[];
  problems: CommandProblem[];
}

export interface CommandFolder {
  /** The folder on disk. */
  directory: string;
  /** How messages show it: `.gemini/commands`, `.gemini/extensions/gcp/commands`. */
  shownAs: string;
  origin: Omit<CommandOrigin, 'file'>;
  /** False for a command file not to load (see `LoadExtensionsOptions.mayLoad`). */
  mayLoad?: (absolutePath: string) => boolean;
}

/** Loads every command of `folder`; a folder that does not exist has none. */
export async function loadCommandFolder(folder: CommandFolder): Promise<LoadedCommandFolder> {
  const result: LoadedCommandFolder = { commands: [], problems: [] };
  const root = await realpath(folder.directory).catch((error: unknown) => {
    if (isMissingPathError(error)) return undefined;
    throw error;
  });
  if (root === undefined) return result;
  const files = await findTomlFiles(root, MAX_COMMAND_FILES + 1);
  if (files.length > MAX_COMMAND_FILES) {
    throw new ConfigurationError(
      `expected at most ${MAX_COMMAND_FILES} command files in ${folder.shownAs}; it has more.`,
      { file: folder.shownAs },
    );
  }
  for (const relative of files) {
    if (folder.mayLoad?.(path.join(folder.directory, ...relative.split('/'))) === false) continue;
    const name = commandNameFromPath(relative);
    const origin: CommandOrigin = { ...folder.origin, file: `${folder.shownAs}/${relative}` };
    try {
      const text = await readCommandFile(root, relative, origin.file);
      const content = parseCommandFile(text, {
        file: origin.file,
        fileName: path.posix.basename(relative),
        command: name,
      });
      result.commands.push({ name, ...content, origin });
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      result.problems.push({ name, origin, error });
    }
  }
  return result;
}

/**
 * The `.toml` files below `root`, relative with `/`, sorted; the walk stops once `enough` are
 * found (a folder of a million files is not read to the end to be refused). Symlinked folders are
 * not entered.
 */
async function findTomlFiles(root: string, enough: number): Promise<string[]> {
  const found: string[] = [];
  const visit = async (relative: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if (isMissingPathError(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (found.length >= enough) return;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await visit(child);
      else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.toml')) {
        found.push(child);
      }
    }
  };
  await visit('');
  return found.sort();
}

async function readCommandFile(root: string, relative: string, shown: string): Promise<string> {
  const absolute = path.join(root, ...relative.split('/'));
  let real: string;
  try {
    real = await realpath(absolute);
  } catch (error) {
    throw new ConfigurationError(`could not read the command file: ${errorMessage(error)}`, {
      file: shown,
    });
  }
  if (!isInsideOrSame(real, root)) {
    throw new ConfigurationError(
      'expected a command file inside the commands folder; it is a symlink that leads out of it.',
      { file: shown },
    );
  }
  const info = await stat(real);
  if (!info.isFile()) {
    throw new ConfigurationError('expected a command file; it is not a regular file.', {
      file: shown,
    });
  }
  if (info.size > COMMAND_FILE_LIMITS.maxBytes) {
    throw new ConfigurationError(
      `expected a command file of at most ${COMMAND_FILE_LIMITS.maxBytes} bytes; it has ${info.size}.`,
      { file: shown },
    );
  }
  return readFile(real, 'utf8');
}
