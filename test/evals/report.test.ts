// What a run's report shows (evals/harness/report-markdown.ts, report-chart.ts) and the results
// file read back (evals/harness/results-schema.ts): the tables with their intervals, the notice
// on replayed scripted sessions, the per-case rows; the chart as well-formed SVG with a bar per
// configuration and metric; a results file that round-trips through JSON and the schema.
import { describe, expect, it } from 'vitest';
import {
  configurationLabel,
  HEADLINE_METRICS,
  renderChart,
} from '../../evals/harness/report-chart.js';
import { renderMarkdown, SCRIPTED_NOTICE } from '../../evals/harness/report-markdown.js';
import { evalResultsSchema, parseEvalResults } from '../../evals/harness/results-schema.js';
import { results } from './support.js';

/**
 * Checks that the text is one well-formed XML element: tags nest and close, attributes are quoted,
 * `&` starts a known entity and `<` nothing else. Returns what is wrong, or [].
 */
function xmlProblems(text: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const body = text.trim();
  const token =
    /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<!--[\s\S]*?-->|([^<]+)|(<)/g;
  let roots = 0;
  for (const match of body.matchAll(token)) {
    const [whole, closing, name, , selfClosing, textPart, stray] = match;
    if (stray !== undefined) {
      problems.push(`stray < at ${match.index}: ${body.slice(match.index, match.index + 30)}`);
      continue;
    }
    if (whole.startsWith('<!--')) continue;
    if (textPart !== undefined) {
      if (stack.length === 0 && textPart.trim() !== '') problems.push('text outside the root');
      for (const entity of textPart.matchAll(/&[^;\s]*;?/g)) {
        if (!/^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);$/i.test(entity[0])) {
          problems.push(`bad entity ${entity[0]}`);
        }
      }
      continue;
    }
    if (closing === '/') {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else {
      if (stack.length === 0) roots += 1;
      if (selfClosing !== '/') stack.push(name ?? '');
    }
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

describe('renderMarkdown', () => {
  const run = results();
  const text = renderMarkdown(run);

  it('says first that replayed scripted sessions test the harness, not a model', () => {
    expect(text).toContain('these scores test the harness, not a model');
    expect(text.indexOf(SCRIPTED_NOTICE)).toBeLessThan(text.indexOf('### Review'));
    const live = renderMarkdown({
      ...run,
      model: 'gemini-4-hydrogen',
      config: { ...run.config, recordings: null, live: true },
    });
    expect(live).not.toContain('not a model');
    expect(live).toContain('Live run');
    const recorded = renderMarkdown({
      ...run,
      config: { ...run.config, recordings: 'gemini-4-hydrogen-fanout0' },
    });
    expect(recorded).not.toContain(SCRIPTED_NOTICE);
    expect(recorded).toContain('recording set `gemini-4-hydrogen-fanout0`');
  });

  it('has a headline table per kind with each value and its interval', () => {
    const f1 = run.scores.review?.overall.f1;
    expect(text).toContain(
      `| F1 | ${f1?.value.toFixed(2)} | ${f1?.low.toFixed(2)}–${f1?.high.toFixed(2)} |`,
    );
    for (const heading of [
      '### Review (7 pull requests)',
      '### Fix (2 issues)',
      '### Triage (2 issues)',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('| Success (all three below) | 0.50 |');
    expect(text).toContain('| Exact-set accuracy | 0.50 |');
    expect(text).toContain('Clean pull requests: 1, with 1 false positive(s) on 1 of them.');
    expect(text).toContain('percentile of the metric over 1,000 bootstrap resamples of the cases');
  });

  it('has the per-category and per-label tables, n/a where a ratio is undefined', () => {
    expect(text).toMatch(
      /^\| logic \| 1\.00 \[1\.00–1\.00\] \| 0\.67 \[[\d.]+–[\d.]+\] \| [^|]+ \| 2 \| 0 \| 1 \|$/m,
    );
    expect(text).toContain('| concurrency | n/a | n/a | n/a | 0 | 0 | 0 |');
    expect(text).toMatch(
      /^\| docs \| 0\.00 \[0\.00–0\.00\] \| n\/a \| 0\.00 \[0\.00–0\.00\] \| 1 \|$/m,
    );
  });

  it('has a row per case with its result, wall time, tokens and cost', () => {
    expect(text).toContain(
      '| ts-case-0 | review | found 1/1, 0 false positive(s) | 12.3 s | 12,000 / 4,000 / 800 | $0.01 |',
    );
    expect(text).toContain('| ts-case-5 | review | found 0/1, 0 false positive(s) |');
    expect(text).toContain(
      '| py-clean-refactor | review | clean PR, 1 false positive(s) (wrong-file) |',
    );
    expect(text).toContain('| js-off-by-one-page | fix | success |');
    expect(text).toContain(
      '| py-weakened | fix | error: exit code 1; failed: tests fail; out of scope: tests/test_a.py, … | 0.9 s | — | — |',
    );
    expect(text).toContain('| triage-01-empty-config | triage | +docs |');
    expect(text).toContain('| triage-02-question | triage | exact (question) |');
    expect(text).toContain('1 case(s) failed to run');
  });

  it('keeps rows short and escapes a pipe in a cell', () => {
    const rows = text.split('\n').filter((line) => line.startsWith('| '));
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.length, row).toBeLessThanOrEqual(160);
    const piped = results();
    const first = piped.cases[0];
    if (first) first.id = 'a|b';
    expect(renderMarkdown(piped)).toContain('| a\\|b | review |');
  });

  it('leaves out the kinds a run did not run', () => {
    const reviewOnly = results(
      {},
      results().cases.filter((c) => c.kind === 'review'),
    );
    const only = renderMarkdown(reviewOnly);
    expect(only).toContain('### Review');
    expect(only).not.toContain('### Fix');
    expect(only).not.toContain('### Triage');
  });
});

describe('renderChart', () => {
  const offline = results();
  const live = results({
    model: 'gemini-4-hydrogen',
    config: { ...offline.config, name: 'fanout400-thinkinghigh', recordings: null, live: true },
  });
  const svg = renderChart([offline, live]);

  it('is well-formed SVG', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(xmlProblems(svg)).toEqual([]);
    // The checker can fail.
    expect(xmlProblems('<svg><g></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg><text>a & b</text></svg>')).toEqual(['bad entity &']);
  });

  it('draws a bar with a whisker per configuration and headline metric, and names each in the legend', () => {
    const bars = [...svg.matchAll(/<rect [^>]*><title>([^<]*)<\/title><\/rect>/g)].map((m) => m[1]);
    expect(bars).toHaveLength(2 * HEADLINE_METRICS.length);
    const f1 = offline.scores.review?.overall.f1;
    expect(bars).toContain(
      `replay · fanout0-thinkingdefault (replay: scripted), review F1: ${f1?.value.toFixed(2)} [${f1?.low.toFixed(2)}–${f1?.high.toFixed(2)}]`,
    );
    expect([...svg.matchAll(/<path d="M/g)]).toHaveLength(2 * HEADLINE_METRICS.length);
    for (const run of [offline, live]) expect(svg).toContain(`>${configurationLabel(run)}</text>`);
    expect(configurationLabel(live)).toBe('gemini-4-hydrogen · fanout400-thinkinghigh');
    for (const metric of HEADLINE_METRICS) expect(svg).toContain(`>${metric.label}</text>`);
    // Two colours, one per configuration.
    const fills = new Set(
      [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="16"[^>]*fill="(#\w+)"/g)].map(
        (m) => m[1],
      ),
    );
    expect(fills.size).toBe(2);
  });

  it('writes n/a where a run has no figure for a metric', () => {
    const reviewOnly = results(
      {},
      offline.cases.filter((c) => c.kind === 'review'),
    );
    const chart = renderChart([reviewOnly]);
    expect(xmlProblems(chart)).toEqual([]);
    expect([...chart.matchAll(/>n\/a</g)]).toHaveLength(3);
  });
});

describe('the results file', () => {
  it('round-trips through JSON and the schema unchanged', () => {
    const run = results();
    const text = JSON.stringify(run, null, 2);
    expect(parseEvalResults(text, 'run.json')).toEqual(run);
    expect(evalResultsSchema.parse(JSON.parse(text))).toEqual(JSON.parse(text));
  });

  it('is refused with the file and the place named when it is not one', () => {
    const run = JSON.parse(JSON.stringify(results())) as {
      scores: { fix: { success: { value: number } } };
    };
    run.scores.fix.success.value = 1.5;
    expect(() => parseEvalResults(JSON.stringify(run), 'evals/results/x.json')).toThrow(
      /^evals\/results\/x\.json: not an eval results file \(schema 1\): scores\.fix\.success\.value: /,
    );
    expect(() => parseEvalResults('{', 'y.json')).toThrow(/^y\.json: not JSON/);
    expect(() => parseEvalResults('{"schema":2}', 'z.json')).toThrow('schema');
  });
});
