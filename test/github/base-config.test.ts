// Agent configuration read from a pull request's base branch through a nock'd contents API
// (every request checked against GitHub's REST API description), into a real temp folder.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nock from 'nock';
import { afterEach, describe, expect, expectTypeOf, it, onTestFinished } from 'vitest';
import type { BaseConfigClient } from '../../src/github/base-config.js';
import { loadBaseBranchConfig } from '../../src/github/base-config.js';
import type { GitHubClient } from '../../src/github/octokit.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { githubApi, quietOctokit } from '../support/github-api.js';

const REPO = '/repos/octo-org/app';
const BASE_SHA = '0123456789abcdef0123456789abcdef01234567';

afterEach(() => {
  nock.cleanAll();
});

function contents(repoPath: string): string {
  return `${REPO}/contents/${encodeURIComponent(repoPath)}`;
}

function file(repoPath: string, text: string) {
  return {
    type: 'file',
    path: repoPath,
    name: path.posix.basename(repoPath),
    size: Buffer.byteLength(text),
    encoding: 'base64',
    content: Buffer.from(text).toString('base64'),
  };
}

function entry(type: string, repoPath: string, size = 10) {
  return { type, path: repoPath, name: path.posix.basename(repoPath), size };
}

async function load(options: Parameters<typeof loadBaseBranchConfig>[1]) {
  const config = await loadBaseBranchConfig(quietOctokit(), options);
  onTestFinished(() => rm(config.directory, { recursive: true, force: true }));
  return config;
}

