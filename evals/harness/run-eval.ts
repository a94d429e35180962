/**
 * `npm run eval`'s whole command: the flags, the suite, the results files, the job summary and
 * the exit code. main.ts calls it with the real scoring; tests call it with their own.
 */
import path from 'node:path';
import type { EvalOptions } from './eval-args.js';
import { EVAL_USAGE, parseEvalArgs } from './eval-args.js';
import { CaseError } from './load-cases.js';
import { appendSummary, defaultResultsFile, writeResults } from './results-files.js';
import type { Scoring } from './scoring.js';
import { displayPath, EvalSetupError, runSuite } from './suite.js';

export interface EvalIo<R> {
  scoring: Scoring<R>;
  root: string;
  /** Default `<root>/evals/cases`. */
  casesDir?: string;
  /** Default `<root>/evals/recordings`. */
  recordingsDir?: string;
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  now?: () => Date;
}

/** Says what offline scores mean, wherever they are shown. */
export const OFFLINE_NOTICE =
  'Replayed recorded sessions: with the scripted set these scores test the harness, not a model.';

export async function runEval<R>(argv: readonly string[], io: EvalIo<R>): Promise<number> {
  let options: EvalOptions | 'help';
  try {
    options = parseEvalArgs(argv, io.env);
  } catch (error) {
    io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 42;
  }
  if (options === 'help') {
    io.stdout.write(EVAL_USAGE);
    return 0;
  }
  const display = (file: string) => displayPath(io.root, file);
  try {
    const document = await runSuite(options, {
      scoring: io.scoring,
      root: io.root,
      casesDir: io.casesDir ?? path.join(io.root, 'evals', 'cases'),
      recordingsDir: io.recordingsDir ?? path.join(io.root, 'evals', 'recordings'),
      env: io.env,
      log: (line) => io.stdout.write(`${line}\n`),
      now: io.now ?? (() => new Date()),
    });
    const file = path.resolve(options.out ?? defaultResultsFile(io.root, document));
    const written = await writeResults(
      document,
      file,
      io.scoring,
      options.compare === undefined ? undefined : path.resolve(options.compare),
    );
    if (options.summary !== undefined) await appendSummary(options.summary, written, display);
    const errors = document.cases.filter((entry) => entry.status === 'error');
    const notice = document.config.live ? '' : `${OFFLINE_NOTICE}\n`;
    const files = [written.json, written.markdown, written.svg].map(display).join(', ');
    const seconds = (document.durationMs / 1000).toFixed(1);
    io.stdout.write(`\n${notice}Results: ${files} (${seconds} s)\n`);
    if (errors.length > 0) {
      io.stderr.write(
        `${errors.length} case${errors.length === 1 ? '' : 's'} did not run to the end:\n${errors
          .map((entry) => `  ${entry.kind} ${entry.id}: ${entry.error ?? 'error'}`)
          .join('\n')}\n`,
      );
    }
    if (written.regressions !== undefined && written.regressions.count > 0) {
      io.stderr.write(`${written.regressions.text.trim()}\n`);
      return 1;
    }
    // Offline, a case that did not run means the harness or a recording is broken.
    return errors.length > 0 && !document.config.live ? 1 : 0;
  } catch (error) {
    if (error instanceof CaseError) {
      io.stderr.write(`error: ${error.message}\n`);
      return 52;
    }
    if (error instanceof EvalSetupError) {
      io.stderr.write(`error: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}
