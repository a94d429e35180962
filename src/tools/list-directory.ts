/**
 * `list_directory`: the entries of one directory, directories first, with the same text the Gemini
 * CLI's `ls` tool gives the model.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import { defineTool } from './define-tool.js';
import { PARAMETER_ALIASES } from './parameter-aliases.js';
import type { Tool, ToolErrorType, ToolResult } from './tool-types.js';
import type { VerifiedOpenFailure, Workspace } from './workspace.js';

export const LIST_DIRECTORY_TOOL_NAME = 'list_directory';

const parameters = z.object({
  path: z
    .string()
    .describe('The directory to list: an absolute path, or a path relative to the workspace root.'),
  ignore: z
    .array(z.string())
    .describe('Glob patterns (* and ?) for entry names to leave out, e.g. ["*.log"].')
    .optional(),
  file_filtering_options: z
    .object({
      respect_git_ignore: z
        .boolean()
        .describe('Optional: whether to leave out entries .gitignore ignores. Default: true.')
        .optional(),
      respect_gemini_ignore: z
        .boolean()
        .describe('Optional: whether to leave out entries .geminiignore ignores. Default: true.')
        .optional(),
    })
    .describe('Optional: whether to respect ignore patterns from .gitignore or .geminiignore.')
    .optional(),
});
export type ListDirectoryParams = z.infer<typeof parameters>;

export interface ListDirectoryToolOptions {
  workspace: Workspace;
  logger?: Logger;
}

/** Entries are stat'ed this many at a time, so huge directories do not exhaust descriptors. */
const STAT_BATCH = 64;

export function createListDirectoryTool(
  options: ListDirectoryToolOptions,
): Tool<ListDirectoryParams> {
  const { workspace } = options;
  const logger = options.logger ?? silentLogger;
  return defineTool({
    name: LIST_DIRECTORY_TOOL_NAME,
    displayName: 'ReadFolder',
    description:
      'Lists the names of files and subdirectories directly within a specified directory path. Can optionally ignore entries matching provided glob patterns.',
    kind: 'search',
    parameters,
    parameterAliases: PARAMETER_ALIASES.list_directory,
    validate(params) {
      const resolved = workspace.resolve(params.path, { purpose: 'read' });
      return resolved.ok ? null : resolved.error;
    },
    invocation(params) {
      const resolved = workspace.resolve(params.path, { purpose: 'read' });
      const shown = resolved.ok ? workspace.displayPath(resolved.absolutePath) : params.path;
      const description = `List directory ${shown}`;
      return {
        describe: () => description,
        locations: () => [resolved.ok ? resolved.relativePath : params.path],
        confirmationDetails: () =>
          Promise.resolve({ type: 'info', title: 'Confirm List Directory', prompt: description }),
        execute: (signal) => listForModel(workspace, params, { signal, logger }),
      };
    },
  });
}

function failure(llmContent: string, display: string, type: ToolErrorType): ToolResult {
  return { llmContent, returnDisplay: `Error: ${display}`, error: { message: llmContent, type } };
}

interface Entry {
  name: string;
  isDirectory: boolean;
  size: number;
}

