// A small generated JavaScript project for scripted sessions: twenty modules with tests, docs and
// a README, each module with a unique TODO marker an edit can target.
import { gitCommitAll, writeTree } from './scratch.mjs';

export const MODULES = 20;

function moduleSource(i) {
  const id = String(i).padStart(2, '0');
  const next = String((i + 1) % MODULES).padStart(2, '0');
  const lines = [
    `import { helper${next} } from './module-${next}.js';`,
    '',
    `// Module ${id}: sums, scales and formats the numbers of part ${id}.`,
    `export const LIMIT_${id} = ${100 + i};`,
    '',
    `export function computeTotal${id}(values) {`,
    '  let total = 0;',
    '  for (const value of values) {',
    `    // TODO(bench-${i}): reject values that are not finite`,
    '    total += value;',
    '  }',
    `  return Math.min(total, LIMIT_${id});`,
    '}',
    '',
    `export function helper${id}(text) {`,
    `  return \`[${id}] \${text}\`;`,
    '}',
    '',
  ];
  for (let k = 0; k < 12; k++) {
    lines.push(
      `export function scale${id}_${k}(value, factor = ${k + 1}) {`,
      `  return helper${next}(String(value * factor));`,
      '}',
      '',
    );
  }
  return lines.join('\n');
}

function testSource(i) {
  const id = String(i).padStart(2, '0');
  return [
    "import { test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    `import { computeTotal${id} } from '../src/module-${id}.js';`,
    '',
    `test('computeTotal${id} adds the values', () => {`,
    `  assert.equal(computeTotal${id}([1, 2, 3]), 6);`,
    '});',
    '',
  ].join('\n');
}

export function sampleRepoFiles() {
  const files = {
    'README.md': '# sample\n\nA small project the benchmark sessions work on.\n\nRun `npm test`.\n',
    'package.json': `${JSON.stringify({ name: 'sample', version: '1.0.0', type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`,
    '.gitignore': 'node_modules/\ncoverage/\n',
    'docs/guide.md': '# Guide\n\nEvery module sums its values and caps the total.\n\nSee `src/`.\n',
  };
  for (let i = 0; i < MODULES; i++) {
    const id = String(i).padStart(2, '0');
    files[`src/module-${id}.js`] = moduleSource(i);
    files[`test/module-${id}.test.js`] = testSource(i);
  }
  return files;
}

/** Writes the project into `dir` and commits it. */
export function writeSampleRepo(dir) {
  writeTree(dir, sampleRepoFiles());
  gitCommitAll(dir);
}
