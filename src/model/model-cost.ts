/**
 * What a model request costs, estimated from the list prices in the model table, and the tally of
 * a run's requests. A price the table does not have is unknown, never 0: a total with an unknown
 * part is unknown too, and says which models made it so.
 *
 * How a request is billed (Gemini API usage metadata and pricing pages): `promptTokenCount` is the
 * whole prompt, `cachedContentTokenCount` included; cached tokens at the cached-input price (the
 * input price where the table lists none — an upper bound), the rest of the prompt and
 * `toolUsePromptTokenCount` (what a built-in tool added to the prompt) at the input price;
 * `candidatesTokenCount` and `thoughtsTokenCount` at the output price, which covers thinking.
 * The price tier is the first whose `promptTokensUpTo` holds the prompt.
 */
import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import { ConfigurationError } from '../platform/errors.js';
import type { ModelEntry, ModelPrice, ModelTable, PriceTier } from './model-table.js';
import { MODEL_TABLE, bareName, findModel } from './model-table.js';

/** The estimate of one request: USD, or unknown with why. `model` is the model it is priced by. */
export type RequestCost =
  | {
      model: string;
      usd: number;
      /** Cached tokens were counted at the input price (the table lists no cached price). */
      cachedAtInputRate?: true;
    }
  | { model: string; usd: null; unknown: string };

/** The token counts a request is billed by (the response's usage metadata). */
export type BilledUsage = Pick<
  GenerateContentResponseUsageMetadata,
  | 'promptTokenCount'
  | 'cachedContentTokenCount'
  | 'candidatesTokenCount'
  | 'thoughtsTokenCount'
  | 'toolUsePromptTokenCount'
>;

const PER_TOKEN = 1 / 1_000_000;

/** The model a request is priced by: the one that answered when the table knows it (Google routes
 * deprecated models to others), else the one asked for. */
export function pricedModel(
  asked: string,
  answered: string | undefined,
  table: ModelTable = MODEL_TABLE,
): string {
  if (answered !== undefined && findModel(answered, table) !== undefined) return bareName(answered);
  return bareName(asked);
}

/** The list price of `model` on `day`, or why there is none. */
export function priceOf(
  model: string,
  day: Date,
  table: ModelTable = MODEL_TABLE,
): { price: ModelPrice } | { unknown: string } {
  const entry: ModelEntry | undefined = findModel(model, table);
  if (entry === undefined) {
    return { unknown: `${bareName(model)} is not in the model table, so it has no list price` };
  }
  if (entry.price === undefined) {
    return { unknown: `${entry.name} has no list price in the model table` };
  }
  const until = entry.price.until;
  if (until !== undefined && day.toISOString().slice(0, 10) > until) {
    return { unknown: `${entry.name}'s list price in the model table held until ${until}` };
  }
  return { price: entry.price };
}

/** The tier that holds a prompt of `promptTokens`, or why none does. */
function tierFor(
  model: string,
  price: ModelPrice,
  promptTokens: number,
): { tier: PriceTier } | { unknown: string } {
  const tier = price.tiers.find(
    (candidate) =>
      candidate.promptTokensUpTo === undefined || promptTokens <= candidate.promptTokensUpTo,
  );
  if (tier !== undefined) return { tier };
  const longest = price.tiers.at(-1)?.promptTokensUpTo ?? 0;
  return {
    unknown: `${model} has no list price for a prompt of ${promptTokens} tokens (its prices go up to ${longest})`,
  };
}

/** The estimate of one request from its usage and the model asked for and the one that answered. */
export function requestCost(
  request: { model: string; responseModel?: string; usage: BilledUsage; at: Date },
  table: ModelTable = MODEL_TABLE,
): RequestCost {
  const model = pricedModel(request.model, request.responseModel, table);
  const found = priceOf(model, request.at, table);
  if ('unknown' in found) return { model, usd: null, unknown: found.unknown };
  const usage = request.usage;
  const prompt = usage.promptTokenCount ?? 0;
  const chosen = tierFor(model, found.price, prompt);
  if ('unknown' in chosen) return { model, usd: null, unknown: chosen.unknown };
  const { tier } = chosen;
  const cached = Math.min(usage.cachedContentTokenCount ?? 0, prompt);
  const input = prompt - cached + (usage.toolUsePromptTokenCount ?? 0);
  const output = (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0);
  const usd =
    (input * tier.input + cached * (tier.cachedInput ?? tier.input) + output * tier.output) *
    PER_TOKEN;
  return {
    model,
    usd,
    ...(cached > 0 && tier.cachedInput === undefined ? { cachedAtInputRate: true as const } : {}),
  };
}

/**
 * The least the next request to `model` costs: a prompt at least as long as the last one, at
 * the input price, with nothing cached and no output.
 */
export function nextRequestFloor(
  model: string,
  promptTokens: number,
  day: Date,
  table: ModelTable = MODEL_TABLE,
): RequestCost {
  return requestCost({ model, usage: { promptTokenCount: promptTokens }, at: day }, table);
}

