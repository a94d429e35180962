import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContentGenerator } from '../../src/model/content-generator.js';
import {
  fileRecordingSink,
  readRecordedSession,
  RecordingContentGenerator,
} from '../../src/model/recording.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import {
  callsReply,
  collect,
  cutStream,
  chunk,
  genaiClientFor,
  reply,
  scriptFromRecording,
  textPart,
  textReply,
  usage,
  useFakeGemini,
} from '../support/fake-gemini.js';

const request: GenerateContentParameters = {
  model: 'gemini-2.5-pro',
  contents: [{ role: 'user', parts: [{ text: 'Go' }] }],
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recording-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What a response looks like on the wire, without the SDK's live HTTP details. */
function plain(responses: readonly GenerateContentResponse[]): unknown {
  return responses.map((r) => {
    const copy: Record<string, unknown> = JSON.parse(JSON.stringify(r)) as Record<string, unknown>;
    delete copy['sdkHttpResponse'];
    return copy;
  });
}

/** Plays one session: a streamed turn with calls, a unary turn, a token count. */
async function session(generator: ContentGenerator): Promise<unknown> {
  const streamed = await collect(await generator.generateContentStream(request, 'p#1'));
  const unary = await generator.generateContent(request, 'p#2');
  const tokens = await generator.countTokens({ model: 'gemini-2.5-pro', contents: 'abcdefgh' });
  return { streamed: plain(streamed), unary: plain([unary]), tokens: tokens.totalTokens };
}

describe('recording and replay', () => {
  it('records one line per call that readRecordedSession reads back and the fake server replays identically', async () => {
    const server = await useFakeGemini([
      reply({
        thoughts: ['Looking'],
        thoughtSignature: 'sig',
        calls: [
          { id: 'a', name: 'ls', args: { path: '.' } },
          { id: 'b', name: 'read_file', args: { absolute_path: '/x' } },
        ],
        usage: usage({ prompt: 10, candidates: 4, thoughts: 2 }),
      }),
      textReply('All done.', { usage: usage({ prompt: 20, candidates: 3 }) }),
    ]);
    const file = join(dir, 'session.jsonl');
    const original = await session(new RecordingContentGenerator(genaiClientFor(server), file));

    const text = await readFile(file, 'utf8');
    const lines = text.trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { method: string }).method)).toEqual([
      'generateContentStream',
      'generateContent',
      'countTokens',
    ]);
    expect(text).not.toContain('sdkHttpResponse');

    const calls = await readRecordedSession(file);
    const replayServer = await useFakeGemini(scriptFromRecording(calls));
    const replayed = await session(genaiClientFor(replayServer));
    expect(replayed).toEqual(original);
    expect(replayServer.remaining()).toBe(0);
  });

  it('records a stream only once it completed, and not a stream that broke', async () => {
    const server = await useFakeGemini([
      cutStream([chunk([textPart('a')]), chunk([textPart('b')], { finishReason: 'STOP' })], {
        after: 1,
      }),
      callsReply([{ id: 'c', name: 'ls' }]),
    ]);
    const lines: string[] = [];
    const generator = new RecordingContentGenerator(genaiClientFor(server), {
      write: (line) => lines.push(line),
    });
    await expect(
      collect(await generator.generateContentStream(request, 'p')),
    ).rejects.toMatchObject({
      kind: 'stream_cut',
    });
    expect(lines).toEqual([]);

    const stream = await generator.generateContentStream(request, 'p');
    expect(lines).toEqual([]);
    await collect(stream);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('\n')).toBe(true);
  });

  it('truncates the file when asked, and appends otherwise', async () => {
    const file = join(dir, 'out.jsonl');
    await writeFile(file, 'old line\n');
    fileRecordingSink(file).write('a\n');
    expect(await readFile(file, 'utf8')).toBe('old line\na\n');
    fileRecordingSink(file, { truncate: true }).write('b\n');
    expect(await readFile(file, 'utf8')).toBe('b\n');
  });

  it('reads recordings written by the Gemini CLI', async () => {
    const file = join(dir, 'cli.jsonl');
    await writeFile(
      file,
      [
        '{"method":"generateContentStream","response":[{"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]},"finishReason":"STOP"}]}]}',
        '',
        '{"method":"countTokens","response":{"totalTokens":12}}',
        '{"method":"embedContent","response":{"embeddings":[{"values":[0.1]}]}}',
        '{"method":"generateContent","response":{"candidates":[]}}',
        '',
      ].join('\n'),
    );
    const calls = await readRecordedSession(file);
    expect(calls.map((c) => c.method)).toEqual([
      'generateContentStream',
      'countTokens',
      'embedContent',
      'generateContent',
    ]);
    const first = calls[0];
    expect(first?.method === 'generateContentStream' && first.response[0]?.text).toBe('Hi');
    expect(scriptFromRecording(calls)).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{"method":', 'expected one JSON object per line, got text that is not JSON'],
    [
      'an unknown method',
      '{"method":"listModels","response":{}}',
      'expected "method" to be one of generateContent, generateContentStream, countTokens, embedContent, got "listModels".',
    ],
    ['no method', '{"response":{}}', 'got nothing.'],
    [
      'a stream that is not an array',
      '{"method":"generateContentStream","response":{}}',
      'expected "response" of generateContentStream to be an array',
    ],
    [
      'a unary response that is an array',
      '{"method":"generateContent","response":[]}',
      'expected "response" of generateContent to be an object.',
    ],
    ['an array line', '[1]', 'expected a JSON object {"method": …, "response": …}.'],
    [
      'a reply written as plain text',
      '{"method":"generateContent","response":{"text":"Done."}}',
      'expected "response" of generateContent to be a GenerateContentResponse: expected at least one of candidates, promptFeedback, usageMetadata, got only text.',
    ],
    [
      'parts that are not a list',
      '{"method":"generateContent","response":{"candidates":[{"content":{"parts":"Done."}}]}}',
      'expected "response" of generateContent to be a GenerateContentResponse: candidates[0].content.parts: Invalid input: expected array',
    ],
    [
      'a function call without a name',
      '{"method":"generateContentStream","response":[{"candidates":[]},{"candidates":[{"content":{"parts":[{"functionCall":{"args":{}}}]}}]}]}',
      'chunk 2: candidates[0].content.parts[0].functionCall.name: Invalid input: expected string',
    ],
    [
      'token counts that are not numbers',
      '{"method":"generateContent","response":{"candidates":[],"usageMetadata":{"totalTokenCount":"12"}}}',
      'usageMetadata.totalTokenCount: Invalid input: expected number',
    ],
  ])('rejects a line with %s, naming file and line', async (_name, badLine, message) => {
    const file = join(dir, 'bad.jsonl');
    await writeFile(file, `{"method":"countTokens","response":{"totalTokens":1}}\n\n${badLine}\n`);
    const error = await readRecordedSession(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message.startsWith(`${file}:3: `)).toBe(true);
    expect((error as Error).message).toContain(message);
  });

  it('says an empty recording is empty', async () => {
    const file = join(dir, 'empty.jsonl');
    await writeFile(file, '\n  \n');
    await expect(readRecordedSession(file)).rejects.toThrow(
      `${file}: the recorded session is empty: expected one {"method": …, "response": …} JSON object per model call, one a line.`,
    );
  });

  it('reports a missing file as a ConfigurationError naming it', async () => {
    const file = join(dir, 'missing.jsonl');
    await expect(readRecordedSession(file)).rejects.toThrow(ConfigurationError);
    await expect(readRecordedSession(file)).rejects.toThrow(file);
  });
});
