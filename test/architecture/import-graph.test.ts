// The shape of src/: every folder has its place in one chain of layers, imports only run down it,
// and no file reaches itself through its imports (type-only imports count). A new folder has to be
// placed in LAYER_CHAIN before anything imports it or it imports anything.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  importCycles,
  layerViolations,
  moduleReferences,
  readImportGraph,
} from '../support/import-graph.js';
import { LAYER_CHAIN } from './layer-chain.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

describe('the import graph of src/', () => {
  const graph = readImportGraph(SRC);

  it('resolves every relative import to a file', () => {
    expect(graph.unresolved).toEqual([]);
    expect(graph.edges.length).toBeGreaterThan(500);
  });

  it('runs down the layer chain only', () => {
    expect(layerViolations(graph.edges, LAYER_CHAIN)).toEqual([]);
  });

  it('has no import circles, type-only ones included', () => {
    expect(importCycles(graph.edges)).toEqual([]);
  });

  it('keeps the shell analysis below the policy engine: policy/shell/ imports nothing else of policy/', () => {
    const upward = graph.edges.filter(
      (edge) =>
        edge.from.startsWith('policy/shell/') &&
        edge.to.startsWith('policy/') &&
        !edge.to.startsWith('policy/shell/'),
    );
    expect(upward.map((edge) => `${edge.from}:${edge.line} → ${edge.to}`)).toEqual([]);
    expect(graph.edges.some((edge) => edge.from.startsWith('policy/shell/'))).toBe(true);
  });

  it('keeps nothing at the top of src/ but folders, each placed in the chain', () => {
    const entries = readdirSync(SRC, { withFileTypes: true });
    expect(entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    const placed = LAYER_CHAIN.flat();
    expect(entries.map((entry) => entry.name).filter((name) => !placed.includes(name))).toEqual([]);
  });
});

describe('the checks on a deliberately wrong tree', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  function tree(files: Record<string, string>): string {
    root = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
    return root;
  }

  it('fails an import up the chain, and one sideways between two layers of one rank', () => {
    const { edges } = readImportGraph(
      tree({
        'tools/read.ts':
          "import { session } from '../agent/session.js';\nexport const read = session;\n",
        'agent/session.ts': "import { read } from '../tools/read.js';\nexport const session = 1;\n",
        'review/post.ts': "import type { Labels } from '../triage/labels.js';\n",
        'triage/labels.ts': 'export type Labels = string[];\n',
      }),
    );
    expect(layerViolations(edges, LAYER_CHAIN)).toEqual([
      'review/post.ts:1 imports triage/labels.ts: triage (review, triage, publish, maintenance) is beside it, not below review (review, triage, publish, maintenance)',
      'tools/read.ts:1 imports agent/session.ts: agent (agent) is above it, not below tools (tools)',
    ]);
  });

  it('fails a folder that is not placed in the chain', () => {
    const { edges } = readImportGraph(
      tree({
        'gadgets/a.ts': "export { x } from '../platform/x.js';\n",
        'platform/x.ts': 'export const x = 1;\n',
      }),
    );
    expect(layerViolations(edges, LAYER_CHAIN)).toEqual([
      'gadgets is not placed in the layer chain',
    ]);
  });

  it('finds a circle made only of type imports, re-exports and dynamic imports', () => {
    const { edges } = readImportGraph(
      tree({
        'publish/a.ts': "import type { B } from './b.js';\nexport type A = B;\n",
        'publish/b.ts': "export { c } from './c.js';\nexport type B = string;\n",
        'publish/c.ts': "export const c = () => import('./a.js');\n",
        'publish/d.ts': "import type { A } from './a.js';\nexport type D = A;\n",
      }),
    );
    expect(importCycles(edges)).toEqual([['publish/a.ts', 'publish/b.ts', 'publish/c.ts']]);
    expect(layerViolations(edges, LAYER_CHAIN)).toEqual([]);
  });

  it('reports an import of a file that does not exist', () => {
    const { unresolved } = readImportGraph(tree({ 'agent/a.ts': "import './gone.js';\n" }));
    expect(unresolved).toEqual(['agent/a.ts:1 imports ./gone.js, which does not exist']);
  });
});

describe('moduleReferences', () => {
  it('reads every kind of reference, with its line', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "export * from './c.js';",
      "export type { D } from './d.js';",
      "const e = await import('./e.js');",
      "type F = typeof import('./f.js');",
      "import g = require('./g.js');",
      "import 'node:fs';",
    ].join('\n');
    expect(moduleReferences('x.ts', text)).toEqual([
      { specifier: './a.js', line: 1 },
      { specifier: './b.js', line: 2 },
      { specifier: './c.js', line: 3 },
      { specifier: './d.js', line: 4 },
      { specifier: './e.js', line: 5 },
      { specifier: './f.js', line: 6 },
      { specifier: './g.js', line: 7 },
      { specifier: 'node:fs', line: 8 },
    ]);
  });
});
