// How the final comment names a run that failed outside the agent's session: a mistake the user
// can fix (here a policy file that does not parse) is "could not start" and points at the file; the
// model is never asked.
import { describe, expect, it } from 'vitest';
import { runActionInProcess } from '../support/action-harness.js';
import { useFakeGemini } from '../support/fake-gemini.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { seedFromPayload } from '../support/payload-seeds.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';

describe('a run that fails before its session', () => {
  it('says the run could not start and names the broken policy file and line', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini fix the spelling in the README';
    const github = await useFakeGitHub(seedFromPayload(payload));
    const workspace = await tempRepo(
      {
        'README.md': '# Hello-World\n',
        '.gemini/policies/ci.toml': '[[rule]]\ntoolName = "run_shell_command"\ndecision = \n',
      },
      { git: true },
    );
    const gemini = await useFakeGemini([]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
      inputs: { policy: '.gemini/policies/ci.toml' },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(gemini.generateRequests()).toEqual([]);
    const final = github.comments(1).find((comment) => !comment.seeded);
    expect(final?.body).toContain('> ❌ **The run could not start**');
    expect(final?.body).not.toContain('The run crashed');
    expect(final?.body).toContain('ci.toml');
    expect(run.outputs.error).toMatch(/ci\.toml:3/);
  });
});
