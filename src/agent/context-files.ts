/**
 * Context files (`GEMINI.md` by default): the project's instructions for the agent, found in every
 * directory from the repository root down to the workspace, plus the user's memory file. They are
 * added to the system instruction, each wrapped in markers naming its path.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigurationError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import { isInsideOrSame, relativeInside } from '../platform/path-containment.js';
import { entryExists } from '../platform/file-entries.js';

export const DEFAULT_CONTEXT_FILE_NAME = 'GEMINI.md';

/** Larger files are skipped: they would crowd the task out of the context window. */
const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

export interface ContextFilesOptions {
  workspaceRoot: string;
  /** File name(s) looked for in each directory, in order. Default `GEMINI.md`. */
  fileNames?: string | readonly string[];
  /** The user's memory file; default `~/.gemini/GEMINI.md`. `null` leaves it out. */
  userMemoryPath?: string | null;
  /** For display paths (`~/…`); default the current user's home directory. */
  homeDir?: string;
  maxFileBytes?: number;
  logger?: Logger;
  /**
   * Search only this directory for project context files, instead of the directories from the
   * git root down to the workspace: on a pull request, the base branch's copies (the PR's own
   * GEMINI.md is untrusted).
   */
  contextDirectory?: string;
  /**
   * `false`: no project context file is read (a local run in a folder that is not trusted); the
   * user's memory and the extensions' files still are. Default true.
   */
  projectFiles?: boolean;
  /**
   * Extensions' context files, read after the user's memory and before the project's (the Gemini
   * CLI's order), each shown under its given path. Each file must stay inside its `boundary`.
   */
  extensionFiles?: readonly ExtensionContextFile[];
}

export interface ExtensionContextFile {
  path: string;
  displayPath: string;
  /** The extension's folder: a symlink leading out of it is not followed. */
  boundary: string;
}

export interface ContextFile {
  /** Absolute path as found (before resolving symlinks). */
  path: string;
  /** The path shown in the markers: relative to the workspace, or `~/…` under the home directory. */
  displayPath: string;
  content: string;
  source: 'user' | 'extension' | 'project';
}

export interface LoadedContext {
  files: ContextFile[];
  /** The files wrapped in their markers, ready for the system instruction; '' when none. */
  text: string;
}

export function defaultUserMemoryPath(homeDir: string = os.homedir()): string {
  return path.join(homeDir, '.gemini', DEFAULT_CONTEXT_FILE_NAME);
}

/** Validates the configured names: plain file names, at least one. */
export function normalizeContextFileNames(
  fileNames: string | readonly string[] | undefined,
): string[] {
  const names =
    fileNames === undefined
      ? [DEFAULT_CONTEXT_FILE_NAME]
      : typeof fileNames === 'string'
        ? [fileNames]
        : [...fileNames];
  if (names.length === 0) {
    throw new ConfigurationError('contextFileName must name at least one file, e.g. "GEMINI.md".');
  }
  for (const name of names) {
    if (
      name.trim() === '' ||
      name.includes('/') ||
      name.includes('\\') ||
      name === '.' ||
      name === '..'
    ) {
      throw new ConfigurationError(
        `contextFileName entries must be plain file names such as "GEMINI.md", but got "${name}".`,
      );
    }
  }
  return [...new Set(names)];
}

