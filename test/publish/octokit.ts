// The GitHub client the publishing tests give the code under test: the real one, without retries
// or throttling, so that a failing request fails at once; github.com's API (for nock) unless
// another server is named.
import type { GitHubClient } from '../../src/github/octokit.js';
import { createOctokit } from '../../src/github/octokit.js';
import { silentLogger } from '../../src/platform/logger.js';

export function testOctokit(server: { baseUrl?: string; token?: string } = {}): GitHubClient {
  return createOctokit({
    token: server.token ?? 'ghs_apiToken00000000000000000000000000',
    ...(server.baseUrl !== undefined ? { baseUrl: server.baseUrl } : {}),
    logger: silentLogger,
    retry: { retries: 0 },
    throttle: { enabled: false },
  });
}
