/** The built-in tools a session registers, all confined to one workspace. */
import type { Logger } from '../platform/logger.js';
import { createListDirectoryTool } from './list-directory.js';
import { createReadFileTool } from './read-file.js';
import type { Tool } from './tool-types.js';
import type { Workspace } from './workspace.js';

export interface BuiltinToolsOptions {
  workspace: Workspace;
  logger: Logger;
}

export function createBuiltinTools(options: BuiltinToolsOptions): Tool[] {
  const { workspace, logger } = options;
  return [createReadFileTool({ workspace }), createListDirectoryTool({ workspace, logger })];
}
