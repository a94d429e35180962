// The weekly model check (.github/workflows/models.yml): compares src/model/model-table.json with
// the Gemini API's model list and keeps the differences in one issue, "Model table out of date".
// The check itself is scripts/check-model-table.ts, which imports the model table and the GitHub
// client from src/. Node cannot run those TypeScript sources as they are (their imports name
// `.js` files), so this bundles the check with ncc, as scripts/build.mjs bundles the Action,
// into a temporary folder, and runs it. Types are not checked here: `npm run typecheck` does that.
//
// Usage: GEMINI_API_KEY=… [GITHUB_TOKEN=… GITHUB_REPOSITORY=owner/name] node scripts/check-model-table.mjs
//   Without GEMINI_API_KEY it says so and exits 0; without GITHUB_TOKEN it only prints.
import ncc from '@vercel/ncc';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { code, assets } = await ncc(join(root, 'scripts/check-model-table.ts'), {
  minify: false,
  sourceMap: false,
  quiet: true,
  target: 'es2023',
  cache: false,
  transpileOnly: true,
});
const folder = await mkdtemp(join(tmpdir(), 'check-model-table-'));
try {
  // `.mjs`: the bundle is an ES module wherever the folder is.
  await writeFile(join(folder, 'index.mjs'), code);
  for (const [file, asset] of Object.entries(assets)) {
    await mkdir(dirname(join(folder, file)), { recursive: true });
    await writeFile(join(folder, file), asset.source);
  }
  const { main } = await import(pathToFileURL(join(folder, 'index.mjs')).href);
  process.exitCode = await main();
} finally {
  await rm(folder, { recursive: true, force: true });
}
