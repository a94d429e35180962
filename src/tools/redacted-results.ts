/**
 * Extension tools hold secrets the model must not see: the values `$VAR` expansion gave an MCP
 * server. A server that echoes its environment or a header (by bug or because the model asked it
 * to) would hand them to the model. So their results are redacted before the model or the
 * transcript reads them.
 */
import type { Part, PartListUnion } from '@google/genai';
import type { Redact } from '../platform/redaction.js';
import type { Tool, ToolDisplay, ToolInvocation, ToolResult } from './tool-types.js';
import { isBuildError } from './tool-types.js';

/** The same tool, with every text of its results redacted. */
export function withRedactedResults<P>(tool: Tool<P>, redact: Redact): Tool<P> {
  const wrapped: Tool<P> = {
    name: tool.name,
    displayName: tool.displayName,
    description: tool.description,
    kind: tool.kind,
    parametersJsonSchema: tool.parametersJsonSchema,
    ...(tool.serverName === undefined ? {} : { serverName: tool.serverName }),
    build(args) {
      const built = tool.build(args);
      return isBuildError(built) ? built : redactedInvocation(built, redact);
    },
    declaration: () => tool.declaration(),
  };
  return tool.dispose === undefined
    ? wrapped
    : { ...wrapped, dispose: () => tool.dispose?.() ?? Promise.resolve() };
}

function redactedInvocation<P>(invocation: ToolInvocation<P>, redact: Redact): ToolInvocation<P> {
  return {
    params: invocation.params,
    describe: () => invocation.describe(),
    locations: () => invocation.locations(),
    confirmationDetails: (signal) => invocation.confirmationDetails(signal),
    execute: async (signal, onOutput) =>
      redactResult(
        await invocation.execute(
          signal,
          onOutput === undefined
            ? undefined
            : (output) => {
                onOutput(redact(output));
              },
        ),
        redact,
      ),
  };
}

export function redactResult(result: ToolResult, redact: Redact): ToolResult {
  return {
    ...result,
    llmContent: redactParts(result.llmContent, redact),
    returnDisplay: redactDisplay(result.returnDisplay, redact),
    ...(result.error === undefined
      ? {}
      : { error: { ...result.error, message: redact(result.error.message) } }),
  };
}

function redactParts(content: PartListUnion, redact: Redact): PartListUnion {
  if (typeof content === 'string') return redact(content);
  if (Array.isArray(content)) {
    return content.map((part) =>
      typeof part === 'string' ? redact(part) : redactPart(part, redact),
    );
  }
  return redactPart(content, redact);
}

function redactPart(part: Part, redact: Redact): Part {
  return part.text === undefined ? part : { ...part, text: redact(part.text) };
}

function redactDisplay(display: ToolDisplay, redact: Redact): ToolDisplay {
  return typeof display === 'string' ? redact(display) : display;
}
