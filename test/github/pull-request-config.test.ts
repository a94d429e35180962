// Policy files on a pull request come from the base branch, never from the PR's own copy.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import nock from 'nock';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { contextDirectoryFor, policyFilePaths } from '../../src/github/pull-request-config.js';
import type { Trigger } from '../../src/github/trigger.js';
import { parseTrigger } from '../../src/github/trigger.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { githubApi, quietOctokit } from '../support/github-api.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';

afterEach(() => {
  nock.cleanAll();
});

function pullRequestTrigger(): Extract<Trigger, { kind: 'pull_request' }> {
  const trigger = parseTrigger(
    'pull_request',
    webhookExample('pull_request', { action: 'opened' }),
    {},
  );
  if (!('kind' in trigger) || trigger.kind !== 'pull_request') throw new Error('not a PR trigger');
  return trigger;
}

function contentsPath(trigger: Trigger, repoPath: string): string {
  return `/repos/${trigger.repo.owner}/${trigger.repo.name}/contents/${encodeURIComponent(repoPath)}`;
}

describe('policyFilePaths', () => {
  it('reads policy files from the workspace outside pull requests', async () => {
    const workspace = await tempRepo();
    const trigger = parseTrigger('schedule', webhookExample('schedule'), { prompt: 'tidy up' });
    if (!('kind' in trigger) || trigger.kind !== 'schedule') throw new Error('not a schedule');
    const paths = await policyFilePaths(trigger, ['.gemini/policy.toml'], {
      octokit: quietOctokit(),
      workspaceRoot: workspace,
      tempRoot: undefined,
      logger: memoryLogger(),
    });
    expect(paths).toEqual([path.join(workspace, '.gemini/policy.toml')]);
  });

  it("uses the base branch's copy on a pull request, pinned to the base commit", async () => {
    const trigger = pullRequestTrigger();
    const baseSha = trigger.pullRequest.baseSha;
    const text = '[[rule]]\ntoolName = "write_file"\ndecision = "deny"\npriority = 10\n';
    githubApi()
      .get(contentsPath(trigger, '.gemini/policy.toml'))
      .query({ ref: baseSha })
      .reply(200, {
        type: 'file',
        path: '.gemini/policy.toml',
        name: 'policy.toml',
        size: text.length,
        encoding: 'base64',
        content: Buffer.from(text).toString('base64'),
      });
    const tempRoot = await tempRepo();
    const paths = await policyFilePaths(trigger, ['.gemini/policy.toml'], {
      octokit: quietOctokit(),
      workspaceRoot: '/nonexistent-workspace',
      tempRoot,
      logger: memoryLogger(),
    });
    onTestFinished(() =>
      rm(path.dirname(path.dirname(paths[0] ?? '')), { recursive: true, force: true }),
    );
    expect(paths).toHaveLength(1);
    expect(paths[0]?.startsWith(tempRoot)).toBe(true);
    expect(await readFile(paths[0] ?? '', 'utf8')).toBe(text);
  });

  it('refuses to fall back to the PR copy when the base branch lacks the file', async () => {
    const trigger = pullRequestTrigger();
    githubApi()
      .get(contentsPath(trigger, '.gemini/policy.toml'))
      .query({ ref: trigger.pullRequest.baseSha })
      .reply(404, { message: 'Not Found' });
    const failure = policyFilePaths(trigger, ['.gemini/policy.toml'], {
      octokit: quietOctokit(),
      workspaceRoot: await tempRepo(),
      tempRoot: await tempRepo(),
      logger: memoryLogger(),
    });
    await expect(failure).rejects.toBeInstanceOf(ConfigurationError);
    await expect(failure).rejects.toThrow(
      /^policy: expected the policy files to exist on the base branch .*: \.gemini\/policy\.toml\.$/,
    );
  });
});

describe('contextDirectoryFor', () => {
  it("gives the base branch's GEMINI.md on a pull request and nothing otherwise", async () => {
    const trigger = pullRequestTrigger();
    const text = '# Base rules\n';
    githubApi()
      .get(contentsPath(trigger, 'GEMINI.md'))
      .query({ ref: trigger.pullRequest.baseSha })
      .reply(200, {
        type: 'file',
        path: 'GEMINI.md',
        name: 'GEMINI.md',
        size: text.length,
        encoding: 'base64',
        content: Buffer.from(text).toString('base64'),
      });
    const options = { octokit: quietOctokit(), tempRoot: await tempRepo(), logger: memoryLogger() };
    const directory = await contextDirectoryFor(trigger, ['GEMINI.md'], options);
    expect(await readFile(path.join(directory ?? '', 'GEMINI.md'), 'utf8')).toBe(text);

    const schedule = parseTrigger('schedule', webhookExample('schedule'), { prompt: 'tidy up' });
    if (!('kind' in schedule) || schedule.kind !== 'schedule') throw new Error('not a schedule');
    expect(await contextDirectoryFor(schedule, ['GEMINI.md'], options)).toBeUndefined();
  });
});
