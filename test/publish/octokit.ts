// The GitHub client the publishing tests give the code under test: the real one, without retries
// or throttling, so that a failing request fails at once.
import type { GitHubClient } from '../../src/github/octokit.js';
import { createOctokit } from '../../src/github/octokit.js';
import { silentLogger } from '../../src/platform/logger.js';

export function testOctokit(): GitHubClient {
  return createOctokit({
    token: 'ghs_apiToken00000000000000000000000000',
    logger: silentLogger,
    retry: { retries: 0 },
    throttle: { enabled: false },
  });
}
