// `npm run eval`: the eval suite (docs/evals.md). The harness is TypeScript under
// evals/harness/ that imports from src/; scripts/run-typescript.mjs bundles and runs it.
//
// Usage: npm run eval -- [--offline | --record] [--kind K] [--case ID] [--model M] [--fanout N]
//        [--thinking LEVEL] … (npm run eval -- --help lists them all)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTypeScript } from '../scripts/run-typescript.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.exitCode = await runTypeScript(
  join(root, 'evals/harness/main.ts'),
  'gemini-agent-eval-bundle-',
  process.argv.slice(2),
  root,
);
