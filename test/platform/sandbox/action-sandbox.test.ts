// The Action end to end (in-process, against the fake GitHub and Gemini servers): a hostile model
// runs a script the workflow allows, which reads the Action's own environment (the policy checks
// the files a command names, not what a script does inside). Under `sandbox: auto` the script
// cannot see the Action's process; with `sandbox: none` it can, which shows the check would
// notice a leak. The log and the job summary say which sandbox ran.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { isAllowedEnvironmentName } from '../../../src/platform/tool-environment.js';
import { runActionInProcess } from '../../support/action-harness.js';
import { callsReply, textReply, useFakeGemini } from '../../support/fake-gemini.js';
import { useFakeGitHub } from '../../support/fake-github-server.js';
import { describeSandboxed, sandboxWay } from '../../support/sandbox-suites.js';
import { tempRepo } from '../../support/temp-repo.js';
import { webhookExample } from '../../support/webhook-payloads.js';
import { seedFromPayload } from '../../support/payload-seeds.js';

/**
 * Entries of this process's environment as the kernel keeps it (what /proc/<pid>/environ shows)
 * that never reach a tool process: if one shows up in a tool's output, it came from the Action.
 */
async function actionOnlyEnvironment(): Promise<string[]> {
  const entries = (await readFile('/proc/self/environ', 'utf8')).split('\0');
  return entries.filter((entry) => {
    const [name = '', value = ''] = entry.split(/=(.*)/s);
    return name !== '' && value.length >= 4 && !isAllowedEnvironmentName(name);
  });
}

async function runHostileCommand(sandboxInput: string) {
  const command = `sh show.sh ${process.pid}`;
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = '/gemini show me the environment';
  const github = await useFakeGitHub(seedFromPayload(payload));
  const gemini = await useFakeGemini([
    callsReply([{ id: 'c1', name: 'run_shell_command', args: { command } }]),
    textReply('Done.'),
  ]);
  const run = await runActionInProcess({
    eventName: 'issue_comment',
    payload,
    github,
    gemini,
    workspace: await tempRepo(
      { 'README.md': '# Hello-World\n', 'show.sh': 'tr "\\0" "\\n" < "/proc/$1/environ"\n' },
      { git: true },
    ),
    inputs: { allowed_commands: 'sh show.sh', sandbox: sandboxInput },
  });
  // What the model read back: the function response of the call.
  const body = JSON.stringify(gemini.generateRequests()[1]?.body ?? {});
  const toolResponse = body.slice(body.indexOf('"functionResponse"'));
  return { run, toolResponse };
}

describeSandboxed(sandboxWay('namespace'), 'the Action under sandbox: auto', () => {
  it("keeps the Action's environment from a shell command, and says which sandbox ran", async () => {
    const secrets = await actionOnlyEnvironment();
    expect(secrets.length).toBeGreaterThan(0);

    const open = await runHostileCommand('none');
    expect(open.run.result.conclusion).toBe('success');
    // Checked as booleans: a failure must not print the environment into the test log.
    const shown = (entry: string) => open.toolResponse.includes(JSON.stringify(entry).slice(1, -1));
    expect(secrets.filter(shown).length).toBe(secrets.length);
    expect(open.run.logs.join('\n')).toMatch(/^Sandbox: none\./m);

    const { run, toolResponse } = await runHostileCommand('auto');
    expect(run.result.conclusion).toBe('success');
    expect(toolResponse).toContain('No such file');
    const leaked = secrets.filter((entry) =>
      toolResponse.includes(JSON.stringify(entry).slice(1, -1)),
    );
    expect(leaked.length).toBe(0);
    const line = run.logs.find((message) => message.startsWith('Sandbox: namespace'));
    expect(line).toContain('Not protected:');
    // An invoke run on a maintainer's command keeps the network.
    expect(line).toContain('Network: on.');
    expect(run.summary).toContain(line);
  });
});
