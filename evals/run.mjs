// `npm run eval`: the eval suite (docs/evals.md). The harness is TypeScript under
// evals/harness/ that imports from src/; Node cannot run those sources as they are (their
// imports name `.js` files), so this bundles evals/harness/main.ts with ncc, as
// scripts/check-model-table.mjs does, into a temporary folder, and runs it. Types are not checked
// here: `npm run typecheck` does that.
//
// Usage: npm run eval -- [--offline | --record] [--kind K] [--case ID] [--model M] [--fanout N]
//        [--thinking LEVEL] … (npm run eval -- --help lists them all)
import ncc from '@vercel/ncc';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { code, assets } = await ncc(join(root, 'evals/harness/main.ts'), {
  minify: false,
  sourceMap: false,
  quiet: true,
  target: 'es2023',
  cache: false,
  transpileOnly: true,
});
const folder = await mkdtemp(join(tmpdir(), 'gemini-agent-eval-bundle-'));
try {
  // `.mjs`: the bundle is an ES module wherever the folder is.
  await writeFile(join(folder, 'index.mjs'), code);
  for (const [file, asset] of Object.entries(assets)) {
    await mkdir(dirname(join(folder, file)), { recursive: true });
    await writeFile(join(folder, file), asset.source);
  }
  const { main } = await import(pathToFileURL(join(folder, 'index.mjs')).href);
  process.exitCode = await main(process.argv.slice(2), root);
} finally {
  await rm(folder, { recursive: true, force: true });
}
