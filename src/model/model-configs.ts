/**
 * The user's `modelConfigs` (settings.json, the Gemini CLI's "advanced model configuration",
 * docs/cli/generation-settings.md there) over the model table: named aliases (`customAliases`,
 * which may `extends` one another) and `overrides` that apply by the model or alias asked for and
 * by who asks (`overrideScope`: `core` for the main agent, a subagent's name for its requests).
 *
 * One resolver turns a requested name into the model to send and its `GenerateContentConfig`:
 * the table's settings for that model (`generationConfigFor`), then the alias chain's, then the
 * caller's own (a subagent's `temperature`), then the matching overrides, each merged deeply over
 * the one before (objects key by key, arrays and values replaced). The resolution follows the
 * Gemini CLI's `ModelConfigService.getResolvedConfig` step for step, so a file written for it
 * means the same here. The parameters are not checked: they go to the API as written.
 */
import type { GenerateContentConfig } from '@google/genai';
import type { ErrorLocation } from '../platform/errors.js';
import { ConfigurationError } from '../platform/errors.js';
import { generationConfigFor, resolveModelAlias } from './model-table.js';
import { isRecord } from '../platform/records.js';

/** What one alias or override sets: the model to call and the parameters to send. */
export interface ModelConfig {
  model?: string;
  generateContentConfig?: GenerateContentConfig;
}

export interface ModelConfigAlias {
  /** Another alias whose settings this one starts from. */
  extends?: string;
  modelConfig: ModelConfig;
  /** Where the alias is written, for the error when its chain names no model. */
  location?: ErrorLocation;
}

export interface ModelConfigOverride {
  match: {
    /** A model name or an alias (of the user's, the Gemini CLI's bases, or the table's). */
    model?: string;
    /** `core` (the main agent) or a subagent's name. */
    overrideScope?: string;
    /** Requests are resolved once, not per retry: `true` never matches, `false` always. */
    isRetry?: boolean;
  };
  modelConfig: ModelConfig;
}

/** `modelConfigs` as settings.json gives it, checked (src/config/model-configs-settings.ts). */
export interface ModelConfigs {
  customAliases: Readonly<Record<string, ModelConfigAlias>>;
  /** `overrides`, then `customOverrides`, in the order written. */
  overrides: readonly ModelConfigOverride[];
  /** The settings file, for messages. */
  source: string;
}

/** The scope of the main agent's requests, as the Gemini CLI names it. */
export const MAIN_AGENT_SCOPE = 'core';

/**
 * The `overrideScope`s of the overrides that name neither the main agent nor one of `agents`: a
 * misspelt name changes no request, so the run says so.
 */
export function unknownScopes(
  configs: ModelConfigs | undefined,
  agents: readonly string[],
): string[] {
  const known = new Set([MAIN_AGENT_SCOPE, ...agents]);
  const scopes = (configs?.overrides ?? []).flatMap((override) =>
    override.match.overrideScope === undefined ? [] : [override.match.overrideScope],
  );
  return [...new Set(scopes.filter((scope) => !known.has(scope)))];
}

/**
 * The Gemini CLI's own base aliases, which its users' aliases extend (`"extends": "chat-base"`).
 * Here they set nothing: the model table supplies what they hold there. A user's alias of the same
 * name replaces one, as in the Gemini CLI.
 */
export const BUILTIN_BASE_ALIASES: Readonly<Record<string, ModelConfigAlias>> = {
  base: { modelConfig: {} },
  'chat-base': { extends: 'base', modelConfig: {} },
  'chat-base-2.5': { extends: 'chat-base', modelConfig: {} },
  'chat-base-3': { extends: 'chat-base', modelConfig: {} },
};

/** The Gemini CLI's `MAX_ALIAS_CHAIN_DEPTH`. */
export const MAX_ALIAS_CHAIN_DEPTH = 100;

export interface ModelRequest {
  /** The name or alias asked for (`--model`, an agent's `model`, …). */
  requested: string;
  /** A subagent's name; undefined for the main agent (`core`). */
  scope?: string;
  /** The caller's own settings, over the alias chain's and under the overrides. */
  own?: GenerateContentConfig;
}

