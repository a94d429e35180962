import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/platform/redaction.js';
import { placementCheck } from '../../src/review/anchor-findings.js';
import { DiffIndex } from '../../src/review/diff-hunks.js';
import { createOctokitReviewSink } from '../../src/review/post-review.js';
import { publishReview } from '../../src/review/publish-review.js';
import type { PublishReviewInput } from '../../src/review/publish-review.js';
import { readReviewMarker } from '../../src/review/render-review.js';
import { DEFAULT_REVIEW_OPTIONS } from '../../src/review/review-options.js';
import type { ReviewOptions } from '../../src/review/review-options.js';
import type { SubmitReviewParams } from '../../src/review/submit-review.js';
import { createReviewCollector } from '../../src/review/submit-review.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import { githubApi, quietOctokit } from '../support/github-api.js';
import type { GitPullRequest } from './support/git-pull-request.js';
import { lineOf, samplePullRequest } from './support/git-pull-request.js';

const PR = { owner: 'octo', repo: 'shop', pullNumber: 7 };
const REVIEWS = '/repos/octo/shop/pulls/7/reviews';
const REVIEW_URL = 'https://github.com/octo/shop/pull/7#pullrequestreview-1';
const SECRET = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';

afterEach(() => {
  nock.cleanAll();
});

interface SentComment {
  path: string;
  line: number;
  side: 'LEFT' | 'RIGHT';
  start_line?: number;
  start_side?: string;
  body: string;
}
interface SentReview {
  commit_id: string;
  body: string;
  event: string;
  comments: SentComment[];
}

/** The model's submission, through the tool as a session would run it. */
async function submit(index: DiffIndex, params: SubmitReviewParams) {
  const collector = createReviewCollector({ checkPlacement: placementCheck(index) });
  const invocation = collector.tool.build(params);
  if (isBuildError(invocation)) throw new Error(invocation.error);
  await invocation.execute(new AbortController().signal);
  return collector.result();
}

/** The text a posted comment sits on: new-file line on the RIGHT, old-file line on the LEFT. */
async function textAt(pr: GitPullRequest, comment: SentComment, oldPath = comment.path) {
  const content =
    comment.side === 'RIGHT' ? await pr.after(comment.path) : await pr.before(oldPath);
  const lines = content.split('\n');
  const first = comment.start_line ?? comment.line;
  return lines.slice(first - 1, comment.line);
}

async function findingsFor(pr: GitPullRequest): Promise<SubmitReviewParams['findings']> {
  const after = await pr.after('src/cart.ts');
  const before = await pr.before('src/cart.ts');
  return [
    {
      path: 'src/cart.ts',
      line: lineOf(after, 'return formatMoney(roundCents(gross));'),
      start_line: lineOf(after, 'const gross ='),
      severity: 'high',
      body: 'Rounds after formatting the tax; round the gross first.',
      suggestion:
        '  const gross = roundCents(subtotal(items) * (1 + TAX_RATE));\n  return formatMoney(gross);',
    },
    {
      path: 'src/cart.ts',
      line: lineOf(before, 'for (const item of items) total += item;'),
      side: 'LEFT',
      severity: 'medium',
      body: `Removing legacyTotal breaks callers (token ${SECRET}).`,
    },
    {
      path: 'src/utils/strings.ts',
      line: lineOf(await pr.after('src/utils/strings.ts'), 'Math.floor'),
      severity: 'critical',
      body: 'floor() under-charges every price with a fraction of a cent.',
      suggestion: '  return Math.round(value * 100) / 100;',
    },
    { path: 'src/cart.ts', line: 9, severity: 'low', body: 'Next to the import block.' },
    { path: 'src/cart.ts', line: 30, severity: 'medium', body: 'helperB1 is unused.' },
  ];
}

function input(pr: GitPullRequest, overrides: Partial<PublishReviewInput>): PublishReviewInput {
  return {
    sink: createOctokitReviewSink(quietOctokit(), { redact: (text) => text }),
    pr: PR,
    headSha: pr.headSha,
    collected: undefined,
    diff: DiffIndex.fromGitHub(pr.files),
    options: DEFAULT_REVIEW_OPTIONS,
    redact: createRedactor({ secrets: [] }).redact,
    ...overrides,
  };
}

