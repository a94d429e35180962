// Test conveniences around the fake Gemini server (src/fake-gemini/), which the CLI also bundles.
import { OAuth2Client } from 'google-auth-library';
import { onTestFinished } from 'vitest';
import type { GenerateContentResponse } from '@google/genai';
import { createGenaiContentGenerator } from '../../src/model/genai-generator.js';
import type { ContentGenerator } from '../../src/model/content-generator.js';
import type { RetryEvent, RetryOptions } from '../../src/model/retry.js';
import { startFakeGeminiServer } from '../../src/fake-gemini/fake-gemini-server.js';
import type {
  FakeGeminiServer,
  FakeGeminiServerOptions,
  FakeStep,
} from '../../src/fake-gemini/fake-gemini-server.js';

export * from '../../src/fake-gemini/fake-gemini-server.js';

/** Starts a fake server for this test and closes it when the test ends. */
export async function useFakeGemini(
  script: FakeStep[] = [],
  options: Omit<FakeGeminiServerOptions, 'script'> = {},
): Promise<FakeGeminiServer> {
  const server = await startFakeGeminiServer({ ...options, script });
  onTestFinished(() => server.close());
  return server;
}

/** The real `@google/genai` client (Gemini API, API key `test-key`) pointed at the fake server. */
export function genaiClientFor(server: FakeGeminiServer): ContentGenerator {
  return createGenaiContentGenerator({
    type: 'gemini-api-key',
    apiKey: 'test-key',
    baseUrl: server.url,
  });
}

/**
 * The real `@google/genai` client on Vertex AI (project `my-project` in `us-central1`, OAuth token
 * `vertex-token`) pointed at the fake server.
 */
export function vertexClientFor(server: FakeGeminiServer): ContentGenerator {
  const authClient = new OAuth2Client();
  authClient.setCredentials({ access_token: 'vertex-token', expiry_date: Date.now() + 3_600_000 });
  return createGenaiContentGenerator(
    { type: 'vertex-ai', project: 'my-project', location: 'us-central1', baseUrl: server.url },
    { googleAuthOptions: { authClient } },
  );
}

/** Retry options that never wait, remembering the delays and retries they were asked for. */
export function instantRetry(overrides: RetryOptions = {}): RetryOptions & {
  delays: number[];
  retries: RetryEvent[];
} {
  const delays: number[] = [];
  const retries: RetryEvent[] = [];
  return {
    random: () => 0.5,
    ...overrides,
    delays,
    retries,
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
    onRetry: (event) => {
      retries.push(event);
    },
  };
}

/** Reads a stream to its end. */
export async function collect(
  stream: AsyncIterable<GenerateContentResponse>,
): Promise<GenerateContentResponse[]> {
  const out: GenerateContentResponse[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** A stream's parts, in order, as plain JSON. */
export function partsOf(chunks: readonly GenerateContentResponse[]): unknown[] {
  return chunks.flatMap(
    (c) => JSON.parse(JSON.stringify(c.candidates?.[0]?.content?.parts ?? [])) as unknown[],
  );
}
