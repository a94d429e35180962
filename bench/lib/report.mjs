// The results as text: the console table, and bench/report.md (the same table per benchmark,
// the targets met and missed, the growth curves with their charts).
import { formatNumber } from './measure.mjs';

const HEADER = ['measure', 'unit', 'min', 'median', 'max', 'vs', 'ratio', 'target', 'met'];
const NUMERIC = new Set([2, 3, 4]);

function cells(entry) {
  return [
    entry.measure,
    entry.unit,
    formatNumber(entry.min, entry.unit),
    formatNumber(entry.median, entry.unit),
    formatNumber(entry.max, entry.unit),
    entry.peer ?? '',
    entry.ratioLabel ?? (entry.ratio !== undefined ? `${entry.ratio.toFixed(2)}×` : ''),
    entry.target ?? '',
    entry.met === undefined ? '' : entry.met ? 'yes' : 'NO',
  ];
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

/** The console table: every row, with its benchmark. */
export function resultsTable(rows) {
  return markdownTable(
    ['benchmark', ...HEADER],
    rows.map((entry) => [entry.benchmark, ...cells(entry)]),
    new Set([...NUMERIC].map((i) => i + 1)),
  );
}

/** bench/report.md. `charts` are `{ id, title, file }` (file relative to bench/). */
export function markdownReport(results, charts) {
  const { rows } = results;
  const targets = rows.filter((entry) => entry.met !== undefined);
  const missed = targets.filter((entry) => !entry.met);
  const lines = [
    '# Benchmark report',
    '',
    `Written by \`npm run bench\` on ${results.date} (commit ${results.commit ?? 'unknown'}${results.dirty ? ', with uncommitted changes' : ''}).`,
    `Machine: ${results.machine.cpus}, ${results.machine.memoryGB} GB, ${results.machine.platform}, Node ${results.machine.node}.`,
    `Each figure is over ${results.runs} run(s): minimum, median and maximum. On a shared machine`,
    'the medians are the figures to compare; single runs drift by tens of percent.',
    '',
    `Targets: ${targets.length - missed.length} of ${targets.length} met.`,
    ...missed.map((entry) => `- missed: ${entry.benchmark}, ${entry.measure} (${entry.target})`),
    '',
  ];
  const benchmarks = [...new Set(rows.map((entry) => entry.benchmark))];
  for (const benchmark of benchmarks) {
    const own = rows.filter((entry) => entry.benchmark === benchmark);
    lines.push(`## ${benchmark}`, '', markdownTable(HEADER, own.map(cells), NUMERIC), '');
    for (const entry of own.filter((candidate) => candidate.note)) {
      lines.push(`- ${entry.measure}: ${entry.note}`);
    }
    if (own.some((entry) => entry.note)) lines.push('');
    if (benchmark === 'growth') {
      const fast = own.filter((entry) => entry.growth?.superlinear);
      lines.push(
        fast.length === 0
          ? 'Nothing grows faster than linearly.'
          : `Faster than linear: ${fast.map((entry) => `${entry.measure} (exponent ${entry.growth.exponent.toFixed(2)})`).join('; ')}.`,
        '',
      );
      for (const chart of charts) lines.push(`![${chart.title}](${chart.file})`, '');
    }
  }
  if (results.failures.length > 0) {
    lines.push('## Failures', '');
    for (const failure of results.failures) {
      lines.push(`- ${failure.benchmark}: ${failure.error.split('\n')[0]}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
