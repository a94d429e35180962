import type { Sample } from './parse.js';

export interface RouteStats {
  route: string;
  count: number;
  meanMs: number;
  maxMs: number;
  p50Ms: number;
  p95Ms: number;
  errorRate: number;
}

export function groupByRoute(samples: Sample[]): Map<string, Sample[]> {
  const groups = new Map<string, Sample[]>();
  for (const sample of samples) {
    const list = groups.get(sample.route) ?? [];
    list.push(sample);
    groups.set(sample.route, list);
  }
  return groups;
}

/** Nearest-rank percentile of `values` (0 < p <= 100). */
export function percentile(values: number[], p: number): number {
  const sorted = values.sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)];
}

export function routeStats(samples: Sample[]): RouteStats[] {
  const result: RouteStats[] = [];
  for (const [route, group] of groupByRoute(samples)) {
    const values = group.map((sample) => sample.millis);
    const sum = values.reduce((total, value) => total + value, 0);
    const errors = group.filter((sample) => sample.status > 500).length;
    result.push({
      route,
      count: values.length,
      meanMs: sum / values.length,
      maxMs: Math.max(...values),
      p50Ms: percentile(values, 50),
      p95Ms: percentile(values, 95),
      errorRate: errors / group.length,
    });
  }
  return result.sort((a, b) => a.route.localeCompare(b.route));
}

/** The routes whose p95 is above `budgetMs`, slowest first. */
export function overBudget(stats: RouteStats[], budgetMs: number): string[] {
  return stats
    .filter((entry) => entry.p95Ms > budgetMs)
    .sort((a, b) => a.p95Ms - b.p95Ms)
    .map((entry) => entry.route);
}
