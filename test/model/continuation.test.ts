// A Gemini 4 answer longer than one request (finish reason CONTINUATION and a continuation
// token, which @google/genai 3.6 follows by itself) arrives whole through our generator, with the
// usage of each request counted once; and the response's new modelStatus passes through.
import { describe, expect, it } from 'vitest';
import type { ContentGenerator } from '../../src/model/content-generator.js';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import type { ModelCall } from '../../src/model/model-calls.js';
import { ModelStage } from '@google/genai';
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import {
  collect,
  continuationTokenOf,
  continuedReply,
  instantRetry,
  reply,
  usage,
  useFakeGemini,
  vertexClientFor,
} from '../support/fake-gemini.js';

const MODEL = 'gemini-4-neon';

/** A history long enough to be held apart from the SDK's body (request-contents.ts). */
const request: GenerateContentParameters = {
  model: MODEL,
  contents: [
    { role: 'user', parts: [{ text: 'Write the whole migration guide.' }] },
    { role: 'model', parts: [{ text: 'Which sections?' }] },
    { role: 'user', parts: [{ text: 'All of them.' }] },
  ],
  config: { systemInstruction: 'You are a coding agent.' },
};

async function generatorFor(
  server: FakeGeminiServer,
  calls: ModelCall[],
): Promise<ContentGenerator> {
  return createContentGenerator(
    { type: 'gemini-api-key', apiKey: 'test-key', baseUrl: server.url },
    { retry: instantRetry(), onModelCall: (call) => calls.push(call) },
  );
}

function longAnswer() {
  return continuedReply(
    'hop-1-token',
    {
      thoughts: ['Planning the guide.'],
      thoughtSignature: 'sig-1',
      text: ['# Migration guide\n', 'Part one. '],
      usage: usage({ prompt: 1000, candidates: 65_536, thoughts: 200 }),
    },
    { text: ['Part two.', ' The end.'], usage: usage({ prompt: 1000, candidates: 1200 }) },
  );
}

function textOf(responses: readonly GenerateContentResponse[]): string {
  return responses
    .flatMap((response) => response.candidates?.[0]?.content?.parts ?? [])
    .filter((part) => part.thought !== true)
    .map((part) => part.text ?? '')
    .join('');
}

/** Both requests' tokens, each once: what the API bills for the two requests. */
const BOTH_HOPS = {
  promptTokenCount: 2000,
  candidatesTokenCount: 66_736,
  thoughtsTokenCount: 200,
  totalTokenCount: 2000 + 66_736 + 200,
};

describe('a reply continued over two requests (finish reason CONTINUATION)', () => {
  it('streams the whole answer, the second request carrying the token and the same history', async () => {
    const server = await useFakeGemini(longAnswer());
    const calls: ModelCall[] = [];
    const generator = await generatorFor(server, calls);

    const chunks = await collect(await generator.generateContentStream(request, 'p-1'));

    expect(textOf(chunks)).toBe('# Migration guide\nPart one. Part two. The end.');
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    // No chunk tells the session the answer ended before it did.
    expect(
      chunks.slice(0, -1).map((chunk) => chunk.candidates?.[0]?.finishReason ?? null),
    ).not.toContain('CONTINUATION');
    const sent = server.generateRequests();
    expect(sent.map((r) => r.rpc)).toEqual(['streamGenerateContent', 'streamGenerateContent']);
    expect(sent.map(continuationTokenOf)).toEqual([undefined, 'hop-1-token']);
    const bodies = sent.map((r) => r.body as { contents: unknown; store?: unknown });
    expect(bodies[1]?.contents).toEqual(request.contents);
    expect(bodies[1]?.contents).toEqual(bodies[0]?.contents);
    expect(bodies.map((body) => body.store)).toEqual([false, false]);
    expect(server.remaining()).toBe(0);

    // The session reads the last usage report; the calls record one attempt with both requests.
    expect(JSON.parse(JSON.stringify(chunks.at(-1)?.usageMetadata))).toEqual(BOTH_HOPS);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(calls[0]?.usage))).toEqual(BOTH_HOPS);
    expect(calls[0]?.error).toBeUndefined();
  });

  it('answers a unary request with the whole answer and both requests counted once', async () => {
    const server = await useFakeGemini(longAnswer());
    const calls: ModelCall[] = [];
    const generator = await generatorFor(server, calls);

    const response = await generator.generateContent(request, 'p-1');

    expect(textOf([response])).toBe('# Migration guide\nPart one. Part two. The end.');
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(server.generateRequests().map(continuationTokenOf)).toEqual([undefined, 'hop-1-token']);
    expect(JSON.parse(JSON.stringify(response.usageMetadata))).toEqual(BOTH_HOPS);
    expect(JSON.parse(JSON.stringify(calls[0]?.usage))).toEqual(BOTH_HOPS);
  });
});

describe('a continued reply on Vertex AI', () => {
  it('streams whole there too: the SDK continues on both transports', async () => {
    const server = await useFakeGemini(longAnswer());
    const chunks = await collect(await vertexClientFor(server).generateContentStream(request, 'p'));

    expect(textOf(chunks)).toBe('# Migration guide\nPart one. Part two. The end.');
    const sent = server.generateRequests();
    expect(sent.map((r) => r.api)).toEqual(['vertex', 'vertex']);
    expect(sent.map(continuationTokenOf)).toEqual([undefined, 'hop-1-token']);
    expect((sent[1]?.body as { contents: unknown }).contents).toEqual(request.contents);
  });
});

describe("the response's model status and version", () => {
  const status = {
    modelStage: ModelStage.DEPRECATED,
    retirementTime: '2027-01-15T00:00:00Z',
    message: 'gemini-4-argon will be retired on 2027-01-15; use gemini-4-neon.',
  };

  it('passes modelStatus through untouched and reports modelVersion as the responding model', async () => {
    const answer = reply({ text: 'Done.', usage: usage({ prompt: 10, candidates: 2 }) });
    const last = answer.chunks.at(-1);
    if (last) Object.assign(last, { modelVersion: 'gemini-4-argon-001', modelStatus: status });
    const server = await useFakeGemini([answer, answer]);
    const calls: ModelCall[] = [];
    const generator = await generatorFor(server, calls);

    const chunks = await collect(
      await generator.generateContentStream({ ...request, model: 'gemini-4-argon' }, 'p'),
    );
    const unary = await generator.generateContent({ ...request, model: 'gemini-4-argon' }, 'p');

    expect(chunks.at(-1)?.modelStatus).toEqual(status);
    expect(unary.modelStatus).toEqual(status);
    expect(calls.map((call) => call.responseModel)).toEqual([
      'gemini-4-argon-001',
      'gemini-4-argon-001',
    ]);
  });
});
