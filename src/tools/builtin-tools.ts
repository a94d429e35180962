/** The built-in tools a session registers, all confined to one workspace. */
import type { ContentGenerator } from '../model/content-generator.js';
import type { ModelConfigs } from '../model/model-configs.js';
import type { Logger } from '../platform/logger.js';
import { createGlobTool, GLOB_TOOL_NAME } from './glob.js';
import { createListDirectoryTool, LIST_DIRECTORY_TOOL_NAME } from './list-directory.js';
import { createReadFileTool, READ_FILE_TOOL_NAME } from './read-file.js';
import { createReadManyFilesTool, READ_MANY_FILES_TOOL_NAME } from './read-many-files.js';
import type { ToolRegistry } from './registry.js';
import { createReplaceTool, REPLACE_TOOL_NAME } from './replace.js';
import type { RunShellCommandToolOptions } from './run-shell-command.js';
import { createRunShellCommandTool, RUN_SHELL_COMMAND_TOOL_NAME } from './run-shell-command.js';
import { createSaveMemoryTool, SAVE_MEMORY_TOOL_NAME } from './save-memory.js';
import {
  createSearchFileContentTool,
  SEARCH_FILE_CONTENT_TOOL_NAME,
} from './search-file-content.js';
import { createSmartEditTool, SMART_EDIT_TOOL_NAME } from './smart-edit.js';
import type { Tool } from './tool-types.js';
import { createWebFetchTool, WEB_FETCH_TOOL_NAME } from './web-fetch.js';
import { createWebSearchTool, WEB_SEARCH_TOOL_NAME } from './web-search.js';
import type { Workspace } from './workspace.js';
import { createWriteFileTool, WRITE_FILE_TOOL_NAME } from './write-file.js';
import { createWriteTodosTool, WRITE_TODOS_TOOL_NAME } from './write-todos.js';

export interface BuiltinToolsOptions {
  workspace: Workspace;
  logger: Logger;
  /** The model the web tools ask; without it `web_fetch` and `google_web_search` are left out. */
  model?: { contentGenerator: ContentGenerator; name: string; modelConfigs?: ModelConfigs };
  /** The memory file `save_memory` appends to (default `~/.gemini/GEMINI.md`). */
  memoryPath?: string;
  /** Context file names, which `read_many_files` leaves out (they are in the prompt already). */
  contextFileNames?: readonly string[];
  /** Environment, allow-list and timeouts of `run_shell_command`. */
  shell?: Omit<RunShellCommandToolOptions, 'workspace' | 'logger'>;
}

/**
 * Names the model may use for a tool besides its own: where the spec and the current Gemini CLI
 * differ, the spec's name is declared and the current one still resolves.
 */
export const BUILTIN_TOOL_ALIASES: Readonly<Record<string, string>> = {
  grep_search: 'search_file_content',
};

/**
 * The name of every tool `createBuiltinTools` can make, the web tools included (they are left out
 * only when there is no model to ask). The reserved names (reserved-names.ts) start from these.
 */
export const BUILTIN_TOOL_NAMES: readonly string[] = [
  LIST_DIRECTORY_TOOL_NAME,
  READ_FILE_TOOL_NAME,
  SEARCH_FILE_CONTENT_TOOL_NAME,
  GLOB_TOOL_NAME,
  REPLACE_TOOL_NAME,
  SMART_EDIT_TOOL_NAME,
  WRITE_FILE_TOOL_NAME,
  READ_MANY_FILES_TOOL_NAME,
  RUN_SHELL_COMMAND_TOOL_NAME,
  SAVE_MEMORY_TOOL_NAME,
  WRITE_TODOS_TOOL_NAME,
  WEB_FETCH_TOOL_NAME,
  WEB_SEARCH_TOOL_NAME,
];

export function createBuiltinTools(options: BuiltinToolsOptions): Tool[] {
  const { workspace, logger } = options;
  const tools: Tool[] = [
    createListDirectoryTool({ workspace, logger }),
    createReadFileTool({ workspace }),
    createSearchFileContentTool({ workspace, logger }),
    createGlobTool({ workspace, logger }),
    createReplaceTool({ workspace }),
    createSmartEditTool({ workspace }),
    createWriteFileTool({ workspace }),
    createReadManyFilesTool({
      workspace,
      ...(options.contextFileNames ? { contextFileNames: options.contextFileNames } : {}),
    }),
    createRunShellCommandTool({ workspace, logger, ...options.shell }),
    createSaveMemoryTool(options.memoryPath ? { memoryPath: options.memoryPath } : {}),
    createWriteTodosTool(),
  ];
  if (options.model) {
    const { contentGenerator, name, modelConfigs } = options.model;
    const model = { contentGenerator, model: name, ...(modelConfigs ? { modelConfigs } : {}) };
    tools.push(createWebFetchTool({ ...model, logger }), createWebSearchTool(model));
  }
  return tools;
}

/** Registers the built-in tools with their aliases. */
export function registerBuiltinTools(registry: ToolRegistry, options: BuiltinToolsOptions): void {
  for (const tool of createBuiltinTools(options)) {
    const aliases = Object.entries(BUILTIN_TOOL_ALIASES)
      .filter(([, name]) => name === tool.name)
      .map(([alias]) => alias);
    registry.register(tool, { aliases });
  }
}
