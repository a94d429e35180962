/**
 * `glob`: files whose path matches a glob pattern, recently changed files first, with the text
 * the Gemini CLI's glob tool gives the model.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import picomatch from 'picomatch';
import { z } from 'zod';
import { compareEnglish } from '../platform/english-order.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import { defineTool } from './define-tool.js';
import { findGit, gitListing } from './glob-git-listing.js';
import { narrowingPathspecs } from './glob-pathspec.js';
import { PARAMETER_ALIASES } from './parameter-aliases.js';
import { ignoresAnyBelow } from './ignore-rules.js';
import type { ValidationFailure } from './define-tool.js';
import { inDefaultExcludedDirectory, walkFileBatches } from './file-walk.js';
import { relativeInside } from '../platform/path-containment.js';
import type { Tool, ToolResult } from './tool-types.js';
import type { FileFilter, FileFilterOptions, Workspace } from './workspace.js';

export const GLOB_TOOL_NAME = 'glob';
/** Files changed within this window are listed first, newest first; the rest alphabetically. */
export const RECENT_FILE_WINDOW_MS = 24 * 60 * 60 * 1000;

const parameters = z.object({
  pattern: z.string().describe("The glob pattern to match against (e.g., '**/*.py', 'docs/*.md')."),
  path: z
    .string()
    .describe(
      'Optional: the directory to search within, absolute or relative to the workspace root. If omitted, searches every workspace directory.',
    )
    .optional(),
  case_sensitive: z
    .boolean()
    .describe('Optional: whether the search should be case-sensitive. Defaults to false.')
    .optional(),
  respect_git_ignore: z
    .boolean()
    .describe('Optional: whether to leave out files .gitignore ignores. Defaults to true.')
    .optional(),
  respect_gemini_ignore: z
    .boolean()
    .describe('Optional: whether to leave out files .geminiignore ignores. Defaults to true.')
    .optional(),
});
export type GlobParams = z.infer<typeof parameters>;

export interface GlobToolOptions {
  workspace: Workspace;
  logger?: Logger;
  /** Defaults for the ignore parameters the model leaves out; default: both respected. */
  fileFiltering?: FileFilterOptions;
  /** The clock that decides which files count as recent (injected by tests). */
  now?: () => number;
}

export function createGlobTool(options: GlobToolOptions): Tool<GlobParams> {
  const { workspace } = options;
  return defineTool({
    name: GLOB_TOOL_NAME,
    displayName: 'FindFiles',
    description:
      'Efficiently finds files matching specific glob patterns (e.g., `src/**/*.ts`, `**/*.md`), returning absolute paths sorted by modification time (newest first). Ideal for quickly locating files based on their name or path structure, especially in large codebases.',
    kind: 'search',
    parameters,
    parameterAliases: PARAMETER_ALIASES.glob,
    validate: (params) => validateGlob(workspace, params),
    invocation(params) {
      const dir =
        params.path === undefined ? null : workspace.resolve(params.path, { purpose: 'read' });
      const shownDir = dir?.ok ? workspace.displayPath(dir.absolutePath) : params.path;
      const description = `Find files matching '${params.pattern}'${shownDir === undefined ? '' : ` within ${shownDir}`}`;
      return {
        describe: () => description,
        locations: () => [dir?.ok ? dir.relativePath : (params.path ?? '')],
        confirmationDetails: () =>
          Promise.resolve({ type: 'info', title: 'Confirm Find Files', prompt: description }),
        execute: (signal) => globForModel(params, { ...options, signal }),
      };
    },
  });
}

function validateGlob(workspace: Workspace, params: GlobParams): ValidationFailure | null {
  if (params.pattern.trim() === '') {
    return { message: "The 'pattern' parameter cannot be empty.", type: 'invalid_tool_params' };
  }
  if (params.path === undefined) return null;
  const resolved = workspace.resolve(params.path, { purpose: 'read' });
  return resolved.ok ? null : resolved.error;
}

async function checkSearchDirectory(dir: string): Promise<ToolResult | null> {
  let stats: Stats;
  try {
    stats = await stat(dir);
  } catch {
    const message = `Search path does not exist ${dir}`;
    return failure(message, 'Search path not found.', 'search_path_not_found');
  }
  if (stats.isDirectory()) return null;
  const message = `Search path is not a directory: ${dir}`;
  return failure(message, 'Search path is not a directory.', 'path_is_not_a_directory');
}

function failure(
  message: string,
  display: string,
  type: NonNullable<ToolResult['error']>['type'],
): ToolResult {
  return { llmContent: message, returnDisplay: `Error: ${display}`, error: { message, type } };
}

