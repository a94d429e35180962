/**
 * How a tool's result becomes the `functionResponse` part(s) the model reads next turn (spec/000,
 * "Conversion into a functionResponse part"). The call's id and name are always echoed.
 */
import type { FunctionResponse, Part, PartListUnion, PartUnion } from '@google/genai';

/**
 * `@google/genai` declares its wire shapes as classes without behaviour; plain objects of the same
 * fields are what gets sent, so that is what we build.
 */
type FunctionResponseData = Partial<FunctionResponse>;

function responsePart(data: FunctionResponseData): Part {
  return { functionResponse: data };
}

/** The output sent for results that are a list of parts, or a part with nothing to say. */
export const TOOL_SUCCEEDED_OUTPUT = 'Tool execution succeeded.';

/** One `{functionResponse: {id, name, response: {output}}}` part. */
export function functionResponsePart(callId: string, toolName: string, output: string): Part {
  return responsePart({ id: callId, name: toolName, response: { output } });
}

/** The part a failed call sends: `{functionResponse: {id, name, response: {error}}}`. */
export function errorResponsePart(callId: string, toolName: string, message: string): Part {
  return responsePart({ id: callId, name: toolName, response: { error: message } });
}

/**
 * - a string (or a lone text part) → one functionResponse with `{output: text}`;
 * - a list of parts → a functionResponse saying the tool succeeded, then the parts (strings become
 *   text parts);
 * - a lone inlineData/fileData part → a functionResponse naming its MIME type, then the part as a
 *   sibling in the same message;
 * - a lone functionResponse part → passed through under this call's id and name; MCP-style
 *   nested `content` is flattened into its text.
 * A one-element list is treated as that element.
 */
export function convertToFunctionResponse(
  callId: string,
  toolName: string,
  llmContent: PartListUnion,
): Part[] {
  const content = Array.isArray(llmContent) && llmContent.length === 1 ? llmContent[0] : llmContent;
  if (content === undefined) return [functionResponsePart(callId, toolName, TOOL_SUCCEEDED_OUTPUT)];
  if (typeof content === 'string') return [functionResponsePart(callId, toolName, content)];
  if (Array.isArray(content)) {
    return [functionResponsePart(callId, toolName, TOOL_SUCCEEDED_OUTPUT), ...toParts(content)];
  }

  if (content.functionResponse) {
    const nested = content.functionResponse.response?.content;
    if (nested !== undefined) {
      return [functionResponsePart(callId, toolName, textOf(nested))];
    }
    return [withIdentity(content.functionResponse, callId, toolName)];
  }
  const binary = content.inlineData ?? content.fileData;
  if (binary) {
    const mimeType = binary.mimeType ?? 'unknown';
    return [
      functionResponsePart(callId, toolName, `Binary content of type ${mimeType} was processed.`),
      content,
    ];
  }
  if (content.text !== undefined) return [functionResponsePart(callId, toolName, content.text)];
  return [functionResponsePart(callId, toolName, TOOL_SUCCEEDED_OUTPUT)];
}

/**
 * Adds `error` to the response of the first functionResponse part (a call stopped midway still
 * shows the model what it produced); without such a part, an error part is put first.
 */
export function withError(
  parts: Part[],
  callId: string,
  toolName: string,
  message: string,
): Part[] {
  const [first, ...rest] = parts;
  if (!first?.functionResponse) return [errorResponsePart(callId, toolName, message), ...parts];
  return [withIdentity(first.functionResponse, callId, toolName, { error: message }), ...rest];
}

/** The same functionResponse under this call's id and name, `extra` merged into its response. */
function withIdentity(
  original: FunctionResponse,
  callId: string,
  toolName: string,
  extra?: Record<string, unknown>,
): Part {
  const data: FunctionResponseData = { id: callId, name: toolName };
  if (original.response !== undefined || extra !== undefined) {
    data.response = { ...original.response, ...extra };
  }
  if (original.parts !== undefined) data.parts = original.parts;
  if (original.scheduling !== undefined) data.scheduling = original.scheduling;
  if (original.willContinue !== undefined) data.willContinue = original.willContinue;
  return responsePart(data);
}

function toParts(list: PartUnion[]): Part[] {
  return list.map((part) => (typeof part === 'string' ? { text: part } : part));
}

/** The text of MCP content blocks (`[{type: 'text', text}]`) or of Gemini parts, joined. */
function textOf(content: unknown): string {
  if (!Array.isArray(content)) return typeof content === 'string' ? content : '';
  return content
    .map((block: unknown) => {
      const text = (block as { text?: unknown } | null)?.text;
      return typeof text === 'string' ? text : '';
    })
    .join('');
}
