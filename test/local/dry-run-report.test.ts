// What a dry run shows and keeps of each write: legible terminal lines and files under --out.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileListing } from '../../src/cli/subcommands/run.js';
import { createDryRunReport } from '../../src/local/dry-run-report.js';
import type { CommentRecord, IssueRecord, PullRecord } from '../../src/local/dry-run-store.js';
import { tempDir } from './support.js';

function comment(states: string[]): CommentRecord {
  return {
    ordinal: 1,
    id: 7,
    kind: 'issue_comment',
    issueNumber: 3,
    isPullRequest: false,
    body: states.at(-1) ?? '',
    states,
    user: 'github-actions[bot]',
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
  };
}

describe('the dry run report', () => {
  it('prints a new comment whole, then only the lines each edit adds, and keeps every state', async () => {
    const out = await tempDir();
    let stdout = '';
    const report = createDryRunReport({
      outDir: out,
      stdout: { write: (text) => (stdout += text) },
    });
    const url = 'https://github.com/o/r/issues/3#issuecomment-7';

    report.onWrite?.({ kind: 'comment', action: 'created', comment: comment(['Working…']), url });
    report.onWrite?.({
      kind: 'comment',
      action: 'updated',
      comment: comment(['Working…', 'Working…\n\n- ✅ `read_file` README.md']),
      url,
    });

    expect(stdout).toBe(
      `\n💬 Comment 1 posted on #3 (${url}):\n    Working…\n` +
        '✎ Comment 1 edited (state 2):\n  + - ✅ `read_file` README.md\n',
    );
    expect(await readFile(path.join(out, 'comment-1.md'), 'utf8')).toBe(
      'Working…\n\n- ✅ `read_file` README.md',
    );
    expect(await readFile(path.join(out, 'comment-1.states', '001.md'), 'utf8')).toBe('Working…');
    expect(fileListing(report.files())).toEqual([
      'comment-1.md',
      'comment-1.states/  2 states, one per edit',
    ]);
  });

  it('keeps pull requests, issues and labels as files, one per pull request or issue', async () => {
    const out = await tempDir();
    let stdout = '';
    const report = createDryRunReport({
      outDir: out,
      stdout: { write: (text) => (stdout += text) },
    });
    const pull: PullRecord = {
      number: 4,
      id: 1,
      title: 'Fix it',
      body: 'Closes #3',
      head: 'gemini/issue-3-x',
      headSha: undefined,
      base: 'main',
      draft: true,
      state: 'open',
      user: 'github-actions[bot]',
      createdAt: '',
      updatedAt: '',
    };
    const issue: IssueRecord = {
      number: 5,
      id: 2,
      title: 'Report',
      body: '## Runs\n\n- one',
      labels: [],
      state: 'open',
      user: 'github-actions[bot]',
      createdAt: '',
      updatedAt: '',
    };

    report.onWrite?.({ kind: 'pull_request', action: 'created', pull, url: 'u4' });
    report.onWrite?.({
      kind: 'pull_request',
      action: 'updated',
      pull: { ...pull, body: 'v2' },
      url: 'u4',
    });
    report.onWrite?.({
      kind: 'pull_request',
      action: 'created',
      pull: { ...pull, number: 6 },
      url: 'u6',
    });
    report.onWrite?.({ kind: 'issue', action: 'created', issue, url: 'u5' });
    report.onWrite?.({ kind: 'labels', issueNumber: 3, added: ['bug'], labels: ['bug'] });
    report.onWrite?.({ kind: 'labels', issueNumber: 3, added: ['docs'], labels: ['bug', 'docs'] });

    expect(report.files()).toEqual([
      'pull-request.md',
      'pull-request-2.md',
      'issue-5.md',
      'labels.json',
    ]);
    expect(await readFile(path.join(out, 'pull-request.md'), 'utf8')).toBe(
      '# Fix it\n\ngemini/issue-3-x → main (draft)\nu4\n\nv2\n',
    );
    expect(JSON.parse(await readFile(path.join(out, 'labels.json'), 'utf8'))).toEqual([
      { issue: 3, added: ['bug', 'docs'], labels: ['bug', 'docs'] },
    ]);
    expect(stdout).toContain('📋 Issue #5 opened: "Report" (u5)\n    Runs\n    ────\n\n    - one');
  });
});
