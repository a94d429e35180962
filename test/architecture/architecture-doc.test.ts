// docs/architecture.md describes the code as it is; these checks keep the parts that can drift
// mechanically from drifting: the layer chain it draws, a section for every folder of src/ saying
// what that folder may import, the folders outside src/, the paths and names it gives, and lines
// that fit an editor. The second half shows each check failing on a made-up tree or document.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { section } from '../docs/markdown.js';
import {
  drawnChain,
  folderCoverage,
  folderSections,
  importLineProblems,
  longLines,
  MAX_LINE_LENGTH,
  missingPaths,
  sourceFolders,
  sourceText,
  topLevelFolders,
  unknownNames,
  unnamedTopFolders,
} from './architecture-checks.js';
import { LAYER_CHAIN } from './layer-chain.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = path.join(ROOT, 'src');
const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('draws the layer chain the import-graph test holds the code to', () => {
    expect(drawnChain(doc)).toEqual(LAYER_CHAIN.map((rank) => [...rank]));
  });

  it('has a section for every folder of src/, nested ones included, and none for a folder gone', () => {
    const folders = sourceFolders(SRC);
    expect(folders).toContain('policy/shell');
    expect(folderCoverage(folders, doc)).toEqual({ missing: [], stale: [] });
  });

  it("says in each folder's section what it may import, as the layer chain has it", () => {
    expect(importLineProblems(doc, LAYER_CHAIN)).toEqual([]);
  });

  it('names every folder outside src/', () => {
    const folders = topLevelFolders(ROOT);
    expect(folders).toEqual(expect.arrayContaining(['bench', 'scripts', 'test', 'evals']));
    expect(unnamedTopFolders(folders, doc)).toEqual([]);
  });

  it(`has no line longer than ${MAX_LINE_LENGTH} characters`, () => {
    expect(longLines(doc)).toEqual([]);
  });

  it('points only at files and folders that exist', () => {
    expect(doc.match(/\bsrc\/[\w./-]*[\w/]/g)?.length).toBeGreaterThan(50);
    expect(missingPaths(doc, ROOT)).toEqual([]);
  });

  it('gives only type and function names the code has', () => {
    expect(unknownNames(doc, sourceText(SRC))).toEqual([]);
  });

  it('answers where things live', () => {
    const answers = section(doc, 'Where does X live');
    expect(answers).toBeDefined();
    for (const topic of [
      'shell command',
      'review',
      'redacted',
      'published',
      'custom command',
      'subagent',
      'telemetry',
    ]) {
      expect(answers?.toLowerCase()).toContain(topic);
    }
  });
});

describe('the checks of docs/architecture.md on a made-up tree or document', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  /** A temporary tree holding `files` (a name ending in `/` is an empty folder). */
  function tree(files: readonly string[]): string {
    root = mkdtempSync(path.join(tmpdir(), 'architecture-doc-'));
    for (const name of files) {
      const full = path.join(root, name);
      if (name.endsWith('/')) {
        mkdirSync(full, { recursive: true });
      } else {
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, '');
      }
    }
    return root;
  }

  it('names a folder added to src/ without its section, and a section whose folder is gone', () => {
    const copy = tree(
      sourceFolders(SRC)
        .filter((folder) => folder !== 'maintenance')
        .concat('widgets', 'tools/gadgets')
        .map((folder) => `src/${folder}/`),
    );
    expect(folderCoverage(sourceFolders(path.join(copy, 'src')), doc)).toEqual({
      missing: ['tools/gadgets', 'widgets'],
      stale: ['maintenance'],
    });
  });

  it('finds a missing, a wrong and a misplaced "Imports:" line', () => {
    const made = [
      '### `src/action/`',
      '',
      'Imports: `modes/` and the folders below it.',
      '',
      '### `src/review/`',
      '',
      'Imports: `github/` and the folders below it.',
      '',
      '### `src/review/extra/`',
      '',
      'Imports: what `report/` may.',
      '',
      '### `src/platform/`',
      '',
      'Imports: `config/`.',
      '',
      '### `src/model/`',
      '',
      'No line for it.',
    ].join('\n');
    expect(importLineProblems(made, LAYER_CHAIN)).toEqual([
      'src/review/: "Imports: `github/` and the folders below it." should name report',
      'src/review/extra/: "Imports: what `report/` may." does not start at review/',
      'src/platform/: "Imports: `config/`." should name no folder',
      'src/model/: no "Imports:" line',
    ]);
  });

  it('finds a folder outside src/ the doc does not name', () => {
    const repository = tree(['bench/', 'evals/harness/', 'scripts/', 'src/', 'node_modules/']);
    const made = '## Outside src/\n\n- `bench/` — benchmarks.\n- `scripts/` — the build.\n';
    expect(topLevelFolders(repository)).toEqual(['bench', 'evals', 'scripts']);
    expect(unnamedTopFolders(topLevelFolders(repository), made)).toEqual(['evals']);
  });

  it('counts a line over the limit, not a long URL', () => {
    const url = `https://example.com/${'a'.repeat(200)}`;
    const made = ['short', 'x'.repeat(MAX_LINE_LENGTH + 1), `see <${url}>`, 'y'.repeat(120)];
    expect(longLines(made.join('\n'))).toEqual([`line 2: ${MAX_LINE_LENGTH + 1} characters`]);
  });

  it('finds paths, file names and folders that do not exist', () => {
    const repository = tree([
      'src/tools/read.ts',
      'src/tools/mcp/mcp-tool.ts',
      'scripts/build.mjs',
    ]);
    const made = [
      'The tools are in `src/tools/read.ts`, built by `scripts/build.mjs`; see src/tools/gone.ts,',
      '`tools/moved.ts`, `scripts/old.mjs` and `retired.ts`.',
      '',
      '### `src/tools/mcp/`',
      '',
      '`mcp-tool.ts`, `read.ts` (its parent), `mcp-gone.ts`.',
    ].join('\n');
    expect(missingPaths(made, repository).sort()).toEqual(
      [
        'src/tools/gone.ts',
        'scripts/old.mjs',
        'tools/moved.ts',
        'retired.ts',
        'src/tools/mcp/: mcp-gone.ts',
      ].sort(),
    );
  });

  it('finds a type by a stale name, and a function that was renamed', () => {
    const code = [
      "import type { Part } from '@google/genai';",
      'export interface ReviewFinding { path: string }',
      'export function startAgent(): void {}',
    ].join('\n');
    const made = '`ReviewFinding`, `Finding`, `Part`, `startAgent`, `runAgent`, `GitHubSink`.';
    expect(unknownNames(made, code)).toEqual(['Finding', 'runAgent']);
    expect(folderSections('### `src/a/`\n\n### `src/a/b/`\n\n### Not a folder\n')).toEqual([
      'a',
      'a/b',
    ]);
  });
});
