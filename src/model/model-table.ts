/**
 * The one table of models (model-table.json): the default, the aliases, each model's family and
 * stage, and the generation settings each family takes. Names change often, so they live in that
 * data file with the documentation pages they come from; this module checks it and answers
 * questions about it. Everything else that needs a model fact reads it from here.
 *
 * The table is not a whitelist: a name it does not know is still sent as written, with its
 * family's settings when the name shows the family (`gemini-3…`, `gemini-2.5-…`), and with the
 * API's own defaults otherwise.
 */
import { ThinkingLevel } from './genai-values.js';
import type { GenerateContentConfig } from '@google/genai';
import { z } from 'zod';
import tableJson from './model-table.json' with { type: 'json' };

const THINKING_LEVELS = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH', 'XHIGH'] as const;
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');
const modelName = z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'expected a model name');

/** What a family (and, to override it, a model) sets. Thinking is a level or a budget, not both. */
const settings = {
  thinkingLevel: z.enum(THINKING_LEVELS).optional(),
  thinkingBudget: z.number().int().optional(),
};

/**
 * What a family's API accepts, from Google's guides: checked against what the table sends (a
 * family or model setting the rules forbid is a broken table) and against what the API's model
 * list reports (scripts/check-model-table).
 */
const rulesSchema = z.strictObject({
  /** The thinking levels the API accepts; absent for a family that takes a budget instead. */
  thinkingLevels: z.array(z.enum(THINKING_LEVELS)).min(1).optional(),
  /** Whether a `thinkingBudget` is accepted (Gemini 4 rejects it with 400). */
  thinkingBudget: z.boolean(),
  /** `ignored`: temperature, topP and topK have no effect, so none is sent. */
  sampling: z.enum(['accepted', 'ignored']),
  /** The most candidates a request may ask for, when the guides give it. */
  maxCandidates: z.number().int().positive().optional(),
  /** Input and output tokens per request, when the guides give them. */
  inputTokenLimit: z.number().int().positive().optional(),
  outputTokenLimit: z.number().int().positive().optional(),
});

/**
 * USD per million tokens, for prompts up to `promptTokensUpTo` (left out: any longer). A prompt
 * longer than every tier has no known price.
 */
const priceTierSchema = z.strictObject({
  promptTokensUpTo: z.number().int().positive().optional(),
  input: z.number().nonnegative(),
  /** Cached input; absent where Google lists none (cached tokens then count at `input`). */
  cachedInput: z.number().nonnegative().optional(),
  /** Output tokens, thinking tokens included (the API bills them as output). */
  output: z.number().nonnegative(),
});

const priceSchema = z.strictObject({
  tiers: z.array(priceTierSchema).min(1),
  /** A key of `sources`: the page the prices were read from. */
  source: z.string(),
  /** The last day the prices hold (an introductory price); after it the price is unknown. */
  until: date.optional(),
});

const familySchema = z.strictObject({
  name: z.string(),
  /** A regular expression over the model name; how a model not in the table finds its family. */
  pattern: z.string(),
  ...settings,
  rules: rulesSchema,
  /** Sampling parameters to send; `null`: send none, the model's defaults apply. */
  sampling: z
    .strictObject({
      temperature: z.number().optional(),
      topP: z.number().optional(),
      topK: z.number().optional(),
    })
    .nullable(),
  why: z.string(),
});

const modelSchema = z.strictObject({
  name: modelName,
  family: z.string(),
  /** `stable` is generally available; `deprecated` has a shutdown date, or is routed. */
  stage: z.enum(['stable', 'preview', 'deprecated']),
  released: date,
  shutdown: date.optional(),
  replacement: modelName.optional(),
  /** Google answers requests to this deprecated model with its replacement. */
  routed: z.boolean().optional(),
  ...settings,
  /** Paid-tier list prices; absent when Google lists none (the cost is then unknown, never 0). */
  price: priceSchema.optional(),
  note: z.string().optional(),
});

