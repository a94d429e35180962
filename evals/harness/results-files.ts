/**
 * The results of a run as files: the JSON (checked against the results schema first), the
 * markdown report and the SVG chart beside it, the regression check against an earlier file, and
 * the markdown appended to the job summary with the files named.
 */
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResultsDocument, Scoring } from './scoring.js';
import { fileNamePart } from './suite.js';

/** `evals/results/<date>-<model>-<config>.json`. */
export function defaultResultsFile(root: string, document: ResultsDocument): string {
  const date = document.date.slice(0, 10);
  return path.join(
    root,
    'evals',
    'results',
    `${date}-${fileNamePart(document.model)}-${document.config.name}.json`,
  );
}

export interface WrittenResults {
  json: string;
  markdown: string;
  svg: string;
  report: string;
  /** With --compare: the metrics that fell below the earlier run's interval. */
  regressions?: { count: number; text: string };
}

export async function writeResults<R>(
  document: ResultsDocument,
  file: string,
  scoring: Scoring<R>,
  compareFile: string | undefined,
): Promise<WrittenResults> {
  const results = scoring.check(document);
  const base = file.endsWith('.json') ? file.slice(0, -'.json'.length) : file;
  const written = { json: `${base}.json`, markdown: `${base}.md`, svg: `${base}.svg` };
  await mkdir(path.dirname(written.json), { recursive: true });
  await writeFile(written.json, `${JSON.stringify(document, null, 2)}\n`);
  let report = scoring.markdown(results);
  const charted = [results];
  let regressions: WrittenResults['regressions'];
  if (compareFile !== undefined) {
    const previous = scoring.check(JSON.parse(await readFile(compareFile, 'utf8')) as unknown);
    charted.unshift(previous);
    regressions = scoring.compare(previous, results, compareFile);
    report = `${report.trimEnd()}\n\n${regressions.text.trim()}\n`;
  }
  await writeFile(written.markdown, report);
  await writeFile(written.svg, scoring.chart(charted));
  return { ...written, report, ...(regressions !== undefined ? { regressions } : {}) };
}

/** Appends the report and where its files are to a job summary (or any markdown file). */
export async function appendSummary(
  summaryFile: string,
  written: WrittenResults,
  display: (file: string) => string,
): Promise<void> {
  const files = [written.json, written.markdown, written.svg].map((file) => `\`${display(file)}\``);
  await appendFile(
    summaryFile,
    `${written.report.trimEnd()}\n\nResults: ${files.join(', ')} (uploaded with the run's artifacts when the workflow keeps them).\n\n`,
  );
}
