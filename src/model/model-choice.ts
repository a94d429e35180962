/**
 * Which model a run uses and where that was decided, so a model the API does not know ends the
 * run with a message that names it, says where it was set and how to choose another.
 */
import type { ModelRequestError } from './errors.js';
import type { ModelConfigs } from './model-configs.js';
import { resolveModelConfig } from './model-configs.js';
import {
  DEFAULT_FALLBACK_MODEL,
  DEFAULT_MODEL,
  MODEL_TABLE,
  describeAliases,
  familyOf,
  findModel,
  generationConfigFor,
  hasOwnThinking,
} from './model-table.js';
import type { GenerationParameter, ParameterSource } from './rejected-parameter.js';
import { parameterOrigin, parameterValue } from './rejected-parameter.js';
import { oneLine } from '../platform/text.js';

/** One place a model can be chosen, in the order the front end consults them. */
export interface ModelSetting {
  /** What is written there; empty or undefined when that place does not choose. */
  value: string | undefined;
  /** How a user would name the place: `--model`, `the model input`, `GEMINI_MODEL`, … */
  setBy: string;
}

export interface ModelChoice {
  /** The name sent to the API. */
  name: string;
  /** The alias it was chosen by (`flash`), if any. */
  alias?: string;
  /** Where it was chosen (a `ModelSetting.setBy`), or `the default`. */
  setBy: string;
  /** The places a user can choose a model in, for messages: `--model (-m) or GEMINI_MODEL`. */
  howToChoose: string;
}

/**
 * The first setting that chooses a model, aliases resolved (the user's `modelConfigs` first, then
 * the table's, as the main agent's requests resolve them); the table's default when none does.
 * `howToChoose` names the places in the user's words, for messages.
 */
export function chooseModel(
  settings: readonly ModelSetting[],
  howToChoose: string,
  modelConfigs?: ModelConfigs,
): ModelChoice {
  for (const setting of settings) {
    const value = setting.value?.trim();
    if (value === undefined || value === '') continue;
    const { name, alias } = resolveModelConfig(modelConfigs, { requested: value });
    return { name, ...(alias !== undefined ? { alias } : {}), setBy: setting.setBy, howToChoose };
  }
  // An override may route even the default elsewhere.
  const { name, alias } = resolveModelConfig(modelConfigs, { requested: DEFAULT_MODEL });
  return { name, ...(alias !== undefined ? { alias } : {}), setBy: 'the default', howToChoose };
}

export interface RunModels {
  model: ModelChoice;
  /** Taken once when `model` is not found or out of quota. */
  fallbackModel?: ModelChoice;
}

/**
 * A run's models, in the Gemini CLI's order: the front end's own setting (`--model`, the `model`
 * input), `GEMINI_MODEL`, the settings file's `model.name`, the table's default; and the fallback
 * model its setting names, if any, or the table's fallback for a run on the default.
 */
export function chooseRunModels(options: {
  explicit: ModelSetting;
  env: Readonly<Record<string, string | undefined>>;
  settings: { modelName?: string; source: string; modelConfigs?: ModelConfigs };
  fallback: ModelSetting;
  howToChoose: string;
}): RunModels {
  const { explicit, env, settings, fallback, howToChoose } = options;
  const model = chooseModel(
    [
      explicit,
      { value: env['GEMINI_MODEL'], setBy: 'the GEMINI_MODEL variable' },
      { value: settings.modelName, setBy: `model.name in ${settings.source}` },
    ],
    howToChoose,
    settings.modelConfigs,
  );
  if (fallback.value !== undefined && fallback.value.trim() !== '') {
    return { model, fallbackModel: chooseModel([fallback], howToChoose, settings.modelConfigs) };
  }
  // Nobody chose the default, so nobody chose against its fallback either.
  if (model.setBy !== 'the default') return { model };
  const fallbackModel = chooseModel(
    [{ value: DEFAULT_FALLBACK_MODEL, setBy: "the model table's fallback for the default" }],
    howToChoose,
    settings.modelConfigs,
  );
  return { model, fallbackModel };
}

/** `gemini-3.8-flash` or `gemini-3.8-flash (flash)`. */
export function modelLabel(choice: Pick<ModelChoice, 'name' | 'alias'>): string {
  return choice.alias === undefined ? choice.name : `${choice.name} (${choice.alias})`;
}

