import { ModelRequestError } from './errors.js';
import { isAbortError } from './normalize-error.js';

/**
 * Server-sent events as the Gemini APIs send them: each event is one or more `data: ` lines holding
 * one JSON object, ended by a blank line. Lines end in `\n`, `\r\n` or `\r`, and a line ending may
 * be split across network chunks.
 *
 * Anything else on a line is a protocol error (a proxy's HTML page, a different API), reported
 * rather than skipped so the user sees why the reply was unusable. A stream that ends inside an
 * event, or whose connection breaks, is a `stream_cut`. Aborts propagate unchanged.
 */
export async function* parseSse(
  source: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<unknown, void, undefined> {
  const decoder = new TextDecoder();
  const iterator = source[Symbol.asyncIterator]();
  const lines = new LineSplitter();
  let data: string[] = [];
  let events = 0;
  let finished = false;

  const eventFromLine = (line: string): unknown => {
    if (line.startsWith('data:')) {
      data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      return undefined;
    }
    if (line !== '') {
      throw new ModelRequestError(
        `The model API sent a line that is not part of a server-sent event: ${JSON.stringify(line.slice(0, 200))}`,
        { kind: 'invalid_response' },
      );
    }
    if (data.length === 0) return undefined;
    const text = data.join('\n');
    data = [];
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ModelRequestError(
        `The model API sent an event that is not JSON: ${JSON.stringify(text.slice(0, 200))}`,
        { kind: 'invalid_response', cause: error },
      );
    }
  };

  try {
    for (;;) {
      let next: IteratorResult<Uint8Array | string>;
      try {
        next = await iterator.next();
      } catch (error) {
        finished = true;
        if (isAbortError(error) || error instanceof ModelRequestError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        throw new ModelRequestError(
          `The model's streamed response broke off after ${events} event(s): ${message}`,
          { kind: 'stream_cut', cause: error },
        );
      }
      if (next.done) {
        finished = true;
        break;
      }
      const text =
        typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
      for (const line of lines.push(text)) {
        const event = eventFromLine(line);
        if (event !== undefined) {
          events++;
          yield event;
        }
      }
    }
    for (const line of lines.end(decoder.decode())) {
      const event = eventFromLine(line);
      if (event !== undefined) {
        events++;
        yield event;
      }
    }
    if (lines.pending !== '' || data.length > 0) {
      throw new ModelRequestError(
        `The model's streamed response ended in the middle of an event (after ${events} complete event(s)).`,
        { kind: 'stream_cut' },
      );
    }
  } finally {
    // The consumer stopped early (or a line was bad): release the connection.
    if (!finished) await iterator.return?.();
  }
}

/** Splits text into lines on `\n`, `\r\n` and `\r`, holding back a `\r` that may precede `\n`. */
class LineSplitter {
  pending = '';

  push(text: string): string[] {
    this.pending += text;
    return this.take(false);
  }

  /** Flushes what is left; an unterminated last line stays in `pending`. */
  end(text: string): string[] {
    this.pending += text;
    return this.take(true);
  }

  private take(final: boolean): string[] {
    const lines: string[] = [];
    let start = 0;
    const text = this.pending;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char !== '\n' && char !== '\r') continue;
      if (char === '\r' && i === text.length - 1 && !final) break;
      lines.push(text.slice(start, i));
      if (char === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.pending = text.slice(start);
    return lines;
  }
}
