import { createPartFromFunctionResponse } from '@google/genai';
import { GenerateContentResponse } from '../../src/model/genai-values.js';
import type { GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { ModelRequestError } from '../../src/model/errors.js';
import { createGenaiContentGenerator } from '../../src/model/genai-generator.js';
import { VERSION } from '../../src/platform/version.js';
import {
  callsReply,
  chunk,
  collect,
  cutStream,
  genaiClientFor,
  httpError,
  partsOf,
  reply,
  startFakeGeminiServer,
  textPart,
  textReply,
  usage,
  useFakeGemini,
  vertexClientFor,
} from '../support/fake-gemini.js';

const USER_AGENT = `GeminiAgent/${VERSION} (${process.platform}; ${process.arch})`;

const request: GenerateContentParameters = {
  model: 'gemini-2.5-pro',
  contents: [
    { role: 'user', parts: [{ text: 'List the files' }] },
    {
      role: 'model',
      parts: [{ functionCall: { id: 'c0', name: 'ls', args: {} }, thoughtSignature: 'sig-0' }],
    },
    {
      role: 'user',
      parts: [createPartFromFunctionResponse('c0', 'ls', { output: 'a.txt' })],
    },
  ],
  config: {
    systemInstruction: 'You are a coding agent.',
    temperature: 0,
    topP: 1,
    thinkingConfig: { includeThoughts: true, thinkingBudget: -1 },
    tools: [
      {
        functionDeclarations: [
          {
            name: 'ls',
            description: 'Lists a directory',
            parametersJsonSchema: { type: 'object' },
          },
        ],
      },
    ],
  },
};

/** The JSON body the Gemini API receives for `request`. */
const expectedBody = {
  contents: request.contents,
  systemInstruction: { role: 'user', parts: [{ text: 'You are a coding agent.' }] },
  tools: [
    {
      functionDeclarations: [
        { name: 'ls', description: 'Lists a directory', parametersJsonSchema: { type: 'object' } },
      ],
    },
  ],
  generationConfig: {
    temperature: 0,
    topP: 1,
    thinkingConfig: { includeThoughts: true, thinkingBudget: -1 },
  },
  // Not stored unless asked (request-storage.ts).
  store: false,
};

describe('genai transport against the fake server (Gemini API)', () => {
  it('sends a unary request to v1beta with the API key and our User-Agent', async () => {
    const server = await useFakeGemini([
      textReply('Done.', { usage: usage({ prompt: 10, candidates: 2 }) }),
    ]);
    const response = await genaiClientFor(server).generateContent(request, 'prompt-1');

    expect(response).toBeInstanceOf(GenerateContentResponse);
    expect(response.text).toBe('Done.');
    expect(response.usageMetadata).toEqual({
      promptTokenCount: 10,
      candidatesTokenCount: 2,
      totalTokenCount: 12,
    });
    const [sent] = server.requests;
    expect(sent?.path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
    expect(sent?.headers['x-goog-api-key']).toBe('test-key');
    expect(sent?.headers['user-agent']).toBe(USER_AGENT);
    expect(sent?.body).toEqual(expectedBody);
  });

  it('streams chunks in order over SSE', async () => {
    const server = await useFakeGemini([
      reply({ text: ['Hello', ', world'], usage: usage({ prompt: 5, candidates: 3 }) }),
    ]);
    const stream = await genaiClientFor(server).generateContentStream(request, 'prompt-1');
    const chunks = await collect(stream);

    expect(chunks.map((c) => c.text)).toEqual(['Hello', ', world']);
    expect(chunks[1]?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks[1]?.usageMetadata?.totalTokenCount).toBe(8);
    const [sent] = server.requests;
    expect(sent?.path).toBe('/v1beta/models/gemini-2.5-pro:streamGenerateContent');
    expect(sent?.query).toEqual({ alt: 'sse' });
    expect(sent?.body).toEqual(expectedBody);
  });

  it('delivers parallel function calls with their ids, thoughts and thought signatures', async () => {
    const server = await useFakeGemini([
      reply({
        thoughts: ['**Planning** I will read both files.'],
        thoughtSignature: 'sig-thought',
        calls: [
          {
            id: 'call-1',
            name: 'read_file',
            args: { absolute_path: '/w/a.ts' },
            thoughtSignature: 'sig-1',
          },
          { id: 'call-2', name: 'read_file', args: { absolute_path: '/w/b.ts' } },
        ],
      }),
    ]);
    const chunks = await collect(await genaiClientFor(server).generateContentStream(request, 'p'));

    expect(partsOf(chunks)).toEqual([
      {
        text: '**Planning** I will read both files.',
        thought: true,
        thoughtSignature: 'sig-thought',
      },
      {
        functionCall: { id: 'call-1', name: 'read_file', args: { absolute_path: '/w/a.ts' } },
        thoughtSignature: 'sig-1',
      },
      { functionCall: { id: 'call-2', name: 'read_file', args: { absolute_path: '/w/b.ts' } } },
    ]);
    expect(chunks.at(-1)?.functionCalls?.map((c) => c.id)).toEqual(['call-1', 'call-2']);
  });

  it('merges a scripted stream into one unary response', async () => {
    const server = await useFakeGemini([
      reply({
        thoughts: ['hmm'],
        text: 'Answer',
        calls: [{ id: 'x', name: 'ls' }],
        finishReason: 'STOP',
      }),
    ]);
    const response = await genaiClientFor(server).generateContent(request, 'p');
    expect(JSON.parse(JSON.stringify(response.candidates))).toEqual([
      {
        content: {
          role: 'model',
          parts: [
            { text: 'hmm', thought: true },
            { text: 'Answer' },
            { functionCall: { id: 'x', name: 'ls', args: {} } },
          ],
        },
        finishReason: 'STOP',
        index: 0,
      },
    ]);
  });

  it('counts tokens through the API', async () => {
    const server = await useFakeGemini();
    const result = await genaiClientFor(server).countTokens({
      model: 'gemini-2.5-pro',
      contents: [{ role: 'user', parts: [{ text: 'x'.repeat(40) }] }],
    });
    expect(result.totalTokens).toBe(10);
    expect(server.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-pro:countTokens');
    expect(server.remaining()).toBe(0);
  });
});

describe('genai transport against the fake server (Vertex AI)', () => {
  it('uses v1beta1 with the project and location in the path and an OAuth token', async () => {
    const server = await useFakeGemini([textReply('From Vertex')]);
    const generator = vertexClientFor(server);
    const response = await generator.generateContent(request, 'p');

    expect(response.text).toBe('From Vertex');
    const [sent] = server.requests;
    expect(sent?.api).toBe('vertex');
    expect(sent?.path).toBe(
      '/v1beta1/projects/my-project/locations/us-central1/publishers/google/models/gemini-2.5-pro:generateContent',
    );
    expect(sent?.headers.authorization).toBe('Bearer vertex-token');
    expect(sent?.headers['x-goog-api-key']).toBeUndefined();
    expect(sent?.headers['user-agent']).toBe(USER_AGENT);
  });

  it('uses the API key without a project in express mode', async () => {
    const server = await useFakeGemini([textReply('Express')]);
    const generator = createGenaiContentGenerator({
      type: 'vertex-ai',
      apiKey: 'express-key',
      baseUrl: server.url,
    });
    const chunks = await collect(await generator.generateContentStream(request, 'p'));

    expect(chunks.map((c) => c.text)).toEqual(['Express']);
    const [sent] = server.requests;
    expect(sent?.path).toBe(
      '/v1beta1/publishers/google/models/gemini-2.5-pro:streamGenerateContent',
    );
    expect(sent?.headers['x-goog-api-key']).toBe('express-key');
  });
});

describe('genai transport errors', () => {
  it('turns an HTTP error into a ModelRequestError with status and retry delay', async () => {
    const server = await useFakeGemini([
      httpError(429, 'Quota exceeded for model', { retryDelay: '2s' }),
      httpError(400, 'Invalid JSON payload'),
    ]);
    const generator = genaiClientFor(server);

    const quota = await generator.generateContentStream(request, 'p').catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(ModelRequestError);
    expect(quota).toMatchObject({ kind: 'http', status: 429, retryDelayMs: 2000 });
    expect((quota as Error).message).toContain('Quota exceeded for model');

    const invalid = await generator.generateContent(request, 'p').catch((e: unknown) => e);
    expect(invalid).toMatchObject({ kind: 'http', status: 400, retryDelayMs: undefined });
    expect((invalid as ModelRequestError).retryable).toBe(false);
  });

  it('reports a stream that breaks after chunks as stream_cut from the iterator', async () => {
    const server = await useFakeGemini([
      cutStream(
        [
          chunk([textPart('First half')]),
          chunk([textPart('never sent')], { finishReason: 'STOP' }),
        ],
        {
          after: 1,
        },
      ),
    ]);
    const stream = await genaiClientFor(server).generateContentStream(request, 'p');
    const seen: string[] = [];
    const error = await (async () => {
      for await (const c of stream) seen.push(c.text ?? '');
    })().catch((e: unknown) => e);

    expect(seen).toEqual(['First half']);
    expect(error).toMatchObject({ kind: 'stream_cut' });
  });

  it('reports a refused connection as an unreachable host', async () => {
    const server = await startFakeGeminiServer();
    const url = server.url;
    await server.close();
    const generator = createGenaiContentGenerator({
      type: 'gemini-api-key',
      apiKey: 'k',
      baseUrl: url,
    });
    const error = await generator.generateContent(request, 'p').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unreachable' });
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('rethrows an abort during a request as an AbortError', async () => {
    const server = await useFakeGemini([textReply('too late', { delayMs: 60_000 })]);
    const controller = new AbortController();
    const pending = genaiClientFor(server).generateContent(
      { ...request, config: { ...request.config, abortSignal: controller.signal } },
      'p',
    );
    await server.waitForRequests(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('passes the parallel calls of several turns through one client', async () => {
    const server = await useFakeGemini([callsReply([{ id: 'a', name: 'ls' }]), textReply('done')]);
    const generator = genaiClientFor(server);
    const first = await generator.generateContent(request, 'p');
    const second = await generator.generateContent(request, 'p');
    expect(first.functionCalls?.[0]?.id).toBe('a');
    expect(second.text).toBe('done');
    expect(server.generateRequests().map((r) => r.step)).toEqual([1, 2]);
  });
});
