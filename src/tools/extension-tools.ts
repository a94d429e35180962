/**
 * The tools settings.json adds to a session: those of its MCP servers and those its discovery
 * command declares. Every process they need starts through the session's `ToolProcesses` (its
 * sandbox and allow-listed environment). A server that cannot be reached is left out with a
 * warning and the run goes on; a broken discovery command is a configuration error, since the
 * maintainer asked for those tools by name.
 */
import type { AgentSettings } from '../config/settings-types.js';
import type { Logger } from '../platform/logger.js';
import { createRedactor } from '../platform/redaction.js';
import { discoverTools } from './discovered/discover-tools.js';
import type { McpServerStatus } from './mcp/mcp-connections.js';
import { withRedactedResults } from './redacted-results.js';
import type { ToolProcesses } from './tool-processes.js';
import type { Tool } from './tool-types.js';

export interface ExtensionTools {
  tools: Tool[];
  /** Each configured MCP server and what came of it, for the log and the job summary. */
  servers: McpServerStatus[];
  /** Stops the MCP servers; never throws. */
  close(): Promise<void>;
}

export interface LoadExtensionToolsOptions {
  settings: AgentSettings;
  processes: ToolProcesses;
  logger: Logger;
  /** The built-in tools' names: an extension tool with one of them is qualified or left out. */
  reservedNames: ReadonlySet<string>;
  signal?: AbortSignal;
}

export async function loadExtensionTools(
  options: LoadExtensionToolsOptions,
): Promise<ExtensionTools> {
  const { settings, processes, logger } = options;
  const discovered =
    settings.discoveryCommand === undefined
      ? []
      : await discoverTools({
          discoveryCommand: settings.discoveryCommand,
          callCommand: settings.callCommand,
          processes,
          logger,
          source: settings.source,
          ...(options.signal ? { signal: options.signal } : {}),
        });
  const clashing = discovered.filter((tool) => options.reservedNames.has(tool.name));
  for (const tool of clashing) {
    logger.warning(
      `The discovered tool "${tool.name}" has the name of a built-in tool and is left out.`,
    );
  }
  const kept: Tool[] = discovered.filter((tool) => !options.reservedNames.has(tool.name));
  if (kept.length > 0) {
    logger.info(
      `Discovered ${kept.length} tool(s) with ${settings.discoveryCommand ?? ''}: ${kept.map((tool) => tool.name).join(', ')}.`,
    );
  }
  // What a server was given (its expanded `env` and `headers`) never comes back to the model.
  const { redact } = createRedactor({ secrets: settings.expandedValues });
  if (Object.keys(settings.mcpServers).length === 0) {
    return {
      tools: kept.map((tool) => withRedactedResults(tool, redact)),
      servers: [],
      close: () => Promise.resolve(),
    };
  }
  // Loaded only when a server is configured: the MCP client and its dependencies would otherwise
  // add to every run's start-up.
  const { connectMcpServers } = await import('./mcp/mcp-connections.js');
  const mcp = await connectMcpServers({
    servers: settings.mcpServers,
    ...(settings.mcpAllowed ? { allowed: settings.mcpAllowed } : {}),
    ...(settings.mcpExcluded ? { excluded: settings.mcpExcluded } : {}),
    processes,
    logger,
    reservedNames: new Set([...options.reservedNames, ...kept.map((tool) => tool.name)]),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  for (const server of mcp.servers) {
    if (server.state === 'connected') {
      logger.info(
        `MCP server ${server.name} (${server.transport ?? 'unknown'}): ${server.tools.length} tool(s)${server.tools.length > 0 ? `: ${server.tools.join(', ')}` : ''}.`,
      );
    }
  }
  return {
    tools: [...kept, ...mcp.tools].map((tool) => withRedactedResults(tool, redact)),
    servers: mcp.servers,
    close: () => mcp.close(),
  };
}
