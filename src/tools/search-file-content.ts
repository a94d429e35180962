/**
 * `search_file_content` (the Gemini CLI's `grep_search`): lines matching a regular expression,
 * grouped by file, with the text the Gemini CLI gives the model.
 *
 * Three strategies can do the searching — ripgrep, git grep, a JavaScript scan — tried in that
 * order until one can run. They only propose lines; one collector decides what counts, so the
 * answer does not depend on which program happened to be installed (see `search/`).
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import { defineTool } from './define-tool.js';
import { PARAMETER_ALIASES } from './parameter-aliases.js';
import { MAX_FILE_SIZE_MB } from './read-file.js';
import { formatSearchResults } from './search/format.js';
import { createGitGrepStrategy } from './search/git-grep.js';
import { createJsScanStrategy } from './search/js-scan.js';
import { createLineMatcher, RegexTimeoutError } from './search/line-matcher.js';
import { MatchCollector, normalizeInclude } from './search/match-collector.js';
import { createRipgrepStrategy } from './search/ripgrep.js';
import type { SearchRequest, SearchStrategy } from './search/types.js';
import type { Tool, ToolErrorType, ToolResult } from './tool-types.js';
import type { FileFilterOptions, Workspace } from './workspace.js';

export const SEARCH_FILE_CONTENT_TOOL_NAME = 'search_file_content';
/** The name the current Gemini CLI uses; registered as an alias. */
export const GREP_SEARCH_ALIAS = 'grep_search';
export const DEFAULT_MAX_MATCHES = 100;
export const DEFAULT_SEARCH_TIMEOUT_MS = 30_000;
/** Strategies that report out of path order are read to the end, up to this many matches. */
export const MAX_COLLECTED_MATCHES = 20_000;
/** Larger files are not searched (the limit `read_file` has too). */
const MAX_SEARCHED_FILE_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;

const parameters = z.object({
  pattern: z
    .string()
    .describe(
      "The regular expression (JavaScript syntax) to search for in file contents, matched case-insensitively (e.g., 'function\\s+myFunction', 'import\\s+\\{.*\\}\\s+from\\s+.*').",
    ),
  path: z
    .string()
    .describe(
      'Optional: the directory (or single file) to search, absolute or relative to the workspace root. Defaults to the workspace root.',
    )
    .optional(),
  include: z
    .string()
    .describe(
      "Optional: a glob that selects the files to search (e.g., '*.js', '*.{ts,tsx}', 'src/**'). Without a '/', it matches file names at any depth. If omitted, searches all files that are not ignored.",
    )
    .optional(),
});
export type SearchFileContentParams = z.infer<typeof parameters>;

export interface SearchFileContentToolOptions {
  workspace: Workspace;
  logger?: Logger;
  /** Tried in order until one can run; default `defaultSearchStrategies()`. */
  strategies?: readonly SearchStrategy[];
  /** Matches shown to the model at most. */
  maxMatches?: number;
  timeoutMs?: number;
  /** Default: both `.gitignore` and `.geminiignore` respected. */
  fileFiltering?: FileFilterOptions;
  /** How long one batch of lines may take the pattern (see `line-matcher.ts`). */
  regexTimeoutMs?: number;
}

/** ripgrep, then git grep, then the JavaScript scan. */
export function defaultSearchStrategies(): SearchStrategy[] {
  return [createRipgrepStrategy(), createGitGrepStrategy(), createJsScanStrategy()];
}

export function createSearchFileContentTool(
  options: SearchFileContentToolOptions,
): Tool<SearchFileContentParams> {
  const { workspace } = options;
  const strategies = options.strategies ?? defaultSearchStrategies();
  return defineTool({
    name: SEARCH_FILE_CONTENT_TOOL_NAME,
    displayName: 'SearchText',
    description:
      'Searches for a regular expression pattern within the content of files in a specified directory (or the workspace root). Can filter files by a glob pattern. Returns the lines containing matches, along with their file paths and line numbers.',
    kind: 'search',
    parameters,
    parameterAliases: PARAMETER_ALIASES.search_file_content,
    validate(params) {
      const problem = regexProblem(params.pattern);
      if (problem !== null) return { message: problem, type: 'invalid_tool_params' };
      if (params.path === undefined) return null;
      const resolved = workspace.resolve(params.path, { purpose: 'read' });
      return resolved.ok ? null : resolved.error;
    },
    invocation(params) {
      const resolved = workspace.resolve(params.path ?? '.', { purpose: 'read' });
      const shown = resolved.ok ? workspace.displayPath(resolved.absolutePath) : params.path;
      const within = shown === '.' ? './' : (shown ?? './');
      const filter = params.include === undefined ? '' : ` in ${params.include}`;
      const description = `Search for '${params.pattern}'${filter} within ${within}`;
      return {
        describe: () => description,
        locations: () => [resolved.ok ? resolved.relativePath : (params.path ?? '')],
        confirmationDetails: () =>
          Promise.resolve({ type: 'info', title: 'Confirm Search', prompt: description }),
        execute: (signal) => searchForModel(params, { ...options, strategies, signal }),
      };
    },
  });
}

