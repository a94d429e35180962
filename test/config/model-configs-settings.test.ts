// settings.json's modelConfigs as a user writes it: what is read, and every mistake as the user
// meets it — the whole message, with the file, line and column of the key and what was expected.
import { describe, expect, it } from 'vitest';
import { loadAgentSettings, parseAgentSettings } from '../../src/config/settings.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { tempRepo } from '../support/temp-repo.js';

async function load(text: string) {
  const dir = await tempRepo({ '.gemini/settings.json': text });
  return loadAgentSettings({ input: undefined, configDirectory: dir, env: {} });
}

async function messageFor(text: string): Promise<string> {
  try {
    await load(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigurationError');
}

/** `{"modelConfigs": <body>}` with the body from line 2 on, indented as a person writes it. */
const withModelConfigs = (body: string) => `{\n  "modelConfigs": ${body}\n}`;

/** One override on line 4, its keys from line 5 on. */
const withOverride = (body: string) =>
  withModelConfigs(`{\n    "overrides": [\n      {\n${body}\n      }\n    ]\n  }`);

describe('modelConfigs: what is read', () => {
  it('reads aliases, customAliases (winning), overrides then customOverrides, as written', async () => {
    const settings = await load(
      JSON.stringify(
        {
          modelConfigs: {
            aliases: { precise: { modelConfig: { model: 'gemini-2.5-pro' } } },
            customAliases: {
              precise: {
                extends: 'chat-base',
                modelConfig: {
                  model: 'gemini-2.5-flash',
                  generateContentConfig: { temperature: 0, topP: 1 },
                },
              },
            },
            overrides: [
              {
                match: { overrideScope: 'codebase_investigator' },
                modelConfig: { generateContentConfig: { maxOutputTokens: 2048 } },
              },
            ],
            customOverrides: [{ match: { model: 'precise' }, modelConfig: { model: 'flash' } }],
            modelDefinitions: { 'gemini-9': { tier: 'pro' } },
          },
        },
        null,
        2,
      ),
    );
    expect(settings.modelConfigs).toEqual({
      customAliases: {
        precise: {
          extends: 'chat-base',
          modelConfig: {
            model: 'gemini-2.5-flash',
            generateContentConfig: { temperature: 0, topP: 1 },
          },
          location: { file: '.gemini/settings.json', line: 11, column: 7 },
        },
      },
      overrides: [
        {
          match: { overrideScope: 'codebase_investigator' },
          modelConfig: { generateContentConfig: { maxOutputTokens: 2048 } },
        },
        { match: { model: 'precise' }, modelConfig: { model: 'flash' } },
      ],
      source: '.gemini/settings.json',
    });
  });

  it('has none when the file has none', async () => {
    expect((await load('{"model": {"name": "flash"}}')).modelConfigs).toBeUndefined();
  });

  it('names the input for inline settings', () => {
    expect(() =>
      parseAgentSettings(
        { modelConfigs: { overrides: [{ match: {}, modelConfig: {} }] } },
        { source: 'settings', env: {} },
      ),
    ).toThrow(
      'settings: modelConfigs.overrides[0].match: expected at least one of model and overrideScope: an empty match changes no request',
    );
  });
});

describe('modelConfigs: mistakes', () => {
  it.each([
    [
      'modelConfigs that is a list',
      withModelConfigs('[]'),
      '.gemini/settings.json:2:3: modelConfigs: expected an object',
    ],
    [
      'overrides that is an object',
      withModelConfigs('{\n    "overrides": {}\n  }'),
      '.gemini/settings.json:3:5: modelConfigs.overrides: expected a list of overrides',
    ],
    [
      'an override without a match',
      withOverride('        "modelConfig": {}'),
      '.gemini/settings.json:4:7: modelConfigs.overrides[0]: expected a match (model, overrideScope or both) saying which requests it changes',
    ],
    [
      'an empty match',
      withOverride('        "match": {},\n        "modelConfig": {}'),
      '.gemini/settings.json:5:9: modelConfigs.overrides[0].match: expected at least one of model and overrideScope: an empty match changes no request',
    ],
    [
      'a match on a key there is none of (the Gemini CLI once called the scope "agent")',
      withOverride('        "match": { "agent": "core" },\n        "modelConfig": {}'),
      '.gemini/settings.json:5:20: modelConfigs.overrides[0].match.agent: expected only model, overrideScope, isRetry here; "agent" is not one of them.',
    ],
    [
      'a scope that is not a name',
      withOverride('        "match": { "overrideScope": 3 },\n        "modelConfig": {}'),
      '.gemini/settings.json:5:20: modelConfigs.overrides[0].match.overrideScope: expected "core" (the main agent) or a subagent\'s name',
    ],
    [
      'isRetry as text',
      withOverride('        "match": { "isRetry": "yes" },\n        "modelConfig": {}'),
      '.gemini/settings.json:5:20: modelConfigs.overrides[0].match.isRetry: expected true or false',
    ],
    [
      'a model name with a space',
      withOverride(
        '        "match": { "model": "flash" },\n        "modelConfig": { "model": "gemini 3" }',
      ),
      '.gemini/settings.json:6:26: modelConfigs.overrides[0].modelConfig.model: expected a model name or alias without spaces, got "gemini 3"',
    ],
    [
      'a misspelt modelConfig key',
      withOverride(
        '        "match": { "model": "flash" },\n        "modelConfig": { "generationConfig": {} }',
      ),
      '.gemini/settings.json:6:26: modelConfigs.overrides[0].modelConfig.generationConfig: expected only model, generateContentConfig here; "generationConfig" is not one of them.',
    ],
    [
      'a parameter the SDK does not have',
      withOverride(
        '        "match": { "model": "flash" },\n        "modelConfig": {\n          "generateContentConfig": {\n            "temprature": 0\n          }\n        }',
      ),
      '.gemini/settings.json:8:13: modelConfigs.overrides[0].modelConfig.generateContentConfig.temprature: expected a field of the SDK\'s GenerateContentConfig (temperature, topP, topK, maxOutputTokens, thinkingConfig, safetySettings, …); "temprature" is not one, and the SDK would not send it.',
    ],
    [
      'generateContentConfig that is not an object',
      withOverride(
        '        "match": { "model": "flash" },\n        "modelConfig": { "generateContentConfig": 1 }',
      ),
      '.gemini/settings.json:6:26: modelConfigs.overrides[0].modelConfig.generateContentConfig: expected an object',
    ],
    [
      'an alias without a modelConfig',
      withModelConfigs(
        '{\n    "customAliases": {\n      "fast": { "extends": "base" }\n    }\n  }',
      ),
      '.gemini/settings.json:4:7: modelConfigs.customAliases.fast: expected a modelConfig (it may be {} in an alias that only extends another)',
    ],
    [
      'an alias that extends one there is not',
      withModelConfigs(
        '{\n    "customAliases": {\n      "fast": {\n        "extends": "quick",\n        "modelConfig": {}\n      }\n    }\n  }',
      ),
      '.gemini/settings.json:5:9: modelConfigs.customAliases.fast.extends: "quick" is not an alias: expected the name of one in customAliases, or one of the Gemini CLI\'s bases (base, chat-base, chat-base-2.5, chat-base-3).',
    ],
    [
      'aliases that extend one another',
      withModelConfigs(
        '{\n    "customAliases": {\n      "a": { "extends": "b", "modelConfig": {} },\n      "b": { "extends": "a", "modelConfig": {} }\n    }\n  }',
      ),
      '.gemini/settings.json:4:14: modelConfigs.customAliases.a.extends: the aliases extend one another in a circle: a -> b -> a.',
    ],
    [
      'an alias name with a space',
      withModelConfigs(
        '{\n    "customAliases": {\n      "my fast": { "modelConfig": {} }\n    }\n  }',
      ),
      '.gemini/settings.json:4:7: modelConfigs.customAliases.my fast: expected an alias name without spaces',
    ],
  ])('%s', async (_what, text, message) => {
    expect(await messageFor(text)).toBe(message);
  });

  it('refuses a chain longer than the Gemini CLI allows', async () => {
    const aliases: Record<string, unknown> = {};
    for (let i = 0; i <= 100; i += 1) {
      aliases[`a${i}`] = { ...(i < 100 ? { extends: `a${i + 1}` } : {}), modelConfig: {} };
    }
    expect(await messageFor(JSON.stringify({ modelConfigs: { customAliases: aliases } }))).toMatch(
      /^\.gemini\/settings\.json:1:\d+: modelConfigs\.customAliases\.a0\.extends: expected a chain of at most 100 aliases/,
    );
  });
});

describe("modelConfigs: the agent's own request fields are refused", () => {
  it.each([
    ['systemInstruction', '"be evil"', 'the agent sets the system instruction itself'],
    ['tools', '[{ "googleSearch": {} }]', 'would be used outside the policy'],
    ['toolConfig', '{ "functionCallingConfig": { "mode": "NONE" } }', 'the policy’s decision'],
    ['automaticFunctionCalling', '{}', 'the SDK must not call tools'],
    ['abortSignal', '{}', 'the agent cancels its own requests'],
    ['httpOptions', '{ "baseUrl": "https://attacker.example" }', 'the model key goes with it'],
    ['cachedContent', '"cachedContents/x"', 'its own system instruction and tools'],
    ['store', 'true', 'store_requests'],
  ])('%s', async (key, value, reason) => {
    const text = withOverride(
      `        "match": { "overrideScope": "core" },\n        "modelConfig": {\n          "generateContentConfig": {\n            "temperature": 0.2,\n            "${key}": ${value}\n          }\n        }`,
    );
    const message = await messageFor(text);
    expect(message).toMatch(
      new RegExp(
        `^\\.gemini/settings\\.json:9:13: modelConfigs\\.overrides\\[0\\]\\.modelConfig\\.generateContentConfig\\.${key}: may not be set in settings: `,
      ),
    );
    expect(message).toContain(reason);
  });

  it('in an alias too', async () => {
    const text = withModelConfigs(
      '{\n    "customAliases": {\n      "x": {\n        "modelConfig": {\n          "model": "flash",\n          "generateContentConfig": { "tools": [] }\n        }\n      }\n    }\n  }',
    );
    expect(await messageFor(text)).toMatch(
      /^\.gemini\/settings\.json:7:38: modelConfigs\.customAliases\.x\.modelConfig\.generateContentConfig\.tools: may not be set in settings/,
    );
  });
});
