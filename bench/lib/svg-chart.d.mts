// Types of bench/lib/svg-chart.mjs, for the eval report's chart and its test.

export interface ChartPoint {
  x: number;
  y: number;
}

export interface LineSeries {
  name: string;
  unit: string;
  points: ChartPoint[];
}

/** The growth curves: one panel per series, sizes (x > 0) on a log axis. */
export declare function renderChart(chart: {
  title: string;
  xLabel: string;
  series: LineSeries[];
}): string;

/** One bar: the value and, when known, its interval (drawn as a whisker). */
export interface BarValue {
  value: number;
  low?: number;
  high?: number;
}

export interface BarSeries {
  /** The legend's name of the series (one colour each). */
  name: string;
  /** One per group, in the groups' order; null draws "n/a". */
  values: (BarValue | null)[];
}

export interface BarChart {
  title: string;
  yLabel?: string;
  /** The top of the y axis; default: the largest value or interval high. */
  yMax?: number;
  groups: string[];
  series: BarSeries[];
}

/** A grouped bar chart with interval whiskers and a legend, as an SVG document. */
export declare function renderBarChart(chart: BarChart): string;
