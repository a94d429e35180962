import { createPartFromFunctionResponse, FunctionCallingConfigMode } from '@google/genai';
import { GenerateContentResponse } from '../../src/model/genai-values.js';
import type { GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { CodeAssistContentGenerator } from '../../src/model/code-assist-generator.js';
import type { CodeAssistGeneratorOptions } from '../../src/model/code-assist-generator.js';
import { ModelRequestError } from '../../src/model/errors.js';
import { AuthenticationError } from '../../src/platform/errors.js';
import { VERSION } from '../../src/platform/version.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import {
  callsReply,
  chunk,
  collect,
  cutStream,
  httpError,
  reply,
  textPart,
  textReply,
  usage,
  useFakeGemini,
} from '../support/fake-gemini.js';

const credentials = {
  getRequestHeaders: () => Promise.resolve(new Headers({ Authorization: 'Bearer oauth-token' })),
};

function generator(
  server: FakeGeminiServer,
  options: Partial<CodeAssistGeneratorOptions> = {},
): CodeAssistContentGenerator {
  return new CodeAssistContentGenerator({
    credentials,
    project: 'my-project',
    sessionId: 'sess-123',
    baseUrl: server.url,
    ...options,
  });
}

const request: GenerateContentParameters = {
  model: 'gemini-2.5-pro',
  contents: [
    { role: 'user', parts: [{ text: 'List directory and read README.md' }] },
    {
      role: 'model',
      parts: [{ functionCall: { id: 'fc1', name: 'ls', args: {} }, thoughtSignature: 's' }],
    },
    {
      role: 'user',
      parts: [createPartFromFunctionResponse('fc1', 'ls', { output: 'README.md' })],
    },
  ],
  config: {
    systemInstruction: '<system prompt text here>',
    temperature: 0,
    topP: 1,
    thinkingConfig: { thinkingBudget: -1, includeThoughts: true },
    tools: [{ functionDeclarations: [{ name: 'ls', parametersJsonSchema: { type: 'object' } }] }],
    toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } },
    labels: { team: 'a' },
    abortSignal: new AbortController().signal,
  },
};

/** Exactly what Code Assist must receive for `request` as prompt `sess-123#turn-4`. */
const expectedBody = {
  model: 'gemini-2.5-pro',
  project: 'my-project',
  user_prompt_id: 'sess-123#turn-4',
  request: {
    contents: request.contents,
    systemInstruction: { role: 'user', parts: [{ text: '<system prompt text here>' }] },
    tools: [{ functionDeclarations: [{ name: 'ls', parametersJsonSchema: { type: 'object' } }] }],
    toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
    labels: { team: 'a' },
    generationConfig: {
      temperature: 0,
      topP: 1,
      thinkingConfig: { thinkingBudget: -1, includeThoughts: true },
    },
    session_id: 'sess-123',
  },
};