const tableSchema = z
  .strictObject({
    checked: date,
    sources: z.record(z.string(), z.url()),
    default: modelName,
    defaultReason: z.string(),
    /**
     * The model a run falls back to, once, when the default (chosen by no one) is not found or
     * has no quota: a newer default may not be offered to every account yet.
     */
    defaultFallback: modelName,
    aliases: z.record(z.string(), modelName),
    aliasReason: z.string(),
    families: z.array(familySchema),
    models: z.array(modelSchema),
  })
  .superRefine((table, ctx) => {
    const problem = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
    };
    const models = new Map(table.models.map((model) => [model.name, model]));
    const families = new Map(table.families.map((family) => [family.name, family]));
    const defaultModel = models.get(table.default);
    if (defaultModel?.stage !== 'stable') {
      problem(`the default ${table.default} must be a stable model of the table`);
    }
    if (models.get(table.defaultFallback)?.stage !== 'stable') {
      problem(
        `the default's fallback ${table.defaultFallback} must be a stable model of the table`,
      );
    }
    for (const [alias, target] of Object.entries(table.aliases)) {
      if (!models.has(target)) problem(`alias ${alias} names ${target}, which is not in the table`);
      if (models.has(alias)) problem(`alias ${alias} is also a model name`);
    }
    for (const family of [...table.families, ...table.models]) {
      if (family.thinkingLevel !== undefined && family.thinkingBudget !== undefined) {
        problem(`${family.name} sets both thinkingLevel and thinkingBudget`);
      }
    }
    for (const family of table.families) {
      for (const message of ruleBreaks(family, family.rules)) problem(message);
    }
    for (const model of table.models) {
      const family = families.get(model.family);
      if (family === undefined) problem(`${model.name}: unknown family ${model.family}`);
      else {
        if (!new RegExp(family.pattern).test(model.name)) {
          problem(`${model.name} does not match the pattern of its family ${family.name}`);
        }
        for (const message of ruleBreaks(model, family.rules)) problem(message);
      }
      if (model.price !== undefined) {
        for (const message of priceProblems(model.name, model.price, table.sources)) {
          problem(message);
        }
      }
      if (model.stage === 'deprecated' && model.shutdown === undefined && !model.routed) {
        problem(`${model.name} is deprecated but has neither a shutdown date nor routed requests`);
      }
      if (model.routed === true && model.replacement === undefined) {
        problem(`${model.name} is routed but names no replacement`);
      }
      if (model.replacement !== undefined && !models.has(model.replacement)) {
        problem(`${model.name}: its replacement ${model.replacement} is not in the table`);
      }
    }
  });

/** What a family or model sets that its family's rules forbid. */
function ruleBreaks(
  settings: {
    name: string;
    thinkingLevel?: (typeof THINKING_LEVELS)[number] | undefined;
    thinkingBudget?: number | undefined;
    sampling?: Record<string, unknown> | null;
  },
  rules: z.output<typeof rulesSchema>,
): string[] {
  const breaks: string[] = [];
  const level = settings.thinkingLevel;
  if (level !== undefined && !(rules.thinkingLevels ?? []).includes(level)) {
    breaks.push(`${settings.name} sends thinkingLevel ${level}, which its family does not accept`);
  }
  if (settings.thinkingBudget !== undefined && !rules.thinkingBudget) {
    breaks.push(`${settings.name} sends a thinkingBudget, which its family rejects`);
  }
  if (
    rules.sampling === 'ignored' &&
    settings.sampling !== undefined &&
    settings.sampling !== null
  ) {
    breaks.push(`${settings.name} sends sampling parameters, which its family ignores`);
  }
  return breaks;
}

/** Tiers in ascending order, only the last open-ended, and a source the table cites. */
function priceProblems(
  name: string,
  price: z.output<typeof priceSchema>,
  sources: Record<string, string>,
): string[] {
  const problems: string[] = [];
  if (!Object.hasOwn(sources, price.source)) {
    problems.push(`${name}: its price source ${price.source} is not in sources`);
  }
  let previous = 0;
  price.tiers.forEach((tier, index) => {
    const last = index === price.tiers.length - 1;
    const upTo = tier.promptTokensUpTo;
    if (!last && upTo === undefined) {
      problems.push(`${name}: only the last price tier may leave promptTokensUpTo out`);
    } else if (upTo !== undefined && upTo <= previous) {
      problems.push(`${name}: price tiers must rise in promptTokensUpTo`);
    }
    previous = upTo ?? previous;
  });
  return problems;
}

