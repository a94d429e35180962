/**
 * What one workspace configures, read as a CLI run there reads it: `.gemini/settings.json`, the
 * extensions (the workspace's `.gemini/extensions/<name>/` and the server's `--extension`
 * folders) with their MCP servers, context files, commands and agents, the custom commands of
 * `.gemini/commands/`, the subagents of `.gemini/agents/`, and the policy all of that implies
 * over the server's flags.
 *
 * Read again for every task and every `commands/get`, so an edited command file or policy takes
 * effect without restarting the server. What an earlier task's agent wrote there and nobody has
 * changed since is not loaded (src/session-setup/written-configuration.ts): the task says so.
 */
import type { ExtensionContextFile } from '../../agent/context-files.js';
import type { AgentDefinition } from '../../agent/subagents/agent-definition.js';
import { loadAgents, projectAgentsFolder } from '../../agent/subagents/agent-files.js';
import type { AgentSettings } from '../../config/settings-types.js';
import { loadAgentSettings } from '../../config/settings.js';
import type { CommandRegistry } from '../../custom-commands/command-registry.js';
import {
  extensionAgentFolders,
  extensionContextFiles,
  withExtensionServers,
} from '../../custom-commands/extensions/extension-config.js';
import type { RunCommands } from '../../custom-commands/run-commands.js';
import { loadRunCommands, REPOSITORY_COMMANDS_PATH } from '../../custom-commands/run-commands.js';
import type { Logger } from '../../platform/logger.js';
import type { CliPolicy } from '../../session-setup/policy-setup.js';
import { loadCliPolicy } from '../../session-setup/policy-setup.js';
import type { WrittenConfiguration } from '../../session-setup/written-configuration.js';
import {
  checkWrittenConfiguration,
  readUnlessHeldBack,
} from '../../session-setup/written-configuration.js';
import type { ServeOptions } from './serve-args.js';
import type { CommandCatalog } from './slash-commands.js';

export interface WorkspaceSetup {
  /** The workspace's settings, with its extensions' MCP servers added. */
  settings: AgentSettings;
  /** Its settings as written, for the model choice. */
  ownSettings: AgentSettings;
  commands: CommandRegistry;
  extensionContextFiles: ExtensionContextFile[];
  /** Subagents beside the built-in ones: the workspace's `.gemini/agents/`, then extensions'. */
  agents: AgentDefinition[];
  policy: CliPolicy;
  /** What was not loaded because an earlier session wrote it, one line each (also logged). */
  heldBack: readonly string[];
}

export type WorkspaceFlags = Pick<
  ServeOptions,
  'extensions' | 'mode' | 'policyFiles' | 'allowCommands'
>;

/**
 * `heldSecrets`: the secret values the server holds outside `env` (its A2A token, from a file or
 * generated), which `$VAR` expansion must not hand a server under any name.
 */
export async function loadWorkspaceSetup(
  workspace: string,
  flags: WorkspaceFlags,
  env: NodeJS.ProcessEnv,
  heldSecrets: readonly string[],
  logger: Logger,
): Promise<WorkspaceSetup> {
  const written = await checkWrittenConfiguration({
    workspace,
    extensionPaths: flags.extensions,
    policyFiles: flags.policyFiles,
    env,
  });
  for (const warning of written.warnings) logger.warning(warning);
  const ownSettings = await loadAgentSettings({
    input: undefined,
    configDirectory: workspace,
    env,
    forbiddenValues: heldSecrets,
    readFile: readUnlessHeldBack(written),
  });
  const { extensions, registry } = await loadWorkspaceCommands(workspace, flags, env, {
    heldSecrets,
    logger,
    written,
  });
  const settings = withExtensionServers(ownSettings, extensions, logger);
  const policy = await loadCliPolicy({ ...flags, yolo: false, settings, extensions });
  const agents = await loadAgents(
    [
      { ...projectAgentsFolder(workspace), mayLoad: written.mayLoad },
      ...extensionAgentFolders(extensions),
    ],
    logger,
  );
  return {
    settings,
    ownSettings,
    commands: registry,
    extensionContextFiles: extensionContextFiles(extensions),
    agents,
    policy,
    heldBack: written.warnings,
  };
}

function loadWorkspaceCommands(
  workspace: string,
  flags: WorkspaceFlags,
  env: NodeJS.ProcessEnv,
  options: { heldSecrets: readonly string[]; logger: Logger; written: WrittenConfiguration },
): Promise<RunCommands> {
  return loadRunCommands({
    workspaceRoot: workspace,
    configRoot: workspace,
    paths: flags.extensions,
    pathsSetting: '--extension',
    env,
    forbiddenValues: options.heldSecrets,
    logger: options.logger,
    mayLoad: options.written.mayLoad,
  });
}

/** The custom commands of each workspace, for `commands/get` and `command/execute`. */
export function workspaceCommandCatalog(
  flags: WorkspaceFlags,
  env: NodeJS.ProcessEnv,
  heldSecrets: readonly string[],
  logger: Logger,
): CommandCatalog {
  const registryOf = async (workspace: string) => {
    const written = await checkWrittenConfiguration({
      workspace,
      extensionPaths: flags.extensions,
      env,
    });
    const quiet = quietLogger(logger);
    return (
      await loadWorkspaceCommands(workspace, flags, env, { heldSecrets, logger: quiet, written })
    ).registry;
  };
  return {
    async list(workspace) {
      return (await registryOf(workspace))
        .list()
        .map(({ name, description }) => ({ name, description }));
    },
    async problemWith(workspace, name) {
      const registry = await registryOf(workspace);
      const found = registry.lookup(name);
      if (found.kind === 'command') return undefined;
      if (found.kind === 'broken') return found.problem.error.message;
      const known = registry.list().map((command) => `/${command.name}`);
      return `There is no command /${name} in ${workspace}. ${known.length === 0 ? `It has no custom commands (${REPOSITORY_COMMANDS_PATH}/*.toml).` : `Its commands: ${known.join(', ')}.`}`;
    },
  };
}

/** The logger with its informational lines moved to debug: for set-ups read only to list things. */
export function quietLogger(logger: Logger): Logger {
  return {
    debug: (message) => {
      logger.debug(message);
    },
    info: (message) => {
      logger.debug(message);
    },
    warning: (message) => {
      logger.warning(message);
    },
    error: (message) => {
      logger.error(message);
    },
  };
}
