// Types of bench/lib/report.mjs, for its test.

/** One measure of one benchmark on one runtime (bench/lib/measure.mjs `row`). */
export interface ResultRow {
  benchmark: string;
  measure: string;
  unit: string;
  min: number;
  median: number;
  max: number;
  samples?: number[];
  peer?: string;
  ratio?: number;
  ratioLabel?: string;
  target?: string;
  met?: boolean;
  note?: string;
  growth?: { exponent: number; superlinear: boolean };
}

/** One runtime's part of bench/results.json; `error` when it did not run at all. */
export interface RuntimeResults {
  major: number;
  node?: string;
  execPath?: string;
  seconds?: number;
  error?: string;
  rows: ResultRow[];
  charts: unknown[];
  failures: { benchmark: string; error: string }[];
}

/** bench/results.json. */
export interface Results {
  date: string;
  commit?: string;
  dirty?: boolean;
  machine: { platform: string; cpus: string; memoryGB: number };
  runs: number;
  runtimes: RuntimeResults[];
}

export declare function runtimeLabel(runtime: RuntimeResults): string;
export declare function targetCount(runtime: RuntimeResults): { met: number; total: number };
export declare function runtimeSummary(runtime: RuntimeResults): string;
export declare function markdownTable(
  header: string[],
  lines: string[][],
  numeric?: Set<number>,
): string;
export declare function benchmarkTable(runtimes: RuntimeResults[], benchmark: string): string;
export declare function resultsText(results: Results): string;
export declare function markdownReport(
  results: Results,
  charts: { id: string; title: string; file: string }[],
  chartsFrom: string,
): string;
