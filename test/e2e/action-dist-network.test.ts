// The built Action when GitHub's API cannot be reached at all: the run fails within seconds with
// one sentence that says why (nothing accepts connections there), counts its quick retries as
// attempts, and never calls the failure an HTTP 500. Before, each request was retried three
// times over about 14 s, logged as "failed (500: connect ECONNREFUSED …)".
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { commentEvent } from './support/comment-run.js';
import { E2E_API_KEY, runActionDist } from './support/run-action-dist.js';

describe('the Action without a reachable GitHub API', () => {
  it('fails fast, saying nothing accepts connections there, with no HTTP status', async () => {
    const gemini = await useFakeGemini([textReply('unused')]);
    const api = `127.0.0.1:${await closedPort()}`;
    const started = Date.now();

    const result = await runActionDist({
      payload: commentEvent('Codertocat', '/gemini describe the README'),
      inputs: { gemini_api_key: E2E_API_KEY },
      github: undefined,
      gemini,
      env: { GITHUB_API_URL: `http://${api}` },
      timeoutMs: 30_000,
    });

    expect(result.outputs.conclusion).toBe('failure');
    expect(result.outputs.error).toContain(
      `GitHub's API at http://${api} cannot be reached: nothing accepts connections at ${api} (connect ECONNREFUSED ${api}). Check GITHUB_API_URL and the network`,
    );
    expect(result.outputs.error).not.toContain('HTTP');
    // Octokit's own request log says "500"; it is debug output, shown only in a debug run.
    const shown = result.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::debug::'))
      .join('\n');
    expect(shown).not.toMatch(/\b500\b/);
    expect(result.stdout).toMatch(/; attempt 2 of 3 in 1s\./);
    expect(result.stdout).not.toMatch(/retry \d/);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(gemini.generateRequests()).toEqual([]);
  }, 40_000);
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
}
