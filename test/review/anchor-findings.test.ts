import { describe, expect, it } from 'vitest';
import { anchorFinding, anchorFindings, placementCheck } from '../../src/review/anchor-findings.js';
import type { AnchorOutcome, PlacedFinding } from '../../src/review/anchor-findings.js';
import { DiffIndex } from '../../src/review/diff-hunks.js';
import { lineOf, samplePullRequest } from './support/git-pull-request.js';
import type { ReviewFinding } from '../../src/review/review-types.js';

function finding(overrides: Partial<ReviewFinding>): ReviewFinding {
  return {
    path: 'src/cart.ts',
    line: 1,
    startLine: undefined,
    side: 'RIGHT',
    severity: 'high',
    body: 'Problem.',
    suggestion: undefined,
    ...overrides,
  };
}

function placed(outcome: AnchorOutcome): PlacedFinding {
  if (!('placed' in outcome)) throw new Error(`not placed: ${outcome.unplaced.reason}`);
  return outcome.placed;
}

function reason(outcome: AnchorOutcome): string {
  if (!('unplaced' in outcome)) throw new Error('placed');
  return outcome.unplaced.reason;
}

async function setup() {
  const pr = await samplePullRequest();
  return { pr, index: DiffIndex.fromGitHub(pr.files) };
}

