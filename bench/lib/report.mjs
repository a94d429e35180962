// The results as text: the console tables and bench/report.md. One table per benchmark, each
// measure on one line with, for every runtime side by side (Node 24 first), its median, its
// minimum–maximum, its ratio against the peer and whether it met its target on that runtime;
// a count of targets met per runtime, the growth curves with their charts, and what failed.
import { formatNumber } from './measure.mjs';

/** "Node 24.1.0" for a runtime that ran, "Node 24" for one that did not get that far. */
export function runtimeLabel(runtime) {
  return runtime.node ? `Node ${runtime.node.replace(/^v/, '')}` : `Node ${runtime.major}`;
}

/** The targets of one runtime's rows: how many there are, and the ones missed. */
export function targetCount(runtime) {
  const targets = runtime.rows.filter((entry) => entry.met !== undefined);
  return { met: targets.filter((entry) => entry.met).length, total: targets.length };
}

/**
 * "12 of 15 targets met on Node 24.1.0", or what stopped that runtime, or which benchmarks
 * failed on it.
 */
export function runtimeSummary(runtime) {
  if (runtime.error) return `${runtimeLabel(runtime)} did not run: ${runtime.error}`;
  const { met, total } = targetCount(runtime);
  const failed = runtime.failures.map((failure) => failure.benchmark);
  return `${met} of ${total} targets met on ${runtimeLabel(runtime)}${failed.length > 0 ? ` (failed: ${failed.join(', ')})` : ''}`;
}

