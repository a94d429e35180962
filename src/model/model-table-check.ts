/**
 * The model table against the Gemini API's own model list (`models.list`): what a maintainer must
 * change in model-table.json because Google changed the models. Pure: the table, the listing and
 * the day in, one line per difference out. The weekly workflow (scripts/check-model-table.ts)
 * prints them and keeps them in one issue.
 *
 * What the listing can show, and so all this compares:
 * - which models exist: a default, fallback or alias target gone from it; a stable model of a
 *   known family the table lacks; a table model no longer listed;
 * - per model: `thinking`, `inputTokenLimit`, `outputTokenLimit`, `maxTemperature` and
 *   `supportedGenerationMethods`.
 * It has no stage and no shutdown date (those come from the table and Google's deprecations
 * page), and nothing on thinking levels, thinking budgets, candidates or whether sampling
 * parameters are ignored: those rules are never compared.
 */
import type { ListedModel } from './list-models.js';
import { lifecycleNotice } from './model-notices.js';
import type { ModelEntry, ModelFamily, ModelTable } from './model-table.js';
import { bareName, familyOf, findModel, generationConfigFor } from './model-table.js';

export type DifferenceKind =
  /** The default, its fallback or an alias names a model the API no longer lists. */
  | 'target-gone'
  /** …or one the table marks deprecated, or whose shutdown is near. */
  | 'target-retiring'
  /** A stable model of a known family that the table lacks. */
  | 'new-model'
  /** A family rule (or a table model's fact) the API's metadata contradicts. */
  | 'contradiction'
  /** A stable or preview model of the table the API no longer lists. */
  | 'missing';

export interface TableDifference {
  kind: DifferenceKind;
  /** The model the line is about. */
  model: string;
  /** One line a maintainer can act on; model names in code spans, no text from the API. */
  line: string;
}

/** The kinds in the order a report lists them, most urgent first, with a heading each. */
export const DIFFERENCE_KINDS: readonly { kind: DifferenceKind; heading: string }[] = [
  { kind: 'target-gone', heading: 'The default and aliases name models the API no longer lists' },
  { kind: 'target-retiring', heading: 'The default and aliases name models being retired' },
  { kind: 'new-model', heading: 'Stable models of known families the table lacks' },
  { kind: 'contradiction', heading: 'Rules the API’s metadata contradicts' },
  { kind: 'missing', heading: 'Table models the API no longer lists (they may be retired)' },
];

/** A name as the API and the table spell them; anything else is skipped, never echoed. */
const MODEL_NAME = /^[a-z0-9][a-z0-9.-]{0,99}$/;

/**
 * Words that mark a name as not a stable text model: a preview, an experiment, a moving alias,
 * or a variant a coding agent does not run on (speech, live audio, images, embeddings, computer
 * use, robotics). From the names `models.list` gives, e.g. `gemini-3-pro-preview`,
 * `gemini-2.0-flash-exp`, `gemini-flash-latest`, `gemini-2.5-flash-preview-tts`,
 * `gemini-2.0-flash-live-001`, `gemini-2.5-flash-image`, `gemini-2.5-flash-native-audio-latest`,
 * `gemini-2.5-computer-use-preview-10-2025`, `gemini-robotics-er-1.5-preview`,
 * `gemini-2.0-flash-thinking-exp-01-21`, `gemini-embedding-001`.
 */
const NOT_STABLE_WORDS = new Set([
  'preview',
  'exp',
  'experimental',
  'latest',
  'tts',
  'live',
  'image',
  'generation',
  'embedding',
  'audio',
  'dialog',
  'computer',
  'robotics',
  'thinking',
]);

/**
 * Whether a listed name looks like a stable text model: none of {@link NOT_STABLE_WORDS} among
 * its words, and no word of digits only after the version (`-001`, `-02-05`, `-09-2025`,
 * `-1206`: dated or numbered snapshots of a model listed under its own name too).
 */
export function looksStable(name: string): boolean {
  const words = bareName(name).split('-');
  if (words.some((word) => NOT_STABLE_WORDS.has(word))) return false;
  // words[0] is `gemini`, words[1] the version (`3`, `2.5`): digits there are no snapshot.
  return !words.slice(2).some((word) => /^\d+$/.test(word));
}

/** Whether the API says a run can call `generateContent` on the model. */
function generates(model: ListedModel): boolean {
  return model.supportedGenerationMethods?.includes('generateContent') ?? false;
}

