// The resolution of settings.json's modelConfigs, held to the Gemini CLI's own cases: most are
// ported from google-gemini/gemini-cli packages/core/src/services/modelConfigService.test.ts and
// packages/core/src/services/modelConfig.integration.test.ts. Their `aliases` are written as
// `customAliases` here (the Gemini CLI merges both into one map, custom winning), and the model
// table's settings are left out (`noTable`) so the cases compare the same values as there.
import type { GenerateContentConfig } from '@google/genai';
import { describe, expect, it } from 'vitest';
import type {
  ModelConfigAlias,
  ModelConfigs,
  ModelRequest,
} from '../../src/model/model-configs.js';
import { resolveModelConfig } from '../../src/model/model-configs.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { MODEL_TABLE } from '../../src/model/model-table.js';

/** What the table's `flash` alias stands for today. */
const FLASH = MODEL_TABLE.aliases['flash'] ?? '';

const noTable = () => ({});

function configs(partial: Partial<ModelConfigs>): ModelConfigs {
  return { customAliases: {}, overrides: [], source: '.gemini/settings.json', ...partial };
}

function resolve(config: ModelConfigs, request: ModelRequest) {
  const resolved = resolveModelConfig(config, request, noTable);
  return { model: resolved.name, generateContentConfig: resolved.generateContentConfig };
}

