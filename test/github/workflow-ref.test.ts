// Which workflow file a run started from, as the runner names it in GITHUB_WORKFLOW_REF.
import { describe, expect, it } from 'vitest';
import { workflowFile, workflowFileName } from '../../src/github/workflow-ref.js';

describe('the workflow file of a run', () => {
  it('names only files of this repository’s workflow folder', () => {
    expect(workflowFile('octo/app/.github/workflows/a.yml@refs/heads/main', 'octo/app')).toBe(
      '.github/workflows/a.yml',
    );
    expect(workflowFile('Octo/App/.github/workflows/a.yml@v1', 'octo/app')).toBe(
      '.github/workflows/a.yml',
    );
    expect(workflowFile('octo/app/../secrets@v1', 'octo/app')).toBeUndefined();
    expect(workflowFile('octo/app/.github/workflows/../../x@v1', 'octo/app')).toBeUndefined();
    expect(workflowFile('octo/shared/.github/workflows/a.yml@v1', 'octo/app')).toBeUndefined();
    expect(workflowFile(undefined, 'octo/app')).toBeUndefined();
  });

  it('gives the file name the Actions API takes, for a file directly in the folder', () => {
    expect(
      workflowFileName('octo/app/.github/workflows/review.yml@refs/pull/1/merge', 'octo/app'),
    ).toBe('review.yml');
    expect(
      workflowFileName('octo/app/.github/workflows/sub/review.yml@v1', 'octo/app'),
    ).toBeUndefined();
    expect(workflowFileName('octo/app/.github/workflows/notes.txt@v1', 'octo/app')).toBeUndefined();
    expect(workflowFileName('octo/app/.github/workflows/review.yml@v1', undefined)).toBeUndefined();
  });
});
