/**
 * What loaded extensions add to a run besides their commands:
 * - their MCP servers join settings.json's, started through the same sandboxed `ToolProcesses`
 *   (tools/extension-tools.ts); a settings server of the same name takes precedence, as the
 *   Gemini CLI documents (docs/extensions/reference.md), and of two extensions' servers with one
 *   name the first (by extension name) is kept;
 * - their context files are read like GEMINI.md, after the user's memory and before the project's;
 * - their `agents/*.md` subagents load after the built-in and the repository's agents;
 * - their `excludeTools` become policy denials in the admin tier, which nothing else overrides: a
 *   tool name is denied outright (and so not offered to the model), and `run_shell_command(rm
 *   -rf)` denies the commands starting with `rm -rf`, as the documentation describes.
 */
import type { ExtensionContextFile } from '../../agent/context-files.js';
import type { AgentFolder } from '../../agent/subagents/agent-files.js';
import { extensionAgentsFolder } from '../../agent/subagents/agent-files.js';
import type { AgentSettings } from '../../config/settings-types.js';
import type { Logger } from '../../platform/logger.js';
import { SHELL_TOOL_NAME } from '../../policy/parse-policy.js';
import type { PolicyRule } from '../../policy/policy-types.js';
import { TIER_BASE } from '../../policy/policy-types.js';
import { toolArgumentOf, toolNameOf } from '../../tools/tool-selection.js';
import type { LoadedExtension } from './load-extensions.js';
import { MANIFEST_FILE_NAME } from './extension-manifest.js';

/** Above every workflow and settings rule but a fork's hard stop (999). */
const EXCLUDED_TOOL_PRIORITY = 900;

/** The settings with the extensions' MCP servers added, and their expanded values as secrets. */
export function withExtensionServers(
  settings: AgentSettings,
  extensions: readonly LoadedExtension[],
  logger: Logger,
): AgentSettings {
  const servers = { ...settings.mcpServers };
  const owners = new Map<string, string>();
  const expandedValues = [...settings.expandedValues];
  for (const extension of extensions) {
    expandedValues.push(...extension.expandedValues);
    for (const [name, server] of Object.entries(extension.mcpServers)) {
      if (Object.hasOwn(settings.mcpServers, name)) {
        logger.info(
          `The MCP server "${name}" of extension ${extension.name} is also defined in ${settings.source}; that definition is used.`,
        );
        continue;
      }
      const owner = owners.get(name);
      if (owner !== undefined) {
        logger.warning(
          `Skipping MCP config for server with name "${name}" from extension "${extension.name}" as it already exists (extension "${owner}").`,
        );
        continue;
      }
      owners.set(name, extension.name);
      servers[name] = server;
    }
  }
  if (owners.size === 0) return settings;
  return { ...settings, mcpServers: servers, expandedValues: [...new Set(expandedValues)] };
}

/** The policy denials of the extensions' `excludeTools`, one rule per extension. */
export function extensionPolicyRules(extensions: readonly LoadedExtension[]): PolicyRule[] {
  const rules: PolicyRule[] = [];
  for (const extension of extensions) {
    const source = {
      file: `${extension.shownAs}/${MANIFEST_FILE_NAME}`,
      line: 1,
      column: 1,
      tier: 'admin' as const,
    };
    const base = {
      decision: 'deny' as const,
      priority: EXCLUDED_TOOL_PRIORITY,
      effectivePriority: TIER_BASE.admin + EXCLUDED_TOOL_PRIORITY / 1000,
      source,
    };
    const tools = extension.excludeTools.filter((entry) => toolArgumentOf(entry) === undefined);
    const commands = extension.excludeTools
      .filter((entry) => toolNameOf(entry) === SHELL_TOOL_NAME)
      .map(toolArgumentOf)
      .filter((command): command is string => command !== undefined && command.trim() !== '');
    if (tools.length > 0) {
      rules.push({
        ...base,
        id: `extension:${extension.name}:exclude-tools`,
        toolNames: tools.map(toolNameOf),
        denyMessage: `The extension ${extension.name} excludes this tool (excludeTools in its ${MANIFEST_FILE_NAME}).`,
      });
    }
    if (commands.length > 0) {
      rules.push({
        ...base,
        id: `extension:${extension.name}:exclude-commands`,
        toolNames: [SHELL_TOOL_NAME],
        commandPrefixes: commands,
        denyMessage: `The extension ${extension.name} excludes these commands: ${commands.join(', ')}.`,
      });
    }
  }
  return rules;
}

/** The extensions' context files, for the system instruction (read like GEMINI.md). */
export function extensionContextFiles(
  extensions: readonly LoadedExtension[],
): ExtensionContextFile[] {
  return extensions.flatMap((extension) =>
    extension.contextFiles.map((file) => ({ ...file, boundary: extension.configDirectory })),
  );
}

/** The extensions' `agents/` folders, by extension name, to load after the repository's. */
export function extensionAgentFolders(extensions: readonly LoadedExtension[]): AgentFolder[] {
  return extensions.map((extension) =>
    extensionAgentsFolder(extension.configDirectory, extension.shownAs),
  );
}
