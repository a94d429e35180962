/**
 * Percentile bootstrap intervals over cases: the cases resampled with replacement, the metric
 * recomputed on each resample, and the 2.5th and 97.5th percentiles of those values. The PRNG is
 * seeded, so the same cases and seed give the same interval on every machine; every metric of a
 * run uses the same resamples (same seed, same case count), so they are comparable.
 */
import type { Estimate } from './eval-types.js';

export const DEFAULT_SEED = 42;
export const DEFAULT_RESAMPLES = 1000;

/** mulberry32: a small, fast, well-distributed 32-bit PRNG; values in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `resamples` lists of `n` case indices drawn with replacement. */
export function resampleIndices(n: number, resamples: number, seed: number): number[][] {
  const random = seededRandom(seed);
  return Array.from({ length: resamples }, () =>
    Array.from({ length: n }, () => Math.floor(random() * n)),
  );
}

/** The p-th quantile (0–1) of sorted values, interpolated linearly between ranks. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no values');
  const rank = p * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(sorted.length - 1, below + 1);
  const low = sorted[below] as number;
  return low + ((sorted[above] as number) - low) * (rank - below);
}

export interface BootstrapOptions {
  seed?: number;
  resamples?: number;
}

/**
 * The metric over all cases with its interval. A metric may be undefined (null) on a set of cases
 * (precision with nothing posted): null over all cases gives null; resamples where it is null are
 * left out of the interval. The interval is widened to include the value itself, which a
 * percentile interval of a ratio can miss by a hair; a regression check against it then never
 * flags the run's own value.
 */
export function bootstrap<T>(
  cases: readonly T[],
  metric: (sample: readonly T[]) => number | null,
  options: BootstrapOptions = {},
): Estimate | null {
  if (cases.length === 0) return null;
  const value = metric(cases);
  if (value === null) return null;
  const indices = resampleIndices(
    cases.length,
    options.resamples ?? DEFAULT_RESAMPLES,
    options.seed ?? DEFAULT_SEED,
  );
  const values: number[] = [];
  for (const draw of indices) {
    const sampled = metric(draw.map((index) => cases[index] as T));
    if (sampled !== null) values.push(sampled);
  }
  if (values.length === 0) return { value, low: value, high: value };
  values.sort((a, b) => a - b);
  return {
    value,
    low: Math.min(value, percentile(values, 0.025)),
    high: Math.max(value, percentile(values, 0.975)),
  };
}
