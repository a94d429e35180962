/**
 * How much of one MCP message the agent holds while it arrives. A server is a process a
 * repository, an extension or a compromised package may have written, or an address anyone may
 * answer at; one that writes without ever ending its message (no newline on stdio, no blank line
 * after an SSE event, a JSON body that never closes) would otherwise be held whole, gigabytes of
 * it, in the agent's memory.
 *
 * The bound is the largest message the agent would accept at all: a tool result of the most
 * {@link MCP_RESULT_LIMITS} allow (64 MiB as JSON), in its JSON-RPC envelope. A server that passes
 * it is cut off with an error naming the limit (a stdio server is stopped, an HTTP server's
 * connection closed); its calls fail saying so, and the session and the other servers go on.
 *
 * What the MCP SDK does alone: its stdio `ReadBuffer` stops at 10 MiB, below what a result may
 * hold, concatenating each chunk into what it has (time quadratic in the size); its streamable
 * HTTP and SSE transports hold a JSON body, an SSE event or an error body whole, however large.
 */
import { MCP_RESULT_LIMITS } from './mcp-parts.js';

/** Bytes of one message: the largest result, with room for the envelope around it. */
export const MAX_MCP_MESSAGE_BYTES = MCP_RESULT_LIMITS.maxChars + 64 * 1024;

export class McpMessageTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`it sent a message of more than ${maxBytes} bytes, the most one MCP message may hold`);
    this.name = 'McpMessageTooLarge';
  }
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a stdio stream into its newline-ended lines (one JSON-RPC message each), holding at most
 * `maxBytes` of a line that has not ended yet. Each chunk is looked at once.
 */
export class BoundedLineReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxBytes: number = MAX_MCP_MESSAGE_BYTES) {}

  /** The lines `chunk` completes, without their `\n` (nor a `\r` before it). */
  append(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
      this.hold(chunk.subarray(start, end));
      lines.push(this.takeLine());
      start = end + 1;
    }
    if (start < chunk.length) this.hold(chunk.subarray(start));
    return lines;
  }

  /** Forgets what was held. */
  clear(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }

  private hold(piece: Buffer): void {
    if (this.pendingBytes + piece.length > this.maxBytes) {
      this.clear();
      throw new McpMessageTooLarge(this.maxBytes);
    }
    if (piece.length === 0) return;
    this.pending.push(piece);
    this.pendingBytes += piece.length;
  }

  private takeLine(): string {
    const line =
      this.pending.length === 1
        ? (this.pending[0] ?? Buffer.alloc(0)).toString('utf8')
        : Buffer.concat(this.pending, this.pendingBytes).toString('utf8');
    this.clear();
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }
}

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * `fetch` for the HTTP transports, whose response bodies fail once one message passes
 * `maxBytes`: an SSE stream's event (bytes since the last blank line), any other body whole.
 * `onTooLarge` hears of it first (to close the connection; the SDK alone would wait, or try the
 * stream again). The response is the one `fetch` gave, its body read through the count.
 */
export function boundedMessageFetch(
  onTooLarge: (error: McpMessageTooLarge) => void,
  maxBytes: number = MAX_MCP_MESSAGE_BYTES,
  // Looked up at each call, so a fetch replaced later (tests) is the one used.
  base: Fetch = (url, init) => globalThis.fetch(url, init),
): Fetch {
  return async (url, init) => {
    const response = await base(url, init);
    if (response.body === null) return response;
    const type = response.headers.get('content-type') ?? '';
    const count = new MessageCount(/^\s*text\/event-stream/i.test(type), maxBytes);
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (count.take(chunk)) {
            controller.enqueue(chunk);
            return;
          }
          const error = new McpMessageTooLarge(maxBytes);
          onTooLarge(error);
          // Errors the reader, and cancels the response: nothing more is read.
          controller.error(error);
        },
      }),
    );
    const bounded = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // What a `Response` built here cannot be given: the transports read it for redirects.
    Object.defineProperties(bounded, {
      url: { value: response.url },
      redirected: { value: response.redirected },
      type: { value: response.type },
    });
    return bounded;
  };
}

/** The bytes of the message in progress: of the SSE event since the last blank line, or all. */
class MessageCount {
  private bytes = 0;
  /** The current line of an event stream has had no byte but line ends yet. */
  private lineEmpty = true;
  private afterCR = false;

  constructor(
    private readonly eventStream: boolean,
    private readonly maxBytes: number,
  ) {}

  /** Counts `chunk`; false once the message passes the limit. */
  take(chunk: Uint8Array): boolean {
    if (!this.eventStream) {
      this.bytes += chunk.length;
      return this.bytes <= this.maxBytes;
    }
    for (const byte of chunk) {
      // A line ends at CR, LF or CR LF; a blank line ends the event.
      if (byte === LF && this.afterCR) {
        this.afterCR = false;
        continue;
      }
      this.afterCR = byte === CR;
      if (byte === LF || byte === CR) {
        if (this.lineEmpty) this.bytes = 0;
        this.lineEmpty = true;
        continue;
      }
      this.lineEmpty = false;
      this.bytes += 1;
      if (this.bytes > this.maxBytes) return false;
    }
    return true;
  }
}
