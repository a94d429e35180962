// On a pull request the custom commands and extensions come from the base branch, read through
// GraphQL (the fake GitHub evaluates the queries), in two requests whatever the number of files.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRunCommands } from '../../src/custom-commands/run-commands.js';
import { createOctokit } from '../../src/github/octokit.js';
import { baseBranchConfigFor } from '../../src/github/pull-request-config.js';
import type { Trigger } from '../../src/github/trigger.js';
import { parseTrigger } from '../../src/github/trigger.js';
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

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The folder of base-branch configuration when only the commands and extensions are wanted. */
async function commandConfigDirectoryFor(
  trigger: Trigger,
  options: Parameters<typeof baseBranchConfigFor>[2],
): Promise<string | undefined> {
  return (await baseBranchConfigFor(trigger, { files: [], policyFiles: [] }, options))?.directory;
}

describe('base-branch commands and extensions', () => {
  it("copies the base branch's commands and extension configuration, not the head's", async () => {
    const trigger = pullRequestTrigger();
    const github = await useFakeGitHub({
      repo: { owner: trigger.repo.owner, name: trigger.repo.name, defaultBranch: 'master' },
      files: {
        [trigger.pullRequest.baseSha]: {
          '.gemini/commands/review-security.toml': 'description = "Base"\nprompt = "base prompt"\n',
          '.gemini/commands/a/b/c/d/deep.toml': 'prompt = "deep"\n',
          '.gemini/extensions/gcp/gemini-extension.json': '{"name":"gcp","version":"1.2.0"}',
          '.gemini/extensions/gcp/GEMINI.md': 'GCP context',
          '.gemini/extensions/gcp/docs/usage.md': 'usage',
          '.gemini/extensions/gcp/commands/deploy.toml': 'prompt = "deploy"\n',
          '.gemini/extensions/gcp/server/index.js': 'console.log("server")',
          '.gemini/extensions/gcp/node_modules/dep/README.md': 'dependency',
          'README.md': 'not configuration',
        },
        [trigger.pullRequest.headSha]: {
          '.gemini/commands/review-security.toml': 'prompt = "the pull request changed this"\n',
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
    const tempRoot = await tempRepo();

    const directory = await commandConfigDirectoryFor(trigger, {
      octokit,
      tempRoot,
      logger: silentLogger,
    });

    expect(directory).toBeDefined();
    expect(await listFiles(directory ?? '')).toEqual([
      '.gemini/commands/a/b/c/d/deep.toml',
      '.gemini/commands/review-security.toml',
      '.gemini/extensions/gcp/GEMINI.md',
      '.gemini/extensions/gcp/commands/deploy.toml',
      '.gemini/extensions/gcp/docs/usage.md',
      '.gemini/extensions/gcp/gemini-extension.json',
    ]);
    expect(github.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /graphql',
      'POST /graphql',
    ]);
    expect(github.violations).toEqual([]);

    const workspace = await tempRepo();
    const { registry, extensions } = await loadRunCommands({
      workspaceRoot: workspace,
      configRoot: directory ?? '',
      paths: [],
      pathsSetting: 'extensions',
      env: {},
      logger: memoryLogger(),
    });
    expect(registry.lookup('review-security')).toMatchObject({
      kind: 'command',
      command: { prompt: 'base prompt', description: 'Base' },
    });
    expect(registry.list().map((command) => command.name)).toEqual([
      'a:b:c:d:deep',
      'deploy',
      'review-security',
    ]);
    expect(
      extensions.map((extension) => [extension.name, extension.version, extension.path]),
    ).toEqual([['gcp', '1.2.0', path.join(workspace, '.gemini/extensions/gcp')]]);
  });

  it('makes one request when the base branch has no extensions, and none outside pull requests', async () => {
    const trigger = pullRequestTrigger();
    const github = await useFakeGitHub({
      repo: { owner: trigger.repo.owner, name: trigger.repo.name, defaultBranch: 'master' },
      files: { [trigger.pullRequest.baseSha]: { 'README.md': 'x' } },
    });
    const octokit = createOctokit({
      token: github.token,
      baseUrl: github.url,
      logger: silentLogger,
      retry: { retries: 0 },
      throttle: { enabled: false },
    });
    const directory = await commandConfigDirectoryFor(trigger, {
      octokit,
      tempRoot: await tempRepo(),
      logger: silentLogger,
    });
    expect(await listFiles(directory ?? '')).toEqual([]);
    expect(github.requests).toHaveLength(1);

    const schedule = parseTrigger('schedule', webhookExample('schedule'), { prompt: 'tidy' });
    if (!('kind' in schedule) || schedule.kind !== 'schedule') throw new Error('ignored');
    expect(
      await commandConfigDirectoryFor(schedule, {
        octokit,
        tempRoot: undefined,
        logger: silentLogger,
      }),
    ).toBeUndefined();
    expect(github.requests).toHaveLength(1);
  });
});
