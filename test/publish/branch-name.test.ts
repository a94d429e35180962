import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  branchNameProblem,
  issueBranchName,
  maintenanceBranchName,
  pullRequestBranchName,
  slugify,
  validateBranchPrefix,
} from '../../src/publish/branch-name.js';
import { ConfigurationError } from '../../src/platform/errors.js';

describe('branch names', () => {
  it('names issue, pull request and maintenance branches', () => {
    expect(issueBranchName('gemini/', 42, 'Fix the login bug!')).toBe(
      'gemini/issue-42-fix-the-login-bug',
    );
    expect(pullRequestBranchName('gemini/', 7, 'Add tests')).toBe('gemini/pr-7-add-tests');
    expect(maintenanceBranchName('bot-', 'Nightly dependency bump')).toBe(
      'bot-maintenance-nightly-dependency-bump',
    );
    expect(issueBranchName('', 1, 'x')).toBe('issue-1-x');
  });

  it('makes a short ASCII slug that is never empty', () => {
    expect(slugify('Ünïcödé café — naïve façade')).toBe('unicode-cafe-naive-facade');
    expect(slugify('日本語のタイトル')).toBe('changes');
    expect(slugify('../../refs/heads/main:force')).toBe('refs-heads-main-force');
    const long = slugify('Refactor the payment processing module to use the new gateway client');
    expect(long).toBe('refactor-the-payment-processing-module');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(slugify('a'.repeat(100))).toBe('a'.repeat(40));
  });

  it('rejects a bad branch_prefix with a message naming the input', () => {
    for (const prefix of [
      'bad prefix/',
      '-x/',
      'a..b/',
      'x//',
      'refs/heads/',
      'a:b',
      '.hidden/',
      'x.lock/',
    ]) {
      expect(() => validateBranchPrefix(prefix)).toThrow(ConfigurationError);
      expect(() => validateBranchPrefix(prefix)).toThrow(
        /^branch_prefix: expected a branch name prefix/,
      );
    }
    expect(branchNameProblem('@')).toBeDefined();
    expect(validateBranchPrefix('gemini/')).toBe('gemini/');
    expect(validateBranchPrefix('bots/gemini-')).toBe('bots/gemini-');
  });

  it('agrees with git check-ref-format --branch', () => {
    const names = [
      'gemini/issue-1-x',
      'a/b/c',
      'has space',
      'tab\tname',
      'tilde~1',
      'caret^',
      'colon:x',
      'question?',
      'star*',
      'bracket[',
      'back\\slash',
      'dot..dot',
      '.leading',
      'a/.hidden',
      'trailing.',
      'x.lock',
      'a/x.lock/b',
      'at@{x}',
      '/leading',
      'trailing/',
      'double//slash',
      '-dash',
      'ok-name_1.2',
      'ünïcode',
    ];
    for (const name of names) {
      const git = spawnSync('git', ['check-ref-format', '--branch', name], {
        encoding: 'utf8',
        cwd: tmpdir(),
      });
      expect({ name, valid: branchNameProblem(name) === undefined }).toEqual({
        name,
        valid: git.status === 0,
      });
    }
  });
});
