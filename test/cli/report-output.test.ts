// What a local run shows of its report where a user reads it: the tool-call list's heading, a
// test run's result, a failed run's note on its changes, and comment text on the terminal
// without Markdown's escapes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { useFakeGemini } from '../support/fake-gemini.js';
import { tempDir, testTerminal } from '../local/support.js';

describe('the final comment of a local run', () => {
  it('summarises node --test by its result and counts the tool calls as the list shows them', async () => {
    const out = await tempDir('gemini-agent-demo-test-');
    const terminal = testTerminal();
    expect(await runCli(['demo', '--out', out], terminal.io), terminal.stderr).toBe(0);
    const comment = await readFile(path.join(out, 'run', 'comment-1.md'), 'utf8');
    expect(comment).toContain('`run_shell_command` Run: node --test — pass 2 · fail 0');
    expect(comment).not.toContain('TAP version');
    expect(comment).toContain('<summary>Tool calls (8 calls in 5 lines)</summary>');
    expect(comment).toContain('`write_todos` Set 3 todo(s) (4 updates)');
  });

  it('of a failed demo --live promises no diff it does not show, and reads plainly on the terminal', async () => {
    const server = await useFakeGemini([
      { type: 'error', status: 400, message: 'GOOGLE_GEMINI_BASE_URL points at a test server.' },
    ]);
    const out = await tempDir('gemini-agent-demo-test-');
    const terminal = testTerminal({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });

    expect(await runCli(['demo', '--live', '--out', out], terminal.io)).toBe(1);

    const comment = await readFile(path.join(out, 'run', 'comment-1.md'), 'utf8');
    expect(comment).toContain(
      '**Changes:** none: the session did not finish, and it left nothing to publish in the workspace.',
    );
    expect(comment).not.toContain('diff below');
    expect(comment).toContain('GOOGLE\\_GEMINI\\_BASE\\_URL');
    expect(terminal.stdout).toContain('GOOGLE_GEMINI_BASE_URL points at a test server.');
    expect(terminal.stdout).not.toContain('\\_');
  });
});
