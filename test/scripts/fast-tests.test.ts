// `npm run test:fast` runs the files a timing run found fast (scripts/fast-tests.mjs): the list is
// chosen by time, not by folder, and every file it names exists.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastFiles, LIST, THRESHOLD_MS } from '../../scripts/fast-tests.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the fast test files', () => {
  it('are the files of a timing run that passed in under a second, from any folder', () => {
    const at = (file: string) => path.join(ROOT, file);
    const report = {
      testResults: [
        { name: at('test/security/quick.test.ts'), status: 'passed', startTime: 0, endTime: 300 },
        { name: at('test/platform/slow.test.ts'), status: 'passed', startTime: 0, endTime: 4000 },
        { name: at('test/e2e/edge.test.ts'), status: 'passed', startTime: 10, endTime: 1010 },
        { name: at('test/cli/broken.test.ts'), status: 'failed', startTime: 0, endTime: 50 },
        { name: at('test/a/fast.test.ts'), status: 'passed', startTime: 5, endTime: 990 },
      ],
    };
    expect(fastFiles(report)).toEqual(['test/a/fast.test.ts', 'test/security/quick.test.ts']);
    expect(THRESHOLD_MS).toBe(1000);
    expect(() => fastFiles({})).toThrow(/vitest JSON report/);
  });

  it('name files that exist, most of the suite among them', () => {
    const { files, of } = JSON.parse(readFileSync(LIST, 'utf8')) as { files: string[]; of: number };
    expect(files.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
    expect(files.length).toBeGreaterThan(of / 2);
    expect(files.some((file) => !file.startsWith('test/'))).toBe(false);
  });
});
