// docs/architecture.md describes the code as it is; these checks keep the parts that can drift
// mechanically from drifting: the layer chain it draws, the folders it names and the files it
// points at.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeBlocks, section } from '../docs/markdown.js';
import { LAYER_CHAIN } from './layer-chain.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = path.join(ROOT, 'src');
const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

/** The ranks of the chain drawn in the first code block under "Layers": one line a rank. */
function drawnChain(markdown: string): string[][] {
  const layers = section(markdown, 'Layers');
  const drawing = layers === undefined ? undefined : codeBlocks(layers)[0];
  if (drawing === undefined) return [];
  return drawing.text
    .split('\n')
    .map((line) => [...line.matchAll(/([a-z][a-z-]*)\//g)].map((match) => match[1] ?? ''))
    .filter((rank) => rank.length > 0);
}

/** Every folder below src/, as `platform/sandbox`. */
function sourceFolders(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return [path.relative(SRC, full).split(path.sep).join('/'), ...sourceFolders(full)];
    });
}

/** The text of every inline code span outside code blocks. */
function codeSpans(markdown: string): string[] {
  let inBlock = false;
  const spans: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) inBlock = !inBlock;
    if (inBlock) continue;
    for (const match of line.matchAll(/`([^`]+)`/g)) spans.push(match[1] ?? '');
  }
  return spans;
}

describe('docs/architecture.md', () => {
  it('draws the layer chain the import-graph test holds the code to', () => {
    expect(drawnChain(doc)).toEqual(LAYER_CHAIN.map((rank) => [...rank]));
  });

  it('names every folder of src/', () => {
    const spans = new Set(codeSpans(doc));
    const missing = sourceFolders().filter(
      (folder) => !spans.has(`src/${folder}/`) && !spans.has(`${folder}/`),
    );
    expect(missing).toEqual([]);
  });

  it('points only at files and folders that exist', () => {
    const named = [...doc.matchAll(/\bsrc\/[\w./-]*[\w/]/g)].map((match) => match[0]);
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((name) => !existsSync(path.join(ROOT, name)))).toEqual([]);
  });

  it("names, in each folder's section, only files that folder holds", () => {
    // A section headed `src/<folder>/` names its files by their names alone (or by a path from
    // src/ for a file of another folder).
    const stale: string[] = [];
    for (const match of doc.matchAll(/^###+ `(src\/[\w/-]+\/)`/gm)) {
      const folder = match[1] ?? '';
      const text = section(doc, `\`${folder}\``) ?? '';
      for (const span of codeSpans(text)) {
        if (!/^[\w./-]+\.(ts|json|toml)$/.test(span)) continue;
        const candidates = [
          path.join(ROOT, folder, span),
          path.join(SRC, span),
          path.join(ROOT, span),
        ];
        if (!candidates.some((candidate) => existsSync(candidate)))
          stale.push(`${folder}: ${span}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('has the table of where things live', () => {
    const table = section(doc, 'Where does X live');
    expect(table).toBeDefined();
    for (const topic of [
      'shell command',
      'review',
      'redacted',
      'published',
      'custom command',
      'subagent',
      'telemetry',
    ]) {
      expect(table?.toLowerCase()).toContain(topic);
    }
  });
});
