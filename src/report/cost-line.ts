/**
 * The run's cost as the final comment and the job summary show it: per model and in total,
 * marked as an estimate from list prices, an unknown price shown as unknown (never as 0).
 */
import type { CostTally } from '../model/model-cost.js';
import { costTotal, describeModelCost, formatUsd } from '../model/model-cost.js';
import { inlineText } from './markdown.js';

/**
 * `**Cost** (estimate from list prices): gemini-4-argon $0.0421 · total $0.0421`; nothing when
 * no request reported usage.
 */
export function costLine(tally: CostTally | undefined): string | undefined {
  if (tally === undefined || Object.keys(tally).length === 0) return undefined;
  const total = costTotal(tally);
  const models = Object.entries(tally).map(
    ([model, share]) => `${inlineText(model, { maxLength: 80 })} ${describeModelCost(share)}`,
  );
  const sum =
    total.usd === null
      ? `total unknown${total.knownUsd > 0 ? ` (${formatUsd(total.knownUsd)} known)` : ''}`
      : `total ${formatUsd(total.usd)}`;
  // One model's figure is the total: said once.
  const parts = models.length > 1 ? [...models, sum] : models;
  const notes = [
    ...total.unknown.map((entry) => inlineText(entry.reason, { maxLength: 200 })),
    ...(total.cachedAtInputRate ? ['cached input counted at the input price, an upper bound'] : []),
  ];
  const noted = notes.length > 0 ? ` (${notes.join('; ')})` : '';
  return `**Cost** (estimate from list prices): ${parts.join(' · ')}${noted}`;
}
