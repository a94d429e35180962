import { getEventListeners } from 'node:events';
import { GenerateContentResponse } from '@google/genai';
import type { GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { CodeAssistContentGenerator } from '../../src/model/code-assist-generator.js';
import type { ContentGenerator } from '../../src/model/content-generator.js';
import { ModelRequestError } from '../../src/model/errors.js';
import { backoffDelay, describeRetry, withRetry, defaultSleep } from '../../src/model/retry.js';
import {
  callsReply,
  chunk,
  collect,
  cutStream,
  genaiClientFor,
  httpError,
  instantRetry,
  partsOf,
  reply,
  respond,
  textPart,
  textReply,
  thoughtPart,
  useFakeGemini,
} from '../support/fake-gemini.js';

const request: GenerateContentParameters = {
  model: 'gemini-2.5-pro',
  contents: [{ role: 'user', parts: [{ text: 'Fix the bug' }] }],
};

function withSignal(signal: AbortSignal): GenerateContentParameters {
  return { ...request, config: { abortSignal: signal } };
}

describe('withRetry over the genai transport and the fake server', () => {
  it('waits as long as a 429 asks (RetryInfo) and then succeeds', async () => {
    const server = await useFakeGemini([
      httpError(429, 'Resource exhausted', { retryDelay: '2s' }),
      textReply('Fixed.'),
    ]);
    const retry = instantRetry();
    const generator = withRetry(genaiClientFor(server), retry);
    const chunks = await collect(await generator.generateContentStream(request, 'p'));

    expect(chunks.map((c) => c.text)).toEqual(['Fixed.']);
    expect(retry.delays).toEqual([2000]);
    expect(retry.retries).toMatchObject([
      { attempt: 1, maxAttempts: 10, delayMs: 2000, error: { kind: 'http', status: 429 } },
    ]);
    const [first, second] = server.generateRequests();
    expect(second?.body).toEqual(first?.body);
  });

  it('caps a server delay at maxServerDelayMs', async () => {
    const server = await useFakeGemini([
      httpError(429, 'Resource exhausted', { retryDelay: '3600s' }),
      textReply('ok'),
    ]);
    const retry = instantRetry({ maxServerDelayMs: 45_000 });
    await withRetry(genaiClientFor(server), retry).generateContent(request, 'p');
    expect(retry.delays).toEqual([45_000]);
  });

  it('backs off after a 500 and then succeeds', async () => {
    const server = await useFakeGemini([httpError(500, 'Internal error'), textReply('ok')]);
    const retry = instantRetry();
    const response = await withRetry(genaiClientFor(server), retry).generateContent(request, 'p');
    expect(response.text).toBe('ok');
    // random() = 0.5 means no jitter: the first delay is the initial 5 s.
    expect(retry.delays).toEqual([5000]);
    expect(server.generateRequests()).toHaveLength(2);
  });

  it('does not retry a 400', async () => {
    const server = await useFakeGemini([httpError(400, 'Invalid argument'), textReply('never')]);
    const retry = instantRetry();
    const error = await withRetry(genaiClientFor(server), retry)
      .generateContentStream(request, 'p')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(retry.delays).toEqual([]);
    expect(server.generateRequests()).toHaveLength(1);
    expect(server.remaining()).toBe(1);
  });

  it('retries a stream cut midway; the consumer sees only the complete second reply', async () => {
    const server = await useFakeGemini([
      cutStream(
        [
          chunk([textPart('Half of the first')]),
          chunk([textPart(' reply')], { finishReason: 'STOP' }),
        ],
        { after: 1 },
      ),
      reply({ text: ['The second', ' reply'] }),
    ]);
    const retry = instantRetry();
    const chunks = await collect(
      await withRetry(genaiClientFor(server), retry).generateContentStream(request, 'p'),
    );
    expect(chunks.map((c) => c.text)).toEqual(['The second', ' reply']);
    expect(retry.retries.map((r) => r.error.kind)).toEqual(['stream_cut']);
  });

  it('retries MALFORMED_FUNCTION_CALL and gives up with invalid_response naming the reason', async () => {
    const malformed = () => respond([chunk([], { finishReason: 'MALFORMED_FUNCTION_CALL' })]);
    const server = await useFakeGemini([
      malformed(),
      malformed(),
      malformed(),
      textReply('unused'),
    ]);
    const retry = instantRetry();
    const error = await withRetry(genaiClientFor(server), retry)
      .generateContentStream(request, 'p')
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ModelRequestError);
    expect(error).toMatchObject({ kind: 'invalid_response' });
    expect((error as Error).message).toBe(
      "The model's reply was unusable after 3 attempt(s): the model produced a malformed function call (finish reason MALFORMED_FUNCTION_CALL).",
    );
    expect(server.generateRequests()).toHaveLength(3);
    // Short, growing delays for unusable replies.
    expect(retry.delays).toEqual([500, 1000]);
    expect(retry.retries.map((r) => r.maxAttempts)).toEqual([3, 3]);
  });

  it('accepts a good reply after a malformed one (unary too)', async () => {
    const server = await useFakeGemini([
      respond([chunk([], { finishReason: 'MALFORMED_FUNCTION_CALL' })]),
      callsReply([{ id: 'c1', name: 'ls' }]),
    ]);
    const response = await withRetry(genaiClientFor(server), instantRetry()).generateContent(
      request,
      'p',
    );
    expect(response.functionCalls?.[0]?.id).toBe('c1');
  });

  it('retries a stream without a finish reason and one with only thoughts', async () => {
    const server = await useFakeGemini([
      respond([chunk([textPart('no end')])]),
      respond([chunk([thoughtPart('only thinking')], { finishReason: 'STOP' })]),
      textReply('Complete.'),
    ]);
    const retry = instantRetry();
    const chunks = await collect(
      await withRetry(genaiClientFor(server), retry).generateContentStream(request, 'p'),
    );
    expect(chunks.map((c) => c.text)).toEqual(['Complete.']);
    expect(retry.retries.map((r) => r.error.message)).toEqual([
      "The model's reply was unusable: the reply ended without a finish reason.",
      "The model's reply was unusable: the reply had no content (no text or function call).",
    ]);
  });

  it('passes a reply blocked for SAFETY through without retrying', async () => {
    const server = await useFakeGemini([
      respond([chunk([], { finishReason: 'SAFETY' })]),
      textReply('x'),
    ]);
    const chunks = await collect(
      await withRetry(genaiClientFor(server), instantRetry()).generateContentStream(request, 'p'),
    );
    expect(chunks[0]?.candidates?.[0]?.finishReason).toBe('SAFETY');
    expect(server.remaining()).toBe(1);
  });

  it('aborts during a request without retrying', async () => {
    const server = await useFakeGemini([textReply('late', { delayMs: 60_000 }), textReply('x')]);
    const controller = new AbortController();
    const retry = instantRetry();
    const pending = withRetry(genaiClientFor(server), retry).generateContentStream(
      withSignal(controller.signal),
      'p',
    );
    await server.waitForRequests(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(retry.retries).toEqual([]);
    expect(server.generateRequests()).toHaveLength(1);
  });

  it('aborts during a retry sleep', async () => {
    const server = await useFakeGemini([httpError(503, 'Unavailable'), textReply('never')]);
    const controller = new AbortController();
    const generator = withRetry(genaiClientFor(server), {
      // A sleep that never ends by itself: only the abort can end it.
      sleep: () => {
        controller.abort();
        return new Promise<void>(() => undefined);
      },
    });
    await expect(
      generator.generateContent(withSignal(controller.signal), 'p'),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(server.generateRequests()).toHaveLength(1);
  });

  it('sleeps for real by default, and an abort ends the sleep at once', async () => {
    const server = await useFakeGemini([
      httpError(503, 'Unavailable'),
      textReply('after a real 1 ms sleep'),
      httpError(503, 'Unavailable'),
      textReply('never'),
    ]);
    const quick = withRetry(genaiClientFor(server), { initialDelayMs: 1, jitter: 0 });
    expect((await quick.generateContent(request, 'p')).text).toBe('after a real 1 ms sleep');

    const controller = new AbortController();
    const slow = withRetry(genaiClientFor(server), {
      initialDelayMs: 3_600_000,
      onRetry: () => {
        controller.abort();
      },
    });
    await expect(slow.generateContent(withSignal(controller.signal), 'p')).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(server.remaining()).toBe(1);
  });

  it('retries the Code Assist transport the same way', async () => {
    const server = await useFakeGemini([
      httpError(429, 'slow down', { retryDelay: '1s' }),
      textReply('ok'),
    ]);
    const retry = instantRetry();
    const generator = withRetry(
      new CodeAssistContentGenerator({
        credentials: { getAccessToken: () => Promise.resolve('t') },
        project: 'p',
        baseUrl: server.url,
      }),
      retry,
    );
    const chunks = await collect(await generator.generateContentStream(request, 'prompt'));
    expect(partsOf(chunks)).toEqual([{ text: 'ok' }]);
    expect(retry.delays).toEqual([1000]);
  });
});

/** A generator that fails with the given errors, then answers with a text reply. */
function flaky(errors: ModelRequestError[]): ContentGenerator & { calls: number } {
  const reply = Object.assign(new GenerateContentResponse(), {
    candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
  });
  const fake = {
    calls: 0,
    generateContent() {
      const error = errors[fake.calls++];
      return error ? Promise.reject(error) : Promise.resolve(reply);
    },
    generateContentStream() {
      return Promise.reject(new Error('not used'));
    },
    countTokens() {
      const error = errors[fake.calls++];
      return error ? Promise.reject(error) : Promise.resolve({ totalTokens: 3 });
    },
  };
  return fake;
}

const unavailable = () => new ModelRequestError('unavailable', { kind: 'http', status: 503 });

describe('withRetry for a host that cannot be reached or a quota that is gone', () => {
  it('retries a refused connection twice, quickly, then gives up', async () => {
    const server = await useFakeGemini();
    await server.close();
    const retry = instantRetry();
    const error = await withRetry(genaiClientFor(server), retry)
      .generateContent(request, 'p')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unreachable' });
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(retry.delays).toEqual([500, 1000]);
    expect(retry.retries.map((r) => [r.attempt, r.maxAttempts])).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it('keeps the long back-off for a per-minute 429 and for 5xx', async () => {
    const server = await useFakeGemini([
      httpError(429, 'Quota exceeded', {
        quotaIds: ['GenerateRequestsPerMinutePerProjectPerModel'],
      }),
      httpError(503, 'The model is overloaded.'),
      textReply('Fixed.'),
    ]);
    const retry = instantRetry();
    const response = await withRetry(genaiClientFor(server), retry).generateContent(request, 'p');
    expect(response.text).toBe('Fixed.');
    expect(retry.delays).toEqual([5000, 10000]);
    expect(retry.retries.map((r) => r.maxAttempts)).toEqual([10, 10]);
  });

  it('does not retry a daily quota that ran out', async () => {
    const server = await useFakeGemini([
      httpError(429, 'You exceeded your current quota.', {
        quotaIds: ['GenerateRequestsPerDayPerProjectPerModel-FreeTier'],
        retryDelay: '31s',
      }),
    ]);
    const retry = instantRetry();
    const error = await withRetry(genaiClientFor(server), retry)
      .generateContent(request, 'p')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      quotaIds: ['GenerateRequestsPerDayPerProjectPerModel-FreeTier'],
    });
    expect(retry.retries).toEqual([]);
    expect(server.generateRequests()).toHaveLength(1);
  });

  it('does not retry a model the API does not serve', async () => {
    const server = await useFakeGemini([
      httpError(404, 'models/gemini-9-ultra is not found for API version v1beta.'),
    ]);
    const retry = instantRetry();
    const error = await withRetry(genaiClientFor(server), retry)
      .generateContent(request, 'p')
      .catch((e: unknown) => e);
    expect((error as ModelRequestError).isModelNotFound).toBe(true);
    expect(retry.retries).toEqual([]);
  });
});

describe('withRetry backoff', () => {
  it('doubles from 5 s to a ceiling of 30 s by default', async () => {
    const fake = flaky([unavailable(), unavailable(), unavailable(), unavailable(), unavailable()]);
    const retry = instantRetry();
    await withRetry(fake, retry).generateContent(request, 'p');
    expect(retry.delays).toEqual([5000, 10_000, 20_000, 30_000, 30_000]);
  });

  it('spreads delays by ±30%', () => {
    const base = { initialDelayMs: 1000, maxDelayMs: 30_000, jitter: 0.3 };
    expect(backoffDelay(1, { ...base, random: () => 0 })).toBe(700);
    expect(backoffDelay(1, { ...base, random: () => 0.999_999 })).toBe(1300);
    expect(backoffDelay(2, { ...base, random: () => 0.5 })).toBe(2000);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const errors = Array.from({ length: 5 }, unavailable);
    const fake = flaky(errors);
    const retry = instantRetry({ maxAttempts: 4 });
    const error = await withRetry(fake, retry)
      .generateContent(request, 'p')
      .catch((e: unknown) => e);
    expect(error).toBe(errors[3]);
    expect(fake.calls).toBe(4);
    expect(retry.retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('retries network errors and 499, but not 401/403/404 or other errors', async () => {
    const network = new ModelRequestError('reset', { kind: 'network' });
    const cancelled = new ModelRequestError('cancelled', { kind: 'http', status: 499 });
    const ok = flaky([network, cancelled]);
    await withRetry(ok, instantRetry()).countTokens({ model: 'm', contents: 'x' });
    expect(ok.calls).toBe(3);

    for (const status of [401, 403, 404]) {
      const fake = flaky([new ModelRequestError('no', { kind: 'http', status })]);
      await expect(
        withRetry(fake, instantRetry()).generateContent(request, 'p'),
      ).rejects.toMatchObject({
        status,
      });
      expect(fake.calls).toBe(1);
    }

    const bug = new TypeError('undefined is not a function');
    const fake = flaky([bug as unknown as ModelRequestError]);
    await expect(withRetry(fake, instantRetry()).generateContent(request, 'p')).rejects.toBe(bug);
  });
});

describe('describeRetry', () => {
  it('says what failed, which attempt it was and how long the wait is', () => {
    const error = new ModelRequestError('HTTP 429: quota exceeded', { kind: 'http', status: 429 });
    expect(describeRetry({ attempt: 2, maxAttempts: 10, delayMs: 2500, error })).toBe(
      'Model request failed (HTTP 429: quota exceeded); attempt 3 of 10 in 2.5 s.',
    );
  });
});

describe('defaultSleep', () => {
  it('leaves no listener on the signal once it has slept, so retries do not pile them up', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 12; i += 1) await defaultSleep(1, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('ends at once when the signal aborts', async () => {
    const controller = new AbortController();
    const slept = defaultSleep(60_000, controller.signal);
    controller.abort();
    await expect(slept).resolves.toBeUndefined();
  });
});
