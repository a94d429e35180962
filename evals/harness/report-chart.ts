/**
 * The chart comparing configurations: the headline metric of each kind as grouped bars, one
 * colour per results file (model and configuration, named in the legend), each bar with its
 * bootstrap interval as a whisker. Drawn by bench/lib/svg-chart.mjs, the repository's one SVG
 * helper.
 */
import { renderBarChart } from '../../bench/lib/svg-chart.mjs';
import type { BarValue } from '../../bench/lib/svg-chart.mjs';
import type { Metric, Scores } from './aggregate.js';
import type { EvalResults } from './results-schema.js';

/** The headline metrics, in the chart's order, with how to read each from the scores. */
export const HEADLINE_METRICS: readonly { label: string; read: (s: Scores) => Metric | null }[] = [
  { label: 'review F1', read: (s) => s.review?.overall.f1 ?? null },
  { label: 'review precision', read: (s) => s.review?.overall.precision ?? null },
  { label: 'review recall', read: (s) => s.review?.overall.recall ?? null },
  { label: 'fix success', read: (s) => s.fix?.success ?? null },
  { label: 'triage exact set', read: (s) => s.triage?.exactSet ?? null },
  { label: 'triage micro-F1', read: (s) => s.triage?.microF1 ?? null },
];

/** How a run is named in the legend: model, configuration, and the recordings replayed. */
export function configurationLabel(results: EvalResults): string {
  const replay =
    results.config.recordings !== null ? ` (replay: ${results.config.recordings})` : '';
  return `${results.model} · ${results.config.name}${replay}`;
}

export function renderChart(results: EvalResults[]): string {
  return renderBarChart({
    title: 'Eval scores by configuration (bars: value; whiskers: 95 % bootstrap interval)',
    yLabel: 'score (0–1)',
    yMax: 1,
    groups: HEADLINE_METRICS.map((metric) => metric.label),
    series: results.map((run) => ({
      name: configurationLabel(run),
      values: HEADLINE_METRICS.map((metric): BarValue | null => {
        const found = metric.read(run.scores);
        return found === null ? null : { value: found.value, low: found.low, high: found.high };
      }),
    })),
  });
}
