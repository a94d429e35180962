/**
 * A `fetch` for the SDK that sends large request bodies in pieces instead of one more full-size
 * buffer. A body naming contents held in `contents` (see request-contents.ts) goes out as the
 * SDK's body with those contents' shared bytes in place. Any other string body at least
 * `STREAM_FROM_CHARS` long goes out as a stream of UTF-8 slices: `fetch` would otherwise copy
 * the whole string into a buffer of the same size outside the JavaScript heap, which lingers
 * until garbage collection. Either way the bytes are those of the SDK's body, with their
 * Content-Length.
 */
import type { RequestContents } from './request-contents.js';

/** Bodies at least this long (characters) are streamed; smaller ones go as they are. */
const STREAM_FROM_CHARS = 256 * 1024;
/** Characters encoded at a time. */
const SLICE_CHARS = 64 * 1024;

export function streamedBodyFetch(inner: typeof fetch, contents?: RequestContents): typeof fetch {
  return (input, init) => {
    const body = init?.body;
    if (typeof body !== 'string') return inner(input, init);
    const pieces = contents?.piecesOf(body);
    if (pieces !== undefined) {
      const length = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
      return inner(input, withStreamedBody(init, piecesStream(pieces), length));
    }
    if (body.length < STREAM_FROM_CHARS) return inner(input, init);
    return inner(input, withStreamedBody(init, utf8Slices(body), Buffer.byteLength(body)));
  };
}

function withStreamedBody(
  init: RequestInit | undefined,
  body: ReadableStream<Uint8Array>,
  length: number,
): RequestInit {
  const headers = new Headers(init?.headers);
  headers.set('content-length', String(length));
  const streamed: RequestInit & { duplex: 'half' } = { ...init, headers, body, duplex: 'half' };
  return streamed;
}

/** `pieces` as a stream, one piece at a time as the connection drains. */
function piecesStream(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[next++];
      if (piece === undefined) controller.close();
      else controller.enqueue(piece);
    },
  });
}

/** `text` as a stream of UTF-8 chunks, encoded one slice at a time as the connection drains. */
function utf8Slices(text: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= text.length) {
        controller.close();
        return;
      }
      let end = Math.min(offset + SLICE_CHARS, text.length);
      // Never split a surrogate pair between two slices.
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
      controller.enqueue(encoder.encode(text.slice(offset, end)));
      offset = end;
    },
  });
}

/** Node's global undici dispatcher, where `fetch` finds it. */
const UNDICI_GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

interface UndiciDispatcher {
  dispatch(options: Record<string, unknown>, handler: unknown): boolean;
}

/**
 * Node's `fetch` with undici's header and body timeouts (300 s each) lifted, as `@google/genai`
 * does for its own default `fetch`: a model may take minutes before its first byte, and the
 * session's own time limit (the abort signal) bounds every request anyway.
 */
export function withoutUndiciTimeouts(inner: typeof fetch): typeof fetch {
  const dispatcher: UndiciDispatcher = {
    dispatch(options, handler) {
      const global = (globalThis as Record<symbol, UndiciDispatcher | undefined>)[
        UNDICI_GLOBAL_DISPATCHER
      ];
      if (global === undefined) throw new Error("Node's undici dispatcher is not available.");
      return global.dispatch({ ...options, headersTimeout: 0, bodyTimeout: 0 }, handler);
    },
  };
  // `dispatcher` is undici's own option, not in the DOM's RequestInit that `fetch` is typed with.
  return (input, init) => inner(input, { ...init, dispatcher } as unknown as RequestInit);
}