/** The nearest directory at or above `start` that contains `.git` (a directory or a file). */
export async function findGitRoot(start: string): Promise<string | undefined> {
  let dir = path.resolve(start);
  for (;;) {
    if (await entryExists(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The directories searched, top first: from the git root (or, outside a repository, the
 * filesystem root) down to the workspace root.
 */
export async function contextDirectories(workspaceRoot: string): Promise<string[]> {
  const workspace = path.resolve(workspaceRoot);
  const top = (await findGitRoot(workspace)) ?? path.parse(workspace).root;
  const dirs: string[] = [];
  let dir = workspace;
  for (;;) {
    dirs.unshift(dir);
    if (dir === top) break;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dirs;
}

/** Finds and reads the user memory file and the project's context files, in that order. */
export async function loadContextFiles(options: ContextFilesOptions): Promise<LoadedContext> {
  const logger = options.logger ?? silentLogger;
  const names = normalizeContextFileNames(options.fileNames);
  const homeDir = options.homeDir ?? os.homedir();
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const workspace = path.resolve(options.workspaceRoot);
  const seen = new Set<string>();
  const files: ContextFile[] = [];

  const add = async (
    file: string,
    source: ContextFile['source'],
    boundary: string | undefined,
    shown?: string,
  ) => {
    const content = await readContextFile(file, { boundary, maxBytes, logger, seen });
    if (content === undefined) return;
    files.push({
      path: file,
      displayPath: shown ?? displayPath(file, source, workspace, homeDir),
      content,
      source,
    });
  };

  const memoryPath =
    options.userMemoryPath === undefined ? defaultUserMemoryPath(homeDir) : options.userMemoryPath;
  if (memoryPath !== null) await add(path.resolve(memoryPath), 'user', undefined);
  for (const file of options.extensionFiles ?? []) {
    await add(file.path, 'extension', await realpathOrUndefined(file.boundary), file.displayPath);
  }

  const dirs =
    options.projectFiles === false
      ? []
      : options.contextDirectory === undefined
        ? await contextDirectories(workspace)
        : [path.resolve(options.contextDirectory)];
  // Symlinks in the repository must not pull in files from outside it (a GEMINI.md pointing at
  // a credentials file would put secrets in the prompt).
  const boundary = await realpathOrUndefined(dirs[0] ?? workspace);
  for (const dir of dirs) {
    for (const name of names) await add(path.join(dir, name), 'project', boundary);
  }
  return { files, text: formatContextFiles(files) };
}

/** `--- Context from: <path> ---` … `--- End of Context from: <path> ---`, blank-line separated. */
export function formatContextFiles(
  files: readonly Pick<ContextFile, 'displayPath' | 'content'>[],
): string {
  return files
    .map(
      (file) =>
        `--- Context from: ${file.displayPath} ---\n${file.content}\n--- End of Context from: ${file.displayPath} ---`,
    )
    .join('\n\n');
}

async function readContextFile(
  file: string,
  options: { boundary: string | undefined; maxBytes: number; logger: Logger; seen: Set<string> },
): Promise<string | undefined> {
  try {
    const real = await fs.realpath(file);
    if (options.seen.has(real)) return undefined;
    if (options.boundary !== undefined && !isInsideOrSame(real, options.boundary)) {
      options.logger.warning(
        `Skipping context file ${file}: it links to ${real}, outside ${options.boundary}.`,
      );
      return undefined;
    }
    const stat = await fs.stat(real);
    if (!stat.isFile()) return undefined;
    if (stat.size > options.maxBytes) {
      options.logger.warning(
        `Skipping context file ${file}: ${stat.size} bytes is more than the ${options.maxBytes}-byte limit.`,
      );
      return undefined;
    }
    options.seen.add(real);
    const content = (await fs.readFile(real, 'utf8')).trim();
    return content === '' ? undefined : content;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      options.logger.warning(`Could not read context file ${file}: ${(error as Error).message}`);
    }
    return undefined;
  }
}

function displayPath(
  file: string,
  source: ContextFile['source'],
  workspace: string,
  homeDir: string,
): string {
  if (source === 'user') {
    const home = path.resolve(homeDir);
    const inHome = relativeInside(file, home);
    return inHome === undefined ? file : `~/${toSlashes(inHome)}`;
  }
  // Project files live in the workspace or one of its ancestors: `GEMINI.md`, `../GEMINI.md`.
  return toSlashes(path.relative(workspace, file));
}

function toSlashes(p: string): string {
  return p.split(path.sep).join('/');
}

async function realpathOrUndefined(dir: string): Promise<string | undefined> {
  try {
    return await fs.realpath(dir);
  } catch {
    return undefined;
  }
}
