// A session whose model the API does not serve, or whose quota is gone: it ends with a message
// that says where the model was chosen, or — with a fallback model — goes on once with that one.
// Through the real @google/genai client and the fake Gemini server, so the requests checked are
// the ones the API would receive.
import { describe, expect, it } from 'vitest';
import { chooseRunModels } from '../../src/model/model-choice.js';
import type { RunModels } from '../../src/model/model-choice.js';
import { MODEL_TABLE } from '../../src/model/model-table.js';

const FLASH = MODEL_TABLE.aliases['flash'] ?? '';
import { genaiClientFor, httpError, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { createHarness, eventsOf } from './support/harness.js';

function models(model: string, fallback?: string): RunModels {
  return chooseRunModels({
    explicit: { value: model, setBy: '--model' },
    env: {},
    settings: { source: 'defaults' },
    fallback: { value: fallback, setBy: '--fallback-model' },
    howToChoose: '--model (-m) or GEMINI_MODEL',
  });
}

const notFound = (name: string) =>
  httpError(
    404,
    `models/${name} is not found for API version v1beta, or is not supported for generateContent.`,
  );

async function runWith(chosen: RunModels, script: Parameters<typeof useFakeGemini>[0]) {
  const server = await useFakeGemini(script);
  const h = await createHarness([], {
    contentGenerator: genaiClientFor(server),
    model: chosen.model.name,
    modelChoice: chosen.model,
    ...(chosen.fallbackModel ? { fallbackModel: chosen.fallbackModel } : {}),
  });
  const result = await h.session.run('Say hello');
  return { server, h, result };
}

interface SentBody {
  generationConfig?: Record<string, unknown>;
}

describe('a model the API does not serve', () => {
  it('ends the session at once, naming the model, where it was set and the aliases', async () => {
    const { server, h, result } = await runWith(models('gemini-9-ultra'), [
      notFound('gemini-9-ultra'),
    ]);
    expect(result.reason).toBe('model_not_found');
    expect(result.error).toMatch(
      /^The model gemini-9-ultra was not found \(HTTP 404 NOT_FOUND\): .* It was set by --model\. Choose another with --model \(-m\) or GEMINI_MODEL: an alias \(pro = /,
    );
    expect(server.generateRequests()).toHaveLength(1);
    expect(eventsOf(h.events, 'warning')).toEqual([]);
  });

  it('goes on once with the fallback model, with that model’s settings, and says so', async () => {
    const { server, h, result } = await runWith(models('gemini-9-ultra', 'gemini-2.5-test'), [
      notFound('gemini-9-ultra'),
      textReply('Hello.'),
    ]);
    expect(result.reason).toBe('completed');
    expect(result.response).toBe('Hello.');
    const [first, second] = server.generateRequests();
    expect(first?.model).toBe('gemini-9-ultra');
    expect(second?.model).toBe('gemini-2.5-test');
    // A model of no known family gets no settings; the fallback gets its family's.
    expect((first?.body as SentBody).generationConfig ?? {}).toEqual({});
    expect((second?.body as SentBody).generationConfig).toEqual({
      temperature: 0,
      topP: 1,
      thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 },
    });
    expect(eventsOf(h.events, 'warning')).toEqual([
      expect.objectContaining({
        code: 'model_fallback',
        message:
          'The model gemini-9-ultra was not found (HTTP 404 NOT_FOUND); continuing with the fallback model gemini-2.5-test (set by --fallback-model).',
      }),
    ]);
    expect(eventsOf(h.events, 'state_change').at(-1)?.model).toBe('gemini-2.5-test');
  });

  it('falls back only once: a fallback the API lacks too ends the session naming it', async () => {
    const { server, result } = await runWith(models('gemini-9-ultra', 'gemini-9-mini'), [
      notFound('gemini-9-ultra'),
      notFound('gemini-9-mini'),
    ]);
    expect(result.reason).toBe('model_not_found');
    expect(result.error).toContain('The model gemini-9-mini was not found');
    expect(result.error).toContain('It was set by --fallback-model.');
    expect(server.generateRequests()).toHaveLength(2);
  });
});

describe('a model whose quota is gone', () => {
  it('goes on with the fallback model after a daily quota ran out, without waiting', async () => {
    const { server, h, result } = await runWith(models('flash', 'flash-lite'), [
      httpError(429, 'You exceeded your current quota.', {
        quotaIds: ['GenerateRequestsPerDayPerProjectPerModel-FreeTier'],
      }),
      textReply('Hello.'),
    ]);
    expect(result.reason).toBe('completed');
    expect(server.generateRequests().map((request) => request.model)).toEqual([
      FLASH,
      'gemini-3.5-flash-lite',
    ]);
    expect(eventsOf(h.events, 'warning')[0]?.message).toBe(
      `The model ${FLASH} (flash) has no quota left (HTTP 429 RESOURCE_EXHAUSTED); continuing with the fallback model gemini-3.5-flash-lite (flash-lite) (set by --fallback-model).`,
    );
  });

  it('without a fallback, ends saying which quota and what to do', async () => {
    const { result } = await runWith(models('flash'), [
      httpError(429, 'You exceeded your current quota.', {
        quotaIds: ['GenerateRequestsPerDayPerProjectPerModel-FreeTier'],
      }),
    ]);
    expect(result.reason).toBe('model_error');
    expect(result.error).toBe(
      `The quota of the model ${FLASH} (flash) is exhausted (HTTP 429 RESOURCE_EXHAUSTED) (GenerateRequestsPerDayPerProjectPerModel-FreeTier). Wait until it resets or raise it, choose another model with --model (-m) or GEMINI_MODEL, or set a fallback model.`,
    );
  });
});
