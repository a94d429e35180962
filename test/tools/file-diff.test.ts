import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { buildEditConfirmation, buildFileDiff, diffChange } from '../../src/tools/file-diff.js';

describe('diffChange', () => {
  it('gives a unified diff with the workspace-relative path and exact counts', () => {
    const before = 'one\ntwo\nthree\nfour\nfive\n';
    const after = 'one\ntwo\nTHREE!\nfour\nfive\nsix\n';
    expect(diffChange('src/app.ts', before, after)).toEqual({
      fileDiff: [
        '--- a/src/app.ts',
        '+++ b/src/app.ts',
        '@@ -1,5 +1,6 @@',
        ' one',
        ' two',
        '-three',
        '+THREE!',
        ' four',
        ' five',
        '+six',
        '',
      ].join('\n'),
      diffStat: {
        model_added_lines: 2,
        model_removed_lines: 1,
        model_added_chars: 9,
        model_removed_chars: 5,
      },
    });
  });

  it('diffs a new file against /dev/null and marks a missing final newline', () => {
    expect(diffChange('docs/new.md', null, '# Title\nbody')).toEqual({
      fileDiff: [
        '--- /dev/null',
        '+++ b/docs/new.md',
        '@@ -0,0 +1,2 @@',
        '+# Title',
        '+body',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
      diffStat: {
        model_added_lines: 2,
        model_removed_lines: 0,
        model_added_chars: 11,
        model_removed_chars: 0,
      },
    });
  });

  it('shows whitespace-only changes (a re-indentation is a change)', () => {
    const { fileDiff, diffStat } = diffChange('a.py', 'if x:\n  y()\n', 'if x:\n    y()\n');
    expect(fileDiff).toContain('-  y()\n+    y()\n');
    expect(diffStat.model_added_lines).toBe(1);
  });

  it('uses an absolute path as it is for files outside the primary root', () => {
    const { fileDiff } = diffChange('/elsewhere/x.txt', 'a\n', 'b\n');
    expect(fileDiff.startsWith('--- /elsewhere/x.txt\n+++ /elsewhere/x.txt\n')).toBe(true);
  });

  it('produces a patch that applies to the old text and gives the new text', () => {
    const before = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'ten').replace('line 40', 'forty') + '\n';
    expect(applyPatch(before, diffChange('f.txt', before, after).fileDiff)).toBe(after);
  });

  it('falls back to a whole-file replacement for a huge change, still a correct patch', () => {
    const before = Array.from({ length: 1_500 }, (_, i) => `old ${i}`).join('\n') + '\n';
    const after = Array.from({ length: 1_500 }, (_, i) => `new ${i}`).join('\n');
    const { fileDiff, diffStat } = diffChange('big.txt', before, after);
    expect(fileDiff.split('\n').slice(0, 3)).toEqual([
      '--- a/big.txt',
      '+++ b/big.txt',
      '@@ -1,1500 +1,1500 @@',
    ]);
    expect(diffStat.model_added_lines).toBe(1_500);
    expect(diffStat.model_removed_lines).toBe(1_500);
    expect(applyPatch(before, fileDiff)).toBe(after);
  });
});

describe('buildFileDiff and buildEditConfirmation', () => {
  const change = {
    absolutePath: '/work/repo/src/app.ts',
    displayPath: 'src/app.ts',
    originalContent: 'a\n',
    newContent: 'b\n',
  };
  const fileDiff = '--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,1 +1,1 @@\n-a\n+b\n';

  it('describes the written change for the transcript', () => {
    expect(buildFileDiff(change)).toEqual({
      fileName: 'app.ts',
      filePath: '/work/repo/src/app.ts',
      fileDiff,
      originalContent: 'a\n',
      newContent: 'b\n',
      diffStat: {
        model_added_lines: 1,
        model_removed_lines: 1,
        model_added_chars: 1,
        model_removed_chars: 1,
      },
    });
  });

  it('asks about the same diff before the change is written', () => {
    expect(buildEditConfirmation(change, 'Confirm Edit: src/app.ts')).toEqual({
      type: 'edit',
      title: 'Confirm Edit: src/app.ts',
      fileName: 'app.ts',
      filePath: '/work/repo/src/app.ts',
      fileDiff,
      originalContent: 'a\n',
      newContent: 'b\n',
    });
  });
});
