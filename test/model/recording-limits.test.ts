// A model reply nested deeper than a recording may hold (a hostile model's: 100,000 levels) is not
// written out, since writing it out by recursion overflowed the stack and failed the model call
// that the session goes on from without `--record`. Its line keeps the recording aligned with the
// calls and says what was left out and why; a replay stops at that line with the reason. A reply
// as deep as a recording may hold is written and read back as before.
import type { GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  parseRecordedSession,
  RECORDED_CALL_MAX_DEPTH,
  RecordingContentGenerator,
} from '../../src/model/recording.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import {
  collect,
  genaiClientFor,
  rawReply,
  textReply,
  useFakeGemini,
} from '../support/fake-gemini.js';

const request: GenerateContentParameters = {
  model: 'gemini-2.5-pro',
  contents: [{ role: 'user', parts: [{ text: 'Go' }] }],
};

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** One reply whose call's argument `x` is `depth` arrays deep. */
function deepReply(depth: number) {
  return rawReply([
    `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"id":"c1","name":"read_file","args":{"file_path":"README.md","x":${nestedArrays(depth)}}}}]},"finishReason":"STOP","index":0}]}`,
  ]);
}

/**
 * The levels around `x` in a recorded streamed call: the line, `response`, the chunk,
 * `candidates`, the candidate, `content`, `parts`, the part, `functionCall` and `args`.
 */
const AROUND_X_STREAMED = 10;
/** The same for a unary call, which records one response rather than a list of chunks. */
const AROUND_X_UNARY = 9;

async function recorded(steps: Parameters<typeof useFakeGemini>[0]) {
  const server = await useFakeGemini(steps);
  const lines: string[] = [];
  const generator = new RecordingContentGenerator(genaiClientFor(server), {
    write: (line) => lines.push(line),
  });
  return { generator, lines };
}

describe('a model reply nested deeper than a recording holds', () => {
  it('streamed: the caller gets the reply as it came, and the line says it was left out and why', async () => {
    const { generator, lines } = await recorded([deepReply(100_000), textReply('Done.')]);

    const chunks = await collect(await generator.generateContentStream(request, 'p#1'));
    expect(chunks[0]?.functionCalls?.[0]?.name).toBe('read_file');
    // The session's next call is recorded as usual: the recording stays aligned.
    await collect(await generator.generateContentStream(request, 'p#2'));

    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(first).toEqual({
      method: 'generateContentStream',
      leftOut: `expected a recorded model call nested at most ${RECORDED_CALL_MAX_DEPTH} levels deep; the array at response[0].candidates[0]…[0][0][0][0] is level ${RECORDED_CALL_MAX_DEPTH + 1}.`,
    });
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({ method: 'generateContentStream' });
  });

  it('unary: the caller gets the reply, and the line says it was left out', async () => {
    const { generator, lines } = await recorded([deepReply(100_000)]);

    const response = await generator.generateContent(request, 'p#1');
    expect(response.functionCalls?.[0]?.name).toBe('read_file');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      method: 'generateContent',
      leftOut: expect.stringContaining(
        `expected a recorded model call nested at most ${RECORDED_CALL_MAX_DEPTH} levels deep`,
      ) as unknown,
    });
  });

  it('a replay stops at the line left out, saying why, at its line', async () => {
    const { generator, lines } = await recorded([textReply('First.'), deepReply(100_000)]);
    await collect(await generator.generateContentStream(request, 'p#1'));
    await collect(await generator.generateContentStream(request, 'p#2'));

    let thrown: unknown;
    try {
      parseRecordedSession(lines.join(''), 'session.jsonl');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    expect((thrown as Error).message).toMatch(
      /^session\.jsonl:2: the model's reply to this generateContentStream call was left out of the recording, so it cannot be replayed: expected a recorded model call nested at most 64 levels deep; the array at .* is level 65\.$/,
    );
  });

  it('a reply exactly as deep as a recording holds is written whole and read back', async () => {
    const streamedDepth = RECORDED_CALL_MAX_DEPTH - AROUND_X_STREAMED;
    const unaryDepth = RECORDED_CALL_MAX_DEPTH - AROUND_X_UNARY;
    const { generator, lines } = await recorded([
      deepReply(streamedDepth),
      deepReply(streamedDepth + 1),
      deepReply(unaryDepth),
      deepReply(unaryDepth + 1),
    ]);
    await collect(await generator.generateContentStream(request, 'p#1'));
    await collect(await generator.generateContentStream(request, 'p#2'));
    await generator.generateContent(request, 'p#3');
    await generator.generateContent(request, 'p#4');

    const leftOut = lines.map((line) => 'leftOut' in (JSON.parse(line) as object));
    expect(leftOut).toEqual([false, true, false, true]);
    const calls = parseRecordedSession([lines[0], lines[2]].join(''), 'session.jsonl');
    expect(calls.map((call) => call.method)).toEqual(['generateContentStream', 'generateContent']);
    expect(JSON.stringify(calls)).toContain(nestedArrays(unaryDepth));
  });
});