function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'i');
    return null;
  } catch (error) {
    return `Invalid regular expression pattern provided: ${pattern}. Error: ${errorMessage(error)}`;
  }
}

function failure(message: string, display: string, type: ToolErrorType): ToolResult {
  return { llmContent: message, returnDisplay: `Error: ${display}`, error: { message, type } };
}

interface SearchContext extends SearchFileContentToolOptions {
  strategies: readonly SearchStrategy[];
  signal: AbortSignal;
}

/** Where to search: a directory, or a single file in its directory. */
type Scope = { searchDir: string; targetFile: string | null } | ToolResult;

async function scopeOf(workspace: Workspace, requested: string): Promise<Scope> {
  // Checked again: the file system may have changed since the call was validated.
  const resolved = workspace.resolve(requested, { purpose: 'read' });
  if (!resolved.ok) {
    return failure(resolved.error.message, 'Path not in workspace.', 'path_not_in_workspace');
  }
  const target = resolved.absolutePath;
  let stats: Stats;
  try {
    stats = await stat(target);
  } catch {
    return failure(`Path does not exist: ${target}`, 'Path does not exist.', 'file_not_found');
  }
  if (stats.isDirectory()) return { searchDir: target, targetFile: null };
  if (stats.isFile()) return { searchDir: path.dirname(target), targetFile: path.basename(target) };
  return failure(
    `Path is not a valid directory or file: ${target}`,
    'Path is not a valid directory or file.',
    'path_is_not_a_directory',
  );
}

async function searchForModel(
  params: SearchFileContentParams,
  context: SearchContext,
): Promise<ToolResult> {
  const { workspace, signal } = context;
  const logger = context.logger ?? silentLogger;
  const scope = await scopeOf(workspace, params.path ?? '.');
  if ('llmContent' in scope) return scope;

  const maxMatches = context.maxMatches ?? DEFAULT_MAX_MATCHES;
  const timeoutMs = context.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const searchSignal = AbortSignal.any([signal, timeout]);
  const include = normalizeInclude(params.include);
  const lineMatcher = createLineMatcher(new RegExp(params.pattern, 'i'), {
    timeoutMs: context.regexTimeoutMs,
  });
  const filter = workspace.fileFilter(
    context.fileFiltering ?? { respectGitIgnore: true, respectGeminiIgnore: true },
  );
  const skipped: string[] = [];

  for (const strategy of context.strategies) {
    const limit = strategy.ordered ? maxMatches + 1 : MAX_COLLECTED_MATCHES;
    const collector = new MatchCollector({
      workspace,
      filter,
      searchDir: scope.searchDir,
      include,
      maxFileBytes: MAX_SEARCHED_FILE_BYTES,
      lineMatcher,
      limit,
    });
    const request: SearchRequest = {
      pattern: params.pattern,
      matchLines: (lines) => lineMatcher.matching(lines),
      searchDir: scope.searchDir,
      targetFile: scope.targetFile,
      include,
      respectGitIgnore: context.fileFiltering?.respectGitIgnore ?? true,
      maxFileBytes: MAX_SEARCHED_FILE_BYTES,
      prunesDirectory: (relativePath) => collector.prunesDirectory(relativePath),
      selectsFile: (relativePath) => collector.selectsFile(relativePath),
      readFile: (relativePath) => collector.readFile(relativePath),
      collect: (match) => collector.collect(match),
      collectAll: (matches) => collector.collectAll(matches),
      signal: searchSignal,
      untrustedDirectories: workspace.roots,
    };
    try {
      const outcome = await strategy.search(request);
      if (outcome.kind === 'unavailable') {
        logger.debug(`search_file_content: ${strategy.name} not used: ${outcome.reason}`);
        skipped.push(`${strategy.name}: ${outcome.reason}`);
        continue;
      }
      const matches = collector.finish();
      logger.debug(`search_file_content: searched with ${strategy.name}`);
      return formatSearchResults(matches, {
        pattern: params.pattern,
        location: `in path "${params.path ?? '.'}"`,
        include: params.include,
        maxMatches,
        moreExist: !strategy.ordered && matches.length >= MAX_COLLECTED_MATCHES,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      if (timeout.aborted) {
        const limit =
          timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;
        return searchError(`The search did not finish within ${limit} and was stopped.`);
      }
      if (error instanceof RegexTimeoutError) return searchError(error.message);
      logger.debug(`search_file_content: ${strategy.name} failed: ${errorMessage(error)}`);
      skipped.push(`${strategy.name}: ${errorMessage(error)}`);
    }
  }
  return searchError(`No search strategy could run (${skipped.join('; ') || 'none configured'}).`);
}

function searchError(detail: string): ToolResult {
  const message = `Error during grep search operation: ${detail}`;
  return {
    llmContent: message,
    returnDisplay: `Error: ${detail}`,
    error: { message, type: 'grep_execution_error' },
  };
}
