// Property-based tests of the workspace boundary: paths generated from `..`, `.git` spellings,
// symlinks in and out of the workspace, Unicode and case variants, checked against the file
// system itself. Deterministic: the seed is fixed unless WORKSPACE_PROPERTY_SEED sets another,
// and fast-check prints the seed and the shrunk counterexample on failure.
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { link, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListDirectoryTool } from '../../src/tools/list-directory.js';
import { createReadFileTool } from '../../src/tools/read-file.js';
import type { ToolHarness } from './tool-harness.js';
import { makeTempDir, removeTempDirs, toolHarness } from './tool-harness.js';

const SEED = Number(process.env.WORKSPACE_PROPERTY_SEED ?? 20_240_611);
const RUNS = 300;

/** Text only files the tools must never reveal contain. */
const OUTSIDE_MARK = 'OUTSIDE-SENTINEL-7f3a';
const DENIED_MARK = 'DENIED-SENTINEL-91c2';
const GIT_MARK = 'GIT-SENTINEL-4be0';
/** Names of entries outside and in the denied place that no generated path spells. */
const LISTING_MARK = 'zz-listing-sentinel-c5d1';

let base: string;
let root: string;
let extra: string;
let outside: string;
let denied: string;
let harness: ToolHarness;
let guarded: Map<string, Snapshot>;

type Snapshot = Record<string, string>;

/** Every entry under `dir` (not following symlinks) with its content or link target. */
function snapshot(dir: string): Snapshot {
  const result: Snapshot = {};
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = path.join(current, name);
      const stats = lstatSync(full);
      const key = path.relative(dir, full);
      if (stats.isSymbolicLink()) result[key] = `link:${readlinkSync(full)}`;
      else if (stats.isDirectory()) {
        result[key] = 'dir';
        walk(full);
      } else result[key] = `file:${readFileSync(full, 'utf8')}:${stats.nlink}`;
    }
  };
  walk(dir);
  return result;
}

beforeAll(async () => {
  base = await makeTempDir('properties-');
  root = path.join(base, 'ws');
  extra = path.join(base, 'extra');
  outside = path.join(base, 'outside');
  denied = path.join(root, 'denied');
  const files: Record<string, string> = {
    [path.join(root, 'a', 'file.txt')]: 'a file',
    [path.join(root, 'a', 'b', 'file.txt')]: 'b file',
    [path.join(root, '.git', 'config')]: `[core] ${GIT_MARK}`,
    [path.join(root, '.git', 'hooks', 'pre-commit')]: `#!/bin/sh ${GIT_MARK}`,
    [path.join(root, 'sub', '.git')]: 'gitdir: ../.git/modules/sub',
    [path.join(denied, 'denied-only.txt')]: DENIED_MARK,
    [path.join(extra, 'lib.txt')]: 'extra lib',
    [path.join(outside, 'outside-only.txt')]: OUTSIDE_MARK,
    [path.join(outside, 'dir', 'outside-inner.txt')]: OUTSIDE_MARK,
    [path.join(outside, LISTING_MARK)]: '',
    [path.join(outside, 'dir', LISTING_MARK)]: '',
    [path.join(denied, LISTING_MARK)]: '',
    [path.join(root, '.git', LISTING_MARK)]: '',
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  const links: [string, string][] = [
    ['in-dir', 'a'],
    ['in-file', path.join(root, 'a', 'file.txt')],
    ['out-dir', path.join(outside, 'dir')],
    ['out-file', path.join(outside, 'outside-only.txt')],
    ['out-missing', path.join(outside, 'not-yet')],
    ['out-missing-dir', path.join(outside, 'new-dir', 'x')],
    ['chain1', 'chain2'],
    ['chain2', 'in-dir'],
    ['chain-out', 'out-dir'],
    ['up', '..'],
    [path.join('a', 'up2'), '../..'],
    ['rel-escape', '../outside'],
    ['git-link', '.git'],
    ['hooks-link', path.join('.git', 'hooks')],
    ['denied-link', 'denied'],
    ['loop1', 'loop2'],
    ['loop2', 'loop1'],
    ['to-extra', extra],
  ];
  for (const [name, target] of links) await symlink(target, path.join(root, name));
  await symlink(root, path.join(extra, 'back'));
  await symlink(outside, path.join(extra, 'extra-out'));
  // A hard link whose other name is outside.
  await link(path.join(outside, 'outside-only.txt'), path.join(root, 'hard'));

  harness = await toolHarness(root, {
    additionalRoots: [extra],
    deniedPaths: [denied],
    tools: (workspace) => [
      createReadFileTool({ workspace }),
      createListDirectoryTool({ workspace }),
    ],
  });
  guarded = new Map([
    [outside, snapshot(outside)],
    [denied, snapshot(denied)],
    [path.join(root, '.git'), snapshot(path.join(root, '.git'))],
  ]);
});
afterAll(removeTempDirs);

const SEGMENTS = [
  '..',
  '.',
  '',
  'a',
  'A',
  'b',
  'file.txt',
  'new',
  'new.txt',
  '.git',
  '.GIT',
  '.gIt',
  '.g\u200Cit',
  '\uFF0E\uFF47\uFF49\uFF54',
  'hooks',
  'config',
  'sub',
  'denied',
  'DENIED',
  'denied-only.txt',
  'outside-only.txt',
  'outside',
  'ws',
  'in-dir',
  'IN-DIR',
  'in-file',
  'out-dir',
  'out-file',
  'out-missing',
  'out-missing-dir',
  'chain1',
  'chain-out',
  'up',
  'up2',
  'rel-escape',
  'git-link',
  'hooks-link',
  'denied-link',
  'loop1',
  'to-extra',
  'back',
  'extra-out',
  'hard',
  'caf\u00e9',
  'cafe\u0301',
  '\u202Ertl',
];

/** A relative path, or an absolute one starting inside or outside the workspace. */
const requestedPath = fc
  .tuple(
    fc.constantFrom<() => string>(
      () => '',
      () => root,
      () => extra,
      () => outside,
      () => base,
      () => '/',
      () => `${root}/..`,
    ),
    fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 6 }),
  )
  .map(([prefix, segments]) => {
    const start = prefix();
    const rest = segments.join('/');
    if (start === '') return rest;
    return start.endsWith('/') ? start + rest : `${start}/${rest}`;
  });

