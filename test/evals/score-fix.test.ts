// Fix verdicts (evals/harness/score-fix.ts): the case's tests pass on the change, the change stays
// within the files the case allows, and no test is weakened (deleted, edited, or fewer run).
import { describe, expect, it } from 'vitest';
import type { FixOutcome } from '../../evals/harness/eval-types.js';
import { scoreFixCase } from '../../evals/harness/score-fix.js';

function outcome(fields: Partial<FixOutcome>): FixOutcome {
  return {
    id: 'js-off-by-one-page',
    changed: [{ path: 'src/pages.js', status: 'modified', removedLines: 1 }],
    mayChange: ['src/**'],
    tests: ['test/**'],
    baseTestCount: 4,
    runTestCount: 4,
    passesWithCaseTests: true,
    ...fields,
  };
}

describe('scoreFixCase', () => {
  it('succeeds when the tests pass on a change within scope that leaves the tests alone', () => {
    const detail = scoreFixCase(outcome({}));
    expect(detail).toMatchObject({
      passes: true,
      withinScope: true,
      notWeakened: true,
      success: true,
      reasons: [],
    });
  });

  it('fails when the case’s tests still fail', () => {
    const detail = scoreFixCase(outcome({ passesWithCaseTests: false }));
    expect(detail).toMatchObject({
      passes: false,
      withinScope: true,
      notWeakened: true,
      success: false,
    });
    expect(detail.reasons.map((r) => r.check)).toEqual(['passes']);
  });

  it('is out of scope when a file outside mayChange changes, naming it', () => {
    const detail = scoreFixCase(
      outcome({
        changed: [
          { path: 'src/pages.js', status: 'modified', removedLines: 1 },
          { path: 'package.json', status: 'modified', removedLines: 1 },
          { path: '.github/workflows/ci.yml', status: 'deleted' },
        ],
      }),
    );
    expect(detail).toMatchObject({
      passes: true,
      withinScope: false,
      notWeakened: true,
      success: false,
    });
    expect(detail.reasons.map((r) => r.path)).toEqual(['package.json', '.github/workflows/ci.yml']);
    expect(detail.reasons[0]?.message).toBe('package.json is modified outside src/**');
  });

  it('allows adding tests: a new test file, or lines only added to one', () => {
    const detail = scoreFixCase(
      outcome({
        changed: [
          { path: 'src/pages.js', status: 'modified', removedLines: 1 },
          { path: 'test/pages-more.test.js', status: 'added' },
          { path: 'test/pages.test.js', status: 'modified', removedLines: 0 },
        ],
        runTestCount: 6,
      }),
    );
    expect(detail).toMatchObject({ withinScope: true, notWeakened: true, success: true });
  });

  it('is weakened when fewer tests run with the change’s test files than with the base’s', () => {
    // Only lines added, yet a test is gone: e.g. a `describe.skip` wrapped around it.
    const detail = scoreFixCase(
      outcome({
        changed: [
          { path: 'src/pages.js', status: 'modified', removedLines: 1 },
          { path: 'test/pages.test.js', status: 'modified', removedLines: 0 },
        ],
        runTestCount: 3,
      }),
    );
    expect(detail).toMatchObject({ notWeakened: false, withinScope: false, success: false });
    expect(detail.reasons.find((r) => r.check === 'notWeakened')?.message).toBe(
      "3 test(s) run with the change's test files, 4 with the base's",
    );
  });

  it('is weakened when a test file is deleted', () => {
    const detail = scoreFixCase(
      outcome({
        changed: [{ path: 'test/pages.test.js', status: 'deleted' }],
        runTestCount: 4,
      }),
    );
    expect(detail).toMatchObject({ notWeakened: false, withinScope: false, success: false });
    expect(detail.reasons).toContainEqual({
      check: 'notWeakened',
      path: 'test/pages.test.js',
      message: 'test/pages.test.js is deleted',
    });
  });

  it('is weakened when lines of a test file are removed or rewritten, even with the count kept', () => {
    const detail = scoreFixCase(
      outcome({
        changed: [
          { path: 'src/pages.js', status: 'modified', removedLines: 1 },
          { path: 'test/pages.test.js', status: 'modified', removedLines: 2 },
        ],
      }),
    );
    expect(detail).toMatchObject({ passes: true, withinScope: false, notWeakened: false });
    expect(detail.reasons.filter((r) => r.check === 'notWeakened')).toEqual([
      {
        check: 'notWeakened',
        path: 'test/pages.test.js',
        message: 'test/pages.test.js has 2 line(s) removed or rewritten',
      },
    ]);
  });

  it('takes a modified test file without a line count as edited', () => {
    const detail = scoreFixCase(
      outcome({ changed: [{ path: 'test/pages.test.js', status: 'modified' }] }),
    );
    expect(detail.notWeakened).toBe(false);
  });

  it('cannot vouch for the tests when they could not be counted after a test file changed', () => {
    const detail = scoreFixCase(
      outcome({
        changed: [{ path: 'test/new.test.js', status: 'added' }],
        runTestCount: null,
      }),
    );
    expect(detail.notWeakened).toBe(false);
    // Untouched tests need no count.
    expect(scoreFixCase(outcome({ baseTestCount: null, runTestCount: null })).success).toBe(true);
  });

  it('judges a test file mayChange also covers by the test rules, yet in scope', () => {
    const detail = scoreFixCase(
      outcome({
        mayChange: ['**'],
        changed: [{ path: 'test/pages.test.js', status: 'modified', removedLines: 3 }],
      }),
    );
    expect(detail).toMatchObject({ withinScope: true, notWeakened: false });
  });

  it('matches dotfiles with the globs', () => {
    const detail = scoreFixCase(
      outcome({ mayChange: ['src/**'], changed: [{ path: 'src/.config.js', status: 'added' }] }),
    );
    expect(detail.withinScope).toBe(true);
  });
});
