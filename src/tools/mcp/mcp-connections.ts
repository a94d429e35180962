/**
 * Starts every configured MCP server at once and turns their tools into session tools. A server
 * that cannot be started, reached or listed is left out with a log line saying why; the run goes
 * on with the others. `close()` ends them all when the session is over.
 */
import type { McpServerSettings } from '../../config/settings-types.js';
import { errorMessage } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { ToolProcesses } from '../tool-processes.js';
import { assignExposedNames } from './mcp-names.js';
import { MAX_DECLARED_TOOLS, tooManyToolsMessage } from '../declaration-limits.js';
import { mcpToolProblem } from './mcp-schema.js';
import { McpConnectError, McpServerConnection } from './mcp-server-connection.js';
import type { McpToolDescription } from './mcp-server-connection.js';
import { isMcpToolEnabled, mcpServerDisabledReason } from './mcp-tool-filter.js';
import { DEFAULT_MCP_TIMEOUT_MS, McpTool } from './mcp-tool.js';
import { stderrSection } from './mcp-stdio-transport.js';
import { mcpTransportKind } from './mcp-transport.js';
import type { McpTransportKind } from './mcp-transport.js';

/**
 * How long a server gets to start, shake hands and list its tools. Generous, because `npx` may
 * first download the server; a server that takes longer is left out rather than holding up the run.
 */
export const DEFAULT_MCP_CONNECT_TIMEOUT_MS = 120_000;
/** How long closing one server may take before it is given up on (its process group is killed). */
const CLOSE_LIMIT_MS = 10_000;

export interface ConnectMcpServersOptions {
  /** `mcpServers` from the settings, in the file's order. */
  servers: Readonly<Record<string, McpServerSettings>>;
  /** `mcp.allowed`: when set, only these servers are started. */
  allowed?: readonly string[];
  /** `mcp.excluded`: never started. */
  excluded?: readonly string[];
  /** Where stdio servers run: the session's sandbox and allow-listed environment. */
  processes: ToolProcesses;
  logger: Logger;
  /** Names already taken (the built-in tools): an MCP tool with one of them is qualified. */
  reservedNames: ReadonlySet<string>;
  connectTimeoutMs?: number;
  signal?: AbortSignal;
}

export interface McpSkippedTool {
  /** The server's own name for the tool. */
  name: string;
  reason: string;
}

/** One configured server, for the log and the job summary. */
export interface McpServerStatus {
  name: string;
  /** Undefined when the settings name no transport. */
  transport: McpTransportKind | undefined;
  /** `disabled`: not started because of `mcp.allowed` / `mcp.excluded`. */
  state: 'connected' | 'failed' | 'disabled';
  /** The names its tools are offered under. */
  tools: string[];
  /** Tools the server lists that are not offered, and why (not those its settings filter out). */
  skippedTools: McpSkippedTool[];
  /** Why it is failed or disabled. */
  reason?: string;
}

export interface McpConnections {
  /** In settings order, each server's tools in its listing order. */
  tools: McpTool[];
  servers: McpServerStatus[];
  /** Ends every server (stdio servers' process groups included). Never throws. */
  close(): Promise<void>;
}

interface Candidate {
  serverName: string;
  toolName: string;
  description: McpToolDescription;
  connection: McpServerConnection;
}

type Discovery =
  | { ok: true; connection: McpServerConnection; tools: McpToolDescription[] }
  | { ok: false; reason: string; stderr: string[] };

export async function connectMcpServers(
  options: ConnectMcpServersOptions,
): Promise<McpConnections> {
  const { logger } = options;
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_MCP_CONNECT_TIMEOUT_MS;
  const entries = Object.entries(options.servers);
  const statuses: McpServerStatus[] = [];
  const discoveries = entries.map(([name, settings]): Promise<Discovery> | undefined => {
    const status: McpServerStatus = {
      name,
      transport: mcpTransportKind(settings),
      state: 'connected',
      tools: [],
      skippedTools: [],
    };
    statuses.push(status);
    const disabled = mcpServerDisabledReason(name, options);
    if (disabled !== undefined) {
      status.state = 'disabled';
      status.reason = disabled;
      logger.info(`MCP server '${name}' is not started: ${disabled}.`);
      return undefined;
    }
    return discover(name, settings, { ...options, timeoutMs });
  });
  const settled = await Promise.all(
    discoveries.map((discovery) => discovery ?? Promise.resolve(undefined)),
  );

  const connections: McpServerConnection[] = [];
  const candidates: Candidate[] = [];
  settled.forEach((discovery, index) => {
    const status = statuses[index];
    const settings = entries[index]?.[1];
    if (discovery === undefined || status === undefined || settings === undefined) return;
    if (!discovery.ok) {
      status.state = 'failed';
      status.reason = discovery.reason;
      logger.warning(failureLine(status, discovery.stderr));
      return;
    }
    connections.push(discovery.connection);
    candidates.push(
      ...offerable(discovery.connection, discovery.tools, { status, settings, logger }),
    );
  });
  const tools = buildTools(candidates, {
    statuses,
    servers: options.servers,
    reservedNames: options.reservedNames,
    logger,
  });

  // A server none of whose tools is offered has nothing to do in this run.
  const idle = connections.filter(
    (connection) =>
      statuses.find((status) => status.name === connection.serverName)?.tools.length === 0,
  );
  await Promise.all(idle.map((connection) => closeWithin(connection, logger)));
  for (const status of statuses) {
    if (status.state !== 'connected') continue;
    logger.info(connectedLine(status));
  }

  const active = connections.filter((connection) => !idle.includes(connection));
  let closing: Promise<void> | undefined;
  return {
    tools,
    servers: statuses,
    close: () => {
      closing ??= Promise.all(active.map((connection) => closeWithin(connection, logger))).then(
        () => undefined,
      );
      return closing;
    },
  };
}

