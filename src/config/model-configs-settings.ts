/**
 * settings.json's `modelConfigs` (the Gemini CLI's model configuration): `customAliases` (and
 * `aliases`, which the Gemini CLI uses for its own set), `overrides` and `customOverrides`. The
 * shape is checked strictly and every mistake is an error at its key's line; the parameters in
 * `generateContentConfig` are not — they go to the API as written — but their names are: a name
 * the SDK's `GenerateContentConfig` does not have would be dropped without a word, and the fields
 * the agent sets itself (its system instruction, its tools, where and how a request is sent) are
 * refused, so settings can neither replace them nor reach around the policy.
 *
 * The Gemini CLI's other `modelConfigs` tables (`modelDefinitions`, `modelIdResolutions`,
 * `classifierIdResolutions`, `modelChains`) describe its own models; the model table does that
 * here, so they are accepted and not read. src/model/model-configs.ts resolves what this returns.
 */
import type { GenerateContentConfig } from '@google/genai';
import type { ErrorLocation } from '../platform/errors.js';
import type {
  ModelConfigAliasSettings,
  ModelConfigOverrideSettings,
  ModelConfigSettings,
  ModelConfigsSettings,
} from './settings-types.js';

type KeyPath = readonly (string | number)[];

export interface ModelConfigsChecks {
  /** Throws a `ConfigurationError` at the key (its file, line and column). */
  fail: (keyPath: KeyPath, message: string) => never;
  /** Where a key is written, for errors found later (an alias that names no model). */
  locate: (keyPath: KeyPath) => ErrorLocation;
  /** The settings file, for messages. */
  source: string;
}

/** `true`: sent as written. A sentence: why a settings file may not set it. */
const GENERATE_CONTENT_CONFIG_KEYS = {
  temperature: true,
  topP: true,
  topK: true,
  candidateCount: true,
  maxOutputTokens: true,
  stopSequences: true,
  responseLogprobs: true,
  logprobs: true,
  presencePenalty: true,
  frequencyPenalty: true,
  seed: true,
  responseMimeType: true,
  responseSchema: true,
  responseJsonSchema: true,
  routingConfig: true,
  modelSelectionConfig: true,
  safetySettings: true,
  labels: true,
  responseModalities: true,
  mediaResolution: true,
  speechConfig: true,
  audioTimestamp: true,
  thinkingConfig: true,
  audioTranscriptionConfig: true,
  imageConfig: true,
  enableEnhancedCivicAnswers: true,
  modelArmorConfig: true,
  serviceTier: true,
  generationOutputConfig: true,
  automaticContinuation: true,
  systemInstruction:
    'the agent sets the system instruction itself (its prompt, GEMINI.md and the memory file)',
  tools:
    'the agent declares its own tools, those the policy offers; a tool added here (Google Search, code execution, functions) would be used outside the policy',
  toolConfig: 'which tools the model may call is the policy’s decision, not a model parameter',
  automaticFunctionCalling:
    'the agent runs every tool call itself, through the policy; the SDK must not call tools',
  abortSignal: 'the agent cancels its own requests (budgets, time limits, a stopped run)',
  httpOptions:
    'where a request goes and with which headers is the transport’s (the model key goes with it)',
  cachedContent: 'a cached content brings its own system instruction and tools',
  continuationToken: 'it belongs to one response, not to every request',
  store: 'whether Google stores the requests is the run’s choice (the store_requests setting)',
} as const satisfies Record<keyof GenerateContentConfig, true | string>;

/** The fields of `GenerateContentConfig` a settings file may not set (docs/model-settings.md). */
export const REFUSED_GENERATION_FIELDS: readonly string[] = Object.entries(
  GENERATE_CONTENT_CONFIG_KEYS,
)
  .filter(([, rule]) => rule !== true)
  .map(([key]) => key);

const ALIAS_KEYS = ['extends', 'modelConfig'];
const MODEL_CONFIG_KEYS = ['model', 'generateContentConfig'];
const OVERRIDE_KEYS = ['match', 'modelConfig'];
const MATCH_KEYS = ['model', 'overrideScope', 'isRetry'];
/**
 * Names an alias may extend without defining them: the Gemini CLI's own bases (which set nothing
 * here: the model table does), each with its parent.
 */
