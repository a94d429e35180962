/**
 * How to reach one configured MCP server, as the Gemini CLI decides it: `httpUrl` is streamable
 * HTTP, `url` is SSE (or streamable HTTP with `type: "http"`), `command` is a program started over
 * stdio. Stdio servers start through the run's `ToolProcesses`: in its sandbox, with the
 * allow-listed environment plus the server's own `env`, in the workspace or their `cwd` — never
 * in the workspace when it may hold code the configuration did not come from
 * (tools/configured-launch.ts). Whichever the transport, one message is held only up to
 * `MAX_MCP_MESSAGE_BYTES` (mcp-message-limits.ts).
 */
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerSettings } from '../../config/settings-types.js';
import { errorMessage } from '../../platform/errors.js';
import type { SandboxCommand } from '../../platform/sandbox/sandbox-types.js';
import type { ToolProcesses } from '../tool-processes.js';
import { boundedMessageFetch } from './mcp-message-limits.js';
import { ProcessStdioTransport } from './mcp-stdio-transport.js';

export type McpTransportKind = 'stdio' | 'sse' | 'http';

/** Which transport the settings ask for; undefined when they name no way to reach the server. */
export function mcpTransportKind(settings: McpServerSettings): McpTransportKind | undefined {
  if (settings.httpUrl !== undefined) return 'http';
  if (settings.url !== undefined) return settings.type === 'http' ? 'http' : 'sse';
  if (settings.command !== undefined) return 'stdio';
  return undefined;
}

export interface CreatedTransport {
  kind: McpTransportKind;
  transport: Transport;
  /** Set for stdio servers: the process, for exit status and stderr. */
  process?: ProcessStdioTransport;
  /**
   * Why the transport cut the server off itself (a message past `MAX_MCP_MESSAGE_BYTES`, in a
   * phrase: `it sent a message of more than … bytes …`); undefined unless it did.
   */
  failure(): string | undefined;
}

export interface CreateTransportOptions {
  processes: ToolProcesses;
  /** Each stderr line of a stdio server. */
  onStderrLine?: (line: string) => void;
}

export async function createMcpTransport(
  settings: McpServerSettings,
  options: CreateTransportOptions,
): Promise<CreatedTransport> {
  const kind = mcpTransportKind(settings);
  if (kind === undefined) {
    throw new Error('it has none of "command" (stdio), "url" (SSE) or "httpUrl" (streamable HTTP)');
  }
  if (kind === 'stdio') {
    const { processes } = options;
    const command = settings.command ?? '';
    // In the workspace (or the configured cwd); outside it when the workspace holds code the
    // configuration did not come from.
    const { cwd, env } = processes.configuredProcess({
      ...(settings.cwd === undefined ? {} : { cwd: settings.cwd }),
      extra: settings.env ?? {},
    });
    let prepared: SandboxCommand;
    try {
      prepared = await processes.prepare({ argv: [command, ...(settings.args ?? [])], env, cwd });
    } catch (error) {
      // Never started unconfined instead.
      throw new Error(`the sandbox could not start it: ${errorMessage(error)}`, { cause: error });
    }
    const transport = new ProcessStdioTransport({
      command: prepared,
      ...(options.onStderrLine ? { onStderrLine: options.onStderrLine } : {}),
    });
    return { kind, transport, process: transport, failure: () => transport.failureDescription() };
  }
  const address = settings.httpUrl ?? settings.url ?? '';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error(`"${address}" is not a valid URL`);
  }
  const requestInit: RequestInit = settings.headers ? { headers: { ...settings.headers } } : {};
  // Each message the server sends is held up to the limit; past it, the connection is closed, so
  // its pending calls fail at once saying why (the SDK alone would wait for them, or reconnect).
  let failure: string | undefined;
  const fetch = boundedMessageFetch((error) => {
    if (failure !== undefined) return;
    failure = `${error.message}, so the connection was closed`;
    // Only ever called from a response, so once `transport` below is there.
    void transport.close();
  });
  const transport =
    kind === 'http'
      ? new StreamableHTTPClientTransport(url, { requestInit, fetch })
      : // Deprecated in the protocol, but `url` servers of Gemini CLI settings still speak it.
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        new SSEClientTransport(url, { requestInit, fetch });
  return { kind, transport, failure: () => failure };
}
