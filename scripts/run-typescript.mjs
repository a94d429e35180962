// Runs a TypeScript entry that imports from src/. Node cannot run those sources as they are
// (their imports name `.js` files), so the entry is bundled with ncc, as scripts/build.mjs
// bundles the Action, into a temporary folder, and its exported `main` is called with `args`.
// Types are not checked here: `npm run typecheck` does that.
import ncc from '@vercel/ncc';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bundles `entry` and returns what its `main(...args)` resolves to (an exit code). */
export async function runTypeScript(entry, prefix, ...args) {
  const { code, assets } = await ncc(entry, {
    minify: false,
    sourceMap: false,
    quiet: true,
    target: 'es2023',
    cache: false,
    transpileOnly: true,
  });
  const folder = await mkdtemp(join(tmpdir(), prefix));
  try {
    // `.mjs`: the bundle is an ES module wherever the folder is.
    await writeFile(join(folder, 'index.mjs'), code);
    for (const [file, asset] of Object.entries(assets)) {
      await mkdir(dirname(join(folder, file)), { recursive: true });
      await writeFile(join(folder, file), asset.source);
    }
    const { main } = await import(pathToFileURL(join(folder, 'index.mjs')).href);
    return await main(...args);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
