// `gemini-agent run` stopped by Ctrl-C or SIGTERM while the model answers: the Action's pipeline
// ends from its record (the final comment says it was cancelled, the change so far is kept), and
// the exit code is the CLI's for the signal.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { StopSignal } from '../../src/cli/run-stop.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { runArgs, tempDir, testTerminal, writeJson } from '../local/support.js';

const README = '# Hello-World\n\nComit with two t.\n';

async function cancelledRun(signal: StopSignal) {
  const dir = await tempDir();
  const gemini = await useFakeGemini([
    callsReply([
      {
        id: 'w1',
        name: 'write_file',
        args: { file_path: 'README.md', content: '# Hello-World\n\nCommit with one t.\n' },
      },
    ]),
    textReply('Too late.', { delayMs: 60_000 }),
  ]);
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = '/gemini fix the spelling in the README';
  const event = await writeJson(dir, 'event.json', payload);
  const out = path.join(dir, 'out');
  const terminal = testTerminal({ GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: gemini.url });
  let interrupt: ((signal?: StopSignal) => void) | undefined;
  terminal.io.onInterrupt = (handler) => {
    interrupt = handler;
    return () => {
      interrupt = undefined;
    };
  };
  const running = runCli(
    [
      'run',
      ...runArgs({
        event,
        eventName: 'issue_comment',
        repo: await tempRepo({ 'README.md': README }, { git: true }),
        out,
      }),
    ],
    terminal.io,
  );
  await gemini.waitForRequests(2);
  interrupt?.(signal);
  const code = await running;
  return { code, out, stderr: terminal.stderr, stdout: terminal.stdout };
}

describe('gemini-agent run stopped from outside', () => {
  it('Ctrl-C: exit 130, the final comment says the run was cancelled', async () => {
    const run = await cancelledRun('SIGINT');
    expect(run.code, run.stderr).toBe(130);
    const final = await readFile(path.join(run.out, 'comment-1.md'), 'utf8');
    expect(final).toMatch(/cancelled/i);
    expect(final).not.toContain('is working on');
    expect(run.stdout).toContain('── Result: cancelled');
    // The change made before the end is kept, by the same publishing, marked as unfinished.
    expect(final).toMatch(/\*\*Work so far pushed\*\* to .*gemini\/issue-1-/);
    expect(final).toContain('Opened draft pull request');
  });

  it('SIGTERM: exit 143', async () => {
    const run = await cancelledRun('SIGTERM');
    expect(run.code, run.stderr).toBe(143);
  });
});