describe('loadBaseBranchConfig', () => {
  it("accepts the project's Octokit client", () => {
    expectTypeOf<GitHubClient>().toExtend<BaseConfigClient>();
  });

  it('copies the default configuration paths from the base commit', async () => {
    const api = githubApi()
      .get(contents('GEMINI.md'))
      .query({ ref: BASE_SHA })
      .reply(200, file('GEMINI.md', '# Base rules\n'))
      .get(contents('.gemini/settings.json'))
      .query({ ref: BASE_SHA })
      .reply(200, file('.gemini/settings.json', '{"context":{"fileName":"GEMINI.md"}}'))
      .get(contents('.gemini'))
      .query({ ref: BASE_SHA })
      .reply(200, [
        entry('file', '.gemini/policy.toml'),
        entry('file', '.gemini/policy-ci.toml'),
        entry('file', '.gemini/settings.json'),
        entry('dir', '.gemini/policies'),
      ])
      .get(contents('.gemini/policy-ci.toml'))
      .query({ ref: BASE_SHA })
      .reply(200, file('.gemini/policy-ci.toml', '# ci\n'))
      .get(contents('.gemini/policy.toml'))
      .query({ ref: BASE_SHA })
      .reply(200, file('.gemini/policy.toml', '# base policy\n'))
      .get(contents('.gemini/policies'))
      .query({ ref: BASE_SHA })
      .reply(404, { message: 'Not Found' });

    const config = await load({ owner: 'octo-org', repo: 'app', baseRef: BASE_SHA });

    expect(api.isDone()).toBe(true);
    expect(config.sha).toBe(BASE_SHA);
    expect(config.directory.startsWith(tmpdir())).toBe(true);
    expect(config.files.map((f) => f.path)).toEqual([
      'GEMINI.md',
      '.gemini/settings.json',
      '.gemini/policy-ci.toml',
      '.gemini/policy.toml',
    ]);
    expect(config.missing).toEqual(['.gemini/policies']);
    expect(config.skipped).toEqual([]);
    for (const copied of config.files) {
      expect(copied.localPath).toBe(path.join(config.directory, ...copied.path.split('/')));
    }
    expect(await readFile(path.join(config.directory, 'GEMINI.md'), 'utf8')).toBe('# Base rules\n');
    expect(await readFile(path.join(config.directory, '.gemini/policy.toml'), 'utf8')).toBe(
      '# base policy\n',
    );
  });

  it('resolves a branch name to one commit and reads every file at it', async () => {
    githubApi()
      .get(`${REPO}/git/ref/heads%2Fmain`)
      .reply(200, { ref: 'refs/heads/main', object: { sha: BASE_SHA, type: 'commit' } })
      .get(contents('.gemini/policies'))
      .query({ ref: BASE_SHA })
      .reply(200, [
        entry('file', '.gemini/policies/ci.toml'),
        entry('dir', '.gemini/policies/more'),
      ])
      .get(contents('.gemini/policies/ci.toml'))
      .query({ ref: BASE_SHA })
      .reply(200, file('.gemini/policies/ci.toml', 'ci'))
      .get(contents('.gemini/policies/more'))
      .query({ ref: BASE_SHA })
      .reply(200, [entry('file', '.gemini/policies/more/x.toml')])
      .get(contents('.gemini/policies/more/x.toml'))
      .query({ ref: BASE_SHA })
      .reply(200, file('.gemini/policies/more/x.toml', 'x'));

    const config = await load({
      owner: 'octo-org',
      repo: 'app',
      baseRef: 'main',
      files: ['./.gemini/policies/'],
    });

    expect(config.sha).toBe(BASE_SHA);
    expect(config.files.map((f) => [f.path, f.size])).toEqual([
      ['.gemini/policies/ci.toml', 2],
      ['.gemini/policies/more/x.toml', 1],
    ]);
    expect(
      await readFile(path.join(config.directory, '.gemini/policies/more/x.toml'), 'utf8'),
    ).toBe('x');
  });

  it('leaves out symlinks, submodules, large files and missing patterns, and says so', async () => {
    const logger = memoryLogger();
    githubApi()
      .get(contents('config'))
      .query({ ref: BASE_SHA })
      .reply(200, [
        entry('symlink', 'config/link.toml'),
        entry('submodule', 'config/vendor'),
        entry('file', 'config/huge.toml', 5 * 1024 * 1024),
      ])
      .get(contents('.gemini'))
      .query({ ref: BASE_SHA })
      .reply(200, [entry('file', '.gemini/settings.json')])
      .get(contents('NOTES.md'))
      .query({ ref: BASE_SHA })
      .reply(404, { message: 'Not Found' });

    const config = await load({
      owner: 'octo-org',
      repo: 'app',
      baseRef: BASE_SHA,
      files: ['config', '.gemini/policy*.toml', 'NOTES.md'],
      logger,
    });

    expect(config.files).toEqual([]);
    expect(config.missing).toEqual(['.gemini/policy*.toml', 'NOTES.md']);
    expect(config.skipped).toEqual([
      { path: 'config/huge.toml', reason: 'larger than 1048576 bytes' },
      { path: 'config/link.toml', reason: 'a symlink, not a file' },
      { path: 'config/vendor', reason: 'a submodule, not a file' },
    ]);
    expect(logger.lines.filter((line) => line.level === 'warning')).toHaveLength(3);
  });

  it('refuses paths outside the repository before asking GitHub', async () => {
    for (const bad of ['../secrets', '/etc/passwd', 'a/../../b', 'a\\b', '']) {
      await expect(
        loadBaseBranchConfig(quietOctokit(), {
          owner: 'octo-org',
          repo: 'app',
          baseRef: BASE_SHA,
          files: [bad],
        }),
      ).rejects.toThrow(ConfigurationError);
    }
  });

  it('fails when GitHub fails, rather than falling back to the pull request head', async () => {
    githubApi()
      .get(contents('GEMINI.md'))
      .query({ ref: BASE_SHA })
      .reply(403, { message: 'Resource not accessible by integration' });
    const tempRoot = await makeRoot();
    await expect(
      loadBaseBranchConfig(quietOctokit(), {
        owner: 'octo-org',
        repo: 'app',
        baseRef: BASE_SHA,
        files: ['GEMINI.md'],
        tempRoot,
      }),
    ).rejects.toThrow('Resource not accessible by integration');
    // Nothing half-copied is left for a session to pick up.
    expect(await readdir(tempRoot)).toEqual([]);
  });
});

async function makeRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'base-config-test-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  return root;
}
