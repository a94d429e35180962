// Bundles the Action and the CLI with ncc.
//
// Each entry gets its own folder because ncc names its split chunks `<id>.index.js`, and two
// builds writing into one folder could overwrite each other's chunks. `dist/index.js` (the
// Action's `main`) and `dist/cli.js` (the `bin`) are two-line shims into those folders.
//
// Usage: node scripts/build.mjs [--out DIR]   (default: dist)
import ncc from '@vercel/ncc';
import { asciiSource } from './ascii-source.mjs';
import { eagerModuleFactories } from './eager-factories.mjs';
import { bundledFiles, renderLicenses } from './bundle-licenses.mjs';
import { chmod, copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out');
const outDir = resolve(outFlag >= 0 ? process.argv[outFlag + 1] : join(root, 'dist'));

const entries = [
  {
    name: 'action',
    source: 'src/action/entry.ts',
    shim: 'index.js',
    shebang: false,
    runtime: true,
  },
  { name: 'cli', source: 'src/cli/entry.ts', shim: 'cli.js', shebang: true, runtime: true },
  // The post step only stops leftover processes: it needs none of the runtime files.
  {
    name: 'post',
    source: 'src/action/post-entry.ts',
    shim: 'post.js',
    shebang: false,
    runtime: false,
  },
];

// Files the bundles read at run time, placed beside each bundle: the bash grammar and the
// tree-sitter runtime (WebAssembly, loaded by the policy's shell analysis) and the policy presets.
const require = createRequire(import.meta.url);
const runtimeFiles = [
  // The runtime's CommonJS build, loaded beside the bundle: its ES module build cannot start
  // inside an ncc bundle (it reaches `createRequire` through a dynamic import ncc rewrites).
  { from: require.resolve('web-tree-sitter'), to: 'web-tree-sitter.cjs' },
  { from: require.resolve('web-tree-sitter/web-tree-sitter.wasm'), to: 'web-tree-sitter.wasm' },
  { from: require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'), to: 'tree-sitter-bash.wasm' },
  ...(await readdir(join(root, 'policies')))
    .filter((file) => file.endsWith('.toml'))
    .sort()
    .map((file) => ({ from: join(root, 'policies', file), to: join('policies', file) })),
];

// Every bundle is compiled before anything is written, so a failed or interrupted build leaves
// the previous dist/ whole. One at a time, each bundle's third-party notices read from its
// compilation's statistics at once: a compilation (and the statistics of one the size of the CLI's)
// takes gigabytes of heap, so three held side by side could pass Node's default heap limit.
const bundles = [];
for (const entry of entries) {
  const { code, assets, stats } = await ncc(join(root, entry.source), {
    minify: false,
    sourceMap: false,
    quiet: true,
    target: 'es2023',
    // Without ncc's persistent cache (kept per working folder under ~/.cache/ncc): a build
    // restored from a cache an older checkout left reports only part of its modules, so the
    // notices came out short. Building without it is also no slower.
    cache: false,
  });
  // The third-party notices of what the bundle holds, runtime files included.
  const license = await renderLicenses([
    ...bundledFiles(stats.toJson({ all: false, modules: true, nestedModules: true })),
    ...(entry.runtime ? runtimeFiles.map((file) => file.from) : []),
  ]);
  bundles.push({ entry, code, assets, license });
}

await rm(outDir, { recursive: true, force: true });
for (const { entry, code, assets, license } of bundles) {
  const folder = join(outDir, entry.name);
  await mkdir(folder, { recursive: true });
  // The JavaScript in ASCII: V8 then keeps each chunk's source as a one-byte string. Its module
  // factories are compiled with each file, so the compile cache keeps them (eager-factories.mjs).
  const javascript = (source) => asciiSource(eagerModuleFactories(source));
  await writeFile(join(folder, 'index.js'), javascript(code));
  await writeFile(join(folder, 'licenses.txt'), license);
  for (const [file, asset] of Object.entries(assets)) {
    const target = join(folder, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(
      target,
      file.endsWith('.js') ? javascript(asset.source.toString('utf8')) : asset.source,
    );
  }
  for (const file of entry.runtime ? runtimeFiles : []) {
    const target = join(folder, file.to);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(file.from, target);
  }
  const shimPath = join(outDir, entry.shim);
  const header = entry.shebang ? '#!/usr/bin/env node\n' : '';
  await writeFile(shimPath, `${header}import './${entry.name}/index.js';\n`);
  if (entry.shebang) await chmod(shimPath, 0o755);
}
console.log(`built ${entries.map((e) => join(outDir, e.shim)).join(', ')}`);
