/**
 * `npm run eval` (evals/run.mjs bundles this file and calls `main`): the eval suite with the real
 * scoring and report. `npm run eval -- --help` lists the flags; docs/evals.md explains them.
 */
import { resolve } from 'node:path';
import { defaultScoring } from './default-scoring.js';
import { runEval } from './run-eval.js';

export async function main(
  argv: readonly string[] = process.argv.slice(2),
  root: string = process.cwd(),
): Promise<number> {
  return runEval(argv, {
    scoring: defaultScoring,
    root: resolve(root),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