/** The server's tools its settings let through and whose schemas the model can be given. */
function offerable(
  connection: McpServerConnection,
  descriptions: readonly McpToolDescription[],
  context: { status: McpServerStatus; settings: McpServerSettings; logger: Logger },
): Candidate[] {
  const { status, logger } = context;
  const candidates: Candidate[] = [];
  for (const [index, description] of descriptions.entries()) {
    const toolName = description.name;
    if (!isMcpToolEnabled(toolName, context.settings)) {
      logger.debug(
        `MCP tool '${toolName}' of server '${status.name}' is filtered out by its settings.`,
      );
      continue;
    }
    const problem = mcpToolProblem(description);
    if (problem?.kind === 'untyped') {
      status.skippedTools.push({ name: toolName, reason: problem.message });
      logger.warning(
        `Skipping tool '${toolName}' from MCP server '${status.name}' because it has missing types in its parameter schema. Please file an issue with the owner of the MCP server.`,
      );
      continue;
    }
    if (problem !== undefined) {
      status.skippedTools.push({ name: toolName, reason: problem.message });
      logger.warning(
        `Skipping tool '${toolName}' from MCP server '${status.name}': ${problem.message}`,
      );
      continue;
    }
    if (candidates.length === MAX_DECLARED_TOOLS) {
      const rest = descriptions.slice(index);
      const reason = tooManyToolsMessage(descriptions.length, rest.length);
      for (const tool of rest) status.skippedTools.push({ name: tool.name, reason });
      logger.warning(`MCP server '${status.name}': ${reason}`);
      break;
    }
    candidates.push({ serverName: status.name, toolName, description, connection });
  }
  return candidates;
}

/** The session tools, under the names `assignExposedNames` gives them; the statuses list them. */
function buildTools(
  candidates: readonly Candidate[],
  context: {
    statuses: readonly McpServerStatus[];
    servers: Readonly<Record<string, McpServerSettings>>;
    reservedNames: ReadonlySet<string>;
    logger: Logger;
  },
): McpTool[] {
  const { logger } = context;
  const tools: McpTool[] = [];
  for (const exposed of assignExposedNames(candidates, context.reservedNames)) {
    const { tool: candidate } = exposed;
    const status = context.statuses.find((entry) => entry.name === candidate.serverName);
    if (exposed.name === undefined) {
      status?.skippedTools.push({ name: candidate.toolName, reason: exposed.reason });
      logger.warning(
        `Skipping tool '${candidate.toolName}' from MCP server '${candidate.serverName}': ${exposed.reason}.`,
      );
      continue;
    }
    if (exposed.qualified) {
      logger.info(
        `MCP tool '${candidate.toolName}' of server '${candidate.serverName}' is offered as '${exposed.name}': another tool has its name.`,
      );
    }
    const { description } = candidate;
    tools.push(
      new McpTool({
        name: exposed.name,
        serverName: candidate.serverName,
        serverToolName: candidate.toolName,
        description: description.description ?? '',
        inputSchema: description.inputSchema,
        ...(description.annotations ? { annotations: description.annotations } : {}),
        timeoutMs: context.servers[candidate.serverName]?.timeout ?? DEFAULT_MCP_TIMEOUT_MS,
        caller: candidate.connection,
      }),
    );
    status?.tools.push(exposed.name);
  }
  return tools;
}

async function discover(
  serverName: string,
  settings: McpServerSettings,
  options: ConnectMcpServersOptions & { timeoutMs: number },
): Promise<Discovery> {
  // One budget for starting, the handshake and the listing.
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let connection: McpServerConnection;
  try {
    connection = await McpServerConnection.open({
      serverName,
      settings,
      processes: options.processes,
      logger: options.logger,
      connectTimeoutMs: options.timeoutMs,
      signal,
    });
  } catch (error) {
    return { ok: false, reason: errorMessage(error), stderr: stderrOf(error) };
  }
  try {
    const tools = await connection.listTools({ timeoutMs: options.timeoutMs, signal });
    return { ok: true, connection, tools };
  } catch (error) {
    const stderr = connection.stderrTail();
    await closeWithin(connection, options.logger);
    return { ok: false, reason: `listing its tools failed: ${errorMessage(error)}`, stderr };
  }
}

/** What a stdio server wrote to stderr before it failed to start. */
function stderrOf(error: unknown): string[] {
  return error instanceof McpConnectError ? error.stderr : [];
}

function transportLabel(status: McpServerStatus): string {
  return status.transport ?? 'no transport';
}

function connectedLine(status: McpServerStatus): string {
  const head = `MCP server '${status.name}' (${transportLabel(status)})`;
  if (status.tools.length === 0)
    return `${head} connected but offers no usable tools; it was stopped.`;
  const count = status.tools.length === 1 ? '1 tool' : `${status.tools.length} tools`;
  return `${head} connected: ${count} (${status.tools.join(', ')}).`;
}

function failureLine(status: McpServerStatus, stderr: readonly string[]): string {
  return `MCP server '${status.name}' (${transportLabel(status)}) is not used: ${status.reason ?? 'unknown reason'}. The run goes on without its tools.${stderrSection(stderr)}`;
}

async function closeWithin(connection: McpServerConnection, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout');
    }, CLOSE_LIMIT_MS);
    timer.unref();
  });
  const outcome = await Promise.race([connection.close().then(() => 'closed' as const), limit]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    logger.warning(`MCP server '${connection.serverName}' did not shut down in time.`);
  }
}
