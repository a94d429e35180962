// What each parallel reviewer is asked: the part every reviewer shares comes first, word for word
// the same, and its own group after it; a diff too large for one reviewer's room is split so each
// reviewer gets its own files' diff only.
import { describe, expect, it } from 'vitest';
import { reviewAgents, REVIEWER_AGENT } from '../../src/review/review-agents.js';
import { FindingsLedger } from '../../src/review/findings-ledger.js';
import { planFileGroups } from '../../src/review/file-groups.js';
import type { PullRequestFile } from '../../src/review/diff-hunks.js';

function file(index: number, lines: number): PullRequestFile {
  const added = Array.from(
    { length: lines },
    (_, i) => `+const value${i} = load${index}(${i}); // ${'x'.repeat(60)}`,
  );
  return {
    filename: `src/file-${String(index).padStart(2, '0')}.ts`,
    status: 'added',
    patch: [`@@ -0,0 +1,${lines} @@`, ...added].join('\n'),
  };
}

function reviewerQueries(files: PullRequestFile[]): string[] {
  const groups = planFileGroups(files, 10);
  if (groups === undefined) throw new Error('expected the files to be split');
  const [reviewer] = reviewAgents({
    groups,
    pullRequest: {
      number: 7,
      title: 'Load values',
      body: 'Loads them.',
      baseRef: 'main',
      headRef: 'load',
    },
    checkPlacement: () => ({ placed: true, notes: [] }),
    ledger: new FindingsLedger(groups.length),
  });
  if (reviewer?.name !== REVIEWER_AGENT || reviewer.buildQuery === undefined)
    throw new Error('expected the reviewer agent');
  const query = reviewer.buildQuery.bind(reviewer);
  return groups.map((group) => query({ group: group.index }));
}

const sharedPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(0, i);
};

describe('a parallel reviewer’s task', () => {
  it('shares the pull request and its whole diff with the other reviewers, then names its own group', () => {
    const [first, second] = reviewerQueries([file(1, 30), file(2, 30), file(3, 30)]);
    const shared = sharedPrefix(first ?? '', second ?? '');
    expect(shared).toContain('Load values');
    expect(shared).toContain('- group 1 (');
    for (const index of [1, 2, 3]) expect(shared).toContain(`diff --git a/src/file-0${index}.ts`);
    expect(shared).toContain('+const value29 = load3(29);');
    expect(first?.slice(shared.length)).toMatch(/^1 of \d\. Your files/);
  });

  it('gives each reviewer only its own files’ diff when the whole one does not fit', () => {
    // 40 files of 30 lines of about 90 characters: about 110,000 characters of diff.
    const files = Array.from({ length: 40 }, (_, i) => file(i, 30));
    const queries = reviewerQueries(files);
    expect(queries.length).toBeGreaterThan(1);
    const [first, second] = queries;
    const shared = sharedPrefix(first ?? '', second ?? '');
    expect(shared).toContain('Load values');
    expect(shared).toContain('The groups:');
    expect(shared).not.toContain('+const value');
    expect(first).toContain('+const value0 = load0(0);');
    expect(first).not.toContain('load39(');
    expect(second).not.toContain('+const value0 = load0(0);');
  });
});
