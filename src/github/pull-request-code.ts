/**
 * A pull request's code never runs as a program the configuration starts. On a pull request the
 * configuration is the base branch's (pull-request-config.ts), but the workspace holds the pull
 * request's code whenever the workflow checked it out. So, when it may (fork-workspace.ts), every
 * process the configuration starts — stdio MCP servers of settings.json and of extensions, the
 * discovery and call commands — runs from the base branch's files, or not at all:
 *
 * - each repository extension (`.gemini/extensions/<name>/`) whose servers start is copied from
 *   the base commit into a private folder outside the workspace (base-copies.ts); an extension
 *   folder the workflow names that lies in the workspace but came from an earlier step, not from
 *   the pull request's commit, is copied there from the workspace (extension-copy.ts), and one the
 *   pull request's commit holds is refused, since its manifest is the pull request's;
 * - each process is pointed at those copies and started in that folder, never in the workspace; a
 *   process that names any other path of the workspace (`node scripts/server.js`, a discovery
 *   script, `${workspacePath}`) is not started (tools/configured-launch.ts);
 * - the report says, for each, which: run from a copy, or not started and why.
 */
import { chmod, mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyExtensionFolder } from '../custom-commands/extensions/extension-copy.js';
import type { LoadedExtension } from '../custom-commands/extensions/load-extensions.js';
import type { AgentSettings, McpServerSettings } from '../config/settings-types.js';
import { ConfigurationError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { isInsideOrSame } from '../platform/path-containment.js';
import type { LaunchContext, LaunchCopy } from '../tools/configured-launch.js';
import { checkCommandLineLaunch, checkServerLaunch } from '../tools/configured-launch.js';
import { mcpServerDisabledReason } from '../tools/mcp/mcp-tool-filter.js';
import type { BaseTreeClient } from './base-tree.js';
import { copyBaseFolders } from './base-copies.js';
import { tracksPath } from './fork-workspace.js';

/** What the report says about one configured process. */
export interface ConfiguredProcessLine {
  kind: 'mcp-server' | 'discovered-tools';
  /** The server's name; the discovery command for discovered tools. */
  name: string;
  /** Started, from the copies named; or not started. */
  started: boolean;
  /** The copied folders it runs from, and where each copy came from. */
  copies: { folder: string; from: 'base branch' | 'workflow' }[];
  reason?: string;
}

export interface PullRequestCodePlan {
  /** The settings with each process pointed at the copies; those that must not start removed. */
  settings: AgentSettings;
  lines: ConfiguredProcessLine[];
}

export interface PullRequestCodeOptions {
  /** The base commit the configuration was read at. */
  base: { owner: string; repo: string; sha: string };
  octokit: BaseTreeClient;
  workspaceRoot: string;
  /** The run's private folder (from {@link createLaunchDirectory}). */
  directory: string;
  /** The run's settings, the extensions' servers merged in (withExtensionServers). */
  settings: AgentSettings;
  extensions: readonly LoadedExtension[];
  logger: Logger;
}

/** A private folder outside the workspace, readable by the sandbox's user. */
export async function createLaunchDirectory(): Promise<string> {
  const directory = await realpath(await mkdtemp(path.join(os.tmpdir(), 'gemini-agent-base-')));
  await chmod(directory, 0o755);
  return directory;
}

export async function removeLaunchDirectory(directory: string): Promise<void> {
  await rm(directory, { recursive: true, force: true });
}

/** The plan for a run whose workspace may hold the pull request's code (see the file's top). */
export async function planPullRequestCode(
  options: PullRequestCodeOptions,
): Promise<PullRequestCodePlan> {
  const { settings, logger } = options;
  const realRoot = await realpath(options.workspaceRoot).catch(() => options.workspaceRoot);
  const roots = [...new Set([path.resolve(options.workspaceRoot), realRoot])];
  const starts = (name: string, server: McpServerSettings) =>
    server.command !== undefined &&
    mcpServerDisabledReason(name, {
      ...(settings.mcpAllowed ? { allowed: settings.mcpAllowed } : {}),
      ...(settings.mcpExcluded ? { excluded: settings.mcpExcluded } : {}),
    }) === undefined;
  // An extension's server is in the run's settings unless a settings server of its name won.
  const startedBy = (extension: LoadedExtension) =>
    Object.entries(extension.mcpServers).filter(
      ([name, server]) => settings.mcpServers[name] === server && starts(name, server),
    );

  const origins = new Map<string, 'base branch' | 'workflow'>();
  const copies: LaunchCopy[] = [];
  const fromBase: string[] = [];
  for (const extension of options.extensions) {
    if (extension.source === 'repository') {
      if (startedBy(extension).length > 0) fromBase.push(extension.shownAs);
      continue;
    }
    const folder = await realpath(extension.path).catch(() => extension.path);
    if (!isInsideOrSame(folder, realRoot)) continue;
    const repoPath = path.relative(realRoot, folder).split(path.sep).join('/');
    if (repoPath === '' || (await tracksPath(realRoot, repoPath))) {
      throw new ConfigurationError(
        `expected the extension folder ${JSON.stringify(extension.shownAs)} to come from the workflow, but the pull request's checkout holds it, so its manifest and code are the pull request's. On a pull request, vendor the extension in .gemini/extensions/${extension.name}/ (read from the base branch) or check it out in a step of its own.`,
        { input: 'extensions' },
      );
    }
    if (startedBy(extension).length === 0) continue;
    const copied = await copyExtensionFolder(folder, options.directory, repoPath);
    origins.set(repoPath, 'workflow');
    copies.push(
      copied.ok
        ? { folder: repoPath, directory: copied.directory }
        : { folder: repoPath, reason: copied.reason },
    );
  }
  for (const copy of await copyBaseFolders(options.octokit, options.base, fromBase, {
    into: options.directory,
  })) {
    origins.set(copy.folder, 'base branch');
    copies.push(copy);
  }
  for (const copy of copies) {
    if (copy.reason !== undefined) {
      logger.warning(`No copy of ${copy.folder} was made for its servers: ${copy.reason}.`);
    }
  }

  const context: LaunchContext = { workspaceRoots: roots, directory: options.directory, copies };
  const lines: ConfiguredProcessLine[] = [];
  const usedCopies = (folders: readonly string[]) =>
    folders.map((folder) => ({ folder, from: origins.get(folder) ?? ('base branch' as const) }));

  const mcpServers: Record<string, McpServerSettings> = {};
  for (const [name, server] of Object.entries(settings.mcpServers)) {
    if (!starts(name, server)) {
      mcpServers[name] = server;
      continue;
    }
    const checked = await checkServerLaunch(server, context);
    if (!checked.ok) {
      lines.push({ kind: 'mcp-server', name, started: false, copies: [], reason: checked.reason });
      continue;
    }
    mcpServers[name] = checked.value;
    lines.push({ kind: 'mcp-server', name, started: true, copies: usedCopies(checked.copies) });
  }

  const tools: Pick<AgentSettings, 'discoveryCommand' | 'callCommand'> = {};
  if (settings.discoveryCommand !== undefined) {
    const discovery = await checkCommandLineLaunch(settings.discoveryCommand, context);
    const call =
      settings.callCommand === undefined
        ? undefined
        : await checkCommandLineLaunch(settings.callCommand, context);
    if (!discovery.ok || call?.ok === false) {
      const reason = !discovery.ok
        ? `tools.discoveryCommand ${discovery.reason}`
        : `tools.callCommand ${call?.ok === false ? call.reason : ''}`;
      lines.push({
        kind: 'discovered-tools',
        name: settings.discoveryCommand,
        started: false,
        copies: [],
        reason,
      });
    } else {
      tools.discoveryCommand = discovery.value;
      if (call?.ok === true) tools.callCommand = call.value;
      const folders = [...discovery.copies, ...(call?.ok === true ? call.copies : [])];
      lines.push({
        kind: 'discovered-tools',
        name: settings.discoveryCommand,
        started: true,
        copies: usedCopies([...new Set(folders)]),
      });
    }
  }

  for (const line of lines) {
    if (!line.started) {
      logger.warning(
        `${line.kind === 'mcp-server' ? `MCP server '${line.name}'` : `The discovered tools of \`${line.name}\``} not started: ${line.reason ?? ''}.`,
      );
    }
  }
  const rest: AgentSettings = { ...settings };
  delete rest.discoveryCommand;
  delete rest.callCommand;
  return { settings: { ...rest, mcpServers, ...tools }, lines };
}
