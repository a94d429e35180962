import type { Sample } from './parse.js';

export interface RouteStats {
  route: string;
  count: number;
  meanMs: number;
  maxMs: number;
}

export function groupByRoute(samples: Sample[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const sample of samples) {
    const list = groups.get(sample.route) ?? [];
    list.push(sample.millis);
    groups.set(sample.route, list);
  }
  return groups;
}

export function routeStats(samples: Sample[]): RouteStats[] {
  const result: RouteStats[] = [];
  for (const [route, values] of groupByRoute(samples)) {
    const sum = values.reduce((total, value) => total + value, 0);
    result.push({ route, count: values.length, meanMs: sum / values.length, maxMs: Math.max(...values) });
  }
  return result.sort((a, b) => a.route.localeCompare(b.route));
}
