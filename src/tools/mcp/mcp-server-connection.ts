/**
 * One connected MCP server: the SDK client over its transport, the tools it lists, and tool calls
 * whose failures are explained in words a maintainer (and the model) can act on — the server did
 * not answer in time, its process exited, it is no longer connected.
 */
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, ListRootsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Tool as McpToolDescription } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerSettings } from '../../config/settings-types.js';
import { errorMessage } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { VERSION } from '../../platform/version.js';
import type { ToolProcesses } from '../tool-processes.js';
import type { McpCallResult } from './mcp-parts.js';
import { mcpResultLimitProblem } from './mcp-parts.js';
import { uncheckedOutputSchemas } from './mcp-schema.js';
import type { McpToolArgs, McpToolCaller } from './mcp-tool.js';
import type { CreatedTransport, McpTransportKind } from './mcp-transport.js';
import { createMcpTransport } from './mcp-transport.js';
import { stderrSection } from './mcp-stdio-transport.js';

/** A server listing more pages of tools than this is not listed further. */
const MAX_TOOL_PAGES = 100;

export type { McpToolDescription };

export interface OpenMcpServerOptions {
  serverName: string;
  settings: McpServerSettings;
  processes: ToolProcesses;
  logger: Logger;
  /** Starting, the handshake and listing the tools must finish within this. */
  connectTimeoutMs: number;
  signal?: AbortSignal;
}

/** A server could not be started or reached; `stderr` holds what a stdio server said last. */
export class McpConnectError extends Error {
  constructor(
    message: string,
    readonly stderr: string[],
  ) {
    super(message);
    this.name = 'McpConnectError';
  }
}

export class McpServerConnection implements McpToolCaller {
  private closing: Promise<void> | undefined;
  /** The handshake completed. */
  private ready = false;
  /** The connection ended (the process exited, the server hung up, or `close()`). */
  private lost = false;

  private constructor(
    readonly serverName: string,
    readonly kind: McpTransportKind,
    private readonly client: Client,
    private readonly created: CreatedTransport,
  ) {}

  /**
   * Starts or reaches the server and completes the MCP handshake. Rejects with the reason in a
   * phrase (`the command "x" was not found`, `it did not answer within 60 s`); the transport is
   * closed again by then.
   */
  static async open(options: OpenMcpServerOptions): Promise<McpServerConnection> {
    const { serverName, logger } = options;
    const deadline = deadlineSignal(options.connectTimeoutMs, options.signal);
    const created = await createMcpTransport(options.settings, {
      processes: options.processes,
      onStderrLine: (line) => {
        logger.debug(`[MCP server '${serverName}' stderr] ${line}`);
      },
    });
    const client = new Client(
      { name: 'gemini-agent-action', version: VERSION },
      {
        // Roots tell file-oriented servers which directory the run works in.
        capabilities: { roots: { listChanged: false } },
        // The server's output schemas are not compiled (see mcp-schema.ts).
        jsonSchemaValidator: uncheckedOutputSchemas,
      },
    );
    // Not where the workspace may hold code the configuration did not come from: a server is not
    // told of files it could load as code (its command line may not name them either).
    const root = options.processes.workspaceRoot;
    const roots = options.processes.launchesOutsideWorkspace
      ? []
      : [{ uri: pathToFileURL(root).href, name: basename(root) }];
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
    const connection = new McpServerConnection(serverName, created.kind, client, created);
    client.onerror = (error) => {
      logger.debug(`MCP server '${serverName}': ${error.message}`);
    };
    client.onclose = () => {
      connection.lost = true;
      // A server that goes away during the run (not at its end) is worth a line in the log.
      if (connection.ready && connection.closing === undefined) {
        logger.warning(
          `MCP server '${serverName}' closed the connection${connection.exitClause()}; calls of its tools fail from now on.${stderrSection(connection.stderrTail())}`,
        );
      }
    };
    try {
      await client.connect(created.transport, {
        timeout: options.connectTimeoutMs,
        signal: deadline,
      });
    } catch (error) {
      const reason = connection.explain(error, {
        timeoutMs: options.connectTimeoutMs,
        signal: deadline,
        request: 'startup',
      });
      await connection.close();
      throw new McpConnectError(reason, connection.stderrTail());
    }
    connection.ready = true;
    return connection;
  }

