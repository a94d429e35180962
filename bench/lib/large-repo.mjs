// The generated repository for the search and listing benchmark: 100,000 tracked TypeScript files
// in 100 packages × 20 folders × 50 files, plus ignored trees (node_modules/, dist/) a good tool
// must skip. Generated once into the cache folder and committed; later runs reuse it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CACHE_DIR } from './scratch.mjs';

const VERSION = 1;
export const PACKAGES = 100;
export const FOLDERS = 20;
export const FILES = 50;
export const TRACKED_FILES = PACKAGES * FOLDERS * FILES;
/** One tracked file in this many holds the rare marker (10 files). */
const RARE_EVERY = 10_000;
export const RARE_PATTERN = 'RARE_MARKER_[0-9]+';
export const COMMON_PATTERN = 'export function compute';
/** 100 packages × 10 files = 1,000 matches. */
export const GLOB_PATTERN = '**/m07/f04*.ts';

const pad = (value, width) => String(value).padStart(width, '0');

function source(index, p, m, f) {
  const id = `${pad(p, 2)}_${pad(m, 2)}_${pad(f, 3)}`;
  const lines = [
    `import { shared } from '../../shared/index.js';`,
    '',
    `/** Part ${id} of the generated code base. */`,
    `export interface Options${id} {`,
    '  limit: number;',
    '  label?: string;',
    '}',
    '',
    `export function compute${id}(values: number[], options: Options${id}): number {`,
    '  let total = 0;',
    '  for (const value of values) total += value;',
    '  return Math.min(total, options.limit);',
    '}',
    '',
    `export const LABEL_${id} = shared('${id}');`,
  ];
  if (index % RARE_EVERY === 0)
    lines.push(`// RARE_MARKER_${index}: the one line a search looks for.`);
  return `${lines.join('\n')}\n`;
}

/** `10k`, `100k`, `1m`: how a size is named in folders and tables. */
export function sizeLabel(files) {
  return files >= 1_000_000 ? `${files / 1_000_000}m` : `${files / 1000}k`;
}

/**
 * The repository's path, generating it first when it is missing or from an older layout. `packages`
 * sets its size (each holds FOLDERS × FILES = 1,000 tracked files): 100 for the 100,000-file
 * repository of the search benchmark, 10 and 1,000 for the growth curves.
 */
export function ensureLargeRepo(log = () => {}, packages = PACKAGES) {
  const tracked = packages * FOLDERS * FILES;
  const dir = path.join(CACHE_DIR, `repo-${sizeLabel(tracked)}-v${VERSION}`);
  const marker = path.join(dir, '.bench-complete');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === String(tracked)) return dir;
  log(`generating ${tracked.toLocaleString('en')} files into ${dir} (once) …`);
  rmSync(dir, { recursive: true, force: true });
  let index = 0;
  for (let p = 0; p < packages; p++) {
    for (let m = 0; m < FOLDERS; m++) {
      const folder = path.join(dir, 'packages', `p${pad(p, 2)}`, 'src', `m${pad(m, 2)}`);
      mkdirSync(folder, { recursive: true });
      for (let f = 0; f < FILES; f++) {
        writeFileSync(path.join(folder, `f${pad(f, 3)}.ts`), source(index++, p, m, f));
      }
    }
  }
  writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\ndist/\n.bench-complete\n');
  // Ignored trees: a dependency folder and build output, each with files that also match.
  for (const ignored of ['node_modules/dep/lib', 'dist/packages']) {
    const folder = path.join(dir, ignored);
    mkdirSync(folder, { recursive: true });
    for (let f = 0; f < 1000; f++) {
      writeFileSync(path.join(folder, `f${pad(f, 4)}.ts`), source(RARE_EVERY, 0, 7, 40));
    }
  }
  const git = (...args) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], {
      cwd: dir,
      stdio: 'ignore',
    });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-qm', 'generated', '--no-verify');
  writeFileSync(marker, String(tracked));
  return dir;
}