describe('ModelConfigService cases (modelConfigService.test.ts)', () => {
  it('should resolve a basic alias to its model and settings', () => {
    const config = configs({
      customAliases: {
        classifier: {
          modelConfig: {
            model: 'gemini-1.5-flash-latest',
            generateContentConfig: { temperature: 0, topP: 0.9 },
          },
        },
      },
    });
    const resolved = resolve(config, { requested: 'classifier' });
    expect(resolved.model).toBe('gemini-1.5-flash-latest');
    expect(resolved.generateContentConfig).toEqual({ temperature: 0, topP: 0.9 });
  });

  it('should apply a simple override on top of an alias', () => {
    const config = configs({
      customAliases: {
        classifier: {
          modelConfig: {
            model: 'gemini-1.5-flash-latest',
            generateContentConfig: { temperature: 0, topP: 0.9 },
          },
        },
      },
      overrides: [
        {
          match: { model: 'classifier' },
          modelConfig: { generateContentConfig: { temperature: 0.5, maxOutputTokens: 1000 } },
        },
      ],
    });
    const resolved = resolve(config, { requested: 'classifier' });
    expect(resolved.model).toBe('gemini-1.5-flash-latest');
    expect(resolved.generateContentConfig).toEqual({
      temperature: 0.5,
      topP: 0.9,
      maxOutputTokens: 1000,
    });
  });

  it('should apply the most specific override rule', () => {
    const config = configs({
      overrides: [
        {
          match: { model: 'gemini-pro' },
          modelConfig: { generateContentConfig: { temperature: 0.5 } },
        },
        {
          match: { model: 'gemini-pro', overrideScope: 'my-agent' },
          modelConfig: { generateContentConfig: { temperature: 0.1 } },
        },
      ],
    });
    const resolved = resolve(config, { requested: 'gemini-pro', scope: 'my-agent' });
    expect(resolved.model).toBe('gemini-pro');
    expect(resolved.generateContentConfig).toEqual({ temperature: 0.1 });
  });

  it('should use the last override in case of a tie in specificity', () => {
    const config = configs({
      overrides: [
        {
          match: { model: 'gemini-pro' },
          modelConfig: { generateContentConfig: { temperature: 0.5, topP: 0.8 } },
        },
        {
          match: { model: 'gemini-pro' },
          modelConfig: { generateContentConfig: { temperature: 0.1 } },
        },
      ],
    });
    const resolved = resolve(config, { requested: 'gemini-pro' });
    expect(resolved.generateContentConfig).toEqual({ temperature: 0.1, topP: 0.8 });
  });

  it('should let an override generation config win over an alias config', () => {
    const config = configs({
      customAliases: {
        'thinking-alias': {
          modelConfig: { model: 'gemini-pro', generateContentConfig: { candidateCount: 500 } },
        },
      },
      overrides: [
        {
          match: { model: 'thinking-alias' },
          modelConfig: { generateContentConfig: { candidateCount: 1000 } },
        },
      ],
    });
    expect(resolve(config, { requested: 'thinking-alias' }).generateContentConfig).toEqual({
      candidateCount: 1000,
    });
  });

  it('should merge settings from global, alias, and multiple matching overrides', () => {
    const config = configs({
      customAliases: {
        'test-alias': {
          modelConfig: {
            model: 'gemini-test-model',
            generateContentConfig: { topP: 0.9, topK: 50 },
          },
        },
      },
      overrides: [
        {
          match: { model: 'gemini-test-model' },
          modelConfig: { generateContentConfig: { topK: 40, maxOutputTokens: 2048 } },
        },
        {
          match: { overrideScope: 'test-agent' },
          modelConfig: { generateContentConfig: { maxOutputTokens: 4096 } },
        },
        {
          match: { model: 'gemini-test-model', overrideScope: 'test-agent' },
          modelConfig: { generateContentConfig: { temperature: 0.2 } },
        },
      ],
    });
    const resolved = resolve(config, { requested: 'test-alias', scope: 'test-agent' });
    expect(resolved.model).toBe('gemini-test-model');
    expect(resolved.generateContentConfig).toEqual({
      temperature: 0.2,
      topP: 0.9,
      topK: 40,
      maxOutputTokens: 4096,
    });
  });

  it('should match an agent:core override when agent is undefined', () => {
    const config = configs({
      overrides: [
        {
          match: { overrideScope: 'core' },
          modelConfig: { generateContentConfig: { temperature: 0.1 } },
        },
      ],
    });
    const resolved = resolve(config, { requested: 'gemini-pro' });
    expect(resolved.model).toBe('gemini-pro');
    expect(resolved.generateContentConfig).toEqual({ temperature: 0.1 });
  });

  describe('alias inheritance', () => {
    const base: ModelConfigAlias = {
      modelConfig: {
        model: 'gemini-1.5-pro-latest',
        generateContentConfig: { temperature: 0.7, topP: 0.9 },
      },
    };

    it('should resolve a simple "extends" chain', () => {
      const config = configs({
        customAliases: {
          base,
          'flash-variant': { extends: 'base', modelConfig: { model: 'gemini-1.5-flash-latest' } },
        },
      });
      const resolved = resolve(config, { requested: 'flash-variant' });
      expect(resolved.model).toBe('gemini-1.5-flash-latest');
      expect(resolved.generateContentConfig).toEqual({ temperature: 0.7, topP: 0.9 });
    });

    it('should override parent properties from child alias', () => {
      const config = configs({
        customAliases: {
          base,
          'flash-variant': {
            extends: 'base',
            modelConfig: {
              model: 'gemini-1.5-flash-latest',
              generateContentConfig: { temperature: 0.2 },
            },
          },
        },
      });
      const resolved = resolve(config, { requested: 'flash-variant' });
      expect(resolved.model).toBe('gemini-1.5-flash-latest');
      expect(resolved.generateContentConfig).toEqual({ temperature: 0.2, topP: 0.9 });
    });

    it('should resolve a multi-level "extends" chain', () => {
      const config = configs({
        customAliases: {
          base,
          'base-flash': { extends: 'base', modelConfig: { model: 'gemini-1.5-flash-latest' } },
          'classifier-flash': {
            extends: 'base-flash',
            modelConfig: { generateContentConfig: { temperature: 0 } },
          },
        },
      });
      const resolved = resolve(config, { requested: 'classifier-flash' });
      expect(resolved.model).toBe('gemini-1.5-flash-latest');
      expect(resolved.generateContentConfig).toEqual({ temperature: 0, topP: 0.9 });
    });

    it('should allow an alias to extend an abstract alias without a model', () => {
      const config = configs({
        customAliases: {
          'abstract-base': { modelConfig: { generateContentConfig: { temperature: 0.1 } } },
          'concrete-child': {
            extends: 'abstract-base',
            modelConfig: {
              model: 'gemini-1.5-pro-latest',
              generateContentConfig: { topP: 0.9 },
            },
          },
        },
      });
      const resolved = resolve(config, { requested: 'concrete-child' });
      expect(resolved.model).toBe('gemini-1.5-pro-latest');
      expect(resolved.generateContentConfig).toEqual({ temperature: 0.1, topP: 0.9 });
    });

    it('should throw an error if a resolved alias chain has no model (with where it is written)', () => {
      const config = configs({
        customAliases: {
          'abstract-base': {
            modelConfig: { generateContentConfig: { temperature: 0.7 } },
            location: { file: '.gemini/settings.json', line: 4, column: 7 },
          },
        },
      });
      expect(() => resolve(config, { requested: 'abstract-base' })).toThrow(ConfigurationError);
      expect(() => resolve(config, { requested: 'abstract-base' })).toThrow(
        '.gemini/settings.json:4:7: the model alias "abstract-base" in .gemini/settings.json names no model: set modelConfig.model on it or on an alias it extends (or in an override that matches it).',
      );
    });

    it('should resolve an abstract alias if an override provides the model', () => {
      const config = configs({
        customAliases: {
          'abstract-base': { modelConfig: { generateContentConfig: { temperature: 0.1 } } },
        },
        overrides: [
          {
            match: { model: 'abstract-base' },
            modelConfig: { model: 'gemini-1.5-flash-latest' },
          },
        ],
      });
      const resolved = resolve(config, { requested: 'abstract-base' });
      expect(resolved.model).toBe('gemini-1.5-flash-latest');
      expect(resolved.generateContentConfig).toEqual({ temperature: 0.1 });
    });
  });

  describe('deep merging', () => {
    it('should deep merge nested config objects from aliases and overrides', () => {
      const config = configs({
        customAliases: {
          'base-safe': {
            modelConfig: {
              model: 'gemini-pro',
              generateContentConfig: {
                thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
              },
            },
          },
        },
        overrides: [
          {
            match: { model: 'base-safe' },
            modelConfig: { generateContentConfig: { thinkingConfig: { thinkingBudget: 4096 } } },
          },
        ],
      });
      expect(
        resolve(config, { requested: 'base-safe' }).generateContentConfig.thinkingConfig,
      ).toEqual({ includeThoughts: true, thinkingBudget: 4096 });
    });

    it('should not deeply merge arrays from aliases and overrides', () => {
      const config = configs({
        customAliases: {
          base: {
            modelConfig: { model: 'gemini-pro', generateContentConfig: { stopSequences: ['foo'] } },
          },
        },
        overrides: [
          {
            match: { model: 'base' },
            modelConfig: { generateContentConfig: { stopSequences: ['overrideFoo'] } },
          },
        ],
      });
      const resolved = resolve(config, { requested: 'base' });
      expect(resolved.model).toBe('gemini-pro');
      expect(resolved.generateContentConfig.stopSequences).toEqual(['overrideFoo']);
    });
  });

  describe('custom aliases and unrecognized models', () => {
    it('should resolve a custom alias', () => {
      const config = configs({
        customAliases: {
          'my-custom-alias': {
            modelConfig: { model: 'gemini-custom', generateContentConfig: { temperature: 0.9 } },
          },
        },
      });
      expect(resolve(config, { requested: 'my-custom-alias' })).toEqual({
        model: 'gemini-custom',
        generateContentConfig: { temperature: 0.9 },
      });
    });

    it('should apply overrides to unrecognized model names', () => {
      const config = configs({
        overrides: [
          {
            match: { model: 'my-unregistered-model-v1' },
            modelConfig: { generateContentConfig: { temperature: 0.01 } },
          },
        ],
      });
      expect(resolve(config, { requested: 'my-unregistered-model-v1' })).toEqual({
        model: 'my-unregistered-model-v1',
        generateContentConfig: { temperature: 0.01 },
      });
    });

    it('should apply scoped overrides to unrecognized model names', () => {
      const config = configs({
        overrides: [
          {
            match: { model: 'my-unregistered-model-v1', overrideScope: 'special-agent' },
            modelConfig: { generateContentConfig: { temperature: 0.99 } },
          },
        ],
      });
      expect(
        resolve(config, { requested: 'my-unregistered-model-v1', scope: 'special-agent' })
          .generateContentConfig,
      ).toEqual({ temperature: 0.99 });
      expect(
        resolve(config, { requested: 'my-unregistered-model-v1' }).generateContentConfig,
      ).toEqual({});
    });

    it('should fall back to chat-base for a model that is no alias (a chat model)', () => {
      const config = configs({
        customAliases: {
          'chat-base': { modelConfig: { generateContentConfig: { temperature: 0.99 } } },
        },
      });
      expect(resolve(config, { requested: 'my-custom-model' })).toEqual({
        model: 'my-custom-model',
        generateContentConfig: { temperature: 0.99 },
      });
    });
  });

  describe('retry behavior', () => {
    it('never applies an isRetry: true override (requests are resolved once), always isRetry: false', () => {
      const config = configs({
        overrides: [
          {
            match: { model: 'gemini-test', isRetry: true },
            modelConfig: { generateContentConfig: { temperature: 1 } },
          },
          {
            match: { model: 'gemini-test', isRetry: false },
            modelConfig: { generateContentConfig: { topP: 0.5 } },
          },
        ],
      });
      expect(resolve(config, { requested: 'gemini-test' }).generateContentConfig).toEqual({
        topP: 0.5,
      });
    });
  });
});