function apiAnswer(error: ModelRequestError): string {
  const status = [error.status, error.apiStatus].filter((part) => part !== undefined).join(' ');
  return status === '' ? '' : ` (HTTP ${status})`;
}

/** How to choose another model: the places, the aliases and where the current names are listed. */
function howToChooseAnother(choice: ModelChoice): string {
  return `Choose another with ${choice.howToChoose}: an alias (${describeAliases()}) or a name from ${MODEL_TABLE.sources['models'] ?? 'the Gemini API models page'}.`;
}

/** The run's end when the API does not serve the model: no retry helps, so one clear line. */
export function modelNotFoundMessage(choice: ModelChoice, error: ModelRequestError): string {
  return `The model ${modelLabel(choice)} was not found${apiAnswer(error)}: the API does not serve a model by that name (misspelt, not available to this account, or retired). It was set by ${choice.setBy}. ${howToChooseAnother(choice)}`;
}

/** The run's end when the model's quota is used up and no fallback model is set. */
export function quotaExhaustedMessage(choice: ModelChoice, error: ModelRequestError): string {
  const quota = error.quotaIds.length > 0 ? ` (${error.quotaIds.join(', ')})` : '';
  return `The quota of the model ${modelLabel(choice)} is exhausted${apiAnswer(error)}${quota}. Wait until it resets or raise it, choose another model with ${choice.howToChoose}, or set a fallback model.`;
}

/** What the report says when the run goes on with the fallback model. */
export function fallbackNotice(
  from: Pick<ModelChoice, 'name' | 'alias'>,
  to: ModelChoice,
  error: ModelRequestError,
): string {
  const why = error.isModelNotFound
    ? `was not found${apiAnswer(error)}`
    : `has no quota left${apiAnswer(error)}`;
  return `The model ${modelLabel(from)} ${why}; continuing with the fallback model ${modelLabel(to)} (set by ${to.setBy}).`;
}

/**
 * The settings the model table gives `model`, each with the rule that gave it: thinking from the
 * model's own entry when it has one, everything else from its family's rule.
 */
export function modelTableSources(model: string): ParameterSource[] {
  const { thinkingConfig, ...rest } = generationConfigFor(model);
  const family = `the model table's ${familyOf(model)?.name ?? 'default'} family rule`;
  const entry = findModel(model);
  return [
    { config: rest, setBy: family },
    {
      config: thinkingConfig === undefined ? {} : { thinkingConfig },
      setBy: hasOwnThinking(entry) ? `the model table's entry for ${entry.name}` : family,
    },
  ];
}

/** `{"thinkingConfig":{"thinkingBudget":…}}`: the parameter's place in a generation config. */
function configSkeleton(parameter: GenerationParameter): string {
  return parameter.split('.').reduceRight((inner, key) => `{${JSON.stringify(key)}:${inner}}`, '…');
}

/**
 * The run's end when the API refused a generation parameter (a 400 INVALID_ARGUMENT that names
 * it): which parameter, for which model, with what value, where it was set when `sources` tell,
 * and how to set it otherwise for that model in the Gemini CLI's `modelConfigs.overrides`. No
 * retry or other model helps, so one line, as for a model that is not found.
 */
export function rejectedParameterMessage(
  choice: Pick<ModelChoice, 'name' | 'alias'>,
  parameter: GenerationParameter,
  error: ModelRequestError,
  sources: readonly ParameterSource[] = [],
): string {
  const origin = parameterOrigin(parameter, sources);
  const value = parameterValue(origin?.config, parameter);
  const sent = value === undefined ? '' : ` (sent as ${JSON.stringify(value)})`;
  const said =
    error.apiMessage === undefined ? '' : `: ${oneLine(error.apiMessage).replace(/\.+$/, '')}`;
  const where = origin === undefined ? '' : ` It was set by ${origin.setBy}.`;
  const override = `{"modelConfigs":{"overrides":[{"match":{"model":${JSON.stringify(choice.name)}},"modelConfig":{"generateContentConfig":${configSkeleton(parameter)}}}]}}`;
  const fix =
    origin?.user === true
      ? ` Change or remove it there, or override it for this model in .gemini/settings.json: ${override}`
      : ` Override it for this model in .gemini/settings.json: ${override}`;
  return `The model API rejected the request parameter ${parameter}${sent} for the model ${modelLabel(choice)}${apiAnswer(error)}${said}.${where}${fix} (the parameters there go to the API as written).`;
}