export interface ResolvedModel {
  /** The model the request goes to. */
  name: string;
  /** What was asked for when it is not `name` (an alias of the table's or the user's). */
  alias?: string;
  /** Everything sent besides our own request fields (system instruction, tools, signal). */
  generateContentConfig: GenerateContentConfig;
}

/** How the table's settings for a model are found; tests give their own. */
export type TableConfig = (name: string) => GenerateContentConfig;

/**
 * The model and the settings of one request (see the module comment). Without `configs` it is the
 * table's alias and settings, with the caller's over them.
 */
export function resolveModelConfig(
  configs: ModelConfigs | undefined,
  request: ModelRequest,
  tableConfig: TableConfig = generationConfigFor,
): ResolvedModel {
  const requested = request.requested.trim();
  const user = resolveUserConfig(configs, { ...request, requested });
  const table = resolveModelAlias(user.model);
  const alias = user.model !== requested ? requested : table.alias;
  const merged = deepMerge(tableConfig(table.name), user.generateContentConfig);
  return {
    name: table.name,
    ...(alias === undefined || alias === table.name ? {} : { alias }),
    generateContentConfig: withoutNulls(merged),
  };
}

/**
 * A request a tool makes on its own, under the Gemini CLI's name for it (`web-search`,
 * `web-fetch`, `web-fetch-fallback`): an alias that sends `model` (the session's) unless the
 * user's alias of that name says otherwise, with the parameters of the user's alias and of the
 * overrides that match it. No table settings: such a request sends none without modelConfigs.
 */
export function resolveServiceModel(
  configs: ModelConfigs | undefined,
  service: ServiceAlias,
  model: string,
): { name: string; generateContentConfig: GenerateContentConfig } {
  if (configs === undefined) return { name: model, generateContentConfig: {} };
  const user = resolveUserConfig(
    configs,
    { requested: service },
    { [service]: { extends: 'base', modelConfig: { model } } },
    model,
  );
  return {
    name: resolveModelAlias(user.model).name,
    generateContentConfig: withoutNulls(user.generateContentConfig),
  };
}

/** The Gemini CLI's aliases of the requests its tools make; ours use the same names. */
export type ServiceAlias = 'web-search' | 'web-fetch' | 'web-fetch-fallback';

/** The user's part: the model name (before the table's aliases) and the settings over the table. */
export function resolveUserConfig(
  configs: ModelConfigs | undefined,
  request: ModelRequest,
  builtins: Readonly<Record<string, ModelConfigAlias>> = {},
  defaultModel?: string,
): { model: string; generateContentConfig: GenerateContentConfig } {
  const aliases = { ...BUILTIN_BASE_ALIASES, ...builtins, ...configs?.customAliases };
  const { chain, baseModel, config } = resolveAliasChain(request.requested, aliases);
  const levels = modelLevels(chain, baseModel);
  const matches = matchingOverrides(configs?.overrides ?? [], request.scope, levels);
  let current: ModelConfig = {
    ...(baseModel === undefined ? {} : { model: baseModel }),
    generateContentConfig: deepMerge(config, request.own),
  };
  for (const match of matches) current = merge(current, match.modelConfig);
  const model = current.model ?? defaultModel;
  if (model === undefined) {
    const alias = aliases[request.requested];
    throw new ConfigurationError(
      `the model alias "${request.requested}" in ${configs?.source ?? 'the settings'} names no model: set modelConfig.model on it or on an alias it extends (or in an override that matches it).`,
      alias?.location,
    );
  }
  return { model, generateContentConfig: current.generateContentConfig ?? {} };
}

/**
 * The alias chain from its root to the name asked for, and what it sets. A name that is no alias
 * is a chat model's (every request here is the agent's): it takes `chat-base`'s chain, as the
 * Gemini CLI's `isChatModel` requests do.
 */