describe('ModelConfigService integration cases (modelConfig.integration.test.ts)', () => {
  const complex = configs({
    customAliases: {
      base: { modelConfig: { generateContentConfig: { topP: 0.95, topK: 64 } } },
      'default-text-model': {
        extends: 'base',
        modelConfig: { model: 'gemini-1.5-pro-latest', generateContentConfig: { topK: 40 } },
      },
      'creative-writer': {
        extends: 'default-text-model',
        modelConfig: { generateContentConfig: { temperature: 0.9, topK: 50 } },
      },
      'fast-classifier': {
        extends: 'base',
        modelConfig: {
          model: 'gemini-1.5-flash-latest',
          generateContentConfig: { temperature: 0.1, candidateCount: 4 },
        },
      },
    },
    overrides: [
      {
        match: { model: 'gemini-1.5-flash-latest' },
        modelConfig: { generateContentConfig: { maxOutputTokens: 2048 } },
      },
      {
        match: { overrideScope: 'core' },
        modelConfig: { generateContentConfig: { temperature: 0.5, stopSequences: ['AGENT_STOP'] } },
      },
      {
        match: { model: 'fast-classifier', overrideScope: 'core' },
        modelConfig: { generateContentConfig: { temperature: 0.0, maxOutputTokens: 4096 } },
      },
      {
        match: { model: 'base', overrideScope: 'core' },
        modelConfig: { model: 'gemini-1.5-pro-latest' },
      },
    ],
  });

  it('should resolve a simple model, applying core agent defaults', () => {
    // Unlike the Gemini CLI's test (which asks as a non-chat model), every request here is the
    // agent's: a plain name takes chat-base's chain, and `base` is in it, so the `base` override
    // applies too. Its model is the one asked for until then, and the override's replaces it.
    const resolved = resolve(complex, { requested: 'gemini-test-model' });
    expect(resolved.model).toBe('gemini-1.5-pro-latest');
    expect(resolved.generateContentConfig).toEqual({
      temperature: 0.5,
      stopSequences: ['AGENT_STOP'],
      topP: 0.95,
      topK: 64,
    });
  });

  it('should resolve a multi-level inherited alias', () => {
    expect(resolve(complex, { requested: 'creative-writer' })).toEqual({
      model: 'gemini-1.5-pro-latest',
      generateContentConfig: {
        temperature: 0.5,
        topP: 0.95,
        topK: 50,
        stopSequences: ['AGENT_STOP'],
      },
    });
  });

  it('should apply an inherited alias and a broad model-based override', () => {
    expect(resolve(complex, { requested: 'fast-classifier' })).toEqual({
      model: 'gemini-1.5-pro-latest',
      generateContentConfig: {
        topP: 0.95,
        topK: 64,
        candidateCount: 4,
        stopSequences: ['AGENT_STOP'],
        maxOutputTokens: 4096,
        temperature: 0.0,
      },
    });
  });

  it('should resolve an abstract alias if a specific override provides the model', () => {
    expect(resolve(complex, { requested: 'base', scope: 'core' })).toEqual({
      model: 'gemini-1.5-pro-latest',
      generateContentConfig: {
        temperature: 0.5,
        topP: 0.95,
        topK: 64,
        stopSequences: ['AGENT_STOP'],
      },
    });
  });

  it('should not apply core agent overrides when a different agent is specified', () => {
    expect(resolve(complex, { requested: 'fast-classifier', scope: 'non-core-agent' })).toEqual({
      model: 'gemini-1.5-flash-latest',
      generateContentConfig: {
        candidateCount: 4,
        maxOutputTokens: 2048,
        temperature: 0.1,
        topK: 64,
        topP: 0.95,
      },
    });
  });

  it("should merge a caller's own settings like the Gemini CLI's runtime alias, under the overrides", () => {
    // The Gemini CLI registers a subagent's own model config as a runtime alias extending the
    // model's; here it is `own`, between the alias chain and the overrides.
    const resolved = resolve(complex, {
      requested: 'creative-writer',
      own: { temperature: 0.1, maxOutputTokens: 8192 },
    });
    expect(resolved).toEqual({
      model: 'gemini-1.5-pro-latest',
      generateContentConfig: {
        temperature: 0.5,
        topP: 0.95,
        topK: 50,
        maxOutputTokens: 8192,
        stopSequences: ['AGENT_STOP'],
      },
    });
  });
});