/** A Markdown table, padded so it also reads as plain text. */
export function markdownTable(header, lines, numeric = new Set()) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i].length)),
  );
  const format = (row) =>
    `| ${row.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join(' | ')} |`;
  return [
    format(header),
    `|${widths.map((width, i) => (numeric.has(i) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
    ...lines.map(format),
  ].join('\n');
}

/**
 * The measures of `benchmark` over every runtime, in the order the first runtime reported them
 * (a measure only a later runtime has comes after): `{ measure, unit, peer, target, rows }`,
 * `rows[i]` being runtime i's row (undefined where that runtime has none).
 */
export function mergedMeasures(runtimes, benchmark) {
  const measures = [];
  runtimes.forEach((runtime, i) => {
    for (const entry of runtime.rows.filter((row) => row.benchmark === benchmark)) {
      let merged = measures.find((candidate) => candidate.measure === entry.measure);
      if (!merged) {
        merged = { measure: entry.measure, unit: entry.unit, rows: runtimes.map(() => undefined) };
        measures.push(merged);
      }
      merged.rows[i] = entry;
    }
  });
  for (const merged of measures) {
    merged.peer = distinct(merged.rows, runtimes, (entry) => entry.peer);
    merged.target = distinct(merged.rows, runtimes, (entry) => entry.target);
  }
  return measures;
}

/** The one value of `pick` over the rows, or each runtime's where they differ. */
function distinct(rows, runtimes, pick) {
  const values = rows.map((entry) => (entry ? pick(entry) : undefined));
  const present = [...new Set(values.filter((value) => value !== undefined && value !== ''))];
  if (present.length <= 1) return present[0] ?? '';
  return values
    .map((value, i) =>
      value === undefined ? undefined : `${value} (Node ${String(runtimes[i]?.major)})`,
    )
    .filter((value) => value !== undefined)
    .join('; ');
}

function ratioCell(entry) {
  if (!entry) return '';
  return entry.ratioLabel ?? (entry.ratio !== undefined ? `${entry.ratio.toFixed(2)}×` : '');
}

function rangeCell(entry) {
  if (!entry) return '';
  const min = formatNumber(entry.min, entry.unit);
  const max = formatNumber(entry.max, entry.unit);
  return min === max ? min : `${min}–${max}`;
}

function metCell(entry) {
  if (entry?.met === undefined) return '';
  return entry.met ? 'yes' : 'NO';
}

/** One benchmark's table: the measure, then per runtime median, min–max, ratio and met. */
export function benchmarkTable(runtimes, benchmark) {
  const header = ['measure', 'unit', 'vs', 'target'];
  const numeric = new Set();
  for (const runtime of runtimes) {
    const label = `Node ${String(runtime.major)}`;
    numeric.add(header.length).add(header.length + 1);
    header.push(`${label} median`, `${label} min–max`, `${label} ratio`, `${label} met`);
  }
  const lines = mergedMeasures(runtimes, benchmark).map((merged) => [
    merged.measure,
    merged.unit,
    merged.peer,
    merged.target,
    ...merged.rows.flatMap((entry) => [
      entry ? formatNumber(entry.median, entry.unit) : '',
      rangeCell(entry),
      ratioCell(entry),
      metCell(entry),
    ]),
  ]);
  return markdownTable(header, lines, numeric);
}

/** The benchmarks any runtime reported rows for, in the order they ran. */
function benchmarksOf(runtimes) {
  return [...new Set(runtimes.flatMap((runtime) => runtime.rows.map((entry) => entry.benchmark)))];
}

/** Each note once, with the runtimes it came from where not all of them. */
function notes(runtimes, benchmark) {
  const seen = new Map();
  for (const runtime of runtimes) {
    for (const entry of runtime.rows) {
      if (entry.benchmark !== benchmark || !entry.note) continue;
      const key = `${entry.measure}: ${entry.note}`;
      seen.set(key, [...(seen.get(key) ?? []), runtimeLabel(runtime)]);
    }
  }
  const ran = runtimes.filter((runtime) => runtime.rows.length > 0).length;
  return [...seen].map(([text, labels]) =>
    labels.length === ran ? `- ${text}` : `- ${text} (${labels.join(', ')})`,
  );
}

/** Growth: which curves grow faster than linearly, per runtime. */
function growthLines(runtimes) {
  return runtimes
    .filter((runtime) => runtime.rows.some((entry) => entry.benchmark === 'growth'))
    .map((runtime) => {
      const fast = runtime.rows.filter(
        (entry) => entry.benchmark === 'growth' && entry.growth?.superlinear,
      );
      return fast.length === 0
        ? `- ${runtimeLabel(runtime)}: nothing grows faster than linearly.`
        : `- ${runtimeLabel(runtime)}: faster than linear: ${fast.map((entry) => `${entry.measure} (exponent ${entry.growth.exponent.toFixed(2)})`).join('; ')}.`;
    });
}

/** The console text: a summary line per runtime, then a table per benchmark and its notes. */
export function resultsText(results) {
  const lines = [];
  for (const benchmark of benchmarksOf(results.runtimes)) {
    lines.push(benchmark, benchmarkTable(results.runtimes, benchmark));
    lines.push(...notes(results.runtimes, benchmark), '');
  }
  lines.push(...results.runtimes.map(runtimeSummary));
  return lines.join('\n');
}

/**
 * bench/report.md. `charts` are `{ id, title, file }` (file relative to bench/), drawn from the
 * run named `chartsFrom`.
 */
export function markdownReport(results, charts, chartsFrom) {
  const { runtimes } = results;
  const lines = [
    '# Benchmark report',
    '',
    `Written by \`npm run bench\` on ${results.date} (commit ${results.commit ?? 'unknown'}${results.dirty ? ', with uncommitted changes' : ''}).`,
    `Machine: ${results.machine.cpus}, ${results.machine.memoryGB} GB, ${results.machine.platform}.`,
    `Every benchmark ran on each runtime in turn: ${runtimes.map(runtimeLabel).join(', then ')}. Each target is judged on each runtime on its own.`,
    `Each figure is over ${results.runs} run(s): median, and minimum–maximum. On a shared machine`,
    'the medians are the figures to compare; single runs drift by tens of percent.',
    '',
  ];
  for (const runtime of runtimes) {
    lines.push(`- ${runtimeSummary(runtime)}`);
    for (const entry of runtime.rows.filter((candidate) => candidate.met === false)) {
      lines.push(`  - missed: ${entry.benchmark}, ${entry.measure} (${entry.target})`);
    }
  }
  lines.push('');
  for (const benchmark of benchmarksOf(runtimes)) {
    lines.push(`## ${benchmark}`, '', benchmarkTable(runtimes, benchmark), '');
    const own = notes(runtimes, benchmark);
    if (own.length > 0) lines.push(...own, '');
    if (benchmark === 'growth') {
      lines.push(...growthLines(runtimes), '');
      if (charts.length > 0) lines.push(`Charts from the ${chartsFrom} run.`, '');
      for (const chart of charts) lines.push(`![${chart.title}](${chart.file})`, '');
    }
  }
  const failed = runtimes.filter((runtime) => runtime.error || runtime.failures.length > 0);
  if (failed.length > 0) {
    lines.push('## Failures', '');
    for (const runtime of failed) {
      if (runtime.error) lines.push(`- ${runtimeLabel(runtime)} did not run: ${runtime.error}`);
      for (const failure of runtime.failures) {
        lines.push(
          `- ${runtimeLabel(runtime)}, ${failure.benchmark}: ${failure.error.split('\n')[0]}`,
        );
      }
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