interface Found {
  absolutePath: string;
  mtimeMs: number;
}

interface GlobContext extends GlobToolOptions {
  signal: AbortSignal;
}

async function globForModel(params: GlobParams, context: GlobContext): Promise<ToolResult> {
  const { workspace } = context;
  const logger = context.logger ?? silentLogger;
  let searchDirs: readonly string[];
  if (params.path === undefined) {
    searchDirs = workspace.roots;
  } else {
    // Checked again: the file system may have changed since the call was validated.
    const resolved = workspace.resolve(params.path, { purpose: 'read' });
    if (!resolved.ok) {
      return {
        llmContent: resolved.error.message,
        returnDisplay: 'Path not in workspace.',
        error: resolved.error,
      };
    }
    const problem = await checkSearchDirectory(resolved.absolutePath);
    if (problem) return problem;
    searchDirs = [resolved.absolutePath];
  }

  const defaults = context.fileFiltering ?? { respectGitIgnore: true, respectGeminiIgnore: true };
  const respectGitIgnore = params.respect_git_ignore ?? defaults.respectGitIgnore;
  const filter = workspace.fileFilter({
    respectGitIgnore,
    respectGeminiIgnore: params.respect_gemini_ignore ?? defaults.respectGeminiIgnore,
  });
  try {
    const found: Found[] = [];
    let ignoredCount = 0;
    for (const dir of searchDirs) {
      const result = await globIn(dir, params, {
        workspace,
        filter,
        signal: context.signal,
        respectGitIgnore,
      });
      found.push(...result.found);
      ignoredCount += result.ignoredCount;
    }
    return describeFound(found, ignoredCount, {
      pattern: params.pattern,
      searchDirs,
      now: (context.now ?? Date.now)(),
    });
  } catch (error) {
    if (context.signal.aborted) throw error;
    logger.debug(`glob: ${errorMessage(error)}`);
    const message = `Error during glob search operation: ${errorMessage(error)}`;
    return {
      llmContent: message,
      returnDisplay: 'Error: An unexpected error occurred.',
      error: { message, type: 'glob_execution_error' },
    };
  }
}

/**
 * Matches the pattern against every file below `dir` (paths relative to `dir`). A pattern that
 * names an existing path is taken literally, so names with brackets or braces still work.
 */
async function globIn(
  dir: string,
  params: GlobParams,
  context: {
    workspace: Workspace;
    filter: FileFilter;
    signal: AbortSignal;
    /** Git's listing may stand in for the walk only where .gitignore is respected. */
    respectGitIgnore: boolean;
  },
): Promise<{ found: Found[]; ignoredCount: number }> {
  const { workspace, filter, signal } = context;
  const caseSensitive = params.case_sensitive ?? false;
  const pattern = patternRelativeTo(dir, params.pattern);
  // Looking for git (a few file system calls) goes on while the pattern is prepared.
  const git = context.respectGitIgnore ? findGit(workspace.roots) : Promise.resolve(null);
  const { matches, literal } = await literalOrGlob(dir, pattern, caseSensitive);
  const found: Found[] = [];
  let ignoredCount = 0;
  // Only matching files are checked (the workspace boundary, the ignore files, the file system).
  const check = (absolutePaths: readonly string[]) => {
    for (const result of checkMatches(workspace, filter, absolutePaths)) {
      if (result === 'ignored') ignoredCount += 1;
      else if (result !== null) found.push(result);
    }
  };
  const listing = gitListing(dir, {
    git: await git,
    signal,
    pathspecs: narrowingPathspecs(pattern, { caseSensitive, literal }),
  });
  if (listing !== null) {
    const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
    const checkInBatches = async (candidates: readonly string[]) => {
      for (let start = 0; start < candidates.length; start += CHECK_BATCH) {
        // Lets an abort (or anything else waiting) in between batches of synchronous checks.
        if (start > 0) await setImmediatePromise();
        signal.throwIfAborted();
        check(candidates.slice(start, start + CHECK_BATCH).map((relative) => prefix + relative));
      }
    };
    // The tracked files come first and are checked while git still walks for untracked ones.
    const tracked = await listing.tracked;
    if (tracked !== null) {
      await checkInBatches(tracked.filter((relativePath) => matches(relativePath)));
      const untracked = await listing.untracked;
      if (untracked !== null) {
        const candidates: string[] = [];
        for (const relativePath of untracked) {
          if (!matches(relativePath)) continue;
          // An ignored untracked file is only counted: git lists it here only because it was
          // not asked to apply the ignore files.
          if (ignoresAnyBelow(filter, workspace.root, [prefix + relativePath])) ignoredCount += 1;
          else candidates.push(relativePath);
        }
        await checkInBatches(candidates);
        return { found, ignoredCount };
      }
    }
    // Git could not list the files after all: the walk below starts over.
    found.length = 0;
    ignoredCount = 0;
  }
  const batches = walkFileBatches(dir, {
    signal,
    skipDirectory: (relativePath) => inDefaultExcludedDirectory(relativePath),
  });
  for await (const batch of batches) {
    check(batch.filter((file) => matches(file.relativePath)).map((file) => file.absolutePath));
  }
  return { found, ignoredCount };
}