describe('anchoring findings on a real diff', () => {
  it('keeps a finding on an added line as reported, with its suggestion', async () => {
    const { pr, index } = await setup();
    const line = lineOf(await pr.after('src/cart.ts'), 'const gross =');
    const result = placed(
      anchorFinding(finding({ line, suggestion: '  const gross = subtotal(items);' }), index),
    );
    expect(result).toMatchObject({
      path: 'src/cart.ts',
      line,
      side: 'RIGHT',
      startLine: undefined,
    });
    expect(result.adjustments).toEqual([]);
    expect(result.suggestionApplies).toBe(true);
  });

  it('keeps a finding on a removed line on the LEFT side, in old-file numbers', async () => {
    const { pr, index } = await setup();
    const line = lineOf(await pr.before('src/cart.ts'), 'for (const item of items) total');
    const result = placed(anchorFinding(finding({ line, side: 'LEFT' }), index));
    expect(result).toMatchObject({ line, side: 'LEFT' });
    expect(result.adjustments).toEqual([]);
  });

  it('moves a line just outside a hunk onto the nearest line of it, and drops the suggestion', async () => {
    const { index } = await setup();
    // The first hunk shows new lines 1-7.
    const result = placed(anchorFinding(finding({ line: 9, suggestion: 'x' }), index));
    expect(result.line).toBe(7);
    expect(result.suggestionApplies).toBe(false);
    expect(result.adjustments).toEqual([
      'line 9 is not in the diff; placed on line 7.',
      'the suggestion no longer replaces the lines you meant; it is shown as plain code.',
    ]);
    expect(result.original.line).toBe(9);
  });

  it('leaves out a line far from every hunk and says which lines can be commented on', async () => {
    const { index } = await setup();
    expect(reason(anchorFinding(finding({ line: 30 }), index))).toBe(
      'line 30 (RIGHT) is not in the diff; lines you may comment on in src/cart.ts (RIGHT): 1–7, 19–24, 38–45.',
    );
  });

  it('cuts a range spanning two hunks to the hunk holding its last line', async () => {
    const { index } = await setup();
    const result = placed(
      anchorFinding(finding({ startLine: 5, line: 21, suggestion: 'y' }), index),
    );
    expect(result).toMatchObject({ startLine: 19, line: 21 });
    expect(result.suggestionApplies).toBe(false);
    expect(result.adjustments[0]).toBe(
      'lines 5-21 are not all in one hunk of the diff; the comment covers lines 19-21.',
    );
  });

  it('swaps a range given backwards, which keeps the suggestion', async () => {
    const { index } = await setup();
    const result = placed(
      anchorFinding(finding({ startLine: 44, line: 40, suggestion: 'z' }), index),
    );
    expect(result).toMatchObject({ startLine: 40, line: 44, suggestionApplies: true });
    expect(result.adjustments).toEqual([]);
  });

  it('makes a one-line range a single-line comment', async () => {
    const { index } = await setup();
    expect(placed(anchorFinding(finding({ startLine: 40, line: 40 }), index)).startLine).toBe(
      undefined,
    );
  });

  it('a range whose line moves keeps the part inside the new hunk', async () => {
    const { index } = await setup();
    const result = placed(anchorFinding(finding({ startLine: 2, line: 9 }), index));
    expect(result).toMatchObject({ startLine: 2, line: 7 });
  });

  it('a suggestion on the LEFT side is shown as code, not applied', async () => {
    const { pr, index } = await setup();
    const line = lineOf(await pr.before('src/cart.ts'), 'TAX_RATE = 0.2;');
    const result = placed(anchorFinding(finding({ line, side: 'LEFT', suggestion: 'x' }), index));
    expect(result.suggestionApplies).toBe(false);
    expect(result.adjustments).toEqual([
      'a suggestion can only replace RIGHT-side lines; it is shown as plain code.',
    ]);
  });

  it('puts a finding on the old name of a renamed file on the new name', async () => {
    const { pr, index } = await setup();
    const line = lineOf(await pr.after('src/utils/strings.ts'), 'Math.floor');
    const result = placed(anchorFinding(finding({ path: 'src/old-strings.ts', line }), index));
    expect(result.path).toBe('src/utils/strings.ts');
    expect(result.adjustments).toEqual([
      'src/old-strings.ts is src/utils/strings.ts in this diff.',
    ]);
  });

  it('leaves out findings on files it cannot comment on, saying why', async () => {
    const { index } = await setup();
    expect(reason(anchorFinding(finding({ path: 'src/other.ts' }), index))).toBe(
      'src/other.ts is not one of the files this pull request changes.',
    );
    expect(reason(anchorFinding(finding({ path: 'assets/logo.png' }), index))).toMatch(
      /^assets\/logo\.png has no diff lines GitHub can comment on \(a binary file/,
    );
    expect(reason(anchorFinding(finding({ path: 'src/checkout.ts', side: 'LEFT' }), index))).toBe(
      'src/checkout.ts has no LEFT side (the file is new); use side RIGHT.',
    );
    expect(reason(anchorFinding(finding({ path: 'docs/obsolete.md' }), index))).toBe(
      'docs/obsolete.md has no RIGHT side (the file was deleted); use side LEFT.',
    );
  });

  it('hints at the other side when the number is a removed line there', () => {
    const index = DiffIndex.fromGitHub([
      { filename: 'src/a.ts', patch: '@@ -1,4 +1,1 @@\n keep\n-a\n-b\n-c' },
    ]);
    expect(
      reason(anchorFinding(finding({ path: 'src/a.ts', line: 4 }), index, { maxShift: 0 })),
    ).toBe(
      'line 4 (RIGHT) is not in the diff; lines you may comment on in src/a.ts (RIGHT): 1. If you meant the removed line 4, use side LEFT.',
    );
  });

  it('anchors a list in order, and the tool check says the same', async () => {
    const { index } = await setup();
    const findings = [finding({ line: 3 }), finding({ line: 30 }), finding({ line: 9 })];
    const result = anchorFindings(findings, index);
    expect(result.placed.map((item) => item.line)).toEqual([3, 7]);
    expect(result.unplaced.map((item) => item.finding.line)).toEqual([30]);
    const check = placementCheck(index);
    expect(findings.map(check)).toEqual([
      { placed: true, notes: [] },
      { placed: false, notes: [result.unplaced[0]?.reason] },
      { placed: true, notes: ['line 9 is not in the diff; placed on line 7.'] },
    ]);
  });
});
