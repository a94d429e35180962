// Review scoring (evals/harness/score-review.ts): a posted finding matches a planted defect by
// file, line overlap (±2 lines) and a keyword, one to one; what is left over is a false positive
// or a missed defect, counted per category, with findings on clean pull requests apart.
import { describe, expect, it } from 'vitest';
import type { GoldenFinding, PostedFinding } from '../../evals/harness/eval-types.js';
import { scoreReviewCase } from '../../evals/harness/score-review.js';

const traversal: GoldenFinding = {
  path: 'src/routes/download.ts',
  startLine: 12,
  endLine: 14,
  category: 'security',
  statement: 'The file name from the query escapes the reports folder (path traversal).',
  keywords: ['traversal', '..', 'normaliz', 'escape'],
};
const offByOne: GoldenFinding = {
  path: 'src/pages.ts',
  startLine: 30,
  endLine: 30,
  category: 'logic',
  statement: 'The last page is skipped: < should be <=.',
  keywords: ['off-by-one', 'off by one', 'last page', '<='],
};

function posted(fields: Partial<PostedFinding> & { path: string; line: number }): PostedFinding {
  return { side: 'RIGHT', body: 'A problem.', ...fields };
}

const onTraversal = posted({
  path: 'src/routes/download.ts',
  line: 13,
  body: 'Path Traversal: `../` in the name escapes the folder.',
});
const onOffByOne = posted({
  path: 'src/pages.ts',
  line: 30,
  body: 'Off-by-one: the last page is lost.',
});

