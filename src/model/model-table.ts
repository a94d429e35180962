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

const THINKING_LEVELS = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH'] as const;
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');
const modelName = z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'expected a model name');

/** What a family (and, to override it, a model) sets. Thinking is a level or a budget, not both. */
const settings = {
  thinkingLevel: z.enum(THINKING_LEVELS).optional(),
  thinkingBudget: z.number().int().optional(),
};

const familySchema = z.strictObject({
  name: z.string(),
  /** A regular expression over the model name; how a model not in the table finds its family. */
  pattern: z.string(),
  ...settings,
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
  /** `stable` is generally available; `deprecated` has a shutdown date. */
  stage: z.enum(['stable', 'preview', 'deprecated']),
  released: date,
  shutdown: date.optional(),
  replacement: modelName.optional(),
  ...settings,
  note: z.string().optional(),
});

const tableSchema = z
  .strictObject({
    checked: date,
    sources: z.record(z.string(), z.url()),
    default: modelName,
    defaultReason: z.string(),
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
    for (const [alias, target] of Object.entries(table.aliases)) {
      if (!models.has(target)) problem(`alias ${alias} names ${target}, which is not in the table`);
      if (models.has(alias)) problem(`alias ${alias} is also a model name`);
    }
    for (const family of [...table.families, ...table.models]) {
      if (family.thinkingLevel !== undefined && family.thinkingBudget !== undefined) {
        problem(`${family.name} sets both thinkingLevel and thinkingBudget`);
      }
    }
    for (const model of table.models) {
      const family = families.get(model.family);
      if (family === undefined) problem(`${model.name}: unknown family ${model.family}`);
      else if (!new RegExp(family.pattern).test(model.name)) {
        problem(`${model.name} does not match the pattern of its family ${family.name}`);
      }
      if (model.stage === 'deprecated' && model.shutdown === undefined) {
        problem(`${model.name} is deprecated but has no shutdown date`);
      }
      if (model.replacement !== undefined && !models.has(model.replacement)) {
        problem(`${model.name}: its replacement ${model.replacement} is not in the table`);
      }
    }
  });

export type ModelTable = z.output<typeof tableSchema>;
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

/** `pro = gemini-3.1-pro-preview, flash = …`: the aliases for messages and help texts. */
export function describeAliases(table: ModelTable = MODEL_TABLE): string {
  return Object.entries(table.aliases)
    .map(([alias, name]) => `${alias} = ${name}`)
    .join(', ');
}

/** The API's `models/` prefix is accepted wherever a name is. */
function bareName(name: string): string {
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
  const thinking =
    entry !== undefined && (entry.thinkingLevel !== undefined || entry.thinkingBudget !== undefined)
      ? entry
      : family;
  if (thinking.thinkingLevel !== undefined) {
    const level = ThinkingLevel[thinking.thinkingLevel];
    config.thinkingConfig = { includeThoughts: true, thinkingLevel: level };
  } else if (thinking.thinkingBudget !== undefined) {
    config.thinkingConfig = { includeThoughts: true, thinkingBudget: thinking.thinkingBudget };
  }
  return config;
}

/**
 * A line to warn with before the first request, for a model the table knows is being shut down;
 * undefined for every other model.
 */
export function deprecationNotice(
  name: string,
  table: ModelTable = MODEL_TABLE,
): string | undefined {
  const entry = findModel(name, table);
  if (entry?.stage !== 'deprecated') return undefined;
  const instead = entry.replacement === undefined ? '' : `; Google recommends ${entry.replacement}`;
  return `${entry.name} is deprecated and shuts down on ${entry.shutdown ?? 'an announced date'}${instead} (${table.sources['deprecations'] ?? 'the Gemini API deprecations page'}).`;
}
