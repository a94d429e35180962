import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateOctokitOptions } from '../../src/github/octokit.js';
import { createOctokit } from '../../src/github/octokit.js';
import { memoryLogger } from '../../src/platform/logger.js';

const API = 'https://api.github.com';
const REPO = '/repos/octo-org/hello-world';

/** Waits shrunk to milliseconds: a "60 s" wait takes 60 ms. */
function client(options: Partial<CreateOctokitOptions> = {}) {
  const logger = memoryLogger();
  const octokit = createOctokit({
    token: 'ghs_test_token_value',
    logger,
    retry: { retryAfterBaseMs: 1 },
    throttle: { retryAfterBaseMs: 1 },
    ...options,
  });
  const warnings = () =>
    logger.lines.filter((line) => line.level === 'warning').map((line) => line.message);
  return { octokit, logger, warnings };
}

afterEach(() => {
  nock.cleanAll();
});

describe('createOctokit', () => {
  it('sends the token to the API and answers with the data', async () => {
    const scope = nock(API, { reqheaders: { authorization: 'token ghs_test_token_value' } })
      .get(REPO)
      .reply(200, { full_name: 'octo-org/hello-world' });
    const { octokit } = client();
    const { data } = await octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' });
    expect(data.full_name).toBe('octo-org/hello-world');
    scope.done();
  });

  it('uses the GitHub Enterprise API URL it is given', async () => {
    const scope = nock('https://ghe.example.com')
      .get(`/api/v3${REPO}`)
      .reply(200, { full_name: 'octo-org/hello-world' });
    const { octokit } = client({ baseUrl: 'https://ghe.example.com/api/v3/' });
    const { data } = await octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' });
    expect(data.full_name).toBe('octo-org/hello-world');
    scope.done();
  });

  it('retries a 502 and logs the wait', async () => {
    const scope = nock(API)
      .get(REPO)
      .reply(502, { message: 'Server Error' })
      .get(REPO)
      .reply(200, { full_name: 'octo-org/hello-world' });
    const { octokit, warnings } = client();
    const { data } = await octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' });
    expect(data.full_name).toBe('octo-org/hello-world');
    scope.done();
    expect(warnings()).toEqual([
      `GitHub GET ${REPO} failed (HTTP 502: Server Error); attempt 2 of 4 in 0.001s.`,
    ]);
  });

  it('gives up after the configured number of retries', async () => {
    const scope = nock(API).get(REPO).times(3).reply(503, { message: 'Unavailable' });
    const { octokit, warnings } = client({ retry: { retries: 2, retryAfterBaseMs: 1 } });
    await expect(
      octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' }),
    ).rejects.toMatchObject({ status: 503 });
    scope.done();
    expect(warnings()).toHaveLength(2);
  });

  it('does not retry a client error such as 404', async () => {
    // A second request would find no interceptor and fail differently.
    const scope = nock(API).get(REPO).once().reply(404, { message: 'Not Found' });
    const { octokit, warnings } = client();
    await expect(
      octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' }),
    ).rejects.toMatchObject({ status: 404 });
    scope.done();
    expect(warnings()).toEqual([]);
  });

  it('waits out a secondary rate limit as long as retry-after says', async () => {
    const scope = nock(API)
      .get(REPO)
      .reply(
        403,
        { message: 'You have exceeded a secondary rate limit. Please wait a few minutes.' },
        { 'retry-after': '7' },
      )
      .get(REPO)
      .reply(200, { full_name: 'octo-org/hello-world' });
    const { octokit, warnings } = client();
    const { data } = await octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' });
    expect(data.full_name).toBe('octo-org/hello-world');
    scope.done();
    expect(warnings()).toEqual([
      `GitHub secondary rate limit on GET ${REPO}; waiting 7s before attempt 2 of 3.`,
    ]);
  });

  it('fails instead of waiting longer than the limit', async () => {
    const scope = nock(API)
      .get(REPO)
      .reply(
        403,
        { message: 'You have exceeded a secondary rate limit.' },
        { 'retry-after': '600' },
      );
    const { octokit, warnings } = client({ throttle: { maxWaitSeconds: 60, retryAfterBaseMs: 1 } });
    await expect(
      octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' }),
    ).rejects.toMatchObject({ status: 403 });
    scope.done();
    expect(warnings()).toEqual([
      `GitHub secondary rate limit on GET ${REPO}; GitHub asks to wait 600s, more than the 60s limit, so the request fails.`,
    ]);
  });

  it('stops retrying a rate limit after the configured retries', async () => {
    const limited = {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)),
    };
    const scope = nock(API)
      .get(REPO)
      .times(2)
      .reply(403, { message: 'API rate limit exceeded' }, limited);
    const { octokit, warnings } = client({ throttle: { maxRetries: 1, retryAfterBaseMs: 1 } });
    await expect(
      octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' }),
    ).rejects.toMatchObject({ status: 403 });
    scope.done();
    expect(warnings()).toHaveLength(2);
    expect(warnings()[0]).toMatch(
      /^GitHub rate limit on GET .*; waiting \d+s before attempt 2 of 2\.$/,
    );
    expect(warnings()[1]).toBe(`GitHub rate limit on GET ${REPO}; giving up after 1 retries.`);
  });

  it('aborts a request that does not answer in time', async () => {
    const scope = nock(API).get(REPO).delay(10_000).reply(200, {});
    const { octokit } = client({ requestTimeoutMs: 20, retry: { retries: 0 } });
    await expect(
      octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' }),
    ).rejects.toThrow(/abort|timeout/i);
    scope.done();
  });

  it('never passes request options (with the token) to the log', async () => {
    nock(API).get(REPO).reply(200, {});
    const { octokit, logger } = client();
    await octokit.rest.repos.get({ owner: 'octo-org', repo: 'hello-world' });
    expect(JSON.stringify(logger.lines)).not.toContain('ghs_test_token_value');
  });
  describe('a request that cannot connect', () => {
    /** fetch as undici fails it: `TypeError: fetch failed`, the system error as its cause. */
    function failingFetch(code: string, message: string) {
      let calls = 0;
      const fetch: typeof globalThis.fetch = () => {
        calls++;
        return Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) }),
        );
      };
      return { fetch, calls: () => calls };
    }

    it('says the host cannot be resolved, with no HTTP status, and does not retry', async () => {
      const failing = failingFetch('ENOTFOUND', 'getaddrinfo ENOTFOUND api.github.com');
      const { octokit, warnings } = client({ fetch: failing.fetch });
      const failure = await octokit.rest.repos
        .get({ owner: 'octo-org', repo: 'hello-world' })
        .catch((error: unknown) => error as Error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe(
        "GitHub's API at https://api.github.com cannot be reached: the host api.github.com cannot be resolved (getaddrinfo ENOTFOUND api.github.com). Check the network of this machine or runner (DNS, proxy, firewall).",
      );
      expect(failure).not.toHaveProperty('status');
      expect(failing.calls()).toBe(1);
      expect(warnings()).toEqual([]);
    });

    it('retries a refused connection twice, quickly, counting attempts', async () => {
      const failing = failingFetch('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9');
      const { octokit, warnings } = client({
        fetch: failing.fetch,
        baseUrl: 'http://127.0.0.1:9',
      });
      const failure = await octokit.rest.repos
        .get({ owner: 'octo-org', repo: 'hello-world' })
        .catch((error: unknown) => error as Error);
      const sentence =
        "GitHub's API at http://127.0.0.1:9 cannot be reached: nothing accepts connections at 127.0.0.1:9 (connect ECONNREFUSED 127.0.0.1:9). Check GITHUB_API_URL and the network of this machine or runner (DNS, proxy, firewall).";
      expect((failure as Error).message).toBe(sentence);
      expect(failing.calls()).toBe(3);
      expect(warnings()).toEqual([
        `GitHub GET ${REPO}: ${sentence}; attempt 2 of 3 in 0.001s.`,
        `GitHub GET ${REPO}: ${sentence}; attempt 3 of 3 in 0.002s.`,
      ]);
    });
  });
});
