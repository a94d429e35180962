// How a large pull request is split, and how its findings go from proposal to verdict.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FANOUT_THRESHOLD,
  MAX_GROUPS,
  changedLines,
  planFileGroups,
} from '../../src/review/file-groups.js';
import { FindingsLedger, tallySentence } from '../../src/review/findings-ledger.js';
import type { PullRequestFile } from '../../src/review/diff-hunks.js';
import type { ReviewFinding } from '../../src/review/review-types.js';

/** A file whose patch adds `added` lines and removes `removed`. */
function file(filename: string, added: number, removed = 0): PullRequestFile {
  const lines = [
    `@@ -1,${removed} +1,${added} @@`,
    ...Array.from({ length: removed }, (_, i) => `-old ${i}`),
    ...Array.from({ length: added }, (_, i) => `+new ${i}`),
  ];
  return { filename, patch: lines.join('\n') };
}

const finding = (path: string, line: number): ReviewFinding => ({
  path,
  line,
  startLine: undefined,
  side: 'RIGHT',
  severity: 'medium',
  body: `Problem at ${path}:${line}.`,
  suggestion: undefined,
});

describe('file groups', () => {
  it('counts added and removed lines of a patch, not its hunk headers or context', () => {
    expect(changedLines({ filename: 'a', patch: '@@ -1,2 +1,2 @@\n ctx\n-old\n+new' })).toBe(2);
    expect(changedLines({ filename: 'binary.png' })).toBe(0);
  });

  it('keeps a pull request up to the threshold with one agent, and never splits with 0', () => {
    const files = [file('a.ts', 400), file('b.ts', 400)];
    expect(planFileGroups(files, DEFAULT_FANOUT_THRESHOLD)).toBeUndefined();
    expect(planFileGroups([...files, file('c.ts', 1)], 0)).toBeUndefined();
  });

  it('splits above it into groups of about 400 lines (900 lines: three of 300), in path order', () => {
    const files = [
      file('src/z.ts', 300),
      file('docs/a.md', 100),
      file('src/a.ts', 300),
      file('src/b.ts', 200),
      file('assets/logo.png', 0),
    ];
    const groups = planFileGroups(files, DEFAULT_FANOUT_THRESHOLD);
    expect(
      groups?.map((group) => [group.index, group.files.map((f) => f.filename), group.lines]),
    ).toEqual([
      [1, ['assets/logo.png', 'docs/a.md'], 100],
      [2, ['src/a.ts'], 300],
      // The last group takes the rest: never more reviewers than planned.
      [3, ['src/b.ts', 'src/z.ts'], 500],
    ]);
  });

  it('runs at most eight reviewers, however large the pull request', () => {
    const files = Array.from({ length: 40 }, (_, i) =>
      file(`f${String(i).padStart(2, '0')}.ts`, 300),
    );
    const groups = planFileGroups(files, DEFAULT_FANOUT_THRESHOLD) ?? [];
    expect(groups).toHaveLength(MAX_GROUPS);
    expect(groups.flatMap((group) => group.files)).toHaveLength(40);
  });

  it('does not fan out when one file is nearly the whole change', () => {
    expect(planFileGroups([file('huge.ts', 5_000)], DEFAULT_FANOUT_THRESHOLD)).toBeUndefined();
  });
});

describe('the findings ledger', () => {
  it('names candidates by group, whatever order the reviewers finish in', () => {
    const ledger = new FindingsLedger(2);
    ledger.propose(2, [finding('b.ts', 3)]);
    ledger.propose(1, [finding('a.ts', 1), finding('a.ts', 9)]);
    expect(ledger.candidates().map((candidate) => candidate.id)).toEqual(['F1.1', 'F1.2', 'F2.1']);
  });

  it('posts only confirmed findings, matched by file, line and side', () => {
    const ledger = new FindingsLedger(1);
    ledger.propose(1, [finding('a.ts', 1), finding('a.ts', 9)]);
    ledger.judge([
      { id: 'F1.1', verdict: 'confirmed', reason: 'a.ts:1 does it.' },
      { id: 'F1.2', verdict: 'dropped', reason: 'a.ts:9 is guarded.' },
    ]);
    const { kept, unconfirmed } = ledger.keepConfirmed([
      { ...finding('a.ts', 1), body: 'Reworded.' },
      finding('a.ts', 9),
      { ...finding('a.ts', 1), side: 'LEFT' },
      finding('c.ts', 4),
    ]);
    expect(kept.map((item) => item.body)).toEqual(['Reworded.']);
    expect(unconfirmed).toHaveLength(3);
    expect(tallySentence(ledger.tally())).toBe(
      '2 findings proposed by 1 reviewer of 1 file group, 1 confirmed against the code, 1 dropped',
    );
  });

  it('posts nothing when the verifier never ran, and says so', () => {
    const ledger = new FindingsLedger(2);
    ledger.propose(1, [finding('a.ts', 1)]);
    expect(ledger.keepConfirmed([finding('a.ts', 1)]).kept).toEqual([]);
    expect(tallySentence(ledger.tally())).toBe(
      '1 finding proposed by 1 reviewer of 2 file groups, 0 confirmed against the code, 0 dropped, 1 not verified (not posted)',
    );
  });

  it('replaces a group reviewed again, verdicts included', () => {
    const ledger = new FindingsLedger(1);
    ledger.propose(1, [finding('a.ts', 1)]);
    ledger.judge([{ id: 'F1.1', verdict: 'confirmed', reason: 'yes' }]);
    ledger.propose(1, [finding('a.ts', 5)]);
    expect(ledger.tally()).toMatchObject({ proposed: 1, confirmed: 0, unverified: 1 });
  });
});
