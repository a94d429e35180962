import { describe, expect, it } from 'vitest';
import { ModelRequestError } from '../../src/model/errors.js';
import { parseSse } from '../../src/model/sse.js';

const encoder = new TextEncoder();

async function* pieces(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    await Promise.resolve();
    yield typeof part === 'string' ? encoder.encode(part) : part;
  }
}

async function parseAll(source: AsyncIterable<Uint8Array | string>): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of parseSse(source)) events.push(event);
  return events;
}

async function failure(source: AsyncIterable<Uint8Array | string>): Promise<{
  error: unknown;
  events: unknown[];
}> {
  const events: unknown[] = [];
  try {
    for await (const event of parseSse(source)) events.push(event);
  } catch (error) {
    return { error, events };
  }
  throw new Error('expected the stream to fail');
}

describe('parseSse', () => {
  it('yields one JSON object per event, ended by a blank line', async () => {
    const events = await parseAll(pieces('data: {"a":1}\n\ndata: {"b":2}\n\n'));
    expect(events).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('joins several data lines of one event with a newline', async () => {
    const events = await parseAll(pieces('data: {"text":\ndata: "two lines"}\n\n'));
    expect(events).toEqual([{ text: 'two lines' }]);
    // Joined with "\n", not "": `1` and `2` stay two numbers (invalid JSON), not `12`.
    const { error } = await failure(pieces('data: 1\ndata: 2\n\n'));
    expect((error as ModelRequestError).kind).toBe('invalid_response');
  });

  it('accepts CRLF and bare CR line endings, also when CR and LF arrive in different chunks', async () => {
    const events = await parseAll(
      pieces(
        'data: {"n":1}\r\n\r\ndata: {"n":2}\r',
        '\n\r',
        '\ndata: {"n":3}\r\rdata: {"n":4}\n\n',
      ),
    );
    expect(events).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
  });

  it('reassembles events and UTF-8 characters split across network chunks', async () => {
    const bytes = encoder.encode('data: {"text":"héllo ✓"}\n\n');
    // Split inside the multi-byte "✓" and inside the JSON.
    const cut = bytes.indexOf(0xe2) + 1;
    const events = await parseAll(pieces(bytes.slice(0, 9), bytes.slice(9, cut), bytes.slice(cut)));
    expect(events).toEqual([{ text: 'héllo ✓' }]);
  });

  it('skips blank lines between events and accepts "data:" without a space', async () => {
    const events = await parseAll(pieces('\n\ndata:{"a":1}\n\n\n\n'));
    expect(events).toEqual([{ a: 1 }]);
  });

  it('rejects a line that is not a data line, naming it', async () => {
    const { error, events } = await failure(
      pieces('data: {"a":1}\n\n<html>Bad gateway</html>\n\ndata: {"b":2}\n\n'),
    );
    expect(events).toEqual([{ a: 1 }]);
    expect(error).toBeInstanceOf(ModelRequestError);
    expect((error as ModelRequestError).kind).toBe('invalid_response');
    expect((error as ModelRequestError).message).toContain('<html>Bad gateway</html>');
  });

  it('rejects an event that is not JSON', async () => {
    const { error } = await failure(pieces('data: {"a":\n\n'));
    expect((error as ModelRequestError).kind).toBe('invalid_response');
    expect((error as ModelRequestError).message).toContain('not JSON');
  });

  it('reports a stream that ends inside an event as stream_cut', async () => {
    const { error, events } = await failure(pieces('data: {"a":1}\n\ndata: {"b":'));
    expect(events).toEqual([{ a: 1 }]);
    expect((error as ModelRequestError).kind).toBe('stream_cut');
  });

  it('reports a stream that ends after data lines but before the blank line as stream_cut', async () => {
    const { error, events } = await failure(pieces('data: {"a":1}\n'));
    expect(events).toEqual([]);
    expect((error as ModelRequestError).kind).toBe('stream_cut');
  });

  it('reports a connection that breaks as stream_cut, keeping the cause', async () => {
    const broken = new TypeError('terminated');
    async function* source(): AsyncGenerator<Uint8Array> {
      yield await Promise.resolve(encoder.encode('data: {"a":1}\n\n'));
      throw broken;
    }
    const { error, events } = await failure(source());
    expect(events).toEqual([{ a: 1 }]);
    expect((error as ModelRequestError).kind).toBe('stream_cut');
    expect((error as ModelRequestError).cause).toBe(broken);
  });

  it('lets an abort through as the AbortError it is', async () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    async function* source(): AsyncGenerator<Uint8Array> {
      yield await Promise.resolve(encoder.encode('data: {"a":1}\n\n'));
      throw abort;
    }
    const { error } = await failure(source());
    expect(error).toBe(abort);
  });

  it('releases the source when the consumer stops early', async () => {
    let released = false;
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        yield await Promise.resolve(encoder.encode('data: {"a":1}\n\ndata: {"b":2}\n\n'));
        yield encoder.encode('data: {"c":3}\n\n');
      } finally {
        released = true;
      }
    }
    for await (const event of parseSse(source())) {
      expect(event).toEqual({ a: 1 });
      break;
    }
    expect(released).toBe(true);
  });
});
