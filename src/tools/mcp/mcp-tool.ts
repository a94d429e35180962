/**
 * One tool of an MCP server, as the session sees it: declared with the server's own input schema,
 * confirmed with `mcp` details (the policy answers), and executed as a `tools/call` with a time
 * limit. Whatever goes wrong — the server reports an error, does not answer in time, or is gone —
 * becomes an `mcp_tool_error` result the model reads; the session goes on.
 */
import { errorMessage } from '../../platform/errors.js';
import type { ConfirmationDetails, Tool, ToolInvocation, ToolResult } from '../tool-types.js';
import { cutMiddle } from '../shell-output.js';
import type { McpCallResult } from './mcp-parts.js';
import {
  mcpResultDisplay,
  mcpResultText,
  mcpResultToParts,
  mcpToolErrorMessage,
} from './mcp-parts.js';
import type { ExternalToolArgs } from '../external-schema-tool.js';
import { ExternalSchemaTool } from '../external-schema-tool.js';
import { ellipsize } from '../../platform/text.js';

/** The Gemini CLI's default for a call without a configured `timeout`: ten minutes. */
export const DEFAULT_MCP_TIMEOUT_MS = 600_000;

/** How the confirmation is titled (as in the Gemini CLI). */
export const MCP_CONFIRMATION_TITLE = 'Confirm MCP Tool Execution';

/** Longest argument summary in a call's one-line description. */
const DESCRIBE_ARGS_CHARS = 120;

export type McpToolArgs = ExternalToolArgs;

/** Sends one `tools/call` to the server; rejects with a readable reason when the call fails. */
export interface McpToolCaller {
  callTool(
    request: { name: string; arguments: McpToolArgs },
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<McpCallResult>;
}

export interface McpToolOptions {
  /** The name the model calls it by (see `assignExposedNames`). */
  name: string;
  serverName: string;
  /** The server's own name for the tool, used in `tools/call`. */
  serverToolName: string;
  description: string;
  /** The server's `inputSchema`, declared as it is. */
  inputSchema: Record<string, unknown>;
  /** The server's hints (`readOnlyHint`, `destructiveHint`, …), for policy `toolAnnotations`. */
  annotations?: Readonly<Record<string, unknown>>;
  /** Per-call limit; default {@link DEFAULT_MCP_TIMEOUT_MS}. */
  timeoutMs?: number;
  caller: McpToolCaller;
}

export class McpTool extends ExternalSchemaTool implements Tool<McpToolArgs> {
  readonly serverName: string;
  readonly serverToolName: string;
  readonly annotations: Readonly<Record<string, unknown>> | undefined;
  readonly timeoutMs: number;
  private readonly caller: McpToolCaller;

  constructor(options: McpToolOptions) {
    super({
      name: options.name,
      displayName: `${options.serverToolName} (${options.serverName} MCP Server)`,
      description: options.description,
      parametersJsonSchema: options.inputSchema,
    });
    this.serverName = options.serverName;
    this.serverToolName = options.serverToolName;
    this.annotations = options.annotations;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
    this.caller = options.caller;
  }

  protected invocation(params: McpToolArgs): ToolInvocation<McpToolArgs> {
    return {
      params,
      describe: () => `${this.serverName}: ${this.serverToolName}(${summarizeArgs(params)})`,
      locations: () => [],
      confirmationDetails: (): Promise<ConfirmationDetails> =>
        Promise.resolve({
          type: 'mcp',
          title: MCP_CONFIRMATION_TITLE,
          serverName: this.serverName,
          toolName: this.serverToolName,
          toolDisplayName: this.name,
        }),
      execute: (signal) => this.execute(params, signal),
    };
  }

  private async execute(params: McpToolArgs, signal: AbortSignal): Promise<ToolResult> {
    let result: McpCallResult;
    try {
      result = await this.caller.callTool(
        { name: this.serverToolName, arguments: params },
        { timeoutMs: this.timeoutMs, signal },
      );
    } catch (error) {
      return this.failure(
        `MCP tool '${this.serverToolName}' (server '${this.serverName}') failed: ${errorMessage(error)}`,
      );
    }
    if (result.isError === true) {
      const serverText = mcpResultText(result);
      const message = mcpToolErrorMessage({ toolName: this.serverToolName, args: params, result });
      return {
        llmContent: message,
        returnDisplay: cutMiddle(
          `Error: MCP tool '${this.serverToolName}' reported an error.${serverText ? `\n${serverText}` : ''}`,
        ),
        error: { message, type: 'mcp_tool_error' },
      };
    }
    return {
      llmContent: mcpResultToParts(result, this.serverToolName),
      returnDisplay: mcpResultDisplay(result),
    };
  }

  private failure(message: string): ToolResult {
    return {
      llmContent: message,
      returnDisplay: message,
      error: { message, type: 'mcp_tool_error' },
    };
  }
}

/** `key: value, …` with JSON values, cut to a readable length. */
function summarizeArgs(params: McpToolArgs): string {
  const text = Object.entries(params)
    .map(
      ([key, value]) => `${key}: ${(JSON.stringify(value) as string | undefined) ?? String(value)}`,
    )
    .join(', ');
  return ellipsize(text, DESCRIBE_ARGS_CHARS);
}