function resolveAliasChain(
  requested: string,
  aliases: Readonly<Record<string, ModelConfigAlias>>,
): { chain: string[]; baseModel: string | undefined; config: GenerateContentConfig } {
  if (!Object.hasOwn(aliases, requested)) {
    const fallback = resolveAliasChain('chat-base', aliases);
    return { chain: [...fallback.chain, requested], baseModel: requested, config: fallback.config };
  }
  const leafFirst: string[] = [];
  let current: string | undefined = requested;
  while (current !== undefined) {
    const alias: ModelConfigAlias | undefined = Object.hasOwn(aliases, current)
      ? aliases[current]
      : undefined;
    // Settings are checked when read (unknown parents, cycles, depth); these guard the data.
    if (alias === undefined) throw new Error(`Alias "${current}" not found.`);
    if (leafFirst.length >= MAX_ALIAS_CHAIN_DEPTH) {
      throw new Error(
        `Alias inheritance chain exceeded maximum depth of ${MAX_ALIAS_CHAIN_DEPTH}.`,
      );
    }
    if (leafFirst.includes(current)) {
      throw new Error(`Circular alias dependency: ${[...leafFirst, current].join(' -> ')}`);
    }
    leafFirst.push(current);
    current = alias.extends;
  }
  const chain = leafFirst.reverse();
  let resolved: ModelConfig = {};
  for (const name of chain) resolved = merge(resolved, aliases[name]?.modelConfig ?? {});
  return { chain, baseModel: resolved.model, config: resolved.generateContentConfig ?? {} };
}

/**
 * How deep each name an override may match sits: the model (and, for a table alias, the model it
 * stands for) at 0, the alias chain from 1 at its root. Deeper matches apply later.
 */
function modelLevels(chain: readonly string[], baseModel: string | undefined): Map<string, number> {
  const levels = new Map<string, number>();
  if (baseModel !== undefined) {
    levels.set(baseModel, 0);
    const table = resolveModelAlias(baseModel);
    if (table.alias !== undefined) levels.set(table.name, 0);
  }
  chain.forEach((name, index) => levels.set(name, index + 1));
  return levels;
}

/** The overrides that match, in the order they apply: level, then specificity, then as written. */
function matchingOverrides(
  overrides: readonly ModelConfigOverride[],
  scope: string | undefined,
  levels: ReadonlyMap<string, number>,
): ModelConfigOverride[] {
  const found: {
    override: ModelConfigOverride;
    level: number;
    specificity: number;
    index: number;
  }[] = [];
  overrides.forEach((override, index) => {
    const entries = Object.entries(override.match);
    if (entries.length === 0) return;
    let level = 0;
    const matches = entries.every(([key, value]) => {
      switch (key) {
        case 'model': {
          const at = levels.get(String(value));
          if (at === undefined) return false;
          level = at;
          return true;
        }
        case 'overrideScope':
          return value === MAIN_AGENT_SCOPE
            ? scope === undefined || scope === MAIN_AGENT_SCOPE
            : scope === value;
        case 'isRetry':
          return value === false;
        default:
          return false;
      }
    });
    if (matches) found.push({ override, level, specificity: entries.length, index });
  });
  found.sort((a, b) => a.level - b.level || a.specificity - b.specificity || a.index - b.index);
  return found.map((match) => match.override);
}

/** The Gemini CLI's `ModelConfigService.merge`: the later model wins, the configs merge deeply. */
function merge(base: ModelConfig, over: ModelConfig): ModelConfig {
  const model = over.model ?? base.model;
  return {
    ...(model === undefined ? {} : { model }),
    generateContentConfig: deepMerge(base.generateContentConfig, over.generateContentConfig),
  };
}

/**
 * Objects merge key by key; arrays and every other value are replaced (the Gemini CLI's rule: a
 * merged list could never be replaced whole).
 */
export function deepMerge(
  base: GenerateContentConfig | undefined,
  over: GenerateContentConfig | undefined,
): GenerateContentConfig {
  return mergeRecords(
    base as Record<string, unknown> | undefined,
    over as Record<string, unknown> | undefined,
  );
}

function mergeRecords(
  base: Record<string, unknown> | undefined,
  over: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over ?? {})) {
    const before = Object.hasOwn(out, key) ? out[key] : undefined;
    // Defined, not assigned: a `__proto__` key from JSON stays a key.
    Object.defineProperty(out, key, {
      value: isRecord(before) && isRecord(value) ? mergeRecords(before, value) : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** `null` written in settings takes a value away (`"thinkingLevel": null`); it is never sent. */
function withoutNulls(config: GenerateContentConfig): GenerateContentConfig {
  const clean = (value: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== null)
        .map(([key, item]) => [key, isRecord(item) ? clean(item) : item]),
    );
  return clean(config as Record<string, unknown>);
}
