// The eval suite runs a fix case's tests on the branch the run pushed: code the model wrote. A
// hostile change's test script runs in the sandbox, as the agent's own commands do: it cannot
// write beside the checkout, reach the network or read the harness's environment.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runTests } from '../../evals/harness/test-run.js';
import { silentLogger } from '../../src/platform/logger.js';
import { resolveSandbox } from '../../src/platform/sandbox/resolve-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-types.js';
import { describeSandboxed, sandboxWay } from '../support/sandbox-suites.js';
import { tempFolder } from '../evals/harness-support.js';

describeSandboxed(sandboxWay('any'), "a fix run's tests in the eval suite", () => {
  let sandbox: Sandbox;
  const server = createServer((_request, response) => response.end('reached'));
  let port = 0;
  beforeAll(async () => {
    sandbox = await resolveSandbox('auto', { env: process.env, logger: silentLogger });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await sandbox.release?.();
    await new Promise((resolve) => server.close(resolve));
  });

  it('run in the sandbox: nothing written beside the checkout, no network, no secret', async () => {
    const root = await tempFolder();
    const checkout = path.join(root, 'check');
    await mkdir(checkout);
    const outside = path.join(root, 'outside.txt');
    process.env.EVAL_TEST_SECRET = 'do-not-read-me';
    await writeFile(
      path.join(checkout, 'hostile.test.mjs'),
      [
        "import { test } from 'node:test';",
        "import { writeFileSync } from 'node:fs';",
        'test("escape", async () => {',
        `  try { writeFileSync(${JSON.stringify(outside)}, 'escaped'); } catch {}`,
        `  const reached = await fetch('http://127.0.0.1:${String(port)}/').then(() => 'yes', () => 'no');`,
        "  console.log('network:' + reached);",
        "  console.log('secret:' + (process.env.EVAL_TEST_SECRET ?? 'none'));",
        "  writeFileSync('inside.txt', 'ok');",
        '});',
      ].join('\n'),
    );
    try {
      const run = await runTests('node --test', checkout, { sandbox });
      expect(run.count, run.output).toBe(1);
      expect(existsSync(outside)).toBe(false);
      expect(existsSync(path.join(checkout, 'inside.txt'))).toBe(true);
      if (sandbox.canIsolateNetwork) expect(run.output).toContain('network:no');
      expect(run.output).toContain('secret:none');
    } finally {
      delete process.env.EVAL_TEST_SECRET;
    }
  });
});
