import type { GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import { ModelRequestError } from '../../src/model/errors.js';
import { resolveModelAuth } from '../../src/model/model-auth.js';
import { modelEndpoint, unreachableMessage } from '../../src/model/model-endpoint.js';
import { parseRecordedSession } from '../../src/model/recording.js';
import {
  collect,
  httpError,
  instantRetry,
  respond,
  chunk,
  textReply,
  useFakeGemini,
} from '../support/fake-gemini.js';

const request: GenerateContentParameters = {
  model: 'gemini-2.5-flash',
  contents: 'Hi',
};

describe('createContentGenerator', () => {
  it('builds the Gemini API transport from the environment, wrapped in retries', async () => {
    const server = await useFakeGemini([httpError(503, 'overloaded'), textReply('Hello!')]);
    const auth = resolveModelAuth({
      GEMINI_API_KEY: 'env-key',
      GOOGLE_GEMINI_BASE_URL: server.url,
    });
    const retry = instantRetry();
    const generator = await createContentGenerator(auth, { retry });

    const chunks = await collect(await generator.generateContentStream(request, 'p'));
    expect(chunks.map((c) => c.text)).toEqual(['Hello!']);
    expect(retry.delays).toEqual([5000]);
    expect(server.generateRequests().map((r) => r.headers['x-goog-api-key'])).toEqual([
      'env-key',
      'env-key',
    ]);
  });

  it('builds the Code Assist transport with the injected credentials and session id', async () => {
    const server = await useFakeGemini([textReply('From Code Assist')]);
    const auth = resolveModelAuth({
      GOOGLE_GENAI_USE_GCA: 'true',
      CODE_ASSIST_ENDPOINT: server.url,
    });
    const generator = await createContentGenerator(auth, {
      codeAssistCredentials: { getAccessToken: () => Promise.resolve('tok') },
      sessionId: 'session-42',
      retry: instantRetry(),
    });

    const response = await generator.generateContent(request, 'session-42#1');
    expect(response.text).toBe('From Code Assist');
    expect(server.requests.map((r) => r.rpc)).toEqual(['loadCodeAssist', 'generateContent']);
    expect(server.requests[1]?.body).toMatchObject({
      project: 'fake-project',
      user_prompt_id: 'session-42#1',
      request: { session_id: 'session-42' },
    });
  });

  it('records inside the retries: the unusable reply and the good one, not the HTTP error', async () => {
    const server = await useFakeGemini([
      httpError(500, 'boom'),
      respond([chunk([], { finishReason: 'MALFORMED_FUNCTION_CALL' })]),
      textReply('Good'),
    ]);
    const lines: string[] = [];
    const generator = await createContentGenerator(
      { type: 'gemini-api-key', apiKey: 'k', baseUrl: server.url },
      { retry: instantRetry(), recordTo: { write: (line) => lines.push(line) } },
    );
    await collect(await generator.generateContentStream(request, 'p'));

    const calls = parseRecordedSession(lines.join(''), 'memory');
    expect(calls.map((c) => c.method)).toEqual(['generateContentStream', 'generateContentStream']);
    expect(JSON.parse(lines[1] ?? '')).toEqual({
      method: 'generateContentStream',
      response: [
        {
          candidates: [
            {
              content: { role: 'model', parts: [{ text: 'Good' }] },
              finishReason: 'STOP',
              index: 0,
            },
          ],
        },
      ],
    });
  });
});

describe('a model API host that cannot be reached', () => {
  it('ends after two quick retries with one line: the base URL, its variable, what to check', async () => {
    const server = await useFakeGemini();
    await server.close();
    const auth = resolveModelAuth({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });
    const retry = instantRetry();
    const generator = await createContentGenerator(auth, { retry });

    const error = await generator.generateContent(request, 'p').catch((e: unknown) => e);
    expect(retry.delays).toEqual([500, 1000]);
    const port = new URL(server.url).port;
    expect((error as Error).message).toBe(
      `The model API host could not be reached at ${server.url} (set by GOOGLE_GEMINI_BASE_URL): connect ECONNREFUSED 127.0.0.1:${port}. Check that GOOGLE_GEMINI_BASE_URL names a host that is up and reachable from here, and the network (DNS, proxy, firewall).`,
    );
  });

  it('names each transport’s default endpoint and the variable that changes it', () => {
    expect(modelEndpoint(resolveModelAuth({ GEMINI_API_KEY: 'k' }))).toEqual({
      url: 'https://generativelanguage.googleapis.com',
      variable: 'GOOGLE_GEMINI_BASE_URL',
      fromVariable: false,
    });
    const vertex = (location: string) =>
      modelEndpoint(
        resolveModelAuth({
          GOOGLE_GENAI_USE_VERTEXAI: 'true',
          GOOGLE_CLOUD_PROJECT: 'p',
          GOOGLE_CLOUD_LOCATION: location,
        }),
      );
    expect(vertex('us-central1')).toMatchObject({
      url: 'https://us-central1-aiplatform.googleapis.com',
      variable: 'GOOGLE_VERTEX_BASE_URL',
    });
    expect(vertex('global').url).toBe('https://aiplatform.googleapis.com');
    expect(modelEndpoint(resolveModelAuth({ GOOGLE_GENAI_USE_GCA: 'true' }))).toMatchObject({
      url: 'https://cloudcode-pa.googleapis.com',
      variable: 'CODE_ASSIST_ENDPOINT',
    });
  });

  it('says so for the default host too, pointing at the network first', () => {
    const cause = Object.assign(
      new Error('getaddrinfo ENOTFOUND generativelanguage.googleapis.com'),
      {
        code: 'ENOTFOUND',
      },
    );
    const error = new ModelRequestError('Could not connect to the model API: fetch failed', {
      kind: 'unreachable',
      cause: new TypeError('fetch failed', { cause }),
    });
    expect(
      unreachableMessage(error, modelEndpoint(resolveModelAuth({ GEMINI_API_KEY: 'k' }))),
    ).toBe(
      'The model API host could not be reached at https://generativelanguage.googleapis.com (the default; GOOGLE_GEMINI_BASE_URL changes it): getaddrinfo ENOTFOUND generativelanguage.googleapis.com. Check the network of this machine or runner (DNS, proxy, firewall), or set GOOGLE_GEMINI_BASE_URL to a reachable endpoint.',
    );
  });
});
