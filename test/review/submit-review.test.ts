import { afterEach, describe, expect, it } from 'vitest';
import { placementCheck } from '../../src/review/anchor-findings.js';
import { DiffIndex } from '../../src/review/diff-hunks.js';
import { READ_ONLY_KINDS } from '../../src/tools/tool-types.js';
import { createReviewCollector } from '../../src/review/submit-review.js';
import type { ReviewCollectorOptions } from '../../src/review/submit-review.js';
import { lineOf, samplePullRequest } from './support/git-pull-request.js';
import {
  errorPart,
  makeTempDir,
  outputPart,
  removeTempDirs,
  toolHarness,
} from '../tools/tool-harness.js';

afterEach(removeTempDirs);

async function harness(options: ReviewCollectorOptions = {}) {
  const collector = createReviewCollector(options);
  const tools = await toolHarness(await makeTempDir(), { tools: () => [collector.tool] });
  return { collector, tools };
}

describe('submit_review', () => {
  it('is declared for the model and never changes the workspace', () => {
    const { tool } = createReviewCollector();
    expect(tool.name).toBe('submit_review');
    expect(READ_ONLY_KINDS.has(tool.kind)).toBe(true);
    const schema = tool.declaration().parametersJsonSchema as {
      required: string[];
      properties: {
        findings: { items: { required: string[]; properties: Record<string, unknown> } };
      };
    };
    expect(schema.required).toEqual(['summary', 'findings']);
    expect(schema.properties.findings.items.required).toEqual(['path', 'line', 'severity', 'body']);
    expect(Object.keys(schema.properties.findings.items.properties)).toEqual([
      'path',
      'line',
      'start_line',
      'side',
      'severity',
      'body',
      'suggestion',
    ]);
  });

  it('records the review for trusted code and confirms it to the model', async () => {
    const { collector, tools } = await harness();
    expect(collector.result()).toBeUndefined();

    const parts = await tools.respond('submit_review', {
      summary: 'Two problems.',
      findings: [
        {
          path: './src/a.ts',
          line: 4,
          severity: 'high',
          body: ' Off by one. ',
          suggestion: 'i < n',
        },
        {
          path: 'src/b.ts',
          line: 9,
          start_line: 7,
          side: 'LEFT',
          severity: 'low',
          body: 'Dead code.',
        },
      ],
    });

    expect(parts).toEqual(
      outputPart(
        'call-1',
        'submit_review',
        'Review recorded with 2 findings (1 high, 1 low). It is posted when the session ends.',
      ),
    );
    expect(collector.result()).toEqual({
      summary: 'Two problems.',
      submissions: 1,
      findings: [
        {
          path: 'src/a.ts',
          line: 4,
          startLine: undefined,
          side: 'RIGHT',
          severity: 'high',
          body: 'Off by one.',
          suggestion: 'i < n',
        },
        {
          path: 'src/b.ts',
          line: 9,
          startLine: 7,
          side: 'LEFT',
          severity: 'low',
          body: 'Dead code.',
          suggestion: undefined,
        },
      ],
    });
  });

  it('a second call replaces the first, and says so', async () => {
    const { collector, tools } = await harness();
    await tools.call('submit_review', {
      summary: 'First.',
      findings: [{ path: 'a.ts', line: 1, severity: 'low', body: 'x' }],
    });
    const parts = await tools.respond('submit_review', { summary: 'Second.', findings: [] });
    expect(parts).toEqual(
      outputPart(
        'call-2',
        'submit_review',
        'Review recorded with 0 findings. It is posted when the session ends.\nThis replaced your earlier submission (1 finding).',
      ),
    );
    expect(collector.result()).toEqual({ summary: 'Second.', findings: [], submissions: 2 });
  });

  it('refuses malformed submissions with messages the model can act on, keeping the last good one', async () => {
    const { collector, tools } = await harness();
    await tools.call('submit_review', { summary: 'Kept.', findings: [] });

    const badSeverity = await tools.call('submit_review', {
      summary: 'x',
      findings: [{ path: 'a.ts', line: 1, severity: 'urgent', body: 'x' }],
    });
    expect(badSeverity.result.error?.type).toBe('invalid_tool_params');
    expect(badSeverity.result.error?.message).toMatch(
      /^Invalid parameters for submit_review: findings\.0\.severity: .*"critical"\|"high"\|"medium"\|"low"/,
    );

    const badLine = await tools.call('submit_review', {
      summary: 'x',
      findings: [{ path: 'a.ts', line: 0, severity: 'low', body: 'x' }],
    });
    expect(badLine.result.error?.message).toMatch(/findings\.0\.line: /);

    expect(await tools.respond('submit_review', { summary: ' ', findings: [] })).toEqual(
      errorPart(
        'call-4',
        'submit_review',
        'summary must not be empty: give your overall assessment of the pull request.',
      ),
    );
    expect(
      await tools.respond('submit_review', {
        summary: 'x',
        findings: [{ path: ' ', line: 1, severity: 'low', body: '' }],
      }),
    ).toEqual(
      errorPart(
        'call-5',
        'submit_review',
        'Invalid parameters: findings.0.path must name a changed file; findings.0.body must say what is wrong.',
      ),
    );
    const tooMany = await tools.call('submit_review', {
      summary: 'x',
      findings: Array.from({ length: 101 }, () => ({
        path: 'a.ts',
        line: 1,
        severity: 'low',
        body: 'x',
      })),
    });
    expect(tooMany.result.error?.message).toMatch(/findings: /);

    expect(collector.result()?.summary).toBe('Kept.');
  });

  it('tells the model at once which findings miss the diff and where it may comment', async () => {
    const pr = await samplePullRequest();
    const index = DiffIndex.fromGitHub(pr.files);
    const { collector, tools } = await harness({ checkPlacement: placementCheck(index) });
    const gross = lineOf(await pr.after('src/cart.ts'), 'const gross =');

    const parts = await tools.respond('submit_review', {
      summary: 'Review.',
      findings: [
        { path: 'src/cart.ts', line: gross, severity: 'high', body: 'Rounding happens too late.' },
        { path: 'src/cart.ts', line: 30, severity: 'medium', body: 'Unused helper.' },
        { path: 'src/cart.ts', line: 9, severity: 'low', body: 'Near the import.' },
        { path: 'assets/logo.png', line: 1, severity: 'low', body: 'Blurry.' },
      ],
    });

    expect(parts).toEqual(
      outputPart(
        'call-1',
        'submit_review',
        [
          'Review recorded with 4 findings (1 high, 1 medium, 2 low). It is posted when the session ends.',
          '2 findings can be placed as inline comments.',
          '',
          '2 findings cannot be placed on the diff and would only be listed in the review summary:',
          '- #2 src/cart.ts:30 (RIGHT): line 30 (RIGHT) is not in the diff; lines you may comment on in src/cart.ts (RIGHT): 1–7, 19–24, 38–45.',
          '- #4 assets/logo.png:1 (RIGHT): assets/logo.png has no diff lines GitHub can comment on (a binary file, a diff too large to show, or a rename without changes).',
          '',
          'Adjusted to fit the diff:',
          '- #3 src/cart.ts:9 (RIGHT): line 9 is not in the diff; placed on line 7.',
          '',
          'To place them as you intend, call submit_review again with the complete, corrected list (it replaces this submission). Otherwise you are done.',
        ].join('\n'),
      ),
    );
    // Recorded as the model sent them: trusted code anchors them again after the session.
    expect(collector.result()?.findings.map((finding) => finding.line)).toEqual([gross, 30, 9, 1]);
    expect(tools.updates.at(-1)?.status).toBe('SUCCEEDED');
  });
});
