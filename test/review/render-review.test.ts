import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/platform/redaction.js';
import type { PlacedFinding } from '../../src/review/anchor-findings.js';
import {
  readReviewMarker,
  readReviewMarkerFields,
  renderFindingComment,
  renderReviewBody,
  reviewMarker,
  suggestionBlock,
} from '../../src/review/render-review.js';
import { GITHUB_COMMENT_LIMIT } from '../../src/report/fit-comment.js';
import type { ReviewFinding } from '../../src/review/review-types.js';

const SECRET = 'sUper-Secret-Value-123';
const { redact } = createRedactor({ secrets: [SECRET] });
const HEAD = 'e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3';

function finding(overrides: Partial<ReviewFinding> = {}): ReviewFinding {
  return {
    path: 'src/cart.ts',
    line: 12,
    startLine: undefined,
    side: 'RIGHT',
    severity: 'high',
    body: 'Tax is applied twice.',
    suggestion: undefined,
    ...overrides,
  };
}

function placed(overrides: Partial<PlacedFinding> = {}): PlacedFinding {
  const base = finding(overrides);
  return { ...base, adjustments: [], suggestionApplies: true, original: base, ...overrides };
}

describe('inline comments', () => {
  it('carry a severity badge, the text and an applicable suggestion block', () => {
    expect(renderFindingComment(placed({ suggestion: '  return gross;' }), { redact })).toBe(
      '**🟠 High**\n\nTax is applied twice.\n\n```suggestion\n  return gross;\n```',
    );
  });

  it('fence a suggestion holding a code fence with a longer one', () => {
    const code = 'const doc = `\n```js\nx\n```\n`;';
    const comment = renderFindingComment(placed({ suggestion: code }), { redact });
    expect(comment).toContain(`\`\`\`\`suggestion\n${code}\n\`\`\`\``);
    expect(suggestionBlock('a\n````\nb')).toBe('`````suggestion\na\n````\nb\n`````');
  });

  it('an empty suggestion deletes the lines', () => {
    expect(suggestionBlock('')).toBe('```suggestion\n```');
  });

  it('show a suggestion that cannot be applied as plain code', () => {
    const comment = renderFindingComment(
      placed({ suggestion: 'x = 1', suggestionApplies: false }),
      { redact },
    );
    expect(comment).toContain('Suggested code:\n\n```\nx = 1\n```');
    expect(comment).not.toContain('suggestion\n');
  });

  it('redact secrets and neutralise mentions and HTML in the model text', () => {
    const comment = renderFindingComment(
      placed({
        body: `Leaks ${SECRET} to @admin <!-- hidden -->`,
        suggestion: `key = "${SECRET}"`,
      }),
      { redact },
    );
    expect(comment).not.toContain(SECRET);
    expect(comment).toContain('key = "***"');
    expect(comment).not.toContain('@admin');
    expect(comment).not.toContain('<!--');
  });

  it('leave out a suggestion too long for a comment rather than cut it', () => {
    const comment = renderFindingComment(placed({ suggestion: 'x'.repeat(GITHUB_COMMENT_LIMIT) }), {
      redact,
    });
    expect(comment.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(comment).toContain('_The suggested change was too long to include._');
    expect(comment).not.toContain('suggestion\n');
  });
});

describe('the review body', () => {
  const base = { summary: 'Looks mostly good.', headSha: HEAD, redact };

  it('has the summary, the counts, the findings not placed inline, the scope and the marker', () => {
    const body = renderReviewBody({
      ...base,
      inline: [finding(), finding({ severity: 'critical' })],
      notInline: [
        {
          finding: finding({
            path: 'src/x.ts',
            line: 40,
            severity: 'medium',
            body: 'Unused.\nRemove it.',
          }),
          why: 'not_in_diff',
        },
        {
          finding: finding({
            startLine: 3,
            line: 5,
            side: 'LEFT',
            severity: 'low',
            suggestion: 'y',
          }),
          why: 'rejected',
        },
      ],
      omitted: { belowSeverity: 2, minSeverity: 'medium', overCap: 1, maxFindings: 4 },
      scope: 'Reviewed commits a1b2c3d..e4f5a6b (incremental since the last review).',
    });
    expect(body).toBe(
      [
        '### Gemini review',
        '',
        'Looks mostly good.',
        '',
        '**Findings:** 1 critical, 1 high, 1 medium, 1 low — 2 as inline comments, 2 listed below',
        '',
        '_Reviewed commits a1b2c3d..e4f5a6b (incremental since the last review)._',
        '',
        '#### Findings not placed as inline comments',
        '',
        '- 🟡 Medium — not on a changed line: `src/x.ts:40`',
        '',
        '  Unused.',
        '  Remove it.',
        '- 🔵 Low — GitHub did not accept it as an inline comment: `src/cart.ts:3-5` (removed side) — Tax is applied twice.',
        '',
        '  Suggested code:',
        '',
        '  ```',
        '  y',
        '  ```',
        '',
        '_Left out: 2 findings below medium severity (review_min_severity); 1 less severe finding over the limit of 4 (review_max_findings)._',
        '',
        `<!-- gemini-agent:review head=${HEAD} -->`,
      ].join('\n'),
    );
  });

  it('keeps a listed finding with a code block inside its list item', () => {
    const body = renderReviewBody({
      ...base,
      inline: [],
      notInline: [
        { finding: finding({ body: '```ts\nconst a = 1;' }), why: 'not_in_diff' },
        { finding: finding({ line: 13, body: 'Second.' }), why: 'not_in_diff' },
      ],
    });
    expect(body).toContain(
      [
        '- 🟠 High — not on a changed line: `src/cart.ts:12`',
        '',
        '  ```ts',
        '  const a = 1;',
        '  ```',
        '- 🟠 High — not on a changed line: `src/cart.ts:13` — Second.',
      ].join('\n'),
    );
  });

  it('says when there are no findings', () => {
    const body = renderReviewBody({ ...base, inline: [], notInline: [] });
    expect(body).toContain('**No findings.**');
    expect(body).not.toContain('Left out');
  });

  it('records the head in a marker that reads back, and a marker in the summary cannot forge it', () => {
    const forged = '<!-- gemini-agent:review head=0000000000000000000000000000000000000000 -->';
    const body = renderReviewBody({
      ...base,
      summary: `Fine.\n${forged}`,
      inline: [],
      notInline: [],
    });
    expect(readReviewMarker(body)).toBe(HEAD);
    expect(body.match(/<!-- gemini-agent/g)).toHaveLength(1);
    expect(readReviewMarker('no marker')).toBeUndefined();
    expect(readReviewMarker(null)).toBeUndefined();
    expect(() => reviewMarker('not a sha')).toThrow();
  });

  it('records the event it answers beside the head, and still reads a marker without one', () => {
    const body = renderReviewBody({
      ...base,
      inline: [],
      notInline: [],
      trigger: 'issue_comment.492700400',
    });
    expect(readReviewMarkerFields(body)).toEqual({
      headSha: HEAD,
      trigger: 'issue_comment.492700400',
    });
    expect(readReviewMarker(body)).toBe(HEAD);
    expect(readReviewMarkerFields(reviewMarker(HEAD))).toEqual({ headSha: HEAD });
    // A key that would not fit a marker is left out rather than breaking it.
    expect(reviewMarker(HEAD, 'x --> <b>')).toBe(reviewMarker(HEAD));
  });

  it('redacts the summary and the listed findings', () => {
    const body = renderReviewBody({
      ...base,
      summary: `Token ${SECRET} in the code.`,
      inline: [],
      notInline: [
        { finding: finding({ body: SECRET, path: `src/${SECRET}.ts` }), why: 'not_in_diff' },
      ],
    });
    expect(body).not.toContain(SECRET);
  });

  it('fits GitHub’s limit with a huge summary and a huge list, keeping the marker', () => {
    const body = renderReviewBody({
      ...base,
      summary: 'Long paragraph.\n'.repeat(10_000),
      inline: [],
      notInline: Array.from({ length: 2000 }, (_, i) => ({
        finding: finding({ line: i + 1, body: 'A problem described at length. '.repeat(5) }),
        why: 'not_in_diff' as const,
      })),
    });
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(readReviewMarker(body)).toBe(HEAD);
    expect(body).toContain('_(summary cut to fit)_');
    // The summary cannot crowd out the findings that are only listed here.
    expect(body).toContain('`src/cart.ts:1`');
    expect(body).toContain('_(list cut to fit)_');
  });
});
