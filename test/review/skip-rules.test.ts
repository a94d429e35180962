import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_OPTIONS } from '../../src/review/review-options.js';
import type { ReviewOptions } from '../../src/review/review-options.js';
import { decideReviewSkip, ignoreMatcher } from '../../src/review/skip-rules.js';

const files = [
  'src/app.ts',
  'package-lock.json',
  'web/yarn.lock',
  'dist/index.js',
  '.github/x.lock',
].map((filename) => ({ filename, patch: '@@ -1 +1 @@\n-a\n+b' }));
const pr = { draft: false, author: 'alice', labels: ['bug'] };

function decide(
  overrides: { draft?: boolean; author?: string; labels?: string[] } = {},
  options: Partial<ReviewOptions> = {},
  requested = false,
) {
  return decideReviewSkip({
    pullRequest: { ...pr, ...overrides },
    files,
    options: { ...DEFAULT_REVIEW_OPTIONS, ...options },
    requested,
  });
}

describe('decideReviewSkip', () => {
  it('reviews an ordinary pull request, all files', () => {
    const decision = decide();
    expect(decision).toEqual({ skip: false, files, ignored: [] });
  });

  it('skips drafts unless configured otherwise or asked for', () => {
    expect(decide({ draft: true })).toEqual({
      skip: true,
      reason: 'the pull request is a draft (review_skip_drafts).',
    });
    expect(decide({ draft: true }, { skipDrafts: false }).skip).toBe(false);
    expect(decide({ draft: true }, {}, true).skip).toBe(false);
  });

  it('skips a pull request with a skip label, whatever its case', () => {
    expect(decide({ labels: ['bug', 'No-Review'] }, { skipLabels: ['no-review'] })).toEqual({
      skip: true,
      reason: 'the pull request has the label "No-Review" (review_skip_labels).',
    });
    expect(decide({ labels: ['bug'] }, { skipLabels: ['no-review'] }).skip).toBe(false);
  });

  it('skips listed authors by exact login only', () => {
    expect(decide({ author: 'Dependabot[bot]' }, { skipAuthors: ['dependabot[bot]'] })).toEqual({
      skip: true,
      reason: 'the pull request is by Dependabot[bot] (review_skip_authors).',
    });
    expect(decide({ author: 'dependabot' }, { skipAuthors: ['dependabot[bot]'] }).skip).toBe(false);
  });

  it('takes ignored paths out of the review, and skips when nothing is left', () => {
    const decision = decide({}, { ignorePaths: ['*.lock', 'package-lock.json', 'dist/**'] });
    expect(decision).toEqual({
      skip: false,
      files: [files[0]],
      ignored: ['package-lock.json', 'web/yarn.lock', 'dist/index.js', '.github/x.lock'],
    });
    expect(decide({}, { ignorePaths: ['**'] })).toEqual({
      skip: true,
      reason: 'every changed file matches review_ignore_paths (5 files).',
    });
    // A person asking for the review does not bypass ignored paths.
    expect(decide({}, { ignorePaths: ['**'] }, true).skip).toBe(true);
  });

  it('skips a pull request without changed files', () => {
    expect(
      decideReviewSkip({ pullRequest: pr, files: [], options: DEFAULT_REVIEW_OPTIONS }),
    ).toEqual({ skip: true, reason: 'the pull request changes no files.' });
  });
});

describe('ignoreMatcher', () => {
  it('matches globs without a slash at any depth and those with one from the root', () => {
    const ignored = ignoreMatcher(['*.lock', 'dist/**']);
    expect(ignored('yarn.lock')).toBe(true);
    expect(ignored('a/b/yarn.lock')).toBe(true);
    expect(ignored('dist/x/y.js')).toBe(true);
    expect(ignored('src/dist/y.js')).toBe(false);
    expect(ignored('src/lock.ts')).toBe(false);
    expect(ignoreMatcher([])('anything')).toBe(false);
  });
});
