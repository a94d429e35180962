// Not stored unless asked: the Gemini API gets `store: false` on every generate request (unary
// and streamed) unless the user opted in; Vertex AI and Code Assist cannot carry the field, get
// none, and the run is told so once. Through the real SDK against the fake Gemini server.
import { OAuth2Client } from 'google-auth-library';
import type { GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import type { CreateContentGeneratorOptions } from '../../src/model/create-content-generator.js';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import type { ModelAuth } from '../../src/model/model-auth.js';
import { requestStorageNotice } from '../../src/model/request-storage.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { collect, instantRetry, textReply, useFakeGemini } from '../support/fake-gemini.js';

const request: GenerateContentParameters = {
  model: 'gemini-4-hydrogen',
  contents: [{ role: 'user', parts: [{ text: 'Fix the failing test in src/secret-sauce.ts' }] }],
  config: { systemInstruction: 'You are a coding agent.' },
};

/** The top-level `store` of each generate request's body, `'absent'` where it has none. */
function storeOf(server: FakeGeminiServer): unknown[] {
  return server.generateRequests().map((sent) => {
    const body = sent.body as Record<string, unknown>;
    return 'store' in body ? body['store'] : 'absent';
  });
}

/** One unary and one streamed request, as a session (unary or streaming) and its tools send them. */
async function sendBoth(
  auth: ModelAuth,
  options: CreateContentGeneratorOptions,
  sent: GenerateContentParameters = request,
): Promise<void> {
  const generator = await createContentGenerator(auth, { retry: instantRetry(), ...options });
  const unary = await generator.generateContent(sent, 'p-1');
  expect(unary.text).toBe('One.');
  const streamed = await collect(await generator.generateContentStream(sent, 'p-2'));
  expect(streamed.map((chunk) => chunk.text).join('')).toBe('Two.');
}

function vertexAuthOptions(): CreateContentGeneratorOptions {
  const authClient = new OAuth2Client();
  authClient.setCredentials({ access_token: 'vertex-token', expiry_date: Date.now() + 3_600_000 });
  return { googleAuthOptions: { authClient } };
}

describe('the Gemini API (API key)', () => {
  it('sends store: false on unary and streamed requests by default', async () => {
    const server = await useFakeGemini([textReply('One.'), textReply('Two.')]);
    await sendBoth({ type: 'gemini-api-key', apiKey: 'k', baseUrl: server.url }, {});

    expect(server.generateRequests().map((r) => r.rpc)).toEqual([
      'generateContent',
      'streamGenerateContent',
    ]);
    expect(storeOf(server)).toEqual([false, false]);
  });

  it('sends store: true on both when the user opted in', async () => {
    const server = await useFakeGemini([textReply('One.'), textReply('Two.')]);
    const notices: string[] = [];
    await sendBoth(
      { type: 'gemini-api-key', apiKey: 'k', baseUrl: server.url },
      { storeRequests: true, onNotice: (line) => notices.push(line) },
    );

    expect(storeOf(server)).toEqual([true, true]);
    expect(notices).toEqual([]);
  });

  it("keeps a store the request's own configuration sets (a user's model configuration)", async () => {
    const server = await useFakeGemini([textReply('One.'), textReply('Two.')]);
    await sendBoth(
      { type: 'gemini-api-key', apiKey: 'k', baseUrl: server.url },
      {},
      { ...request, config: { ...request.config, store: true } },
    );
    expect(storeOf(server)).toEqual([true, true]);
  });

  it('sends no store with countTokens, which the API does not keep and the SDK cannot carry', async () => {
    const server = await useFakeGemini();
    const generator = await createContentGenerator(
      { type: 'gemini-api-key', apiKey: 'k', baseUrl: server.url },
      { retry: instantRetry() },
    );
    await generator.countTokens({ model: request.model, contents: request.contents });
    expect(server.requests.map((r) => r.rpc)).toEqual(['countTokens']);
    expect(server.requests[0]?.body).not.toHaveProperty('store');
  });
});

describe('Vertex AI', () => {
  it('sends no store (the SDK would refuse the request) and says so once', async () => {
    const server = await useFakeGemini([textReply('One.'), textReply('Two.')]);
    const notices: string[] = [];
    await sendBoth(
      { type: 'vertex-ai', project: 'my-project', location: 'us-central1', baseUrl: server.url },
      { ...vertexAuthOptions(), onNotice: (line) => notices.push(line) },
    );

    expect(server.generateRequests().map((r) => r.api)).toEqual(['vertex', 'vertex']);
    expect(storeOf(server)).toEqual(['absent', 'absent']);
    expect(notices).toEqual([requestStorageNotice('vertex-ai', false)]);
    expect(notices[0]).toMatch(/^Vertex AI requests carry no store setting/);
  });

  it('does not crash on a store the request sets, nor when the user opted in; the notice says it has no effect', async () => {
    const server = await useFakeGemini([textReply('One.'), textReply('Two.')]);
    const notices: string[] = [];
    await sendBoth(
      { type: 'vertex-ai', apiKey: 'express-key', baseUrl: server.url },
      { storeRequests: true, onNotice: (line) => notices.push(line) },
      { ...request, config: { ...request.config, store: false } },
    );

    expect(storeOf(server)).toEqual(['absent', 'absent']);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(
      'The store_requests input (--store-requests) has no effect there.',
    );
  });
});

describe('Code Assist', () => {
  it('sends no store, which its request cannot carry, and says so once', async () => {
    const server = await useFakeGemini([textReply('One.'), textReply('Two.')]);
    const notices: string[] = [];
    await sendBoth(
      { type: 'code-assist', baseUrl: server.url },
      {
        codeAssistCredentials: { getAccessToken: () => Promise.resolve('tok') },
        onNotice: (line) => notices.push(line),
      },
    );

    expect(server.generateRequests().map((r) => r.api)).toEqual(['code-assist', 'code-assist']);
    const bodies = server.generateRequests().map((r) => r.body as Record<string, unknown>);
    for (const body of bodies) {
      expect(body).not.toHaveProperty('store');
      expect(body['request']).not.toHaveProperty('store');
    }
    expect(notices).toEqual([requestStorageNotice('code-assist', false)]);
    expect(notices[0]).toMatch(/^Code Assist requests carry no store setting/);
  });
});
