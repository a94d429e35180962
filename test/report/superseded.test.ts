// The words for work a newer run or push replaced: the run's link and commits, and nothing else.
import { describe, expect, it } from 'vitest';
import { supersededBy, supersededReviewLine } from '../../src/report/superseded.js';

const NEWER = {
  url: 'https://github.com/octo-org/octo-repo/actions/runs/30433640',
  runNumber: 563,
  headSha: 'b1e2d3c4f5a6978877665544332211ffeeddccbb',
};

describe('superseded wording', () => {
  it('links the newer run and names its commit', () => {
    expect(supersededBy({ newerRun: NEWER })).toBe(
      'a newer run, [run #563](https://github.com/octo-org/octo-repo/actions/runs/30433640) for commit `b1e2d3c`',
    );
    expect(supersededReviewLine({ newerRun: NEWER }, 'a'.repeat(40), { requested: false })).toBe(
      '**Review:** not posted — superseded by a newer run, [run #563](https://github.com/octo-org/octo-repo/actions/runs/30433640) for commit `b1e2d3c`, which posts its own review.',
    );
  });

  it('says who reviews the new head after a push', () => {
    const by = { headSha: NEWER.headSha };
    expect(supersededReviewLine(by, 'a'.repeat(40), { requested: false })).toBe(
      '**Review:** not posted — superseded by a newer push (`b1e2d3c`) while this review of `aaaaaaa` ran; the run that push starts reviews the new head.',
    );
    expect(supersededReviewLine(by, 'a'.repeat(40), { requested: true })).toContain(
      'ask for a review again to review the new head.',
    );
  });

  it('shows a commit only when it is one', () => {
    expect(supersededBy({ headSha: '`](https://evil.example)' })).toBe('a newer push');
    expect(supersededBy({ newerRun: { ...NEWER, headSha: '<img src=x onerror=alert(1)>' } })).toBe(
      'a newer run, [run #563](https://github.com/octo-org/octo-repo/actions/runs/30433640)',
    );
  });
});
