import { describe, expect, it } from 'vitest';
import {
  apiUrl,
  branchUrl,
  compareUrl,
  issueUrl,
  pullUrl,
  runUrl,
  serverUrl,
} from '../../src/github/urls.js';
import { ConfigurationError } from '../../src/platform/errors.js';

const run = {
  GITHUB_REPOSITORY: 'octo-org/hello-world',
  GITHUB_RUN_ID: '1658821493',
  GITHUB_RUN_ATTEMPT: '1',
};

describe('serverUrl and apiUrl', () => {
  it('default to github.com outside a runner', () => {
    expect(serverUrl({})).toBe('https://github.com');
    expect(apiUrl({})).toBe('https://api.github.com');
  });

  it('use the runner variables of GitHub Enterprise Server, without trailing slashes', () => {
    const env = {
      GITHUB_SERVER_URL: 'https://ghe.example.com/',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
    };
    expect(serverUrl(env)).toBe('https://ghe.example.com');
    expect(apiUrl(env)).toBe('https://ghe.example.com/api/v3');
  });

  it('derive the API URL from the server URL when GITHUB_API_URL is missing', () => {
    expect(apiUrl({ GITHUB_SERVER_URL: 'https://ghe.example.com' })).toBe(
      'https://ghe.example.com/api/v3',
    );
    expect(apiUrl({ GITHUB_SERVER_URL: 'https://octocorp.ghe.com' })).toBe(
      'https://api.octocorp.ghe.com',
    );
    expect(apiUrl({ GITHUB_SERVER_URL: 'https://github.com' })).toBe('https://api.github.com');
  });

  it('treat empty variables as unset', () => {
    expect(serverUrl({ GITHUB_SERVER_URL: '  ' })).toBe('https://github.com');
    expect(apiUrl({ GITHUB_API_URL: '' })).toBe('https://api.github.com');
  });

  it('reject a malformed URL naming the variable', () => {
    expect(() => apiUrl({ GITHUB_API_URL: 'ghe.example.com/api' })).toThrow(ConfigurationError);
    expect(() => apiUrl({ GITHUB_API_URL: 'ghe.example.com/api' })).toThrow(
      /^GITHUB_API_URL: expected an http\(s\) URL/,
    );
    expect(() => serverUrl({ GITHUB_SERVER_URL: 'ftp://ghe.example.com' })).toThrow(
      /^GITHUB_SERVER_URL: expected an http\(s\) URL/,
    );
  });
});

describe('runUrl', () => {
  it('links the workflow run on the configured server', () => {
    expect(runUrl(run)).toBe('https://github.com/octo-org/hello-world/actions/runs/1658821493');
    expect(runUrl({ ...run, GITHUB_SERVER_URL: 'https://ghe.example.com' })).toBe(
      'https://ghe.example.com/octo-org/hello-world/actions/runs/1658821493',
    );
  });

  it('links the attempt on a re-run', () => {
    expect(runUrl({ ...run, GITHUB_RUN_ATTEMPT: '3' })).toBe(
      'https://github.com/octo-org/hello-world/actions/runs/1658821493/attempts/3',
    );
  });

  it('is undefined outside a workflow run', () => {
    expect(runUrl({})).toBeUndefined();
    expect(runUrl({ GITHUB_REPOSITORY: 'octo-org/hello-world' })).toBeUndefined();
    expect(runUrl({ ...run, GITHUB_REPOSITORY: 'not a repository' })).toBeUndefined();
  });
});

describe('page links', () => {
  const env = { GITHUB_SERVER_URL: 'https://ghe.example.com' };
  const repo = { owner: 'octo-org', repo: 'hello-world' };

  it('link issues and pull requests on the configured server', () => {
    expect(issueUrl(env, { ...repo, number: 7 })).toBe(
      'https://ghe.example.com/octo-org/hello-world/issues/7',
    );
    expect(pullUrl(env, { ...repo, number: 8 })).toBe(
      'https://ghe.example.com/octo-org/hello-world/pull/8',
    );
  });

  it('keep slashes of branch names and encode everything else', () => {
    expect(branchUrl(env, { ...repo, branch: 'gemini/fix #1' })).toBe(
      'https://ghe.example.com/octo-org/hello-world/tree/gemini/fix%20%231',
    );
    expect(compareUrl(env, { ...repo, base: 'main', head: 'gemini/issue-7' })).toBe(
      'https://ghe.example.com/octo-org/hello-world/compare/main...gemini/issue-7?expand=1',
    );
  });
});