describe('scoreReviewCase', () => {
  it('gives a perfect answer F1 = 1, each finding matched to its defect and category', () => {
    const detail = scoreReviewCase({
      id: 'ts-perfect',
      golden: [traversal, offByOne],
      posted: [onOffByOne, onTraversal],
    });
    expect(detail).toMatchObject({
      tp: 2,
      fp: 0,
      fn: 0,
      precision: 1,
      recall: 1,
      f1: 1,
      clean: false,
    });
    expect(detail.posted.map((p) => [p.golden, p.category])).toEqual([
      [1, 'logic'],
      [0, 'security'],
    ]);
    expect(detail.golden.map((g) => g.posted)).toEqual([1, 0]);
    expect(detail.byCategory.security).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(detail.byCategory.logic).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(detail.byCategory.concurrency).toEqual({ tp: 0, fp: 0, fn: 0 });
  });

  it('reports an empty answer as recall 0, precision undefined (null) and F1 0', () => {
    const detail = scoreReviewCase({ id: 'ts-empty', golden: [traversal, offByOne], posted: [] });
    expect(detail).toMatchObject({ tp: 0, fp: 0, fn: 2, precision: null, recall: 0, f1: 0 });
    expect(detail.byCategory.security.fn).toBe(1);
    expect(detail.byCategory.logic.fn).toBe(1);
  });

  it('counts a finding on the wrong lines as both a false positive and a missed defect', () => {
    // Lines 20–22 are six lines past the defect's 12–14, beyond the two lines of slack.
    const detail = scoreReviewCase({
      id: 'ts-wrong-line',
      golden: [traversal],
      posted: [{ ...onTraversal, startLine: 20, line: 22 }],
    });
    expect(detail).toMatchObject({ tp: 0, fp: 1, fn: 1, precision: 0, recall: 0, f1: 0 });
    expect(detail.posted[0]).toMatchObject({ golden: null, reason: 'no-line-overlap' });
    // Near no planted defect: it counts overall only.
    expect(detail.posted[0]?.category).toBe('uncategorized');
    expect(detail.uncategorizedFalsePositives).toBe(1);
    expect(detail.byCategory.security).toEqual({ tp: 0, fp: 0, fn: 1 });
  });

  it('matches within two lines of the planted range, and not at three', () => {
    const at = (line: number) =>
      scoreReviewCase({ id: 'x', golden: [traversal], posted: [{ ...onTraversal, line }] }).tp;
    expect([at(9), at(10), at(16), at(17)]).toEqual([0, 1, 1, 0]);
    // A multi-line finding matches when any of its lines is within reach.
    expect(
      scoreReviewCase({
        id: 'x',
        golden: [traversal],
        posted: [{ ...onTraversal, startLine: 1, line: 9 }],
      }).tp,
    ).toBe(0);
    expect(
      scoreReviewCase({
        id: 'x',
        golden: [traversal],
        posted: [{ ...onTraversal, startLine: 1, line: 10 }],
      }).tp,
    ).toBe(1);
  });

  it('counts every finding on a clean pull request as a clean false positive', () => {
    const detail = scoreReviewCase({
      id: 'py-clean',
      golden: [],
      posted: [posted({ path: 'app.py', line: 4, body: 'Possible SQL injection.' })],
    });
    expect(detail).toMatchObject({ clean: true, tp: 0, fp: 1, fn: 0, cleanFalsePositives: 1 });
    expect(detail).toMatchObject({ precision: 0, recall: null, f1: 0 });
    expect(detail.posted[0]).toMatchObject({ reason: 'wrong-file', category: 'uncategorized' });

    const quiet = scoreReviewCase({ id: 'py-clean', golden: [], posted: [] });
    expect(quiet).toMatchObject({ clean: true, fp: 0, cleanFalsePositives: 0 });
    expect(quiet).toMatchObject({ precision: null, recall: null, f1: null });
  });

  it('needs a keyword: the right place without naming the defect is a false positive', () => {
    const detail = scoreReviewCase({
      id: 'ts-vague',
      golden: [traversal],
      posted: [{ ...onTraversal, body: 'Consider validating this input.' }],
    });
    expect(detail).toMatchObject({ tp: 0, fp: 1, fn: 1 });
    expect(detail.posted[0]).toMatchObject({ reason: 'no-keyword', category: 'security' });
    // Near the defect, so it counts against its category's precision.
    expect(detail.byCategory.security).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(detail.uncategorizedFalsePositives).toBe(0);
  });

  it('matches keywords case-insensitively', () => {
    const detail = scoreReviewCase({
      id: 'x',
      golden: [traversal],
      posted: [{ ...onTraversal, body: 'NORMALIZE the path first.' }],
    });
    expect(detail.tp).toBe(1);
  });

  it('matches one to one: a second finding on the same defect is a false positive', () => {
    const detail = scoreReviewCase({
      id: 'ts-twice',
      golden: [traversal],
      posted: [
        { ...onTraversal, startLine: 10, line: 11 },
        { ...onTraversal, startLine: 12, line: 14 },
      ],
    });
    expect(detail).toMatchObject({ tp: 1, fp: 1, fn: 0 });
    // The larger overlap wins (three lines against two), though posted second.
    expect(detail.posted.map((p) => p.golden)).toEqual([null, 0]);
    expect(detail.posted[0]).toMatchObject({
      reason: 'golden-already-matched',
      category: 'security',
    });
    expect(detail.byCategory.security).toEqual({ tp: 1, fp: 1, fn: 0 });
  });

  it('gives each of two nearby defects its own finding', () => {
    const second: GoldenFinding = {
      ...traversal,
      startLine: 15,
      endLine: 15,
      category: 'error-handling',
      keywords: ['escape', 'error'],
    };
    const detail = scoreReviewCase({
      id: 'x',
      golden: [traversal, second],
      posted: [
        { ...onTraversal, line: 15, body: 'The error is not handled.' },
        { ...onTraversal, line: 13 },
      ],
    });
    expect(detail).toMatchObject({ tp: 2, fp: 0, fn: 0 });
    expect(detail.posted.map((p) => p.golden)).toEqual([1, 0]);
  });

  it('never matches a LEFT-side finding: its lines are the base’s', () => {
    const detail = scoreReviewCase({
      id: 'ts-left',
      golden: [traversal],
      posted: [{ ...onTraversal, side: 'LEFT' }],
    });
    expect(detail).toMatchObject({ tp: 0, fp: 1, fn: 1 });
    expect(detail.posted[0]).toMatchObject({
      side: 'LEFT',
      reason: 'left-side',
      category: 'uncategorized',
    });
  });

  it('takes a finding without a side as RIGHT, and a finding in another file as a wrong file', () => {
    const noSide: PostedFinding = {
      path: onTraversal.path,
      line: onTraversal.line,
      body: onTraversal.body,
    };
    expect(scoreReviewCase({ id: 'x', golden: [traversal], posted: [noSide] }).tp).toBe(1);
    const elsewhere = scoreReviewCase({
      id: 'x',
      golden: [traversal],
      posted: [{ ...onTraversal, path: 'src/routes/upload.ts' }],
    });
    expect(elsewhere.posted[0]?.reason).toBe('wrong-file');
  });

  it('attributes findings to the category of the defect they match or sit on', () => {
    const race: GoldenFinding = {
      path: 'counter.go',
      startLine: 8,
      endLine: 9,
      category: 'concurrency',
      statement: 'count++ from many goroutines without a lock.',
      keywords: ['race', 'mutex', 'atomic'],
    };
    const detail = scoreReviewCase({
      id: 'go-mixed',
      golden: [race, offByOne],
      posted: [
        posted({ path: 'counter.go', line: 9, body: 'Data race: use a mutex.' }),
        posted({ path: 'counter.go', line: 10, body: 'Naming nit.' }),
        posted({ path: 'README.md', line: 1, body: 'Typo.' }),
      ],
    });
    expect(detail.byCategory.concurrency).toEqual({ tp: 1, fp: 1, fn: 0 });
    expect(detail.byCategory.logic).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(detail.uncategorizedFalsePositives).toBe(1);
    expect(detail).toMatchObject({ tp: 1, fp: 2, fn: 1 });
  });
});
