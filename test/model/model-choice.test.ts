// Which model a run uses, where that was decided, and the words a run ends with when the API does
// not serve it or its quota is gone.
import { describe, expect, it } from 'vitest';
import { httpStatusError } from '../../src/model/normalize-error.js';
import {
  chooseRunModels,
  fallbackNotice,
  modelNotFoundMessage,
  quotaExhaustedMessage,
} from '../../src/model/model-choice.js';
import {
  DEFAULT_FALLBACK_MODEL,
  DEFAULT_MODEL,
  MODEL_TABLE,
  describeAliases,
} from '../../src/model/model-table.js';

const { pro: PRO, flash: FLASH } = MODEL_TABLE.aliases;

const HOW = '--model (-m) or GEMINI_MODEL';

function choose(flag?: string, env: Record<string, string> = {}, settingsModel?: string) {
  return chooseRunModels({
    explicit: { value: flag, setBy: '--model' },
    env,
    settings: {
      ...(settingsModel !== undefined ? { modelName: settingsModel } : {}),
      source: '.gemini/settings.json',
    },
    fallback: { value: undefined, setBy: '--fallback-model' },
    howToChoose: HOW,
  });
}

const notFound = httpStatusError(
  404,
  '{"error":{"code":404,"message":"models/gemini-9-ultra is not found for API version v1beta, or is not supported for generateContent.","status":"NOT_FOUND"}}',
);

describe('chooseRunModels', () => {
  it('takes the flag, then GEMINI_MODEL, then settings model.name, then the default', () => {
    const env = { GEMINI_MODEL: 'gemini-3.7-flash' };
    expect(choose('pro', env, 'gemini-3.6-flash').model).toEqual({
      name: PRO,
      alias: 'pro',
      setBy: '--model',
      howToChoose: HOW,
    });
    expect(choose(undefined, env, 'gemini-3.6-flash').model).toMatchObject({
      name: 'gemini-3.7-flash',
      setBy: 'the GEMINI_MODEL variable',
    });
    expect(choose(undefined, { GEMINI_MODEL: '  ' }, 'flash-lite').model).toMatchObject({
      name: 'gemini-3.5-flash-lite',
      alias: 'flash-lite',
      setBy: 'model.name in .gemini/settings.json',
    });
    expect(choose().model).toMatchObject({ name: DEFAULT_MODEL, setBy: 'the default' });
  });

  it('sends a name the table lacks as written', () => {
    expect(choose('gemini-4-ultra').model.name).toBe('gemini-4-ultra');
  });

  it("has a fallback model when one is named, and the table's for a run on the default", () => {
    expect(choose('flash').fallbackModel).toBeUndefined();
    expect(choose().fallbackModel).toMatchObject({
      name: DEFAULT_FALLBACK_MODEL,
      setBy: "the model table's fallback for the default",
    });
    const models = chooseRunModels({
      explicit: { value: undefined, setBy: 'the model input' },
      env: {},
      settings: { source: 'defaults' },
      fallback: { value: 'flash-lite', setBy: 'the fallback_model input' },
      howToChoose: 'the model input',
    });
    expect(models.fallbackModel).toMatchObject({
      name: 'gemini-3.5-flash-lite',
      setBy: 'the fallback_model input',
    });
  });
});

describe('the messages', () => {
  it('names the model, where it was set, how to choose another and the aliases', () => {
    const message = modelNotFoundMessage(choose('gemini-9-ultra').model, notFound);
    expect(message).toBe(
      `The model gemini-9-ultra was not found (HTTP 404 NOT_FOUND): the API does not serve a model by that name (misspelt, not available to this account, or retired). It was set by --model. Choose another with --model (-m) or GEMINI_MODEL: an alias (${describeAliases()}) or a name from https://ai.google.dev/gemini-api/docs/models.`,
    );
    expect(message).not.toContain('\n');
  });

  it('names the exhausted quota and the ways out', () => {
    const quota = httpStatusError(
      429,
      '{"error":{"code":429,"message":"You exceeded your current quota.","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[{"quotaId":"GenerateRequestsPerDayPerProjectPerModel-FreeTier"}]}]}}',
    );
    expect(quotaExhaustedMessage(choose('flash').model, quota)).toBe(
      `The quota of the model ${FLASH ?? ''} (flash) is exhausted (HTTP 429 RESOURCE_EXHAUSTED) (GenerateRequestsPerDayPerProjectPerModel-FreeTier). Wait until it resets or raise it, choose another model with --model (-m) or GEMINI_MODEL, or set a fallback model.`,
    );
  });

  it('says which model took over and why', () => {
    const fallback = choose('flash-lite').model;
    expect(fallbackNotice({ name: 'gemini-9-ultra' }, fallback, notFound)).toBe(
      'The model gemini-9-ultra was not found (HTTP 404 NOT_FOUND); continuing with the fallback model gemini-3.5-flash-lite (flash-lite) (set by --model).',
    );
  });
});
