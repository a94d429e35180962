import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import {
  DEFAULT_REVIEW_OPTIONS,
  REVIEW_INPUT_NAMES,
  readReviewOptions,
} from '../../src/review/review-options.js';

const read = (inputs: Record<string, string>) => readReviewOptions((name) => inputs[name] ?? '');

describe('readReviewOptions', () => {
  it('has defaults for every input', () => {
    expect(DEFAULT_REVIEW_OPTIONS).toEqual({
      maxFindings: 25,
      minSeverity: 'low',
      requestChanges: 'never',
      skipDrafts: true,
      skipLabels: [],
      skipAuthors: [],
      ignorePaths: [],
      fanoutThreshold: 800,
    });
    expect(REVIEW_INPUT_NAMES).toEqual([
      'review_max_findings',
      'review_min_severity',
      'review_request_changes',
      'review_skip_drafts',
      'review_skip_labels',
      'review_skip_authors',
      'review_ignore_paths',
      'review_fanout_lines',
    ]);
  });

  it('reads every input', () => {
    expect(
      read({
        review_max_findings: ' 10 ',
        review_min_severity: 'Medium',
        review_request_changes: 'critical',
        review_skip_drafts: 'false',
        review_skip_labels: 'no-review, wip\nskip ai',
        review_skip_authors: 'dependabot[bot],\nrenovate[bot]',
        review_ignore_paths: '*.lock\ndist/**\nsrc/*.{gen,pb}.ts',
        review_fanout_lines: '0',
      }),
    ).toEqual({
      maxFindings: 10,
      minSeverity: 'medium',
      requestChanges: 'critical',
      skipDrafts: false,
      skipLabels: ['no-review', 'wip', 'skip ai'],
      skipAuthors: ['dependabot[bot]', 'renovate[bot]'],
      ignorePaths: ['*.lock', 'dist/**', 'src/*.{gen,pb}.ts'],
      fanoutThreshold: 0,
    });
  });

  it.each([
    [
      { review_min_severity: 'urgent' },
      'review_min_severity: expected one of critical, high, medium, low, got "urgent".',
    ],
    [
      { review_max_findings: 'ten' },
      'review_max_findings: expected a whole number from 0 to 100, got "ten".',
    ],
    [
      { review_max_findings: '500' },
      'review_max_findings: expected a whole number from 0 to 100, got "500".',
    ],
    [
      { review_request_changes: 'yes' },
      'review_request_changes: expected never or a severity (critical, high, medium, low) at or above which the review requests changes, got "yes".',
    ],
    [
      { review_skip_drafts: 'sometimes' },
      'review_skip_drafts: expected true or false, got "sometimes".',
    ],
    [
      { review_skip_authors: '*[bot]' },
      'review_skip_authors: expected exact logins separated by commas or line breaks, such as renovate[bot]; "*[bot]" is not a login (wildcards are not supported).',
    ],
    [
      { review_fanout_lines: '1k' },
      'review_fanout_lines: expected a whole number of changed lines (0 never splits the review), got "1k".',
    ],
    [
      { review_ignore_paths: '/dist/**' },
      'review_ignore_paths: expected globs relative to the repository root, one a line (such as dist/** or *.lock); "/dist/**" starts with /.',
    ],
  ])('names the input and what it accepts: %j', (inputs, message) => {
    let error: unknown;
    try {
      read(inputs);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(message);
  });
});