describe('over the model table', () => {
  it('resolves a custom alias before the table, and the table alias a custom alias names', () => {
    const config = configs({
      customAliases: {
        flash: { modelConfig: { model: 'gemini-2.5-flash' } },
        quick: { modelConfig: { model: 'flash-lite' } },
      },
    });
    expect(resolveModelConfig(config, { requested: 'flash' }).name).toBe('gemini-2.5-flash');
    expect(resolveModelConfig(config, { requested: 'quick' })).toMatchObject({
      name: 'gemini-3.5-flash-lite',
      alias: 'quick',
    });
  });

  it("merges the user's parameters over the table's settings, deeply; null takes one away", () => {
    const config = configs({
      overrides: [
        {
          match: { model: 'flash' },
          modelConfig: {
            // As settings.json can write it: null is not a value the SDK's types allow.
            generateContentConfig: JSON.parse(
              '{"maxOutputTokens": 1234, "thinkingConfig": {"thinkingLevel": null, "thinkingBudget": 2048}}',
            ) as GenerateContentConfig,
          },
        },
      ],
    });
    const resolved = resolveModelConfig(config, { requested: 'flash' });
    expect(resolved).toEqual({
      name: FLASH,
      alias: 'flash',
      generateContentConfig: {
        maxOutputTokens: 1234,
        thinkingConfig: { includeThoughts: true, thinkingBudget: 2048 },
      },
    });
  });

  it('matches an override on the model a table alias stands for', () => {
    const config = configs({
      overrides: [
        {
          match: { model: FLASH },
          modelConfig: { generateContentConfig: { seed: 7 } },
        },
      ],
    });
    expect(resolveModelConfig(config, { requested: 'flash' }).generateContentConfig.seed).toBe(7);
  });

  it('routes a model elsewhere and says what was asked for', () => {
    const config = configs({
      overrides: [
        { match: { model: 'gemini-2.5-pro' }, modelConfig: { model: 'gemini-2.5-flash' } },
      ],
    });
    expect(resolveModelConfig(config, { requested: 'gemini-2.5-pro' })).toMatchObject({
      name: 'gemini-2.5-flash',
      alias: 'gemini-2.5-pro',
    });
  });

  it('without modelConfigs, is the table with the caller over it', () => {
    expect(
      resolveModelConfig(undefined, { requested: 'gemini-2.5-flash', own: { topP: 0.5 } }),
    ).toEqual({
      name: 'gemini-2.5-flash',
      generateContentConfig: {
        temperature: 0,
        topP: 0.5,
        thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 },
      },
    });
  });

  it('keeps a __proto__ key from JSON a key, in aliases and parameters alike', () => {
    const config = JSON.parse(
      '{"customAliases": {"__proto__": {"modelConfig": {"model": "gemini-2.5-flash"}}}, "overrides": [{"match": {"model": "__proto__"}, "modelConfig": {"generateContentConfig": {"thinkingConfig": {"__proto__": {"polluted": true}}}}}], "source": "x"}',
    ) as ModelConfigs;
    const resolved = resolveModelConfig(config, { requested: '__proto__' });
    expect(resolved.name).toBe('gemini-2.5-flash');
    expect(Object.getPrototypeOf(resolved.generateContentConfig.thinkingConfig)).toBe(
      Object.prototype,
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