describe('Code Assist transport', () => {
  it('posts the wrapped body to v1internal:generateContent with OAuth and our headers', async () => {
    const server = await useFakeGemini([
      textReply('Listed.', { usage: usage({ prompt: 7, candidates: 1 }) }),
    ]);
    const response = await generator(server).generateContent(request, 'sess-123#turn-4');

    expect(response).toBeInstanceOf(GenerateContentResponse);
    expect(response.text).toBe('Listed.');
    expect(response.usageMetadata?.totalTokenCount).toBe(8);
    const [sent] = server.requests;
    expect(sent?.api).toBe('code-assist');
    expect(sent?.path).toBe('/v1internal:generateContent');
    expect(sent?.query).toEqual({});
    expect(sent?.headers.authorization).toBe('Bearer oauth-token');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers['user-agent']).toBe(
      `GeminiAgent/${VERSION} (${process.platform}; ${process.arch})`,
    );
    expect(sent?.body).toEqual(expectedBody);
  });

  it('streams over SSE and unwraps each {response} into a GenerateContentResponse', async () => {
    const server = await useFakeGemini([
      reply({
        thoughts: ['Thinking...'],
        thoughtSignature: 'sig-a',
        calls: [
          {
            id: 'fc1',
            name: 'run_shell_command',
            args: { command: 'ls -la' },
            thoughtSignature: 'sig-b',
          },
          { id: 'fc2', name: 'read_file', args: { absolute_path: '/r/README.md' } },
        ],
      }),
    ]);
    const stream = await generator(server).generateContentStream(request, 'sess-123#turn-4');
    const chunks = await collect(stream);

    expect(chunks.every((c) => c instanceof GenerateContentResponse)).toBe(true);
    expect(chunks[0]?.candidates?.[0]?.content?.parts).toEqual([
      { text: 'Thinking...', thought: true, thoughtSignature: 'sig-a' },
    ]);
    expect(chunks[1]?.functionCalls).toEqual([
      { id: 'fc1', name: 'run_shell_command', args: { command: 'ls -la' } },
      { id: 'fc2', name: 'read_file', args: { absolute_path: '/r/README.md' } },
    ]);
    expect(chunks[1]?.candidates?.[0]?.content?.parts?.[0]?.thoughtSignature).toBe('sig-b');
    expect(chunks[1]?.candidates?.[0]?.finishReason).toBe('STOP');
    const [sent] = server.requests;
    expect(sent?.path).toBe('/v1internal:streamGenerateContent');
    expect(sent?.query).toEqual({ alt: 'sse' });
    expect(sent?.body).toEqual(expectedBody);
  });

  it('converts string contents and drops absent fields from the body', async () => {
    const server = await useFakeGemini([textReply('ok')]);
    await generator(server, { sessionId: 'sess-9' }).generateContent(
      { model: 'gemini-2.5-flash', contents: 'Hello' },
      'prompt-7',
    );
    expect(server.requests[0]?.body).toEqual({
      model: 'gemini-2.5-flash',
      project: 'my-project',
      user_prompt_id: 'prompt-7',
      request: { contents: [{ role: 'user', parts: [{ text: 'Hello' }] }], session_id: 'sess-9' },
    });
  });

  it('asks loadCodeAssist for the project once when none is configured', async () => {
    const server = await useFakeGemini([textReply('one'), callsReply([{ id: 'x', name: 'ls' }])], {
      codeAssistProject: 'companion-project',
    });
    const ca = generator(server, { project: undefined });
    await ca.generateContent(request, 'p1');
    await collect(await ca.generateContentStream(request, 'p2'));

    expect(server.requests.map((r) => r.rpc)).toEqual([
      'loadCodeAssist',
      'generateContent',
      'streamGenerateContent',
    ]);
    expect(server.requests[0]?.body).toEqual({
      metadata: {
        ideType: 'IDE_UNSPECIFIED',
        platform: 'PLATFORM_UNSPECIFIED',
        pluginType: 'GEMINI',
      },
    });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer oauth-token');
    expect(server.generateRequests().map((r) => (r.body as { project: string }).project)).toEqual([
      'companion-project',
      'companion-project',
    ]);
  });

  it('fails with an AuthenticationError naming GOOGLE_CLOUD_PROJECT when the account has no project', async () => {
    const server = await useFakeGemini([textReply('unused')], { codeAssistProject: null });
    const error = await generator(server, { project: undefined })
      .generateContent(request, 'p')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('GOOGLE_CLOUD_PROJECT');
    expect(server.remaining()).toBe(1);
  });

  it('accepts credentials that only give an access token', async () => {
    const server = await useFakeGemini([textReply('ok')]);
    await generator(server, {
      credentials: { getAccessToken: () => Promise.resolve({ token: 'access-token' }) },
    }).generateContent(request, 'p');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer access-token');
  });

  it('reports missing credentials as an AuthenticationError before sending anything', async () => {
    const server = await useFakeGemini([textReply('unused')]);
    const error = await generator(server, {
      credentials: {
        getRequestHeaders: () =>
          Promise.reject(new Error('Could not load the default credentials.')),
      },
    })
      .generateContent(request, 'p')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('Could not load the default credentials.');
    expect(server.requests).toEqual([]);
  });

  it('turns HTTP errors into ModelRequestErrors with the retry delay', async () => {
    const server = await useFakeGemini([
      httpError(429, 'Too many requests', { retryDelay: '0.5s' }),
      httpError(403, 'The caller does not have permission'),
    ]);
    const ca = generator(server);
    const quota = await ca.generateContentStream(request, 'p').catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(ModelRequestError);
    expect(quota).toMatchObject({ kind: 'http', status: 429, retryDelayMs: 500 });
    const denied = await ca.generateContent(request, 'p').catch((e: unknown) => e);
    expect(denied).toMatchObject({ kind: 'http', status: 403 });
    expect((denied as ModelRequestError).isAuthError).toBe(true);
    expect((denied as Error).message).toContain('The caller does not have permission');
  });

  it('reports a stream cut midway as stream_cut after the chunks that arrived', async () => {
    const server = await useFakeGemini([
      cutStream(
        [chunk([textPart('partial')]), chunk([textPart('rest')], { finishReason: 'STOP' })],
        {
          after: 1,
        },
      ),
    ]);
    const stream = await generator(server).generateContentStream(request, 'p');
    const seen: (string | undefined)[] = [];
    const error = await (async () => {
      for await (const c of stream) seen.push(c.text);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['partial']);
    expect(error).toMatchObject({ kind: 'stream_cut' });
  });

  it('counts tokens with the v1internal countTokens body', async () => {
    const server = await useFakeGemini();
    const result = await generator(server).countTokens({
      model: 'gemini-2.5-pro',
      contents: 'x'.repeat(20),
    });
    expect(result.totalTokens).toBe(5);
    expect(server.requests[0]?.path).toBe('/v1internal:countTokens');
    expect(server.requests[0]?.body).toEqual({
      request: {
        model: 'models/gemini-2.5-pro',
        contents: [{ role: 'user', parts: [{ text: 'x'.repeat(20) }] }],
      },
    });
  });

  it('rethrows an abort during a request as an AbortError', async () => {
    const server = await useFakeGemini([textReply('late', { delayMs: 60_000 })]);
    const controller = new AbortController();
    const pending = generator(server).generateContentStream(
      { ...request, config: { abortSignal: controller.signal } },
      'p',
    );
    await server.waitForRequests(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('uses the injected fetch', async () => {
    const urls: string[] = [];
    const server = await useFakeGemini([textReply('via fetch')]);
    const response = await generator(server, {
      fetch: (input, init) => {
        urls.push(input instanceof Request ? input.url : input.toString());
        return fetch(input, init);
      },
    }).generateContent(request, 'p');
    expect(response.text).toBe('via fetch');
    expect(urls).toEqual([`${server.url}/v1internal:generateContent`]);
  });
});