const BUILTIN_PARENTS: Readonly<Record<string, string | undefined>> = {
  base: undefined,
  'chat-base': 'base',
  'chat-base-2.5': 'chat-base',
  'chat-base-3': 'chat-base',
};
const MAX_CHAIN = 100;

/** The checked `modelConfigs`, or undefined when the file has none. */
export function parseModelConfigs(
  raw: unknown,
  checks: ModelConfigsChecks,
): ModelConfigsSettings | undefined {
  if (raw === undefined) return undefined;
  const at: KeyPath = ['modelConfigs'];
  const top = objectAt(raw, at, checks);
  const customAliases: Record<string, ModelConfigAliasSettings> = {};
  const paths = new Map<string, KeyPath>();
  // `customAliases` after `aliases`: a name in both is the custom one, as in the Gemini CLI.
  for (const key of ['aliases', 'customAliases'] as const) {
    if (top[key] === undefined) continue;
    const aliases = objectAt(top[key], [...at, key], checks);
    for (const [name, value] of Object.entries(aliases)) {
      const aliasAt = [...at, key, name];
      if (/\s/.test(name) || name.trim() === '') {
        checks.fail(aliasAt, 'expected an alias name without spaces');
      }
      // Defined, not assigned: an alias named `__proto__` stays an alias.
      Object.defineProperty(customAliases, name, {
        value: parseAlias(value, aliasAt, checks),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      paths.set(name, aliasAt);
    }
  }
  checkChains(customAliases, paths, checks);
  const overrides: ModelConfigOverrideSettings[] = [];
  for (const key of ['overrides', 'customOverrides'] as const) {
    if (top[key] === undefined) continue;
    const list = top[key];
    if (!Array.isArray(list)) checks.fail([...at, key], 'expected a list of overrides');
    (list as unknown[]).forEach((value, index) => {
      overrides.push(parseOverride(value, [...at, key, index], checks));
    });
  }
  return { customAliases, overrides, source: checks.source };
}

function parseAlias(
  value: unknown,
  at: KeyPath,
  checks: ModelConfigsChecks,
): ModelConfigAliasSettings {
  const alias = objectAt(value, at, checks, ALIAS_KEYS);
  if (alias.modelConfig === undefined) {
    checks.fail(at, 'expected a modelConfig (it may be {} in an alias that only extends another)');
  }
  const parsed: ModelConfigAliasSettings = {
    modelConfig: parseModelConfig(alias.modelConfig, [...at, 'modelConfig'], checks),
    location: checks.locate(at),
  };
  if (alias.extends !== undefined) {
    parsed.extends = nameAt(alias.extends, [...at, 'extends'], checks, 'an alias name');
  }
  return parsed;
}

function parseOverride(
  value: unknown,
  at: KeyPath,
  checks: ModelConfigsChecks,
): ModelConfigOverrideSettings {
  const override = objectAt(value, at, checks, OVERRIDE_KEYS);
  if (override.match === undefined) {
    checks.fail(
      at,
      'expected a match (model, overrideScope or both) saying which requests it changes',
    );
  }
  if (override.modelConfig === undefined) checks.fail(at, 'expected a modelConfig');
  const matchAt = [...at, 'match'];
  const match = objectAt(override.match, matchAt, checks, MATCH_KEYS);
  const parsed: ModelConfigOverrideSettings['match'] = {};
  if (match.model !== undefined) {
    parsed.model = nameAt(match.model, [...matchAt, 'model'], checks, 'a model name or alias');
  }
  if (match.overrideScope !== undefined) {
    parsed.overrideScope = nameAt(
      match.overrideScope,
      [...matchAt, 'overrideScope'],
      checks,
      '"core" (the main agent) or a subagent\'s name',
    );
  }
  if (match.isRetry !== undefined) {
    if (typeof match.isRetry !== 'boolean') {
      checks.fail([...matchAt, 'isRetry'], 'expected true or false');
    }
    parsed.isRetry = match.isRetry;
  }
  if (Object.keys(parsed).length === 0) {
    checks.fail(
      matchAt,
      'expected at least one of model and overrideScope: an empty match changes no request',
    );
  }
  return {
    match: parsed,
    modelConfig: parseModelConfig(override.modelConfig, [...at, 'modelConfig'], checks),
  };
}

function parseModelConfig(
  value: unknown,
  at: KeyPath,
  checks: ModelConfigsChecks,
): ModelConfigSettings {
  const config = objectAt(value, at, checks, MODEL_CONFIG_KEYS);
  const parsed: ModelConfigSettings = {};
  if (config.model !== undefined) {
    parsed.model = nameAt(config.model, [...at, 'model'], checks, 'a model name or alias');
  }
  if (config.generateContentConfig !== undefined) {
    const gcAt = [...at, 'generateContentConfig'];
    const parameters = objectAt(config.generateContentConfig, gcAt, checks);
    for (const key of Object.keys(parameters)) {
      const rule: true | string | undefined = Object.hasOwn(GENERATE_CONTENT_CONFIG_KEYS, key)
        ? GENERATE_CONTENT_CONFIG_KEYS[key as keyof typeof GENERATE_CONTENT_CONFIG_KEYS]
        : undefined;
      if (rule === undefined) {
        checks.fail(
          [...gcAt, key],
          `expected a field of the SDK's GenerateContentConfig (temperature, topP, topK, maxOutputTokens, thinkingConfig, safetySettings, …); "${key}" is not one, and the SDK would not send it.`,
        );
      }
      if (rule !== true) checks.fail([...gcAt, key], `may not be set in settings: ${rule}.`);
    }
    parsed.generateContentConfig = parameters;
  }
  return parsed;
}

/** Every `extends` names an alias, and no chain loops or passes the Gemini CLI's depth. */
function checkChains(
  aliases: Readonly<Record<string, ModelConfigAliasSettings>>,
  paths: ReadonlyMap<string, KeyPath>,
  checks: ModelConfigsChecks,
): void {
  const parentOf = (name: string): string | undefined =>
    Object.hasOwn(aliases, name) ? aliases[name]?.extends : BUILTIN_PARENTS[name];
  for (const [name, alias] of Object.entries(aliases)) {
    const at = [...(paths.get(name) ?? ['modelConfigs', 'customAliases', name]), 'extends'];
    const seen = [name];
    let current = alias.extends;
    while (current !== undefined) {
      if (!Object.hasOwn(aliases, current) && !Object.hasOwn(BUILTIN_PARENTS, current)) {
        checks.fail(
          at,
          `"${current}" is not an alias: expected the name of one in customAliases, or one of the Gemini CLI's bases (${Object.keys(BUILTIN_PARENTS).join(', ')}).`,
        );
      }
      if (seen.includes(current)) {
        checks.fail(
          at,
          `the aliases extend one another in a circle: ${[...seen, current].join(' -> ')}.`,
        );
      }
      if (seen.length >= MAX_CHAIN) {
        checks.fail(
          at,
          `expected a chain of at most ${MAX_CHAIN} aliases (the Gemini CLI's limit).`,
        );
      }
      seen.push(current);
      current = parentOf(current);
    }
  }
}

/** A name with no spaces. */
function nameAt(value: unknown, at: KeyPath, checks: ModelConfigsChecks, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') checks.fail(at, `expected ${what}`);
  const name = value.trim();
  if (/\s/.test(name))
    checks.fail(at, `expected ${what} without spaces, got ${JSON.stringify(name)}`);
  return name;
}

/** A JSON object; with `keys`, one of those keys only. */
function objectAt(
  value: unknown,
  at: KeyPath,
  checks: ModelConfigsChecks,
  keys?: readonly string[],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    checks.fail(at, 'expected an object');
  }
  const object = value as Record<string, unknown>;
  if (keys !== undefined) {
    const unknown = Object.keys(object).find((key) => !keys.includes(key));
    if (unknown !== undefined) {
      checks.fail(
        [...at, unknown],
        `expected only ${keys.join(', ')} here; "${unknown}" is not one of them.`,
      );
    }
  }
  return object;
}
