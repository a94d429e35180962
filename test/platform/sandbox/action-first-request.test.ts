// The Action's first model request does not wait for the sandbox's set-up (a namespace takes
// tens of milliseconds); the first command does. In a file of its own: the sandbox is probed once
// per process, and a probe an earlier test made would already have ended.
import { chmod } from 'node:fs/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runActionInProcess } from '../../support/action-harness.js';
import { callsReply, textReply, useFakeGemini } from '../../support/fake-gemini.js';
import { useFakeGitHub } from '../../support/fake-github-server.js';
import { seedFromPayload } from '../../support/payload-seeds.js';
import { describeSandboxed, sandboxWay } from '../../support/sandbox-suites.js';
import { tempRepo } from '../../support/temp-repo.js';
import type { UnshareWrapper } from '../../support/unshare-wrapper.js';
import { installUnshareWrapper } from '../../support/unshare-wrapper.js';
import { webhookExample } from '../../support/webhook-payloads.js';

let unshare: UnshareWrapper;
beforeEach(async () => {
  unshare = await installUnshareWrapper();
});
afterEach(async () => {
  await unshare.remove();
});

describeSandboxed(sandboxWay('unshare'), "the Action's first model request, as root", () => {
  it('sends the first model request while the sandbox is being set up; the first command waits for it', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini list the files';
    const github = await useFakeGitHub(seedFromPayload(payload));
    const workspace = await tempRepo({ 'README.md': '# Hello-World\n' }, { git: true });
    await chmod(workspace, 0o755);
    const gemini = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'run_shell_command', args: { command: 'git ls-files' } }]),
      textReply('Done.'),
    ]);
    await unshare.close();

    const running = runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
    });
    const firstRequest = await Promise.race([
      gemini.waitForRequests(1).then(() => 'sent' as const),
      new Promise<'held'>((resolve) => {
        setTimeout(() => {
          resolve('held');
        }, 5_000);
      }),
    ]);
    const requestsWhileHeld = gemini.generateRequests().length;
    await unshare.open();
    const run = await running;

    // The request went out with the set-up still held back; the command waited for the sandbox.
    expect(firstRequest).toBe('sent');
    expect(requestsWhileHeld).toBe(1);
    expect(run.result.conclusion).toBe('success');
    const second = JSON.stringify(gemini.generateRequests()[1]?.body ?? {});
    expect(second).toContain('README.md');
    expect(await unshare.setUps()).toHaveLength(1);
    expect(run.summary).toMatch(/Sandbox: namespace/);
  });
});
