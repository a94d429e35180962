// `gemini-agent -p` from the built bundle, stopped from outside as a terminal or a supervisor
// stops it: Ctrl-C (SIGINT) while the model answers and while a tool's command runs, SIGTERM, and
// a second Ctrl-C. Each leaves a transcript ending with the cancellation, the exit code the docs
// name, the changed files in place and listed on stderr, and no process of the tools behind.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { isProcessRunning } from '../../src/platform/process-group.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { CLI, processesWith, scratchHome, waitFor } from './support/serve-process.js';

const API_KEY = 'cancel-test-key-4b1d9e7a2c';

interface CliProcess {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startCli(gemini: FakeGeminiServer, repo: string, args: readonly string[]): CliProcess {
  const child = spawn(process.execPath, [CLI, '--repo', repo, '--sandbox', 'none', ...args], {
    cwd: repo,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: scratchHome(),
      GEMINI_API_KEY: API_KEY,
      GOOGLE_GEMINI_BASE_URL: gemini.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, stderr: () => stderr, exited };
}

async function transcriptEvents(file: string): Promise<Record<string, unknown>[]> {
  return (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const delay = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * The processes of `pids` still running a moment after the CLI exited: SIGKILL takes effect
 * asynchronously, and an exited process waiting to be reaped (a zombie) is not running.
 */
async function stillRunning(pids: readonly number[]): Promise<number[]> {
  const running = async () =>
    (
      await Promise.all(pids.map(async (pid) => ((await isProcessRunning(pid)) ? [pid] : [])))
    ).flat();
  await waitFor(async () => (await running()).length === 0, 1_000).catch(() => undefined);
  return running();
}

/** A repository, the transcript's path beside it, and a script whose first call writes NOTES.md. */
async function setUp(after: Parameters<typeof useFakeGemini>[0], git = true) {
  const repo = await tempRepo({ 'README.md': '# demo\n' }, { git });
  const transcript = path.join(await tempRepo(), 'transcript.jsonl');
  const notes = path.join(repo, 'NOTES.md');
  const gemini = await useFakeGemini([
    callsReply([{ id: 'w1', name: 'write_file', args: { file_path: notes, content: 'Notes.\n' } }]),
    ...(after ?? []),
  ]);
  return { repo, transcript, notes, gemini };
}

function expectCancelledEnd(
  events: readonly Record<string, unknown>[],
  by: 'interrupt' | 'terminate',
): void {
  expect(events.at(-1)).toMatchObject({
    kind: 'state_change',
    final: true,
    reason: 'cancelled',
    cancellation: { by },
  });
}

describe('gemini-agent -p stopped from outside', () => {
  it('Ctrl-C while the model answers: 130, the transcript ends cancelled, NOTES.md kept and listed', async () => {
    const { repo, transcript, notes, gemini } = await setUp([
      textReply('Too late.', { delayMs: 60_000 }),
    ]);
    const cli = startCli(gemini, repo, ['-p', 'Write notes.', '--transcript', transcript]);
    await gemini.waitForRequests(2);
    cli.child.kill('SIGINT');

    expect(await cli.exited).toBe(130);
    expectCancelledEnd(await transcriptEvents(transcript), 'interrupt');
    expect(cli.stderr()).toMatch(/The run was cancelled by Ctrl-C \(SIGINT\) at \d{4}-/);
    expect(cli.stderr()).toMatch(
      /Changed files left in .*, not committed:\n {2}added +NOTES\.md\n/,
    );
    expect(await readFile(notes, 'utf8')).toBe('Notes.\n');
    expect(cli.stderr()).not.toContain(API_KEY);
    expect(await readFile(transcript, 'utf8')).not.toContain(API_KEY);
  });

  it("Ctrl-C while a tool's command runs: the command's processes are gone", async () => {
    const marker = '987.321';
    const { repo, transcript, notes, gemini } = await setUp([
      callsReply([{ id: 's1', name: 'run_shell_command', args: { command: `sleep ${marker}` } }]),
    ]);
    const cli = startCli(gemini, repo, [
      '-p',
      'Write notes, then wait.',
      '--transcript',
      transcript,
      '--allow-command',
      'sleep',
    ]);
    await waitFor(async () => (await processesWith(marker)).length > 0);
    const pids = (await processesWith(marker)).map(Number);
    cli.child.kill('SIGINT');

    expect(await cli.exited).toBe(130);
    expect(await stillRunning(pids)).toEqual([]);
    expect(await processesWith(marker)).toEqual([]);
    const events = await transcriptEvents(transcript);
    expectCancelledEnd(events, 'interrupt');
    const shell = events.filter(
      (event) =>
        event['kind'] === 'tool_call_update' &&
        (event['tool_call'] as { tool_name?: string }).tool_name === 'run_shell_command',
    );
    expect(shell.at(-1)).toMatchObject({ tool_call: { status: 'CANCELLED' } });
    expect(cli.stderr()).toMatch(/ {2}added +NOTES\.md\n/);
    expect(existsSync(notes)).toBe(true);
    expect(cli.stderr()).not.toContain(API_KEY);
  });

  it('SIGTERM: 143, the transcript says terminate; outside git the file tools’ writes are listed', async () => {
    const { repo, transcript, notes, gemini } = await setUp(
      [textReply('Too late.', { delayMs: 60_000 })],
      false,
    );
    const cli = startCli(gemini, repo, ['-p', 'Write notes.', '--transcript', transcript]);
    await gemini.waitForRequests(2);
    cli.child.kill('SIGTERM');

    expect(await cli.exited).toBe(143);
    const events = await transcriptEvents(transcript);
    expectCancelledEnd(events, 'terminate');
    expect(events.at(-1)?.['message']).toMatch(/^The run was cancelled by SIGTERM at /);
    expect(cli.stderr()).toMatch(
      /Files the file tools wrote, left in .*\n {2}written +NOTES\.md\n/,
    );
    expect(existsSync(notes)).toBe(true);
    expect(cli.stderr()).not.toContain(API_KEY);
  });

  it('a second Ctrl-C stops at once, even when the command ignores SIGTERM and SIGINT', async () => {
    const marker = '876.123';
    const { repo, transcript, notes, gemini } = await setUp([
      callsReply([
        {
          id: 's1',
          name: 'run_shell_command',
          args: { command: `./stubborn.sh ${marker}` },
        },
      ]),
    ]);
    // A command that ignores both signals; only SIGKILL ends it.
    const script = path.join(repo, 'stubborn.sh');
    await writeFile(script, '#!/bin/sh\ntrap \'\' TERM INT\nsleep "$1"\n', { mode: 0o755 });
    const cli = startCli(gemini, repo, [
      '-p',
      'Write notes, then wait stubbornly.',
      '--transcript',
      transcript,
      '--allow-command',
      './stubborn.sh',
    ]);
    await waitFor(async () => (await processesWith(marker)).length > 0).catch(() => {
      throw new Error(cli.stderr());
    });
    const pids = (await processesWith(marker)).map(Number);
    const first = Date.now();
    cli.child.kill('SIGINT');
    while (!cli.stderr().includes('press Ctrl-C again')) await delay(10);
    cli.child.kill('SIGINT');

    expect(await cli.exited).toBe(130);
    // One Ctrl-C waits out the shell tool's grace period (2 s) between SIGTERM and SIGKILL.
    expect(Date.now() - first).toBeLessThan(1_500);
    expect(await stillRunning(pids)).toEqual([]);
    expect(await processesWith(marker)).toEqual([]);
    expectCancelledEnd(await transcriptEvents(transcript), 'interrupt');
    expect(cli.stderr()).toContain('Stopped at once');
    expect(existsSync(notes)).toBe(true);
    expect(cli.stderr()).not.toContain(API_KEY);
  });
});
