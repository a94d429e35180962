// Fails when a fresh build differs from the committed dist/ (users run the committed bundle).
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fresh = await mkdtemp(join(tmpdir(), 'gemini-agent-dist-'));

async function listFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

try {
  // The heap `npm run bundle` gives the build (package.json): compiling the CLI's bundle takes
  // about 4 GB, Node's default limit on a machine of this size.
  const build = spawnSync(
    process.execPath,
    ['--max-old-space-size=8192', join(root, 'scripts/build.mjs'), '--out', fresh],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  const committed = join(root, 'dist');
  const [want, have] = await Promise.all([listFiles(fresh), listFiles(committed).catch(() => [])]);
  const problems = [];
  for (const file of new Set([...want, ...have])) {
    if (!want.includes(file)) problems.push(`dist/${file} is not produced by a fresh build`);
    else if (!have.includes(file)) problems.push(`dist/${file} is missing`);
    else {
      const [a, b] = await Promise.all([
        readFile(join(fresh, file)),
        readFile(join(committed, file)),
      ]);
      if (!a.equals(b)) problems.push(`dist/${file} differs from a fresh build`);
    }
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error('dist/ is out of date: run `npm run bundle` and commit dist/.');
    process.exit(1);
  }
  console.log('dist/ matches a fresh build');
} finally {
  await rm(fresh, { recursive: true, force: true });
}