/** One model's share of a run: what its priced requests cost, and why any could not be priced. */
export interface ModelCostTally {
  requests: number;
  /** The requests that could be priced, in USD. */
  knownUsd: number;
  /** Requests that could not be priced, and the first reason why. */
  unknownRequests: number;
  unknown?: string;
  cachedAtInputRate?: true;
}

/** The requests of a run, by the model they are priced by. Plain data: it goes into reports. */
export type CostTally = Readonly<Record<string, ModelCostTally>>;

/** `tally` with one more request. */
export function addRequestCost(tally: CostTally, cost: RequestCost): CostTally {
  const previous = tally[cost.model] ?? { requests: 0, knownUsd: 0, unknownRequests: 0 };
  const next: ModelCostTally = { ...previous, requests: previous.requests + 1 };
  if (cost.usd === null) {
    next.unknownRequests++;
    next.unknown ??= cost.unknown;
  } else {
    next.knownUsd += cost.usd;
    if (cost.cachedAtInputRate) next.cachedAtInputRate = true;
  }
  return { ...tally, [cost.model]: next };
}

/** The run's total: USD, or unknown (`usd: null`) with the known part and the models unknown. */
export interface CostTotal {
  usd: number | null;
  knownUsd: number;
  /** The models with a request that could not be priced, and why. */
  unknown: { model: string; reason: string }[];
  /** Some cached tokens were counted at the input price: the figure is an upper bound. */
  cachedAtInputRate: boolean;
}

export function costTotal(tally: CostTally): CostTotal {
  let knownUsd = 0;
  let cachedAtInputRate = false;
  const unknown: CostTotal['unknown'] = [];
  for (const [model, share] of Object.entries(tally)) {
    knownUsd += share.knownUsd;
    if (share.cachedAtInputRate) cachedAtInputRate = true;
    if (share.unknownRequests > 0) unknown.push({ model, reason: share.unknown ?? 'no price' });
  }
  return { usd: unknown.length > 0 ? null : knownUsd, knownUsd, unknown, cachedAtInputRate };
}

/** `$0.0421`, `$1.27`: enough digits to see a small run's cost. */
export function formatUsd(usd: number): string {
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  if (usd >= 0.01) return `$${usd.toFixed(3)}`;
  return `$${usd.toFixed(4)}`;
}

/** The figure machines read (the `cost_usd` output): USD to the millionth, no unit. */
export function usdFigure(usd: number): string {
  return String(Number(usd.toFixed(6)));
}

/**
 * The run's cost in one phrase for people: `$0.0421 (estimate from list prices)`, or
 * `unknown (gemini-4-hydrogen has no list price in the model table; $0.0100 known)`.
 */
export function describeCost(total: CostTotal): string {
  if (total.usd !== null) {
    const bound = total.cachedAtInputRate ? ', cached input counted at the input price' : '';
    return `${formatUsd(total.usd)} (estimate from list prices${bound})`;
  }
  const reasons = total.unknown.map((entry) => entry.reason).join('; ');
  const known = total.knownUsd > 0 ? `; ${formatUsd(total.knownUsd)} known` : '';
  return `unknown (${reasons}${known})`;
}

/** One model's cost for people: `$0.0421`, or `unknown`. */
export function describeModelCost(share: ModelCostTally): string {
  if (share.unknownRequests > 0) {
    return share.knownUsd > 0 ? `unknown (${formatUsd(share.knownUsd)} known)` : 'unknown';
  }
  return formatUsd(share.knownUsd);
}

/**
 * Refuses a cost cap over models whose cost cannot be estimated, before anything runs: a cap
 * must never fail open. `models` are the models the run may use; a model the table says is
 * routed is priced by the model that answers for it.
 */
export function requirePricedModels(
  models: readonly string[],
  cap: { setBy: string },
  day: Date,
  table: ModelTable = MODEL_TABLE,
): void {
  const problems: string[] = [];
  for (const model of new Set(models.map(bareName))) {
    const entry = findModel(model, table);
    const priced = entry?.routed === true && entry.replacement ? entry.replacement : model;
    const found = priceOf(priced, day, table);
    if ('unknown' in found)
      problems.push(priced === model ? model : `${model} (answered by ${priced})`);
  }
  if (problems.length === 0) return;
  const pricedNames = table.models
    .filter((entry) => 'price' in priceOf(entry.name, day, table))
    .map((entry) => entry.name);
  const names = problems.join(', ');
  const one = problems.length === 1;
  throw new ConfigurationError(
    `${cap.setBy} is set, but ${names} ${one ? 'has' : 'have'} no list price in the model table (src/model/model-table.json), so ${one ? 'its' : 'their'} cost cannot be capped; choose a model with a price (${pricedNames.join(', ') || 'none has one'}) or remove ${cap.setBy}.`,
  );
}