  /** Every tool the server lists (following pagination). */
  async listTools(options: {
    timeoutMs: number;
    signal?: AbortSignal;
  }): Promise<McpToolDescription[]> {
    const signal = deadlineSignal(options.timeoutMs, options.signal);
    const tools: McpToolDescription[] = [];
    let cursor: string | undefined;
    try {
      for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
        const result = await this.client.listTools(cursor === undefined ? {} : { cursor }, {
          timeout: options.timeoutMs,
          signal,
        });
        tools.push(...result.tools);
        cursor = result.nextCursor;
        if (cursor === undefined) break;
      }
    } catch (error) {
      throw new Error(this.explain(error, { ...options, signal, request: 'startup' }), {
        cause: error,
      });
    }
    return tools;
  }

  async callTool(
    request: { name: string; arguments: McpToolArgs },
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<McpCallResult> {
    if (this.lost || this.closing) {
      throw new Error(`the server is no longer connected${this.exitClause()}.`);
    }
    let result: Awaited<ReturnType<Client['callTool']>>;
    try {
      result = await this.client.callTool(request, undefined, {
        timeout: options.timeoutMs,
        signal: options.signal,
      });
    } catch (error) {
      throw new Error(`${this.explain(error, { ...options, request: 'call' })}.`, {
        cause: error,
      });
    }
    // Before anything walks the result or writes it out as JSON.
    const problem = mcpResultLimitProblem(result);
    if (problem !== undefined) throw new Error(`its result was refused: ${problem}`);
    return toCallResult(result);
  }

  /** The last lines a stdio server wrote to stderr (for the log, never for the model). */
  stderrTail(): string[] {
    return this.created.process?.lastStderrLines() ?? [];
  }

  /** Ends the session and the transport (a stdio server's whole process group). Never throws. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        // Closes the transport too (for stdio: the server's whole process group).
        await this.client.close();
      } catch {
        await this.created.transport.close().catch(() => undefined);
      }
    })();
    return this.closing;
  }

  /**
   * Why a request failed, as a phrase. A tool call's time limit is the server's `timeout`
   * setting; starting up has the run's own limit.
   */
  private explain(
    error: unknown,
    options: { timeoutMs: number; signal?: AbortSignal | undefined; request: 'call' | 'startup' },
  ): string {
    const limit = formatSeconds(options.timeoutMs);
    const timedOut =
      options.signal?.aborted === true
        ? isTimeout(options.signal.reason)
        : error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number);
    if (timedOut) {
      return options.request === 'call'
        ? `it did not answer within ${limit} (the server's "timeout" setting); the request was cancelled`
        : `it did not answer within ${limit}`;
    }
    // The SDK reports any abort as a timeout; the signal says what really happened.
    if (options.signal?.aborted === true) {
      return `the request was cancelled (${errorMessage(options.signal.reason)})`;
    }
    if (error instanceof McpError && error.code === (ErrorCode.ConnectionClosed as number)) {
      return `the server closed the connection${this.exitClause()}`;
    }
    const message = errorMessage(error);
    if (message === 'Not connected') return `the server is no longer connected${this.exitClause()}`;
    // The HTTP transports' errors carry the status as `code`; their messages do not always say it.
    const status = (error as { code?: unknown } | null)?.code;
    if (
      typeof status === 'number' &&
      status >= 100 &&
      status < 600 &&
      !message.includes(`${status}`)
    ) {
      return `${message} (HTTP ${status})`;
    }
    const cause = (error as { cause?: unknown } | null)?.cause;
    return cause === undefined ? message : `${message} (${errorMessage(cause)})`;
  }

  /**
   * ` (its process exited with code 1)` for a stdio server that has ended; why, when the
   * transport cut the server off (a message past the limit).
   */
  private exitClause(): string {
    const failure = this.created.failure();
    if (failure !== undefined) return ` (${failure})`;
    const exit = this.created.process?.exitDescription();
    return exit === undefined ? '' : ` (its process ${exit})`;
  }
}

/** The fields of a `tools/call` result that matter here. */
function toCallResult(result: Record<string, unknown>): McpCallResult {
  const content = result['content'];
  if (!Array.isArray(content)) {
    // The protocol's first version answered with `toolResult` instead of content blocks.
    return { content: [{ type: 'text', text: JSON.stringify(result['toolResult']) }] };
  }
  return {
    content,
    ...(result['structuredContent'] === undefined
      ? {}
      : { structuredContent: result['structuredContent'] }),
    ...(result['isError'] === true ? { isError: true } : {}),
  };
}

/** Aborts after `ms`, or when `outer` aborts. */
function deadlineSignal(ms: number, outer: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return outer ? AbortSignal.any([outer, timeout]) : timeout;
}

/** The reason `AbortSignal.timeout` aborts with. */
function isTimeout(reason: unknown): boolean {
  return (reason as { name?: unknown } | null)?.name === 'TimeoutError';
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