export type ModelTable = z.output<typeof tableSchema>;
export type PriceTier = z.output<typeof priceTierSchema>;
export type ModelPrice = z.output<typeof priceSchema>;
export type ModelEntry = ModelTable['models'][number];
export type ModelFamily = ModelTable['families'][number];

/** Checks a table; throws with every problem listed (a broken data file is a bug, not user input). */
export function parseModelTable(raw: unknown): ModelTable {
  const result = tableSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    throw new Error(`model-table.json is invalid: ${problems.join('; ')}`);
  }
  return result.data;
}

export const MODEL_TABLE: ModelTable = parseModelTable(tableJson);

/** The model a run uses when nothing chooses one. */
export const DEFAULT_MODEL: string = MODEL_TABLE.default;

/** The model a run on the default falls back to when the default is not served to it. */
export const DEFAULT_FALLBACK_MODEL: string = MODEL_TABLE.defaultFallback;

/** `pro = gemini-3.1-pro-preview, flash = …`: the aliases for messages and help texts. */
export function describeAliases(table: ModelTable = MODEL_TABLE): string {
  return Object.entries(table.aliases)
    .map(([alias, name]) => `${alias} = ${name}`)
    .join(', ');
}

/** The API's `models/` prefix is accepted wherever a name is. */
export function bareName(name: string): string {
  return name.replace(/^models\//, '');
}

/** The model an alias stands for, or the name itself. */
export function resolveModelAlias(
  requested: string,
  table: ModelTable = MODEL_TABLE,
): { name: string; alias?: string } {
  const key = requested.trim().toLowerCase();
  const target = Object.hasOwn(table.aliases, key) ? table.aliases[key] : undefined;
  return target === undefined ? { name: requested.trim() } : { name: target, alias: key };
}

/** The table's entry for a model, if it has one. */
export function findModel(name: string, table: ModelTable = MODEL_TABLE): ModelEntry | undefined {
  const bare = bareName(name);
  return table.models.find((model) => model.name === bare);
}

/** The family of a model: its entry's, or the first whose pattern matches the name. */
export function familyOf(name: string, table: ModelTable = MODEL_TABLE): ModelFamily | undefined {
  const entry = findModel(name, table);
  if (entry !== undefined) return table.families.find((family) => family.name === entry.family);
  const bare = bareName(name);
  return table.families.find((family) => new RegExp(family.pattern).test(bare));
}

/** Whether a model's entry sets its own thinking, which then replaces its family's. */
export function hasOwnThinking(entry: ModelEntry | undefined): entry is ModelEntry {
  return (
    entry !== undefined && (entry.thinkingLevel !== undefined || entry.thinkingBudget !== undefined)
  );
}

/**
 * The generation settings sent with every request to `name`: thinking (a level or a budget, with
 * thought summaries) and sampling parameters only where the family allows them. A model of no
 * known family gets none of them: the API's defaults are safe for any model, guesses are not.
 */
export function generationConfigFor(
  name: string,
  table: ModelTable = MODEL_TABLE,
): GenerateContentConfig {
  const family = familyOf(name, table);
  if (family === undefined) return {};
  const entry = findModel(name, table);
  const config: GenerateContentConfig = { ...family.sampling };
  // A model's own thinking setting replaces its family's.
  const thinking = hasOwnThinking(entry) ? entry : family;
  if (thinking.thinkingLevel !== undefined) {
    const level = ThinkingLevel[thinking.thinkingLevel];
    config.thinkingConfig = { includeThoughts: true, thinkingLevel: level };
  } else if (thinking.thinkingBudget !== undefined) {
    config.thinkingConfig = { includeThoughts: true, thinkingBudget: thinking.thinkingBudget };
  }
  return config;
}