const hasProc = lexists('/proc/self/fd');

const within = (candidate: string, dir: string) =>
  candidate === dir || candidate.startsWith(dir + path.sep);

function lexists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** A simpler, independent idea of `.git` spellings than the one under test. */
const looksLikeGit = (segment: string) =>
  segment
    .normalize('NFKC')
    .replace(/[\u200B-\u200F\uFEFF]/gu, '')
    .toLowerCase() === '.git';

/**
 * What `resolve` promises for a path it accepts: it contains no symlink (its longest existing
 * prefix is its own real path, and nothing after that prefix exists), it lies in a root, and it
 * is not under a denied place; for writes, no component is a `.git`.
 */
function expectConfined(absolutePath: string, purpose: 'read' | 'write'): void {
  const parts = absolutePath.split(path.sep).filter((part) => part !== '');
  let existing: string = path.sep;
  let index = 0;
  while (index < parts.length && lexists(path.join(existing, parts[index] ?? ''))) {
    existing = path.join(existing, parts[index] ?? '');
    index += 1;
  }
  expect(realpathSync.native(existing)).toBe(existing);
  expect(parts.slice(index)).not.toContain('..');
  expect(within(absolutePath, root) || within(absolutePath, extra)).toBe(true);
  expect(within(absolutePath, denied)).toBe(false);
  if (purpose === 'write') {
    const owner = within(absolutePath, root) ? root : extra;
    const relative = path.relative(owner, absolutePath).split(path.sep);
    expect(relative.some(looksLikeGit)).toBe(false);
  }
}

function expectGuardedUnchanged(): void {
  for (const [dir, before] of guarded) expect(snapshot(dir), dir).toEqual(before);
  // Nothing new next to the workspace (a write escaping to the base directory).
  expect(readdirSync(base).sort()).toEqual(['extra', 'outside', 'ws']);
}

describe('workspace boundary properties', () => {
  it('confines every path resolve accepts, for reads and for writes', () => {
    fc.assert(
      fc.property(requestedPath, (requested) => {
        for (const purpose of ['read', 'write'] as const) {
          const resolved = harness.workspace.resolve(requested, { purpose });
          if (resolved.ok) expectConfined(resolved.absolutePath, purpose);
          else expect(resolved.error.message).toMatch(/^Path not in workspace: Attempted path "/);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('never writes outside, into .git or into a denied place, and never reads what is there', async () => {
    await fc.assert(
      fc.asyncProperty(requestedPath, async (requested) => {
        const resolved = harness.workspace.resolve(requested, { purpose: 'write' });
        if (resolved.ok) {
          try {
            await mkdir(path.dirname(resolved.absolutePath), { recursive: true });
            await writeFile(resolved.absolutePath, 'written by a property run');
          } catch {
            // A directory in the way, a file where a directory is needed: no write, no harm.
          }
        }
        const opened = await harness.workspace.openVerified(requested, { purpose: 'read' });
        if (opened.ok) {
          try {
            // The kernel's name for what was opened, where the system can tell.
            if (hasProc) expectConfined(readlinkSync(`/proc/self/fd/${opened.handle.fd}`), 'read');
          } finally {
            await opened.handle.close();
          }
        }
        const read = await harness.respond('read_file', { absolute_path: requested });
        const listing = await harness.respond('list_directory', { path: requested });
        const seen = JSON.stringify([read, listing]);
        for (const mark of [OUTSIDE_MARK, DENIED_MARK, GIT_MARK, LISTING_MARK]) {
          expect(seen).not.toContain(mark);
        }
        expectGuardedUnchanged();
      }),
      // Runs change the tree, so a shrunk case would run on a tree the failing case already broke:
      // report the first failing path as it was generated.
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
