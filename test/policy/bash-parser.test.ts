import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BASH_GRAMMAR_WASM,
  RUNTIME_JS,
  RUNTIME_WASM,
  loadBashParser,
  loadedBashParser,
  locateRuntimeFile,
} from '../../src/policy/shell/bash-parser.js';
import type { ShellSyntaxNode } from '../../src/policy/shell/bash-parser.js';

const tempDirs: string[] = [];
afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function types(node: ShellSyntaxNode): string[] {
  return [node.type, ...node.children.flatMap(types)];
}

describe('locateRuntimeFile', () => {
  it('prefers the copies next to the running bundle (dist/ has no node_modules)', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'bash-parser-dist-'));
    tempDirs.push(dist);
    const require = createRequire(import.meta.url);
    for (const file of [RUNTIME_JS, RUNTIME_WASM, BASH_GRAMMAR_WASM]) {
      await copyFile(require.resolve(file.specifier), path.join(dist, file.file));
    }
    const moduleUrl = pathToFileURL(path.join(dist, 'index.js')).href;
    expect(locateRuntimeFile(RUNTIME_JS, { moduleUrl })).toBe(
      path.join(dist, 'web-tree-sitter.cjs'),
    );
    expect(locateRuntimeFile(RUNTIME_WASM, { moduleUrl })).toBe(
      path.join(dist, 'web-tree-sitter.wasm'),
    );
    expect(locateRuntimeFile(BASH_GRAMMAR_WASM, { moduleUrl })).toBe(
      path.join(dist, 'tree-sitter-bash.wasm'),
    );
  });

  it('falls back to the installed packages when running from source', () => {
    const found = locateRuntimeFile(BASH_GRAMMAR_WASM, { moduleUrl: import.meta.url });
    expect(found).toMatch(/node_modules[\\/]tree-sitter-bash[\\/]tree-sitter-bash\.wasm$/u);
    expect(locateRuntimeFile(RUNTIME_WASM, { moduleUrl: import.meta.url })).toMatch(
      /node_modules[\\/]web-tree-sitter[\\/]web-tree-sitter\.wasm$/u,
    );
    // The CommonJS build: the ES module build cannot start inside the ncc bundle.
    expect(locateRuntimeFile(RUNTIME_JS, { moduleUrl: import.meta.url })).toMatch(
      /node_modules[\\/]web-tree-sitter[\\/]web-tree-sitter\.cjs$/u,
    );
  });

  it('says where it looked when the file is missing', () => {
    expect(() =>
      locateRuntimeFile(BASH_GRAMMAR_WASM, {
        moduleUrl: 'file:///opt/app/index.js',
        exists: () => false,
      }),
    ).toThrow(
      /tree-sitter-bash\.wasm.*\/opt\/app\/tree-sitter-bash\.wasm.*tree-sitter-bash\/tree-sitter-bash\.wasm/su,
    );
  });
});

describe('loadBashParser', () => {
  // First in this file (each test file has its own module state): the load below must fail. In a
  // run without isolation (`npm run test:fast`) another file may have loaded the parser already;
  // then there is no first load to fail, and the whole suite (isolated) checks it.
  it.skipIf(loadedBashParser() !== undefined)(
    'does not keep a failed load, so a later call can succeed',
    async () => {
      const nowhere = { moduleUrl: 'file:///opt/app/index.js', exists: () => false };
      await expect(loadBashParser(nowhere)).rejects.toThrow(/web-tree-sitter\.cjs/u);
      expect(loadedBashParser()).toBeUndefined();
      await expect(loadBashParser()).resolves.toBeDefined();
    },
  );

  it('loads once and parses bash into a plain tree', async () => {
    const parser = await loadBashParser();
    expect(await loadBashParser()).toBe(parser);
    expect(loadedBashParser()).toBe(parser);
    const result = parser.parse('git status && echo "$(id)"', { timeoutMs: 1000 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.hasError).toBe(false);
    expect(result.root.type).toBe('program');
    expect(types(result.root)).toEqual(
      expect.arrayContaining(['list', 'command', '&&', 'string', 'command_substitution']),
    );
  });

  it('reports syntax errors', async () => {
    const parser = await loadBashParser();
    const result = parser.parse('if true; then', { timeoutMs: 1000 });
    expect(result).toMatchObject({ ok: true, hasError: true });
  });

  it('gives offsets that slice the JavaScript string (UTF-16), also after non-ASCII text', async () => {
    const parser = await loadBashParser();
    const source = 'echo é 😀 "ü"; ls';
    const result = parser.parse(source, { timeoutMs: 1000 });
    if (!result.ok) throw new Error('parse failed');
    const words: string[] = [];
    const visit = (node: ShellSyntaxNode) => {
      if (node.type === 'word' || node.type === 'string')
        words.push(source.slice(node.start, node.end));
      node.children.forEach(visit);
    };
    visit(result.root);
    expect(words).toEqual(['echo', 'é', '😀', '"ü"', 'ls']);
  });

  it('stops at the time limit, and the next parse starts afresh', async () => {
    const parser = await loadBashParser();
    let clock = 0;
    const now = () => (clock += 10);
    const long = 'echo hello world; '.repeat(500);
    expect(parser.parse(long, { timeoutMs: 5, now })).toEqual({ ok: false, reason: 'timeout' });
    const next = parser.parse('ls -l', { timeoutMs: 1000 });
    expect(next.ok && next.root.children.map((c) => c.type)).toEqual(['command']);
    expect(next.ok && next.hasError).toBe(false);
  });

  it('copies deeply nested trees without running out of stack', async () => {
    const parser = await loadBashParser();
    const depth = 2000;
    const source = `${'( '.repeat(depth)}ls${' )'.repeat(depth)}`;
    const result = parser.parse(source, { timeoutMs: 5000 });
    expect(result.ok).toBe(true);
  });
});