async function listForModel(
  workspace: Workspace,
  params: ListDirectoryParams,
  context: { signal: AbortSignal; logger: Logger },
): Promise<ToolResult> {
  // Checked again, on the open handle: the file system may have changed since validation.
  const opened = await workspace.openVerified(params.path, { purpose: 'read' });
  if (!opened.ok) return openFailure(opened);
  const dir = opened.absolutePath;
  try {
    if (!opened.stats.isDirectory()) return notADirectory(dir);
    // Listed through the handle's own name, so a directory swapped in meanwhile is not read.
    const names = await readdir(opened.handlePath);
    if (names.length === 0) {
      return { llmContent: `Directory ${dir} is empty.`, returnDisplay: 'Directory is empty.' };
    }

    const filtering = params.file_filtering_options;
    const filter = workspace.fileFilter({
      respectGitIgnore: filtering?.respect_git_ignore ?? true,
      respectGeminiIgnore: filtering?.respect_gemini_ignore ?? true,
    });
    // Ignore files belong to the primary root; directories in other roots are not filtered.
    const filtered = opened.root === workspace.root;
    const entries: Entry[] = [];
    let ignoredCount = 0;
    for (let index = 0; index < names.length; index += STAT_BATCH) {
      context.signal.throwIfAborted();
      const batch = names.slice(index, index + STAT_BATCH);
      const found = await Promise.all(batch.map((name) => statEntry(dir, name, context.logger)));
      for (const entry of found) {
        if (!entry) continue;
        const relative = path.join(opened.relativePath, entry.name);
        if (filtered && filter.isIgnored(relative, { isDirectory: entry.isDirectory })) {
          ignoredCount += 1;
          continue;
        }
        // What the boundary refuses (a symlink leading out, a denied place, a hard link) is not
        // shown at all.
        if (!workspace.resolve(path.join(dir, entry.name), { purpose: 'read' }).ok) continue;
        if (params.ignore?.some((pattern) => globMatches(pattern, entry.name))) continue;
        entries.push(entry);
      }
    }

    entries.sort((a, b) => {
      if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
      return a.name.localeCompare(b.name);
    });
    const lines = entries.map((entry) =>
      entry.isDirectory ? `[DIR] ${entry.name}` : `${entry.name} (${entry.size} bytes)`,
    );
    let llmContent = `Directory listing for ${dir}:\n${lines.join('\n')}`;
    let returnDisplay = `Found ${entries.length} item(s).`;
    if (ignoredCount > 0) {
      llmContent += `\n\n(${ignoredCount} ignored)`;
      returnDisplay += ` (${ignoredCount} ignored)`;
    }
    return { llmContent, returnDisplay };
  } catch (error) {
    if (context.signal.aborted) throw error;
    return listingFailure(errorMessage(error));
  } finally {
    await opened.handle.close();
  }
}

function openFailure(opened: VerifiedOpenFailure): ToolResult {
  switch (opened.reason) {
    case 'not_in_workspace':
      return {
        llmContent: opened.message,
        returnDisplay: 'Path not in workspace.',
        error: { message: opened.message, type: 'path_not_in_workspace' },
      };
    case 'not_found':
      return failure(
        `Error: Directory not found or inaccessible: ${opened.absolutePath}`,
        'Directory not found or inaccessible.',
        'file_not_found',
      );
    case 'is_directory':
    case 'not_regular_file':
      return notADirectory(opened.absolutePath);
    case 'failed':
      return listingFailure(opened.message);
  }
}

function notADirectory(dir: string): ToolResult {
  return failure(
    `Error: Path is not a directory: ${dir}`,
    'Path is not a directory.',
    'path_is_not_a_directory',
  );
}

function listingFailure(message: string): ToolResult {
  return failure(
    `Error listing directory: ${message}`,
    'Failed to list directory.',
    'ls_execution_error',
  );
}

async function statEntry(dir: string, name: string, logger: Logger): Promise<Entry | null> {
  try {
    const stats = await stat(path.join(dir, name));
    const isDirectory = stats.isDirectory();
    return { name, isDirectory, size: isDirectory ? 0 : stats.size };
  } catch (error) {
    // Deleted meanwhile, or a dangling symlink: not listed.
    logger.debug(`list_directory: cannot stat ${path.join(dir, name)}: ${errorMessage(error)}`);
    return null;
  }
}

/**
 * `*` matches any run of characters and `?` one character; everything else literally. A linear
 * matcher rather than a regular expression, so a pattern full of `*` cannot stall the process.
 */
export function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    const wanted = pattern[p];
    if (wanted !== undefined && wanted !== '*' && (wanted === '?' || wanted === text[t])) {
      p += 1;
      t += 1;
    } else if (wanted === '*') {
      star = p;
      p += 1;
      resume = t;
    } else if (star !== -1) {
      p = star + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p += 1;
  return p === pattern.length;
}
