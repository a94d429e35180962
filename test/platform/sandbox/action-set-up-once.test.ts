// The Action's sandbox is set up once per run: the probe that finds it sets up the very session
// the agent's commands then run in, instead of trying the sandbox on a scratch folder first.
import { chmod, realpath } from 'node:fs/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runActionInProcess } from '../../support/action-harness.js';
import { callsReply, textReply, useFakeGemini } from '../../support/fake-gemini.js';
import { useFakeGitHub } from '../../support/fake-github-server.js';
import { seedFromPayload } from '../../support/payload-seeds.js';
import { describeSandboxed, sandboxWay } from '../../support/sandbox-suites.js';
import type { UnshareWrapper } from '../../support/unshare-wrapper.js';
import { installUnshareWrapper } from '../../support/unshare-wrapper.js';
import { tempRepo } from '../../support/temp-repo.js';
import { webhookExample } from '../../support/webhook-payloads.js';

let unshare: UnshareWrapper;
beforeEach(async () => {
  unshare = await installUnshareWrapper();
});
afterEach(async () => {
  await unshare.remove();
});

describeSandboxed(sandboxWay('unshare'), "the Action's sandbox, as root", () => {
  it('is set up once, in the workspace, and runs every command of the session', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini look at the files';
    const github = await useFakeGitHub(seedFromPayload(payload));
    const workspace = await tempRepo({ 'README.md': '# Hello-World\n' }, { git: true });
    // As a checkout is: others may enter it (mkdtemp's 0700 would keep the sandbox user out
    // until the first command lends the workspace, and the probe would need a folder of its own).
    await chmod(workspace, 0o755);
    const shell = (id: string, command: string) =>
      callsReply([{ id, name: 'run_shell_command', args: { command } }]);
    const gemini = await useFakeGemini([
      shell('c1', 'git ls-files'),
      shell('c2', 'git show HEAD:README.md'),
      textReply('Looked.'),
    ]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
    });

    expect(run.result.conclusion).toBe('success');
    const requests = gemini.generateRequests().map((request) => JSON.stringify(request.body));
    expect(requests[1]).toContain('README.md');
    expect(requests[2]).toContain('# Hello-World');
    // One namespace for the whole run, started in the workspace (not a scratch probe folder).
    expect(await unshare.setUps()).toEqual([await realpath(workspace)]);
  });
});
