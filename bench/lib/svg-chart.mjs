// A small SVG line chart for the growth curves: one panel per series side by side (each series
// has its own unit), the sizes on a logarithmic x axis, values on a linear y axis from zero.
// Plain SVG text, so it needs no browser and shows on GitHub as an image.

const PANEL = { width: 300, height: 220, left: 56, right: 16, top: 40, bottom: 44 };
const COLORS = ['#1a73e8', '#d93025', '#188038', '#e37400', '#9334e6', '#12b5cb'];

function escapeXml(text) {
  return String(text).replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c],
  );
}

/** 1, 2, 5 × 10^n steps, about five of them up to `max`. */
function niceTicks(max) {
  if (!(max > 0)) return [0, 1];
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough);
  const ticks = [];
  for (let value = 0; value <= max + step * 1e-9; value += step) ticks.push(value);
  if (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

function formatTick(value) {
  if (value >= 1_000_000) return `${value / 1_000_000}M`;
  if (value >= 1000) return `${value / 1000}k`;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function panel(series, index, xs) {
  const x0 = index * PANEL.width;
  const plotWidth = PANEL.width - PANEL.left - PANEL.right;
  const plotHeight = PANEL.height - PANEL.top - PANEL.bottom;
  const [minX, maxX] = [Math.min(...xs), Math.max(...xs)];
  const logSpan = Math.log10(maxX) - Math.log10(minX) || 1;
  const sx = (x) => x0 + PANEL.left + ((Math.log10(x) - Math.log10(minX)) / logSpan) * plotWidth;
  const ticks = niceTicks(Math.max(...series.points.map((point) => point.y)));
  const top = ticks[ticks.length - 1] || 1;
  const sy = (y) => PANEL.top + plotHeight - (y / top) * plotHeight;
  const color = COLORS[index % COLORS.length];
  const parts = [
    `<text x="${x0 + PANEL.width / 2}" y="24" text-anchor="middle" font-weight="bold">${escapeXml(series.name)}</text>`,
  ];
  for (const tick of ticks) {
    parts.push(
      `<line x1="${x0 + PANEL.left}" x2="${x0 + PANEL.width - PANEL.right}" y1="${sy(tick)}" y2="${sy(tick)}" stroke="#e0e0e0"/>`,
      `<text x="${x0 + PANEL.left - 6}" y="${sy(tick) + 4}" text-anchor="end">${formatTick(tick)}</text>`,
    );
  }
  for (const x of xs) {
    parts.push(
      `<text x="${sx(x)}" y="${PANEL.top + plotHeight + 18}" text-anchor="middle">${formatTick(x)}</text>`,
    );
  }
  const path = series.points.map((point) => `${sx(point.x)},${sy(point.y)}`).join(' ');
  parts.push(`<polyline points="${path}" fill="none" stroke="${color}" stroke-width="2"/>`);
  for (const point of series.points) {
    parts.push(
      `<circle cx="${sx(point.x)}" cy="${sy(point.y)}" r="3.5" fill="${color}"><title>${escapeXml(`${formatTick(point.x)}: ${point.y.toFixed(1)} ${series.unit}`)}</title></circle>`,
    );
  }
  return parts.join('\n');
}

/**
 * The chart of one curve: `{ title, xLabel, series: [{ name, unit, points: [{ x, y }] }] }`
 * (x > 0, sizes) as an SVG document.
 */
export function renderChart(chart) {
  const xs = [...new Set(chart.series.flatMap((series) => series.points.map((point) => point.x)))];
  const width = Math.max(1, chart.series.length) * PANEL.width;
  const height = PANEL.height + 30;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...chart.series.map((series, index) => panel(series, index, xs)),
    `<text x="${width / 2}" y="${height - 8}" text-anchor="middle" fill="#555">${escapeXml(`${chart.title} — x: ${chart.xLabel} (log scale)`)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

// A group is at least wide enough for a label of about 16 characters under it.
const BARS = {
  left: 56,
  right: 16,
  top: 40,
  plotHeight: 200,
  axis: 44,
  bar: 18,
  gap: 24,
  minGroup: 110,
  legendRow: 18,
};

/**
 * A grouped bar chart with interval whiskers: `{ title, yLabel?, yMax?, groups: [name],
 * series: [{ name, values: [{ value, low?, high? } | null] }] }`, one bar per series in each
 * group (values in group order; null draws "n/a"), one colour per series, named in a legend
 * under the plot. The y axis runs from zero to `yMax` (default: the largest value or high).
 */
export function renderBarChart(chart) {
  const seriesCount = Math.max(1, chart.series.length);
  const groupWidth = Math.max(BARS.minGroup, seriesCount * BARS.bar + BARS.gap);
  const plotWidth = Math.max(1, chart.groups.length) * groupWidth;
  const width = BARS.left + plotWidth + BARS.right;
  const height = BARS.top + BARS.plotHeight + BARS.axis + chart.series.length * BARS.legendRow + 16;
  const highest = Math.max(
    0,
    ...chart.series.flatMap((series) =>
      series.values.map((entry) => (entry ? Math.max(entry.value, entry.high ?? 0) : 0)),
    ),
  );
  const ticks = chart.yMax !== undefined ? niceTicks(chart.yMax) : niceTicks(highest);
  const top = chart.yMax ?? (ticks[ticks.length - 1] || 1);
  const bottom = BARS.top + BARS.plotHeight;
  const sy = (y) => bottom - (Math.min(Math.max(y, 0), top) / top) * BARS.plotHeight;
  const formatValue = (value) => (top <= 1 ? value.toFixed(2) : formatTick(value));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="24" text-anchor="middle" font-weight="bold">${escapeXml(chart.title)}</text>`,
  ];
  for (const tick of ticks.filter((value) => value <= top + 1e-9)) {
    parts.push(
      `<line x1="${BARS.left}" x2="${BARS.left + plotWidth}" y1="${sy(tick)}" y2="${sy(tick)}" stroke="#e0e0e0"/>`,
      `<text x="${BARS.left - 6}" y="${sy(tick) + 4}" text-anchor="end">${escapeXml(formatValue(tick))}</text>`,
    );
  }
  if (chart.yLabel) {
    parts.push(
      `<text x="14" y="${BARS.top + BARS.plotHeight / 2}" text-anchor="middle" transform="rotate(-90 14 ${BARS.top + BARS.plotHeight / 2})">${escapeXml(chart.yLabel)}</text>`,
    );
  }
  chart.groups.forEach((group, g) => {
    const x0 = BARS.left + g * groupWidth + (groupWidth - seriesCount * BARS.bar) / 2;
    parts.push(
      `<text x="${x0 + (seriesCount * BARS.bar) / 2}" y="${bottom + 18}" text-anchor="middle">${escapeXml(group)}</text>`,
    );
    chart.series.forEach((series, s) => {
      const entry = series.values[g];
      const x = x0 + s * BARS.bar;
      const color = COLORS[s % COLORS.length];
      if (!entry) {
        parts.push(
          `<text x="${x + BARS.bar / 2}" y="${bottom - 4}" text-anchor="middle" font-size="9" fill="#555">n/a</text>`,
        );
        return;
      }
      const label = `${series.name}, ${group}: ${formatValue(entry.value)}${
        entry.low !== undefined && entry.high !== undefined
          ? ` [${formatValue(entry.low)}–${formatValue(entry.high)}]`
          : ''
      }`;
      parts.push(
        `<rect x="${x + 1}" y="${sy(entry.value)}" width="${BARS.bar - 2}" height="${bottom - sy(entry.value)}" fill="${color}"><title>${escapeXml(label)}</title></rect>`,
      );
      if (entry.low !== undefined && entry.high !== undefined) {
        const mid = x + BARS.bar / 2;
        parts.push(
          `<path d="M${mid} ${sy(entry.low)}V${sy(entry.high)}M${mid - 4} ${sy(entry.low)}H${mid + 4}M${mid - 4} ${sy(entry.high)}H${mid + 4}" stroke="#202124" stroke-width="1.2" fill="none"/>`,
        );
      }
    });
  });
  chart.series.forEach((series, s) => {
    const y = bottom + BARS.axis + s * BARS.legendRow;
    parts.push(
      `<rect x="${BARS.left}" y="${y - 10}" width="12" height="12" fill="${COLORS[s % COLORS.length]}"/>`,
      `<text x="${BARS.left + 18}" y="${y}">${escapeXml(series.name)}</text>`,
    );
  });
  parts.push('</svg>', '');
  return parts.join('\n');
}
