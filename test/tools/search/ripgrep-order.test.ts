// ripgrep runs unordered first and sorts its lines; with more lines than that run keeps, a sorted
// run takes over. Either way the model must get the first matches in path order, exactly as the
// JavaScript scan finds them.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSearchFileContentTool } from '../../../src/tools/search-file-content.js';
import { createJsScanStrategy } from '../../../src/tools/search/js-scan.js';
import { createRipgrepStrategy } from '../../../src/tools/search/ripgrep.js';
import { findExecutable } from '../../../src/tools/search/run-process.js';
import type { SearchStrategy } from '../../../src/tools/search/types.js';
import { makeTempDir, removeTempDirs, toolHarness } from '../tool-harness.js';
import { describeNeeds } from '../../support/needs.js';

const rgPath = await findExecutable('rg', {
  pathVariable: process.env.PATH,
  untrustedDirectories: [],
});

let root: string;

beforeAll(async () => {
  root = await makeTempDir('ripgrep-order-');
  // 60 folders × 25 files: `many` is on 1,500 lines (past what the unordered run keeps), `some`
  // on 300 (more than the model is shown, all kept), `few` on 30; spread so that the order
  // ripgrep finds them in and path order differ.
  for (let folder = 0; folder < 60; folder++) {
    const dir = path.join(root, `d${(folder * 37) % 60}`);
    await mkdir(dir, { recursive: true });
    for (let file = 0; file < 25; file++) {
      const index = folder * 25 + file;
      const few = index % 50 === 0 ? 'few here\n' : '';
      const some = index % 5 === 0 ? 'some here\n' : '';
      await writeFile(
        path.join(dir, `f${(file * 7) % 25}.txt`),
        `x\nmany ${folder}/${file}\n${few}${some}`,
      );
    }
  }
});
afterAll(removeTempDirs);

async function searchWith(strategy: SearchStrategy, pattern: string): Promise<string> {
  const harness = await toolHarness(root, {
    tools: (workspace) => [createSearchFileContentTool({ workspace, strategies: [strategy] })],
  });
  const [part] = await harness.respond('search_file_content', { pattern });
  return JSON.stringify(part?.functionResponse?.response ?? {});
}

describeNeeds(rgPath === null ? 'rg is not on PATH' : undefined, 'ripgrep order', () => {
  it('gives the first 100 of 1,500 matches in path order', async () => {
    const expected = await searchWith(createJsScanStrategy(), 'many');
    expect(expected).toContain('Found 100 matches');
    expect(expected).toContain('File: d0/f0.txt');
    expect(await searchWith(createRipgrepStrategy(), 'many')).toBe(expected);
  });

  it('gives the first 100 of 300 matches in path order', async () => {
    const expected = await searchWith(createJsScanStrategy(), 'some');
    expect(expected).toContain('Found 100 matches');
    expect(await searchWith(createRipgrepStrategy(), 'some')).toBe(expected);
  });

  it('gives every match in path order when there are few', async () => {
    const expected = await searchWith(createJsScanStrategy(), 'few');
    expect(expected).toContain('Found 30 matches');
    expect(await searchWith(createRipgrepStrategy(), 'few')).toBe(expected);
  });
});