/** How many matches from git's listing are checked between two turns of the event loop. */
const CHECK_BATCH = 4096;

/**
 * Each matching entry: shown (with its time), ignored, or not a file to show (null). A symlink
 * counts when it leads to a file inside the workspace; one leading out is not shown.
 */
function checkMatches(
  workspace: Workspace,
  filter: FileFilter,
  absolutePaths: readonly string[],
): (Found | 'ignored' | null)[] {
  const resolved = workspace.resolveEachForReading(absolutePaths);
  return absolutePaths.map((absolutePath, index) => {
    const target = resolved[index];
    if (!target?.ok || !target.stats?.isFile()) return null;
    const paths =
      target.absolutePath === absolutePath ? [absolutePath] : [absolutePath, target.absolutePath];
    if (ignoresAnyBelow(filter, workspace.root, paths)) return 'ignored';
    return { absolutePath, mtimeMs: target.stats.mtimeMs };
  });
}

/** `/`-separated, without a leading `./`; an absolute pattern inside `dir` becomes relative. */
function patternRelativeTo(dir: string, pattern: string): string {
  let normalized = pattern.split(path.sep).join('/');
  if (path.isAbsolute(pattern)) {
    const relative = relativeInside(pattern, dir);
    if (relative !== undefined && relative !== '') normalized = relative.split(path.sep).join('/');
  }
  while (normalized.startsWith('./')) normalized = normalized.slice(2);
  return normalized;
}

async function literalOrGlob(
  dir: string,
  pattern: string,
  caseSensitive: boolean,
): Promise<{ matches: (relativePath: string) => boolean; literal: boolean }> {
  const literal = await stat(path.join(dir, pattern)).then(
    () => true,
    () => false,
  );
  if (literal) {
    const wanted = caseSensitive ? pattern : pattern.toLowerCase();
    return {
      matches: (relativePath) =>
        (caseSensitive ? relativePath : relativePath.toLowerCase()) === wanted,
      literal,
    };
  }
  return { matches: picomatch(pattern, { dot: true, nocase: !caseSensitive }), literal };
}

/**
 * Recent files first, newest first; then the older ones by path. Recency decides because the
 * file just edited is usually the one the model is looking for.
 */
export function sortByRecency<T extends Found>(files: readonly T[], now: number): T[] {
  const isRecent = (file: Found) => now - file.mtimeMs < RECENT_FILE_WINDOW_MS;
  return [...files].sort((a, b) => {
    const aRecent = isRecent(a);
    const bRecent = isRecent(b);
    if (aRecent && bRecent) return b.mtimeMs - a.mtimeMs;
    if (aRecent !== bRecent) return aRecent ? -1 : 1;
    return compareEnglish(a.absolutePath, b.absolutePath);
  });
}

function describeFound(
  found: Found[],
  ignoredCount: number,
  context: { pattern: string; searchDirs: readonly string[]; now: number },
): ToolResult {
  const { pattern, searchDirs } = context;
  const [onlyDir] = searchDirs;
  if (found.length === 0) {
    let message = `No files found matching pattern "${pattern}"`;
    message +=
      searchDirs.length === 1 && onlyDir !== undefined
        ? ` within ${onlyDir}`
        : ` within ${searchDirs.length} workspace directories`;
    if (ignoredCount > 0) message += ` (${ignoredCount} files were ignored)`;
    return { llmContent: message, returnDisplay: 'No files found' };
  }
  const sorted = sortByRecency(found, context.now).map((file) => file.absolutePath);
  let message = `Found ${sorted.length} file(s) matching "${pattern}"`;
  message +=
    searchDirs.length === 1 && onlyDir !== undefined
      ? ` within ${onlyDir}`
      : ` across ${searchDirs.length} workspace directories`;
  if (ignoredCount > 0) message += ` (${ignoredCount} additional files were ignored)`;
  message += `, sorted by modification time (newest first):\n${sorted.join('\n')}`;
  return { llmContent: message, returnDisplay: `Found ${sorted.length} matching file(s)` };
}