describe('publishing a review of a real diff', () => {
  it('posts each finding on the line it is about, on the right side, with suggestions', async () => {
    const pr = await samplePullRequest();
    const index = DiffIndex.fromGitHub(pr.files);
    const collected = await submit(index, {
      summary: 'Pricing changes need care.',
      findings: await findingsFor(pr),
    });
    const sent: SentReview[] = [];
    githubApi()
      .post(REVIEWS, (body: SentReview) => sent.push(body) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    const result = await publishReview(
      input(pr, {
        collected,
        scope: 'Reviewed commits a1b2c3d..e4f5a6b (incremental since the last review).',
      }),
    );

    expect(result).toMatchObject({
      url: REVIEW_URL,
      inlineCount: 4,
      movedToBody: 0,
      fellBack: false,
      findings: 5,
      unplaced: 1,
    });
    const [review] = sent;
    if (!review) throw new Error('no review posted');
    expect(review.commit_id).toBe(pr.headSha);
    expect(review.event).toBe('COMMENT');
    // Most severe first.
    expect(review.comments.map((comment) => [comment.path, comment.side])).toEqual([
      ['src/utils/strings.ts', 'RIGHT'],
      ['src/cart.ts', 'RIGHT'],
      ['src/cart.ts', 'LEFT'],
      ['src/cart.ts', 'RIGHT'],
    ]);
    const [floor, gross, legacy, nearImport] = review.comments as [
      SentComment,
      SentComment,
      SentComment,
      SentComment,
    ];
    expect(await textAt(pr, floor)).toEqual(['  return Math.floor(value * 100) / 100;']);
    expect(floor.body).toBe(
      '**🔴 Critical**\n\nfloor() under-charges every price with a fraction of a cent.\n\n```suggestion\n  return Math.round(value * 100) / 100;\n```',
    );
    expect(await textAt(pr, gross)).toEqual([
      '  const gross = subtotal(items) * (1 + TAX_RATE);',
      '  return formatMoney(roundCents(gross));',
    ]);
    expect(gross.start_side).toBe('RIGHT');
    expect(gross.body).toContain('```suggestion\n  const gross = roundCents(');
    expect(await textAt(pr, legacy)).toEqual(['  for (const item of items) total += item;']);
    expect(legacy.body).not.toContain(SECRET);
    // Line 9 is just past the first hunk: moved onto its last line.
    expect(nearImport.line).toBe(7);
    expect(review.body).toContain(
      '**Findings:** 1 critical, 1 high, 2 medium, 1 low — 4 as inline comments, 1 listed below',
    );
    expect(review.body).toContain(
      '- 🟡 Medium — not on a changed line: `src/cart.ts:30` — helperB1 is unused.',
    );
    expect(review.body).toContain(
      '_Reviewed commits a1b2c3d..e4f5a6b (incremental since the last review)._',
    );
    expect(readReviewMarker(review.body)).toBe(pr.headSha);
  });

  it('when GitHub rejects a comment, posts fewer and lists the others in the body', async () => {
    const pr = await samplePullRequest();
    const index = DiffIndex.fromGitHub(pr.files);
    const collected = await submit(index, { summary: 'Review.', findings: await findingsFor(pr) });
    const sent: SentReview[] = [];
    githubApi()
      .post(REVIEWS, (body: SentReview) => sent.push(body) > 0)
      .reply(422, {
        message: 'Unprocessable Entity',
        errors: ['pull_request_review_thread.line must be part of the diff'],
      })
      .post(REVIEWS, (body: SentReview) => sent.push(body) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    const result = await publishReview(input(pr, { collected }));

    expect(result).toMatchObject({ inlineCount: 2, movedToBody: 2, fellBack: false });
    expect(sent.map((review) => review.comments.length)).toEqual([4, 2]);
    const body = sent[1]?.body ?? '';
    expect(body).toContain('GitHub did not accept it as an inline comment: `src/cart.ts:');
    expect(body).toContain('— 2 as inline comments, 3 listed below');
    expect(body).not.toContain(SECRET);
  });

  it('applies review_min_severity and review_max_findings, and says what was left out', async () => {
    const pr = await samplePullRequest();
    const index = DiffIndex.fromGitHub(pr.files);
    const collected = await submit(index, { summary: 'Review.', findings: await findingsFor(pr) });
    const sent: SentReview[] = [];
    githubApi()
      .post(REVIEWS, (body: SentReview) => sent.push(body) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    await publishReview(
      input(pr, {
        collected,
        options: { ...DEFAULT_REVIEW_OPTIONS, minSeverity: 'medium', maxFindings: 2 },
      }),
    );

    expect(sent[0]?.comments.map((comment) => comment.path)).toEqual([
      'src/utils/strings.ts',
      'src/cart.ts',
    ]);
    expect(sent[0]?.body).toContain(
      '_Left out: 1 finding below medium severity (review_min_severity); 2 less severe findings over the limit of 2 (review_max_findings)._',
    );
  });

  it('requests changes only when configured and a finding is severe enough, and never approves', async () => {
    const pr = await samplePullRequest();
    const index = DiffIndex.fromGitHub(pr.files);
    const medium = await submit(index, {
      summary: 'Review.',
      findings: [
        { path: 'src/checkout.ts', line: 4, severity: 'medium', body: 'Throw a typed error.' },
      ],
    });
    const none = await submit(index, { summary: 'All good.', findings: [] });
    const events: string[] = [];
    githubApi()
      .post(REVIEWS, (body: SentReview) => events.push(body.event) > 0)
      .times(6)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    const cases: [ReviewOptions['requestChanges'], typeof medium][] = [
      ['never', medium],
      ['critical', medium],
      ['medium', medium],
      ['low', medium],
      ['low', none],
      ['never', none],
    ];
    for (const [requestChanges, collected] of cases) {
      await publishReview(
        input(pr, { collected, options: { ...DEFAULT_REVIEW_OPTIONS, requestChanges } }),
      );
    }

    expect(events).toEqual([
      'COMMENT',
      'COMMENT',
      'REQUEST_CHANGES',
      'REQUEST_CHANGES',
      'COMMENT',
      'COMMENT',
    ]);
  });

  it('posts the final answer as the summary when the model never submitted a review', async () => {
    const pr = await samplePullRequest();
    const sent: SentReview[] = [];
    githubApi()
      .post(REVIEWS, (body: SentReview) => sent.push(body) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    await publishReview(input(pr, { fallbackSummary: 'I looked at the diff; it is fine.' }));

    expect(sent[0]?.comments).toEqual([]);
    expect(sent[0]?.body).toContain('I looked at the diff; it is fine.\n\n**No findings.**');
  });
});
