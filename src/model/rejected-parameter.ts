/**
 * A request the API refused over one of its generation parameters: a 400 INVALID_ARGUMENT whose
 * message names the parameter, in any of the spellings Google's messages use. Gemini 4 refuses
 * `thinkingBudget` ("Thinking budget is not supported for this model."), the thinking level
 * MINIMAL ("Thinking level MINIMAL is not supported for this model. Please retry with other
 * thinking level.") and more than one candidate ("Multiple candidates is not enabled for this
 * model"); Vertex AI words it "Unable to submit request because … Remove
 * 'thinking_config.thinking_budget' from your request". Which parameter it is, what the run sent
 * and where that came from make the run's one-line end (model-choice.ts).
 */
import type { GenerateContentConfig } from '@google/genai';

/**
 * The generation parameters a message may name, as paths in `GenerateContentConfig`. Longer
 * names come before the shorter ones they contain (`responseJsonSchema` before `responseSchema`,
 * `responseLogprobs` before `logprobs`), so a message is taken at its most specific.
 */
const PARAMETERS = [
  'thinkingConfig.thinkingBudget',
  'thinkingConfig.thinkingLevel',
  'thinkingConfig.includeThoughts',
  'candidateCount',
  'maxOutputTokens',
  'temperature',
  'topP',
  'topK',
  'presencePenalty',
  'frequencyPenalty',
  'responseLogprobs',
  'logprobs',
  'seed',
  'stopSequences',
  'responseMimeType',
  'responseJsonSchema',
  'responseSchema',
  'responseModalities',
  'mediaResolution',
  'speechConfig',
  'thinkingConfig',
] as const;

export type GenerationParameter = (typeof PARAMETERS)[number];

/** Other words Google uses for a parameter, besides its own name in any spelling. */
const ALSO_NAMED: Partial<Record<GenerationParameter, RegExp>> = {
  'thinkingConfig.thinkingLevel': /\bTHINKING_LEVEL_[A-Z]+\b/,
  candidateCount: /\bmultiple candidates\b|\bone candidate\b/i,
};

/** `thinkingBudget` as Google writes it: `thinkingBudget`, `thinking_budget`, `thinking budget`. */
function spellings(name: string): RegExp {
  const words = name.split(/(?=[A-Z])/).map((word) => word.toLowerCase());
  return new RegExp(`(?<![A-Za-z0-9])${words.join('[_ ]?')}(?![A-Za-z0-9])`, 'i');
}

const MATCHERS: readonly { parameter: GenerationParameter; pattern: RegExp }[] = PARAMETERS.map(
  (parameter) => ({
    parameter,
    pattern: spellings(parameter.split('.').at(-1) ?? parameter),
  }),
);

/** What a `ModelRequestError` (errors.ts, which asks this module) says of the API's answer. */
interface ApiAnswer {
  kind: string;
  status: number | undefined;
  apiStatus: string | undefined;
  apiMessage: string | undefined;
}

/** The parameter a 400 INVALID_ARGUMENT names, if it names one; undefined for any other error. */
export function rejectedParameterOf(error: ApiAnswer): GenerationParameter | undefined {
  if (error.kind !== 'http' || error.status !== 400 || error.apiMessage === undefined) {
    return undefined;
  }
  if (error.apiStatus !== undefined && error.apiStatus !== 'INVALID_ARGUMENT') return undefined;
  const message = error.apiMessage;
  for (const { parameter, pattern } of MATCHERS) {
    if (pattern.test(message) || ALSO_NAMED[parameter]?.test(message) === true) return parameter;
  }
  return undefined;
}

/** The value at `parameter` in `config`, if it is set there. */
export function parameterValue(
  config: GenerateContentConfig | undefined,
  parameter: GenerationParameter,
): unknown {
  let value: unknown = config;
  for (const key of parameter.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** One layer of a request's generation settings, and how a user would name where it was set. */
export interface ParameterSource {
  config: GenerateContentConfig | undefined;
  /** `the model table's gemini-3 family rule`, `modelConfigs.overrides in .gemini/settings.json` */
  setBy: string;
  /** True when the user wrote it (a settings file): the fix is there, not a new override. */
  user?: boolean;
}

/** The last of `sources` (merged in order, later wins) that sets `parameter`. */
export function parameterOrigin(
  parameter: GenerationParameter,
  sources: readonly ParameterSource[],
): ParameterSource | undefined {
  return sources.findLast((source) => parameterValue(source.config, parameter) !== undefined);
}
