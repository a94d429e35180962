// Helpers for the eval harness's tests: temporary folders (removed after each test) and case
// folders written from a map of files.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/evals');

export async function tempFolder(prefix = 'gemini-agent-eval-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `files` (path → content; objects as JSON) under `root`. */
export async function writeFiles(
  root: string,
  files: Record<string, string | Record<string, unknown>>,
): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(root, ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(
      target,
      typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
    );
  }
}

export const reviewCase = (overrides: Record<string, unknown> = {}) => ({
  language: 'javascript',
  title: 'Add pageCount',
  body: 'The pager needs it.',
  golden: [
    {
      path: 'src/pages.js',
      startLine: 3,
      endLine: 3,
      category: 'logic',
      statement: 'Floor drops the last page.',
      keywords: ['ceil'],
    },
  ],
  ...overrides,
});

export const fixCase = (overrides: Record<string, unknown> = {}) => ({
  language: 'javascript',
  issue: { number: 3, title: 'Broken', body: 'It is broken.' },
  instruction: 'fix this issue',
  test: { command: 'node --test', allowedCommands: ['node --test'] },
  mayChange: ['src/**'],
  tests: ['test/**'],
  ...overrides,
});

export const triageCase = (overrides: Record<string, unknown> = {}) => ({
  title: 'Crash on empty config',
  body: 'It crashes.',
  labels: [{ name: 'bug', description: "Something isn't working" }, { name: 'docs' }],
  expected: ['bug'],
  ...overrides,
});
