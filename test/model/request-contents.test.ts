import { createPartFromFunctionResponse, GoogleGenAI } from '@google/genai';
import type { Content, GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { isPlainContent, RequestContents } from '../../src/model/request-contents.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import {
  collect,
  genaiClientFor,
  textReply,
  useFakeGemini,
  vertexClientFor,
} from '../support/fake-gemini.js';

/** A history with every kind of part a session keeps, in several scripts. */
const history: Content[] = [
  { role: 'user', parts: [{ text: 'Lis les journaux — 日本語, emoji 😀, "quotes", \\ and \n' }] },
  {
    role: 'model',
    parts: [
      { text: 'Reading.' },
      {
        functionCall: { id: 'c0', name: 'read_file', args: { file_path: '/w/a.log', limit: 2 } },
        thoughtSignature: 'sig-0',
      },
    ],
  },
  {
    role: 'user',
    parts: [
      createPartFromFunctionResponse('c0', 'read_file', {
        output: `${'é'.repeat(70_000)}\u2028end`,
      }),
      { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
      { fileData: { mimeType: 'text/plain', fileUri: 'gs://bucket/a.txt' } },
    ],
  },
  { role: 'model', parts: [{ text: 'Done.', thoughtSignature: 'sig-1' }] },
];

function requestFor(contents: Content[]): GenerateContentParameters {
  return {
    model: 'gemini-2.5-pro',
    contents,
    config: {
      systemInstruction: 'You are a coding agent.',
      temperature: 0,
      tools: [{ functionDeclarations: [{ name: 'read_file', description: 'Reads a file' }] }],
    },
  };
}

/**
 * What the SDK itself (its own fetch, no placeholder) sends to `server` for `request`, with the
 * `store: false` our Gemini API transport adds to every generate request (request-storage.ts).
 */
async function sdkBody(server: FakeGeminiServer, request: GenerateContentParameters) {
  const sdk = new GoogleGenAI({
    apiKey: 'test-key',
    apiVersion: 'v1beta',
    httpOptions: { baseUrl: server.url, apiVersion: 'v1beta' },
  });
  const before = server.requests.length;
  await sdk.models.generateContent({ ...request, config: { ...request.config, store: false } });
  return server.requests[before]?.body;
}

describe('request contents sent from shared bytes', () => {
  it('sends the same request body as the SDK, unary and streamed, as the history grows', async () => {
    const server = await useFakeGemini(Array.from({ length: 9 }, () => textReply('ok')));
    const generator = genaiClientFor(server);
    for (const length of [1, 3, 4]) {
      const request = requestFor(history.slice(0, length));
      await generator.generateContent(request, 'p');
      const ours = server.requests[server.requests.length - 1];
      await collect(await generator.generateContentStream(request, 'p'));
      const streamed = server.requests[server.requests.length - 1];
      const expected = await sdkBody(server, request);

      expect(ours?.body).toEqual(expected);
      expect(streamed?.body).toEqual(expected);
      expect((ours?.body as { contents: Content[] }).contents).toEqual(history.slice(0, length));
    }
  });

  it('sends Vertex AI the same body as the SDK would', async () => {
    const server = await useFakeGemini([textReply('From Vertex')]);
    const generator = vertexClientFor(server);
    await generator.generateContent(requestFor(history), 'p');

    const sent = server.requests[0]?.body as { contents: unknown };
    expect(sent.contents).toEqual(history);
    expect(sent).toMatchObject({
      systemInstruction: { parts: [{ text: 'You are a coding agent.' }] },
      generationConfig: { temperature: 0 },
    });
  });

  it('gives each of two requests in flight at once its own contents', async () => {
    const server = await useFakeGemini([textReply('one'), textReply('two')]);
    const generator = genaiClientFor(server);
    const first = history.slice(0, 1);
    const second = [{ role: 'user', parts: [{ text: 'Another conversation' }] }];
    await Promise.all([
      generator.generateContent(requestFor(first), 'a'),
      generator.generateContent(requestFor(second), 'b'),
    ]);

    const sent = server.requests.map((r) => (r.body as { contents: unknown }).contents);
    expect(sent).toHaveLength(2);
    expect(sent).toContainEqual(first);
    expect(sent).toContainEqual(second);
  });

  it('leaves contents the SDK would change to the SDK: a null field is left out', async () => {
    const server = await useFakeGemini([textReply('ok'), textReply('ok')]);
    const withNull = [
      { role: 'user', parts: [{ text: 'hi', thought: null }] },
    ] as unknown as Content[];
    await genaiClientFor(server).generateContent(requestFor(withNull), 'p');

    expect(server.requests[0]?.body).toEqual(await sdkBody(server, requestFor(withNull)));
    expect((server.requests[0]?.body as { contents: unknown }).contents).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
    ]);
  });

  it("keeps the SDK's refusal of a field the Gemini API does not take", async () => {
    const server = await useFakeGemini([textReply('never sent')]);
    const contents: Content[] = [
      { role: 'model', parts: [{ functionCall: { name: 'ls', args: {}, willContinue: true } }] },
    ];
    const error = await genaiClientFor(server)
      .generateContent(requestFor(contents), 'p')
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('willContinue');
    expect(server.requests).toHaveLength(0);
  });
});

describe('RequestContents', () => {
  it('takes only contents whose every field the SDK copies unchanged', () => {
    for (const content of history) expect(isPlainContent(content)).toBe(true);
    expect(isPlainContent({ parts: [{ text: 'no role' }] })).toBe(true);
    expect(isPlainContent({ role: 'user' })).toBe(false);
    expect(isPlainContent({ role: 'user', parts: [{ text: 'a', videoMetadata: {} }] })).toBe(false);
    expect(isPlainContent({ role: 'user', parts: [{ text: null }] })).toBe(false);
    expect(isPlainContent({ role: 'user', parts: ['text'] })).toBe(false);
    expect(
      isPlainContent({
        role: 'user',
        parts: [{ functionResponse: { name: 'ls', response: {}, parts: [] } }],
      }),
    ).toBe(false);
  });

  it('holds nothing for a request it cannot send itself, and forgets what it held once released', () => {
    const contents = new RequestContents();
    const odd = requestFor([{ role: 'user', parts: [{ text: 'a', partMetadata: {} }] }]);
    expect(contents.hold(odd).request).toBe(odd);

    const held = contents.hold(requestFor(history.slice(0, 1)));
    const body = JSON.stringify({
      contents: [{ parts: (held.request.contents as Content[])[0]?.parts, role: 'user' }],
    });
    expect(Buffer.concat(contents.piecesOf(body) ?? []).toString()).toBe(
      JSON.stringify({ contents: history.slice(0, 1) }),
    );
    held.release();
    expect(() => contents.piecesOf(body)).toThrow(/no longer held/);
    expect(contents.piecesOf('{"contents":[]}')).toBeUndefined();
  });
});
