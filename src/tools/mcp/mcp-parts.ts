/**
 * What an MCP tool's result becomes: the Gemini `Part`s the model reads, the text a human reads in
 * the transcript, and the message of a result the server marked as an error. The shapes and
 * strings are the Gemini CLI's, so a prompt written for it reads the same results here.
 */
import type { Part } from '@google/genai';
import type { ValueLimits } from '../../platform/text-limits.js';
import { valueLimitProblem } from '../../platform/text-limits.js';
import { cutMiddle, DEFAULT_MAX_OUTPUT_CHARS } from '../shell-output.js';

/** Text longer than this keeps its first 20% and last 80%, as the shell tool's output does. */
export const MAX_MCP_TEXT_CHARS = DEFAULT_MAX_OUTPUT_CHARS;

/**
 * How much one `tools/call` result may hold. A result is written out as JSON (structured content,
 * an error result, the transcript), which recursion does; a server that nests it thousands of
 * levels deep overflowed the stack there, and one of millions of content blocks would become as
 * many parts of the next request. A result has a few levels of its own (content, block, resource)
 * and the model reads at most {@link MAX_MCP_TEXT_CHARS} characters of each text, so these sit
 * far above anything it could use; an image of tens of megabytes still fits.
 */
export const MCP_RESULT_LIMITS: ValueLimits = {
  maxDepth: 64,
  maxEntries: 10_000,
  maxChars: 64 * 1024 * 1024,
};

/** Why a result passes {@link MCP_RESULT_LIMITS} (a sentence), or undefined. */
export function mcpResultLimitProblem(result: unknown): string | undefined {
  return valueLimitProblem(result, MCP_RESULT_LIMITS, 'a tool result')?.message;
}

/**
 * The result of `tools/call` as far as it matters here. Servers are not trusted to send only the
 * block types the protocol knows, so every block is looked at defensively.
 */
export interface McpCallResult {
  content?: readonly unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

type Block = Record<string, unknown>;

function asBlock(value: unknown): Block | undefined {
  return typeof value === 'object' && value !== null ? (value as Block) : undefined;
}

function stringField(block: Block | undefined, key: string): string | undefined {
  const value = block?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** `title`, else `name`, as the resource link names itself. */
function linkLabel(block: Block): string {
  return stringField(block, 'title') || (stringField(block, 'name') ?? 'undefined');
}

/**
 * The parts the model reads for one result:
 * - `text` → a text part;
 * - `image` / `audio` → a note naming the MIME type, then the data as `inlineData`;
 * - an embedded `resource` → its text, or a note and its `blob` as `inlineData`;
 * - `resource_link` → `Resource Link: <title or name> at <uri>`;
 * - anything else is left out.
 * A result with no content blocks but `structuredContent` sends that as JSON text, so the model
 * does not get an empty answer. Every text part is cut to {@link MAX_MCP_TEXT_CHARS}.
 */
export function mcpResultToParts(result: McpCallResult, toolName: string): Part[] {
  const blocks = result.content;
  if (!Array.isArray(blocks)) return [{ text: '[Error: Could not parse tool response]' }];
  if (blocks.length === 0 && result.structuredContent !== undefined) {
    return [{ text: cutMiddle(JSON.stringify(result.structuredContent)) }];
  }
  const parts: Part[] = [];
  for (const value of blocks) {
    const block = asBlock(value);
    if (block === undefined) continue;
    const type = stringField(block, 'type');
    if (type === 'text') {
      const text = stringField(block, 'text');
      if (text !== undefined) parts.push({ text: cutMiddle(text) });
    } else if (type === 'image' || type === 'audio') {
      const mimeType = stringField(block, 'mimeType') ?? 'application/octet-stream';
      const data = stringField(block, 'data') ?? '';
      parts.push(
        {
          text: `[Tool '${toolName}' provided the following ${type} data with mime-type: ${mimeType}]`,
        },
        { inlineData: { mimeType, data } },
      );
    } else if (type === 'resource') {
      parts.push(...resourceParts(asBlock(block['resource']), toolName));
    } else if (type === 'resource_link') {
      parts.push({
        text: `Resource Link: ${linkLabel(block)} at ${stringField(block, 'uri') ?? ''}`,
      });
    }
  }
  return parts;
}

function resourceParts(resource: Block | undefined, toolName: string): Part[] {
  const text = stringField(resource, 'text');
  if (text) return [{ text: cutMiddle(text) }];
  const blob = stringField(resource, 'blob');
  if (!blob) return [];
  const mimeType = stringField(resource, 'mimeType') || 'application/octet-stream';
  return [
    {
      text: `[Tool '${toolName}' provided the following embedded resource with mime-type: ${mimeType}]`,
    },
    { inlineData: { mimeType, data: blob } },
  ];
}

/**
 * What the transcript shows: text as it is, other blocks as a bracketed description
 * (`[Image: image/png]`, `[Link to <title>: <uri>]`), one block a line.
 */
export function mcpResultDisplay(result: McpCallResult): string {
  const blocks = result.content;
  if (!Array.isArray(blocks)) {
    return '```json\n' + JSON.stringify(result, null, 2) + '\n```';
  }
  if (blocks.length === 0 && result.structuredContent !== undefined) {
    return cutMiddle(JSON.stringify(result.structuredContent));
  }
  const lines = blocks.map((value) => {
    const block = asBlock(value) ?? {};
    const type = stringField(block, 'type');
    switch (type) {
      case 'text':
        return stringField(block, 'text') ?? '';
      case 'image':
        return `[Image: ${stringField(block, 'mimeType') ?? 'unknown type'}]`;
      case 'audio':
        return `[Audio: ${stringField(block, 'mimeType') ?? 'unknown type'}]`;
      case 'resource_link':
        return `[Link to ${linkLabel(block)}: ${stringField(block, 'uri') ?? ''}]`;
      case 'resource': {
        const resource = asBlock(block['resource']);
        const text = stringField(resource, 'text');
        if (text) return text;
        return `[Embedded Resource: ${stringField(resource, 'mimeType') || 'unknown type'}]`;
      }
      default:
        return `[Unknown content type: ${type ?? String(type)}]`;
    }
  });
  return cutMiddle(lines.join('\n'));
}

/**
 * What the model reads when the server answered with `isError: true`: the call and the server's
 * whole answer, in the Gemini CLI's words.
 */
export function mcpToolErrorMessage(options: {
  toolName: string;
  args: Record<string, unknown>;
  result: McpCallResult;
}): string {
  const call = JSON.stringify({ name: options.toolName, args: options.args });
  const response = JSON.stringify([
    { functionResponse: { name: options.toolName, response: { error: options.result } } },
  ]);
  return cutMiddle(
    `MCP tool '${options.toolName}' reported tool error for function call: ${call} with response: ${response}`,
  );
}

/** The text blocks of a result, joined: the server's own words about an error, for humans. */
export function mcpResultText(result: McpCallResult): string {
  if (!Array.isArray(result.content)) return '';
  return result.content
    .map((value) => stringField(asBlock(value), 'text') ?? '')
    .filter((text) => text !== '')
    .join('\n');
}
