/**
 * A `fetch` for the SDK that sends a large string body as a stream of UTF-8 slices instead of one
 * buffer. The SDK serialises the whole history into one string per request; `fetch` would copy
 * that string into a buffer of the same size outside the JavaScript heap, which lingers until
 * garbage collection and, over a long session, made up most of the process's peak memory.
 * The bytes sent are the same, with the same Content-Length.
 */

/** Bodies at least this long (characters) are streamed; smaller ones go as they are. */
const STREAM_FROM_CHARS = 256 * 1024;
/** Characters encoded at a time. */
const SLICE_CHARS = 64 * 1024;

export function streamedBodyFetch(inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const body = init?.body;
    if (typeof body !== 'string' || body.length < STREAM_FROM_CHARS) return inner(input, init);
    const headers = new Headers(init?.headers);
    headers.set('content-length', String(Buffer.byteLength(body)));
    const streamed: RequestInit & { duplex: 'half' } = {
      ...init,
      headers,
      body: utf8Slices(body),
      duplex: 'half',
    };
    return inner(input, streamed);
  };
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
