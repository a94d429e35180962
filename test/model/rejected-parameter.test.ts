// A 400 INVALID_ARGUMENT that names a generation parameter, as the Gemini API and Vertex AI word
// it (the messages are the APIs' own, from reports of Gemini 3 and Gemma 4 rejecting the same
// parameters Gemini 4 rejects), arrives at the wire through the real SDK as an error that names
// the parameter; the run's end says which, for which model, where it was set and how to override
// it, in one line.
import { describe, expect, it } from 'vitest';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import { ModelRequestError } from '../../src/model/errors.js';
import { modelTableSources, rejectedParameterMessage } from '../../src/model/model-choice.js';
import type { GenerationParameter } from '../../src/model/rejected-parameter.js';
import { rejectedParameterOf } from '../../src/model/rejected-parameter.js';
import { httpError, instantRetry, useFakeGemini } from '../support/fake-gemini.js';

/** What the model API answers (status, message), and the parameter it is about. */
const REJECTIONS: [number, string, GenerationParameter | undefined][] = [
  [400, 'Thinking budget is not supported for this model.', 'thinkingConfig.thinkingBudget'],
  [
    400,
    'Thinking level MINIMAL is not supported for this model. Please retry with other thinking level.',
    'thinkingConfig.thinkingLevel',
  ],
  [400, 'Multiple candidates is not enabled for this model', 'candidateCount'],
  [
    400,
    'The model does not support setting thinking_budget to 0.',
    'thinkingConfig.thinkingBudget',
  ],
  // Vertex AI's wording.
  [
    400,
    "Unable to submit request because Thinking can't be disabled for this model. Remove 'thinking_config.thinking_budget' from your request and try again.. Learn more: https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/gemini",
    'thinkingConfig.thinkingBudget',
  ],
  [
    400,
    'Unable to submit request because candidateCount must be 1 but the entered value was 3. Update the candidateCount value and try again.',
    'candidateCount',
  ],
  [400, 'THINKING_LEVEL_MINIMAL is unsupported', 'thinkingConfig.thinkingLevel'],
  // Not about a parameter.
  [400, 'Request contains an invalid argument.', undefined],
  [400, 'API key not valid. Please pass a valid API key.', undefined],
  [404, 'models/gemini-9 is not found for API version v1beta.', undefined],
  [429, 'Resource has been exhausted (e.g. check quota).', undefined],
];

describe('a refused generation parameter at the wire', () => {
  it.each(REJECTIONS)('HTTP %i "%s" names %s', async (status, message, parameter) => {
    const server = await useFakeGemini([httpError(status, message)]);
    const generator = await createContentGenerator(
      { type: 'gemini-api-key', apiKey: 'k', baseUrl: server.url },
      { retry: instantRetry({ maxAttempts: 1 }) },
    );
    const error = await generator
      .generateContentStream({ model: 'gemini-4-neon', contents: 'Hi' }, 'p')
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );

    expect(error).toBeInstanceOf(ModelRequestError);
    const failure = error as ModelRequestError;
    expect(rejectedParameterOf(failure)).toBe(parameter);
    // Another model is no answer to a refused parameter.
    if (parameter !== undefined) expect(failure.isModelNotFound).toBe(false);
    expect(server.generateRequests()).toHaveLength(1);
  });

  it('takes a message that names both a model and a parameter as being about the parameter', () => {
    const error = new ModelRequestError('HTTP 400', {
      kind: 'http',
      status: 400,
      apiStatus: 'INVALID_ARGUMENT',
      apiMessage: 'The thinking_budget parameter of model gemini-4-neon is not supported.',
    });
    expect(rejectedParameterOf(error)).toBe('thinkingConfig.thinkingBudget');
    expect(error.isModelNotFound).toBe(false);
  });
});

describe('rejectedParameterMessage', () => {
  const error = new ModelRequestError('HTTP 400', {
    kind: 'http',
    status: 400,
    apiStatus: 'INVALID_ARGUMENT',
    apiMessage: 'Thinking budget is not supported\nfor this model.',
  });

  it("names the parameter, its value, the model, the table's rule that set it and the override", () => {
    const message = rejectedParameterMessage(
      { name: 'gemini-2.5-flash-lite' },
      'thinkingConfig.thinkingBudget',
      error,
      modelTableSources('gemini-2.5-flash-lite'),
    );
    expect(message).toBe(
      'The model API rejected the request parameter thinkingConfig.thinkingBudget (sent as 8192) for the model gemini-2.5-flash-lite (HTTP 400 INVALID_ARGUMENT): Thinking budget is not supported for this model. ' +
        "It was set by the model table's gemini-2.5 family rule. " +
        'Override it for this model in .gemini/settings.json: {"modelConfigs":{"overrides":[{"match":{"model":"gemini-2.5-flash-lite"},"modelConfig":{"generateContentConfig":{"thinkingConfig":{"thinkingBudget":…}}}}]}} (the parameters there go to the API as written).',
    );
    expect(message).not.toContain('\n');
  });

  it('sends a user back to their own setting when it came from one, the alias shown', () => {
    const message = rejectedParameterMessage(
      { name: 'gemini-4-neon', alias: 'pro' },
      'candidateCount',
      new ModelRequestError('HTTP 400', {
        kind: 'http',
        status: 400,
        apiStatus: 'INVALID_ARGUMENT',
        apiMessage: 'Multiple candidates is not enabled for this model',
      }),
      [
        ...modelTableSources('gemini-4-neon'),
        {
          config: { candidateCount: 2 },
          setBy: 'modelConfigs.overrides[0] in .gemini/settings.json',
          user: true,
        },
      ],
    );
    expect(message).toMatch(
      /^The model API rejected the request parameter candidateCount \(sent as 2\) for the model gemini-4-neon \(pro\) \(HTTP 400 INVALID_ARGUMENT\): Multiple candidates is not enabled for this model\. It was set by modelConfigs\.overrides\[0\] in \.gemini\/settings\.json\. Change or remove it there, or override it for this model in \.gemini\/settings\.json: \{"modelConfigs":\{"overrides":\[\{"match":\{"model":"gemini-4-neon"\},"modelConfig":\{"generateContentConfig":\{"candidateCount":…\}\}\}\]\}\}/,
    );
  });

  it('leaves out where it was set when no source sets it', () => {
    const message = rejectedParameterMessage(
      { name: 'gemini-4-neon' },
      'thinkingConfig.thinkingBudget',
      error,
      [],
    );
    expect(message).not.toContain('It was set by');
    expect(message).not.toContain('sent as');
    expect(message).toContain('for the model gemini-4-neon (HTTP 400 INVALID_ARGUMENT)');
  });
});
