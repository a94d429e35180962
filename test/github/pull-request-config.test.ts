// On a pull request every configuration file comes from the base branch, never from the PR's own
// copy, read in one GraphQL request (the fake GitHub evaluates the queries).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/github/octokit.js';
import { baseBranchConfigFor } from '../../src/github/pull-request-config.js';
import type { Trigger } from '../../src/github/trigger.js';
import { parseTrigger } from '../../src/github/trigger.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { memoryLogger, silentLogger } from '../../src/platform/logger.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';

function pullRequestTrigger(): Extract<Trigger, { kind: 'pull_request' }> {
  const trigger = parseTrigger(
    'pull_request',
    webhookExample('pull_request', { action: 'opened' }),
    {},
  );
  if (!('kind' in trigger) || trigger.kind !== 'pull_request') throw new Error('not a PR trigger');
  return trigger;
}

async function fakeBase(
  trigger: Extract<Trigger, { kind: 'pull_request' }>,
  base: Record<string, string>,
) {
  const github = await useFakeGitHub({
    repo: { owner: trigger.repo.owner, name: trigger.repo.name, defaultBranch: 'master' },
    files: {
      [trigger.pullRequest.baseSha]: base,
      [trigger.pullRequest.headSha]: {
        'GEMINI.md': 'the pull request changed this',
        '.gemini/policy.toml': '# loosened by the pull request\n',
      },
    },
  });
  const octokit = createOctokit({
    token: github.token,
    baseUrl: github.url,
    logger: silentLogger,
    retry: { retries: 0 },
    throttle: { enabled: false },
  });
  return { github, options: { octokit, tempRoot: await tempRepo(), logger: memoryLogger() } };
}

const POLICY = '[[rule]]\ntoolName = "write_file"\ndecision = "deny"\npriority = 10\n';

describe('baseBranchConfigFor', () => {
  it("reads the base branch's context, settings, agents, commands and policies in one request", async () => {
    const trigger = pullRequestTrigger();
    const { github, options } = await fakeBase(trigger, {
      'GEMINI.md': '# Base rules\n',
      '.gemini/settings.json': '{"model":{"name":"gemini-3.8-flash"}}',
      '.gemini/agents/reviewer.md': '---\nname: reviewer\n---\nReview.\n',
      '.gemini/agents/notes.txt': 'not an agent',
      '.gemini/commands/fix.toml': 'prompt = "fix it"\n',
      '.gemini/policy.toml': POLICY,
      'src/index.ts': 'not configuration',
    });

    const config = await baseBranchConfigFor(
      trigger,
      {
        files: ['GEMINI.md', '.gemini/settings.json', '.gemini/agents/*.md'],
        policyFiles: ['.gemini/policy.toml'],
      },
      options,
    );

    const directory = config?.directory ?? '';
    const read = (file: string) => readFile(path.join(directory, file), 'utf8');
    expect(await read('GEMINI.md')).toBe('# Base rules\n');
    expect(await read('.gemini/settings.json')).toContain('gemini-3.8-flash');
    expect(await read('.gemini/agents/reviewer.md')).toContain('name: reviewer');
    await expect(read('.gemini/agents/notes.txt')).rejects.toThrow();
    await expect(read('src/index.ts')).rejects.toThrow();
    expect(await read('.gemini/commands/fix.toml')).toBe('prompt = "fix it"\n');
    expect(config?.policyPaths).toEqual([path.join(directory, '.gemini/policy.toml')]);
    expect(await readFile(config?.policyPaths[0] ?? '', 'utf8')).toBe(POLICY);
    expect(github.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /graphql',
    ]);
    expect(github.violations).toEqual([]);
  });

  it('refuses to fall back to the PR copy when the base branch lacks a policy file', async () => {
    const trigger = pullRequestTrigger();
    const { options } = await fakeBase(trigger, { 'README.md': 'x' });
    const failure = baseBranchConfigFor(
      trigger,
      { files: ['GEMINI.md'], policyFiles: ['.gemini/policy.toml'] },
      options,
    );
    await expect(failure).rejects.toBeInstanceOf(ConfigurationError);
    await expect(failure).rejects.toThrow(
      /^policy: expected the policy files to exist on the base branch .*: \.gemini\/policy\.toml\.$/,
    );
  });

  it('reads a policy folder and a pattern of policy files', async () => {
    const trigger = pullRequestTrigger();
    const { options } = await fakeBase(trigger, {
      '.gemini/policies/a.toml': POLICY,
      '.gemini/policies/nested/b.toml': POLICY,
      '.gemini/policy-ci.toml': POLICY,
      '.gemini/policy-ci.json': '{}',
    });
    const config = await baseBranchConfigFor(
      trigger,
      { files: [], policyFiles: ['.gemini/policies', '.gemini/policy*.toml'] },
      options,
    );
    const directory = config?.directory ?? '';
    expect(config?.policyPaths).toEqual([
      path.join(directory, '.gemini/policies/a.toml'),
      path.join(directory, '.gemini/policies/nested/b.toml'),
      path.join(directory, '.gemini/policy-ci.toml'),
    ]);
  });

  it('reads nothing outside pull requests', async () => {
    const trigger = pullRequestTrigger();
    const { github, options } = await fakeBase(trigger, { 'GEMINI.md': 'x' });
    const schedule = parseTrigger('schedule', webhookExample('schedule'), { prompt: 'tidy up' });
    if (!('kind' in schedule) || schedule.kind !== 'schedule') throw new Error('not a schedule');
    expect(
      await baseBranchConfigFor(schedule, { files: ['GEMINI.md'], policyFiles: [] }, options),
    ).toBeUndefined();
    expect(github.requests).toEqual([]);
  });
});
