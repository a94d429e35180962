import { describe, expect, it } from 'vitest';
import { renderPublishSection } from '../../src/publish/publish-section.js';
import type { PublishResult } from '../../src/publish/publish-types.js';

const SECRET = 'hunter2-secret-value';
const options = {
  redact: (text: string) => text.replaceAll(SECRET, '***'),
  serverUrl: 'https://github.com',
  repo: { owner: 'octo', repo: 'shop' },
  links: {
    runUrl: 'https://github.com/octo/shop/actions/runs/9',
    artifactUrl: 'https://github.com/octo/shop/actions/runs/9/artifacts/3',
  },
};
const SHA = '0123456789abcdef0123456789abcdef01234567';

describe('renderPublishSection', () => {
  it('links the branch, the commit and the pull request', () => {
    const result: PublishResult = {
      status: 'pushed',
      refusals: [],
      files: [{ path: 'a.txt', status: 'modified' }],
      branch: 'gemini/issue-5-fix',
      baseBranch: 'main',
      commitSha: SHA,
      pullRequest: {
        number: 12,
        url: 'https://github.com/octo/shop/pull/12',
        created: true,
        draft: true,
      },
    };
    expect(renderPublishSection(result, options)).toBe(
      [
        '**Changes pushed** to [`gemini/issue-5-fix`](https://github.com/octo/shop/tree/gemini/issue-5-fix) in commit [`0123456`](https://github.com/octo/shop/commit/0123456789abcdef0123456789abcdef01234567).',
        'Opened draft pull request [#12](https://github.com/octo/shop/pull/12).',
      ].join('\n'),
    );
    const updated = renderPublishSection(
      {
        ...result,
        pullRequest: {
          number: 12,
          url: 'https://github.com/octo/shop/pull/12',
          created: false,
          draft: false,
        },
      },
      options,
    );
    expect(updated).toContain('Updated pull request [#12]');
  });

  it('offers a link to open the pull request when none was opened', () => {
    const result: PublishResult = {
      status: 'pushed',
      refusals: [],
      files: [],
      branch: 'gemini/issue-5-fix',
      baseBranch: 'main',
      commitSha: SHA,
    };
    expect(renderPublishSection(result, options)).toContain(
      '[Create a pull request](https://github.com/octo/shop/compare/main...gemini/issue-5-fix?expand=1)',
    );
    const failed = renderPublishSection(
      { ...result, pullRequestError: `GitHub Actions may not open pull requests ${SECRET}` },
      options,
    );
    expect(failed).toContain(
      '⚠️ GitHub Actions may not open pull requests \\*\\*\\* [Create it yourself](',
    );
  });

  it('lists every refusal with its reason, escaped and redacted', () => {
    const result: PublishResult = {
      status: 'all_refused',
      files: [],
      refusals: [
        { path: '.github/workflows/ci.yml', kind: 'workflow', reason: 'changes a workflow' },
        {
          path: `notes-${SECRET}.md`,
          kind: 'secret',
          reason: 'may contain a secret: line 2 looks like a GitHub token (rule github-token)',
        },
        {
          path: 'b`ad <x>.txt',
          previousPath: 'old.txt',
          kind: 'too_large',
          reason: 'is 2 MiB, over the 1 MiB limit for one file',
        },
      ],
    };
    const text = renderPublishSection(result, options);
    expect(text).toBe(
      [
        '**No changes were published:** every changed file was left out.',
        '',
        '**Left out (3):**',
        '',
        '- `.github/workflows/ci.yml` — changes a workflow',
        '- `notes-***.md` — may contain a secret: line 2 looks like a GitHub token (rule github-token)',
        '- ``b`ad <x>.txt`` (from `old.txt`) — is 2 MiB, over the 1 MiB limit for one file',
      ].join('\n'),
    );
  });

  it('shows a fork’s patch in a collapsible diff block, cut to the budget with a pointer', () => {
    const patch = [
      'diff --git a/a.txt b/a.txt',
      '--- a/a.txt',
      '+++ b/a.txt',
      ...Array.from({ length: 500 }, (_, i) => `+line ${i} ${SECRET}`),
    ].join('\n');
    const result: PublishResult = {
      status: 'patch_only',
      refusals: [],
      files: [{ path: 'a.txt', status: 'modified' }],
      patch,
      error:
        'Not pushed: this pull request comes from a fork, and nothing is ever pushed for code from a fork.',
    };
    const full = renderPublishSection(result, options);
    expect(full).toContain(
      '**Changes not pushed:** Not pushed: this pull request comes from a fork',
    );
    expect(full).toContain(
      '<details><summary>Patch (1 file) — apply with <code>git apply</code></summary>',
    );
    expect(full).toContain('```diff\ndiff --git a/a.txt b/a.txt');
    expect(full).toContain('+line 499 ***');
    expect(full).not.toContain(SECRET);

    const cut = renderPublishSection(result, { ...options, patchBudget: 2_000 });
    expect(cut.length).toBeLessThan(2_400);
    expect(cut).toContain('+line 0 ***');
    expect(cut).not.toContain('+line 499');
    expect(cut).toContain(
      "more patch lines not shown to fit the comment's space for the patch. The full record is in `changes.patch` in the [run's artifact](https://github.com/octo/shop/actions/runs/9/artifacts/3)",
    );
    expect(cut).toContain('</details>');
  });

  it('explains a failure and shows nothing for no change', () => {
    const failed = renderPublishSection(
      {
        status: 'failed',
        refusals: [],
        files: [],
        error: 'The branch x moved since the run started.',
        patch: '+x\n',
      },
      options,
    );
    expect(failed).toMatch(
      /^\*\*The changes could not be published:\*\* The branch x moved since the run started\./,
    );
    expect(failed).toContain('```diff\n+x\n```');
    expect(renderPublishSection({ status: 'no_changes', refusals: [], files: [] }, options)).toBe(
      '',
    );
  });

  it("names an earlier run's branch and pull request when nothing new was published", () => {
    const text = renderPublishSection(
      {
        status: 'no_changes',
        refusals: [],
        files: [],
        branch: 'gemini/issue-5-fix',
        baseBranch: 'main',
        pullRequest: {
          number: 12,
          url: 'https://github.com/octo/shop/pull/12',
          created: false,
          draft: true,
        },
      },
      options,
    );
    expect(text).toContain('**No new changes:** [`gemini/issue-5-fix`]');
    expect(text).toContain('from an earlier run');
    expect(text).toContain(
      'Updated draft pull request [#12](https://github.com/octo/shop/pull/12).',
    );
  });
});
