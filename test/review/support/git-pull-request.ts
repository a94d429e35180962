// A real pull request diff for review tests: a temp repository with a base commit and a head
// commit holding realistic edits (changed lines in several places, a removed function, a rename
// with an edit, a new file, a deleted file, a binary file), and the per-file patches as GitHub's
// `GET /pulls/{n}/files` returns them, cut from `git diff` itself.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PullRequestFile } from '../../../src/review/diff-hunks.js';
import { tempRepo } from '../../support/temp-repo.js';

export interface GitPullRequest {
  dir: string;
  baseSha: string;
  headSha: string;
  files: PullRequestFile[];
  /** A file's text at the base commit. */
  before(file: string): Promise<string>;
  /** A file's text at the head commit. */
  after(file: string): Promise<string>;
}

export interface Change {
  /** New content, or null to delete the file. */
  write?: Record<string, string | Buffer | null>;
  /** `git mv` from → to, before the writes. */
  rename?: Record<string, string>;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
}

/** Builds the repository and reads the diff between its two commits as GitHub would list it. */
export async function gitPullRequest(
  base: Record<string, string | Buffer>,
  change: Change,
): Promise<GitPullRequest> {
  const dir = await tempRepo({}, { git: true });
  for (const [name, content] of Object.entries(base)) await put(dir, name, content);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'base');
  const baseSha = git(dir, 'rev-parse', 'HEAD').trim();
  for (const [from, to] of Object.entries(change.rename ?? {})) {
    await mkdir(path.dirname(path.join(dir, to)), { recursive: true });
    git(dir, 'mv', from, to);
  }
  for (const [name, content] of Object.entries(change.write ?? {})) {
    if (content === null) await rm(path.join(dir, name));
    else await put(dir, name, content);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'head');
  const headSha = git(dir, 'rev-parse', 'HEAD').trim();
  const diff = git(dir, 'diff', '-M', '--no-color', '--no-ext-diff', baseSha, headSha);
  return {
    dir,
    baseSha,
    headSha,
    files: splitDiff(diff),
    before: (file) => Promise.resolve(git(dir, 'show', `${baseSha}:${file}`)),
    after: (file) => readFile(path.join(dir, file), 'utf8'),
  };
}

async function put(dir: string, name: string, content: string | Buffer): Promise<void> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** `git diff` output as GitHub's file entries: the patch is the hunks, without file headers. */
export function splitDiff(diff: string): PullRequestFile[] {
  const chunks = diff.split(/^(?=diff --git )/m).filter((chunk) => chunk.startsWith('diff --git'));
  return chunks.map((chunk) => {
    const lines = chunk.replace(/\n$/, '').split('\n');
    const header = /^diff --git a\/(.+) b\/(.+)$/.exec(lines[0] ?? '');
    if (!header?.[1] || !header[2]) throw new Error(`unexpected diff header: ${lines[0]}`);
    const renameFrom = lines.find((line) => line.startsWith('rename from '))?.slice(12);
    const renameTo = lines.find((line) => line.startsWith('rename to '))?.slice(10);
    const status = lines.some((line) => line.startsWith('new file mode'))
      ? 'added'
      : lines.some((line) => line.startsWith('deleted file mode'))
        ? 'removed'
        : renameFrom !== undefined
          ? 'renamed'
          : 'modified';
    const firstHunk = lines.findIndex((line) => line.startsWith('@@'));
    return {
      filename: renameTo ?? header[2],
      status,
      ...(renameFrom === undefined ? {} : { previous_filename: renameFrom }),
      ...(firstHunk === -1 ? {} : { patch: lines.slice(firstHunk).join('\n') }),
    };
  });
}

/** The 1-based number of the (only) line containing `text`. */
export function lineOf(content: string, text: string): number {
  const lines = content.split('\n');
  const found = lines.flatMap((line, index) => (line.includes(text) ? [index + 1] : []));
  if (found.length !== 1 || found[0] === undefined) {
    throw new Error(`expected one line containing ${JSON.stringify(text)}, found ${found.length}`);
  }
  return found[0];
}

/** A module of `count` small functions, so edits far apart make separate hunks. */
function fillers(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => [
    `export function ${prefix}${i}(value: number): number {`,
    `  return value + ${i};`,
    '}',
    '',
  ]).flat();
}

export const CART_BEFORE = [
  "import { formatMoney } from './utils/money.js';",
  '',
  'export const TAX_RATE = 0.2;',
  '',
  ...fillers('helperA', 4),
  'export function legacyTotal(items: number[]): number {',
  '  let total = 0;',
  '  for (const item of items) total += item;',
  '  return total;',
  '}',
  '',
  ...fillers('helperB', 4),
  'export function subtotal(items: number[]): number {',
  '  return items.reduce((sum, item) => sum + item, 0);',
  '}',
  '',
].join('\n');

export const CART_AFTER = [
  "import { formatMoney } from './utils/money.js';",
  "import { roundCents } from './utils/strings.js';",
  '',
  'export const TAX_RATE = 0.21;',
  '',
  ...fillers('helperA', 4),
  ...fillers('helperB', 4),
  'export function subtotal(items: number[]): number {',
  '  return items.reduce((sum, item) => sum + item, 0);',
  '}',
  '',
  'export function total(items: number[]): string {',
  '  const gross = subtotal(items) * (1 + TAX_RATE);',
  '  return formatMoney(roundCents(gross));',
  '}',
  '',
].join('\n');

export const STRINGS_BEFORE = [
  ...fillers('pad', 3),
  'export function roundCents(value: number): number {',
  '  return Math.round(value * 100) / 100;',
  '}',
  '',
].join('\n');

export const STRINGS_AFTER = STRINGS_BEFORE.replace(
  'return Math.round(value * 100) / 100;',
  'return Math.floor(value * 100) / 100;',
);

export const CHECKOUT = [
  "import { total } from './cart.js';",
  '',
  'export function checkout(items: number[]): string {',
  '  if (items.length === 0) throw new Error("empty cart");',
  '  return total(items);',
  '}',
  '',
].join('\n');

/** The standard pull request of these tests. */
export function samplePullRequest(): Promise<GitPullRequest> {
  return gitPullRequest(
    {
      'src/cart.ts': CART_BEFORE,
      'src/old-strings.ts': STRINGS_BEFORE,
      'docs/obsolete.md': '# Obsolete\n\nThis page is gone.\n',
      'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0, 4]),
    },
    {
      rename: { 'src/old-strings.ts': 'src/utils/strings.ts' },
      write: {
        'src/cart.ts': CART_AFTER,
        'src/utils/strings.ts': STRINGS_AFTER,
        'src/checkout.ts': CHECKOUT,
        'docs/obsolete.md': null,
        'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9, 0, 4]),
      },
    },
  );
}
