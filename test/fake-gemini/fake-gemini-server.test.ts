import { describe, expect, it } from 'vitest';
import {
  chunk,
  functionCallPart,
  httpError,
  mergeChunks,
  reply,
  respond,
  startFakeGeminiServer,
  textPart,
  textReply,
  thoughtPart,
  usage,
  useFakeGemini,
} from '../support/fake-gemini.js';
import type { FakeRequest } from '../support/fake-gemini.js';

async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Test': 'yes' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

const generateBody = { contents: [{ role: 'user', parts: [{ text: 'hello world!' }] }] };

describe('fake Gemini server', () => {
  it('streams each chunk as an SSE event "data: {json}\\r\\n\\r\\n"', async () => {
    const chunks = [chunk([textPart('a')]), chunk([textPart('b')], { finishReason: 'STOP' })];
    const server = await useFakeGemini([respond(chunks)]);
    const answer = await post(
      `${server.url}/v1beta/models/m:streamGenerateContent?alt=sse`,
      generateBody,
    );

    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/event-stream');
    expect(answer.text).toBe(chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join(''));
  });

  it('records method, path, query, headers, body, flavour and model of every request', async () => {
    const server = await useFakeGemini([textReply('x')]);
    await post(
      `${server.url}/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`,
      generateBody,
    );

    expect(server.requests).toHaveLength(1);
    const recorded = server.requests[0] as FakeRequest;
    expect(recorded).toMatchObject({
      index: 1,
      api: 'gemini',
      rpc: 'streamGenerateContent',
      httpMethod: 'POST',
      path: '/v1beta/models/gemini-2.5-pro:streamGenerateContent',
      query: { alt: 'sse' },
      body: generateBody,
      model: 'gemini-2.5-pro',
      apiVersion: 'v1beta',
      step: 1,
    });
    expect(recorded.headers['x-test']).toBe('yes');
  });

  it('merges chunks into one response for unary requests', async () => {
    const server = await useFakeGemini([
      reply({
        thoughts: ['think'],
        text: ['Hel', 'lo'],
        calls: [{ id: '1', name: 'ls' }],
        finishReason: 'MAX_TOKENS',
        usage: usage({ prompt: 1, candidates: 2 }),
      }),
    ]);
    const answer = await post(`${server.url}/v1/models/m:generateContent`, generateBody);
    expect(JSON.parse(answer.text)).toEqual({
      candidates: [
        {
          index: 0,
          finishReason: 'MAX_TOKENS',
          content: {
            role: 'model',
            parts: [
              { text: 'think', thought: true },
              { text: 'Hel' },
              { text: 'lo' },
              { functionCall: { id: '1', name: 'ls', args: {} } },
            ],
          },
        },
      ],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 },
    });
  });

  it('keeps the last finish reason and usage when merging', () => {
    const merged = mergeChunks([
      chunk([textPart('a')], {
        finishReason: 'STOP',
        usageMetadata: usage({ prompt: 1, candidates: 1 }),
      }),
      chunk([textPart('b')], {
        finishReason: 'SAFETY',
        usageMetadata: usage({ prompt: 1, candidates: 5 }),
      }),
    ]);
    expect(merged.candidates?.[0]?.finishReason).toBe('SAFETY');
    expect(merged.usageMetadata?.candidatesTokenCount).toBe(5);
    expect(merged.candidates?.[0]?.content?.parts).toEqual([{ text: 'a' }, { text: 'b' }]);
  });

  it('answers an HTTP error step with the Google error JSON and RetryInfo', async () => {
    const server = await useFakeGemini([httpError(429, 'Quota exceeded', { retryDelay: '2s' })]);
    const answer = await post(`${server.url}/v1beta/models/m:generateContent`, generateBody);
    expect(answer.status).toBe(429);
    expect(answer.type).toContain('application/json');
    expect(JSON.parse(answer.text)).toEqual({
      error: {
        code: 429,
        message: 'Quota exceeded',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2s' }],
      },
    });
  });

  it('answers 400 naming the request when the script is exhausted', async () => {
    const server = await useFakeGemini([textReply('only one')]);
    await post(`${server.url}/v1beta/models/m:generateContent`, generateBody);
    await post(`${server.url}/v1beta/models/m:countTokens`, generateBody);
    const answer = await post(
      `${server.url}/v1beta/models/m:streamGenerateContent?alt=sse`,
      generateBody,
    );

    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.text) as { error: { message: string } }).error.message).toBe(
      "The fake Gemini server's script is exhausted: generate request #2 (request #3, streamGenerateContent) has no step to answer it; it had 1 step(s).",
    );
    expect(server.remaining()).toBe(0);
  });

  it('answers countTokens with an estimate of characters / 4 without using a step', async () => {
    const server = await useFakeGemini([textReply('kept')]);
    const answer = await post(`${server.url}/v1beta/models/m:countTokens`, generateBody);
    expect(JSON.parse(answer.text)).toEqual({ totalTokens: 3 });
    expect(server.remaining()).toBe(1);
  });

  it('serves Vertex paths', async () => {
    const server = await useFakeGemini([textReply('v')]);
    await post(
      `${server.url}/v1beta1/projects/p1/locations/europe-west4/publishers/google/models/gemini-2.5-pro:generateContent`,
      generateBody,
    );
    expect(server.requests[0]).toMatchObject({
      api: 'vertex',
      project: 'p1',
      location: 'europe-west4',
      model: 'gemini-2.5-pro',
      apiVersion: 'v1beta1',
    });
  });

  it('serves Code Assist with wrapped responses and loadCodeAssist', async () => {
    const c = chunk([functionCallPart({ id: 'f', name: 'ls', thoughtSignature: 'sig' })], {
      finishReason: 'STOP',
    });
    const server = await useFakeGemini([respond([c]), respond([c])], {
      codeAssistProject: 'proj-9',
    });

    const load = await post(`${server.url}/v1internal:loadCodeAssist`, { metadata: {} });
    expect(JSON.parse(load.text)).toEqual({
      currentTier: { id: 'standard-tier', name: 'Fake tier' },
      cloudaicompanionProject: 'proj-9',
    });
    const unary = await post(`${server.url}/v1internal:generateContent`, {
      model: 'm',
      request: generateBody,
    });
    expect(JSON.parse(unary.text)).toEqual({ response: c });
    const streamed = await post(`${server.url}/v1internal:streamGenerateContent?alt=sse`, {
      model: 'm',
      request: generateBody,
    });
    expect(streamed.text).toBe(`data: ${JSON.stringify({ response: c })}\r\n\r\n`);
    const count = await post(`${server.url}/v1internal:countTokens`, {
      request: { model: 'models/m', ...generateBody },
    });
    expect(JSON.parse(count.text)).toEqual({ totalTokens: 3 });
    expect(server.requests.map((r) => [r.api, r.rpc, r.model])).toEqual([
      ['code-assist', 'loadCodeAssist', undefined],
      ['code-assist', 'generateContent', 'm'],
      ['code-assist', 'streamGenerateContent', 'm'],
      ['code-assist', 'countTokens', undefined],
    ]);
  });

  it('lets a function step answer from the request', async () => {
    const server = await useFakeGemini([
      (request) =>
        textReply(
          `You said ${JSON.stringify((request.body as typeof generateBody).contents[0]?.parts[0]?.text)}`,
        ),
    ]);
    const answer = await post(`${server.url}/v1beta/models/m:generateContent`, generateBody);
    expect(
      (JSON.parse(answer.text) as { candidates: { content: { parts: { text: string }[] } }[] })
        .candidates[0]?.content.parts[0]?.text,
    ).toBe('You said "hello world!"');
  });

  it('answers unknown paths with 404 and bad JSON with 400, without using steps', async () => {
    const server = await useFakeGemini([textReply('kept')]);
    expect((await post(`${server.url}/v1beta/files`, {})).status).toBe(404);
    const bad = await fetch(`${server.url}/v1beta/models/m:generateContent`, {
      method: 'POST',
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(server.remaining()).toBe(1);
    expect(server.requests.map((r) => r.api)).toEqual(['unknown', 'gemini']);
  });

  it('cuts the connection after the given number of chunks', async () => {
    const server = await useFakeGemini([
      { type: 'cut', chunks: [chunk([textPart('one')]), chunk([thoughtPart('two')])], after: 1 },
    ]);
    const response = await fetch(`${server.url}/v1beta/models/m:streamGenerateContent?alt=sse`, {
      method: 'POST',
      body: JSON.stringify(generateBody),
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow('terminated');
  });

  it('accepts steps pushed later and closes cleanly with a delayed answer pending', async () => {
    const server = await startFakeGeminiServer();
    server.push(textReply('late', { delayMs: 60_000 }));
    expect(server.remaining()).toBe(1);
    const pending = fetch(`${server.url}/v1beta/models/m:generateContent`, {
      method: 'POST',
      body: JSON.stringify(generateBody),
    }).catch((e: unknown) => e);
    await server.waitForRequests(1);
    await server.close();
    expect(await pending).toBeInstanceOf(TypeError);
  });
});

describe('fake Gemini server script failures', () => {
  it('answers 400 (not retried) when a function step throws', async () => {
    const server = await useFakeGemini([
      () => {
        throw new Error('bad test step');
      },
    ]);
    const answer = await post(`${server.url}/v1beta/models/m:generateContent`, generateBody);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('bad test step');
  });
});
