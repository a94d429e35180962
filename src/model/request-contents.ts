/**
 * The `contents` of a generate request, written onto the wire from bytes kept per content instead
 * of inside the SDK's one JSON string of the whole request.
 *
 * A session sends its whole history with every request; the history only grows at its end (and
 * shrinks at compression), so all but the newest contents were already sent in the same form
 * before. The SDK would convert every content again, serialise the request into one string as
 * long as the history (megabytes near the context limit) and `fetch` would encode that string
 * into as many bytes again, every request: most of a long session's peak memory was that
 * garbage. Here each content is encoded once and its bytes are shared by every later request.
 *
 * How it reaches the wire without leaving the SDK's HTTP path (URL, headers, credentials,
 * retries-off, response parsing): `hold` gives the SDK the request with its contents swapped for
 * one placeholder content naming a pending entry; the SDK converts and serialises the rest
 * (system instruction, tools, generation config) as it always does, and `piecesOf`, in our
 * `fetch`, finds the placeholder in that small body and returns the body in pieces with the
 * held contents' bytes where the placeholder was.
 *
 * Only contents the SDK would send unchanged take this path: plain objects whose fields are ones
 * both of its converters (Gemini API and Vertex AI) copy as they are. A request with any other
 * content goes through the SDK whole, as before, with the SDK's own checks and errors.
 */
import { randomUUID } from 'node:crypto';
import type { Content, GenerateContentParameters } from '@google/genai';
import { isRecord } from '../platform/records.js';

/** The fields of a part, function call and function response that the SDK copies unchanged. */
const PLAIN_PART_FIELDS: ReadonlySet<string> = new Set([
  'text',
  'thought',
  'thoughtSignature',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
]);
const PLAIN_CALL_FIELDS: ReadonlySet<string> = new Set(['id', 'name', 'args']);
const PLAIN_RESPONSE_FIELDS: ReadonlySet<string> = new Set(['id', 'name', 'response']);
const PLAIN_CONTENT_FIELDS: ReadonlySet<string> = new Set(['role', 'parts']);

/**
 * Whether `value` is an object with only `fields`, none of them null (the SDK leaves out a null
 * field; `JSON.stringify` would send it).
 */
function hasOnly(value: unknown, fields: ReadonlySet<string>): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  for (const [key, field] of Object.entries(value)) {
    if (!fields.has(key) || field === null) return false;
  }
  return true;
}

/** A content the SDK would send exactly as `JSON.stringify` writes it. */
export function isPlainContent(content: unknown): content is Content {
  if (!hasOnly(content, PLAIN_CONTENT_FIELDS) || !Array.isArray(content.parts)) return false;
  if (content.role !== undefined && typeof content.role !== 'string') return false;
  return content.parts.every(
    (part: unknown) =>
      hasOnly(part, PLAIN_PART_FIELDS) &&
      (part.functionCall === undefined || hasOnly(part.functionCall, PLAIN_CALL_FIELDS)) &&
      (part.functionResponse === undefined ||
        hasOnly(part.functionResponse, PLAIN_RESPONSE_FIELDS)),
  );
}

export interface HeldRequest {
  /** The request to give the SDK: the same, with a placeholder for its contents. */
  request: GenerateContentParameters;
  /** Forgets the held contents; call once the request has been answered or has failed. */
  release(): void;
}

/**
 * Contents held for requests in flight, and the bytes of every content sent so far (for as long
 * as the content itself is alive). Contents must not be changed in place once sent (the history
 * never does: a change replaces the content), or a later request would send the old bytes.
 */
export class RequestContents {
  private readonly encoded = new WeakMap<Content, Buffer>();
  private readonly held = new Map<string, readonly Content[]>();
  /** Unique to this process and instance, so no text of a request can look like a placeholder. */
  private readonly markerPrefix = `gemini-agent-contents:${randomUUID()}:`;
  private nextId = 0;

  /**
   * `request` with its contents held here and a placeholder in their place; the request itself
   * (nothing held) when a content is not plain or the contents are not a list.
   */
  hold(request: GenerateContentParameters): HeldRequest {
    const contents = request.contents;
    // A content encoded before was found plain then; it has not changed since.
    const plain = (content: unknown): content is Content =>
      this.encoded.has(content as Content) || isPlainContent(content);
    if (!Array.isArray(contents) || contents.length === 0 || !contents.every(plain)) {
      return { request, release: () => undefined };
    }
    const marker = `${this.markerPrefix}${this.nextId++}`;
    this.held.set(marker, contents);
    return {
      request: { ...request, contents: [placeholder(marker)] },
      release: () => {
        this.held.delete(marker);
      },
    };
  }

  /**
   * The request body `body` (as the SDK wrote it) in UTF-8 pieces, with the held contents in
   * place of their placeholder; undefined when `body` holds no placeholder of ours.
   */
  piecesOf(body: string): Uint8Array[] | undefined {
    const at = body.indexOf(this.markerPrefix);
    if (at < 0) return undefined;
    const marker = body.slice(at, body.indexOf('"', at));
    const contents = this.held.get(marker);
    const written = placeholderJson(marker);
    const start = at - PLACEHOLDER_BEFORE.length;
    if (contents === undefined || !body.startsWith(written, start)) {
      throw new Error(
        'A model request names contents that are no longer held, or the SDK wrote them in an unexpected form.',
      );
    }
    const pieces: Uint8Array[] = [Buffer.from(`${body.slice(0, start)}[`)];
    contents.forEach((content, index) => {
      const bytes = this.bytesOf(content);
      // The first content goes without its leading comma: a view of the same bytes.
      pieces.push(index === 0 ? bytes.subarray(1) : bytes);
    });
    pieces.push(Buffer.from(`]${body.slice(start + written.length)}`));
    return pieces;
  }

  /** `,` and the JSON of `content`, in UTF-8, encoded at its first request. */
  private bytesOf(content: Content): Buffer {
    let bytes = this.encoded.get(content);
    if (bytes === undefined) {
      bytes = Buffer.from(`,${JSON.stringify(content)}`);
      this.encoded.set(content, bytes);
    }
    return bytes;
  }
}

/** The content standing in for the held ones. */
function placeholder(marker: string): Content {
  return { role: 'user', parts: [{ text: marker }] };
}

/** The placeholder contents as the SDK writes them: its converters put `parts` before `role`. */
const PLACEHOLDER_BEFORE = '[{"parts":[{"text":"';
const PLACEHOLDER_AFTER = '"}],"role":"user"}]';
function placeholderJson(marker: string): string {
  return `${PLACEHOLDER_BEFORE}${marker}${PLACEHOLDER_AFTER}`;
}
