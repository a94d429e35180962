/**
 * `npm run eval` (evals/run.mjs bundles this file and calls `main`): the eval suite with the real
 * scoring and report. `npm run eval -- --help` lists the flags; docs/evals.md explains them.
 */
// Named imports only in this file: with a default import (`import path from`), ncc's bundle of
// it lost its exports, and run.mjs could not find `main`.
import { resolve } from 'node:path';
import { defaultScoring } from './default-scoring.js';
import { killAllGroups } from './process-groups.js';
import { runEval } from './run-eval.js';

export async function main(
  argv: readonly string[] = process.argv.slice(2),
  root: string = process.cwd(),
): Promise<number> {
  // The runs are process groups of their own, out of reach of the terminal's Ctrl-C: end them.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      killAllGroups();
      process.exit(code);
    });
  }
  return runEval(argv, {
    scoring: defaultScoring,
    root: resolve(root),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