/** The family's rules let a request say how to think (levels or a budget). */
function familyThinks(family: ModelFamily): boolean {
  return family.rules.thinkingLevels !== undefined || family.rules.thinkingBudget;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Every difference between the table and the listing, most urgent first. */
export function compareModelTable(
  table: ModelTable,
  listing: readonly ListedModel[],
  today: Date,
): TableDifference[] {
  const listed = new Map<string, ListedModel>();
  for (const model of listing) {
    const name = bareName(model.name);
    if (MODEL_NAME.test(name)) listed.set(name, model);
  }
  // proto3 JSON leaves `thinking: false` out: it is "not thinking" only where the listing
  // reports it for some model at all (an API version without the field says nothing).
  const reportsThinking = [...listed.values()].some((model) => model.thinking === true);

  const differences: TableDifference[] = [];
  const add = (kind: DifferenceKind, model: string, line: string) => {
    differences.push({ kind, model, line });
  };

  // The names a run reaches without naming a model: the default, its fallback, the aliases.
  const roles: { role: string; target: string }[] = [
    { role: 'The default', target: table.default },
    { role: 'The default’s fallback', target: table.defaultFallback },
    ...Object.entries(table.aliases).map(([alias, target]) => ({
      role: `The alias \`${alias}\``,
      target,
    })),
  ];
  const gone = new Set<string>();
  for (const { role, target } of roles) {
    if (!listed.has(target)) {
      gone.add(target);
      add(
        'target-gone',
        target,
        `${role} names \`${target}\`, which the API no longer lists: it may be retired or renamed. Check Google's deprecations page; mark it deprecated in the table (shutdown date, replacement) and point ${role.replace(/^The/, 'the')} at a listed stable model by the table's rule.`,
      );
      continue;
    }
    const notice = lifecycleNotice(target, today, table);
    if (notice !== undefined) {
      add(
        'target-retiring',
        target,
        `${role} names \`${target}\`, which is being retired: ${notice} Point it at a model that is not.`,
      );
    }
  }

  // Stable text models of a family the table knows, that the table does not have.
  for (const [name, model] of listed) {
    if (findModel(name, table) !== undefined || !looksStable(name) || !generates(model)) continue;
    const family = familyOf(name, table);
    if (family === undefined) continue;
    add(
      'new-model',
      name,
      `\`${name}\` is listed by the API, looks stable and is of the known family ${family.name}, but the table lacks it: add it with its stage, release date and sources, and see whether the default or an alias should move to it.`,
    );
  }

  // What the listing says of a model against its family's rules: the table's models, and the
  // stable models of its families it lacks (the rules would apply to them by name).
  for (const [name, model] of listed) {
    const entry = findModel(name, table);
    if (entry === undefined && !(looksStable(name) && generates(model))) continue;
    const family = familyOf(name, table);
    if (family === undefined) continue;
    for (const line of contradictions(name, model, entry, family, table, reportsThinking)) {
      add('contradiction', name, line);
    }
  }

  // Table models the API stopped listing. Deprecated ones are expected to go (the table keeps
  // them to warn a run that pins one); the default's and aliases' were reported above.
  for (const entry of table.models) {
    if (entry.stage === 'deprecated' || listed.has(entry.name) || gone.has(entry.name)) continue;
    add(
      'missing',
      entry.name,
      `\`${entry.name}\` (${entry.stage} in the table) is not in the API's model list: if Google's deprecations page says it is retired, mark it deprecated with its shutdown date and replacement.`,
    );
  }

  const order = DIFFERENCE_KINDS.map(({ kind }) => kind);
  return differences.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

/** What the model's metadata contradicts in its family's rules or what the table sends it. */
function contradictions(
  name: string,
  model: ListedModel,
  entry: ModelEntry | undefined,
  family: ModelFamily,
  table: ModelTable,
  reportsThinking: boolean,
): string[] {
  const lines: string[] = [];
  const rules = family.rules;
  if (entry !== undefined && !generates(model)) {
    lines.push(
      `\`${name}\` is listed without \`generateContent\` among its supportedGenerationMethods: a run on it would fail. Mark it deprecated or remove it from the table.`,
    );
  }
  const sendsThinking = generationConfigFor(name, table).thinkingConfig !== undefined;
  if (reportsThinking && model.thinking !== true && sendsThinking) {
    lines.push(
      `\`${name}\`: the API does not report thinking for it, but the table sends it a thinking setting (family ${family.name}): a request may be refused. Give the model its own rules or correct the family's.`,
    );
  }
  if (model.thinking === true && !familyThinks(family)) {
    lines.push(
      `\`${name}\`: the API reports that it thinks, but the rules of its family ${family.name} take neither thinking levels nor a budget. Correct the family's rules.`,
    );
  }
  for (const limit of ['inputTokenLimit', 'outputTokenLimit'] as const) {
    const rule = rules[limit];
    const reported = model[limit];
    if (rule !== undefined && reported !== undefined && rule !== reported) {
      lines.push(
        `\`${name}\`: the API reports an ${limit} of ${count(reported)}, the rules of its family ${family.name} say ${count(rule)}. Correct the family's rules (or the model is not of this family).`,
      );
    }
  }
  const temperature = family.sampling?.temperature;
  if (temperature !== undefined && model.maxTemperature !== undefined) {
    if (temperature > model.maxTemperature) {
      lines.push(
        `\`${name}\`: the table sends temperature ${String(temperature)} (family ${family.name}), above the maxTemperature of ${String(model.maxTemperature)} the API reports. Correct the family's sampling.`,
      );
    }
  }
  return lines;
}
