// `gemini-agent serve` from the built bundle, its tasks ended from outside: a client's
// `tasks/cancel` of one task while another keeps working, and SIGTERM to the server while tasks
// run. A cancelled task ends `canceled`, its final status says by what and when and lists the
// files its session left changed (kept in the workspace, never committed), and no process of its
// tools is left.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StreamResponse } from '@a2a-js/sdk';
import { TaskState } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { isProcessRunning } from '../../src/platform/process-group.js';
import { callsReply, lane, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import {
  outline,
  processesWith,
  prompt,
  startServe,
  v1Client,
  waitFor,
  withExtension,
} from './support/serve-process.js';

const ARGS = ['--sandbox', 'none', '-m', 'gemini-2.5-flash', '--allow-command', 'sleep'];
const API_KEY = 'test-key-0123456789';

/** The texts of the message of the last status update. */
function finalTexts(events: readonly StreamResponse[]): string[] {
  const last = events.at(-1)?.payload;
  if (last?.$case !== 'statusUpdate') return [];
  return (last.value.status?.message?.parts ?? []).flatMap((part) =>
    part.content?.$case === 'text' ? [part.content.value] : [],
  );
}

/** Every event of a stream, read in the background. */
function follow(stream: AsyncIterable<StreamResponse>) {
  const events: StreamResponse[] = [];
  const done = (async () => {
    for await (const event of stream) events.push(event);
    return events;
  })();
  return {
    events,
    done,
    taskId: () => {
      const first = events[0]?.payload;
      return first?.$case === 'task' ? first.value.id : '';
    },
  };
}

async function stillRunning(pids: readonly number[]): Promise<number[]> {
  const running = async () =>
    (
      await Promise.all(pids.map(async (pid) => ((await isProcessRunning(pid)) ? [pid] : [])))
    ).flat();
  await waitFor(async () => (await running()).length === 0, 1_000).catch(() => undefined);
  return running();
}

/** Two workspaces, A (the default) and B (under --root); A's first call writes NOTES.md. */
async function twoWorkspaces() {
  const a = await tempRepo({ 'README.md': '# a\n' }, { git: true });
  const b = await tempRepo({ 'README.md': '# b\n' }, { git: true });
  return { a, b, notes: path.join(a, 'NOTES.md') };
}

describe('gemini-agent serve: tasks ended from outside', () => {
  it('tasks/cancel ends one task with its changed files listed; the other task goes on', async () => {
    const marker = '765.432';
    const { a, b, notes } = await twoWorkspaces();
    const gemini = await useFakeGemini([], {
      lanes: [
        lane('a', { userText: 'Task A' }, [
          callsReply([
            { id: 'w1', name: 'write_file', args: { file_path: notes, content: 'Notes.\n' } },
          ]),
          callsReply([
            { id: 's1', name: 'run_shell_command', args: { command: `sleep ${marker}` } },
          ]),
        ]),
        lane('b', { userText: 'Task B' }, [
          callsReply([{ id: 's2', name: 'run_shell_command', args: { command: 'sleep 2' } }]),
          textReply('B is done.'),
        ]),
      ],
    });
    const server = await startServe({ gemini, repo: a, args: [...ARGS, '--root', b] });
    const client = await v1Client(server);
    const taskA = follow(client.sendMessageStream(prompt('Task A', a), withExtension()));
    const taskB = follow(client.sendMessageStream(prompt('Task B', b), withExtension()));
    await waitFor(async () => (await processesWith(marker)).length > 0);
    const pids = (await processesWith(marker)).map(Number);

    const cancelled = await client.cancelTask({
      tenant: '',
      id: taskA.taskId(),
      metadata: undefined,
    });

    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(await stillRunning(pids)).toEqual([]);
    const eventsA = await taskA.done;
    expect(outline(eventsA).at(-1)).toBe('STATE_CHANGE canceled "The task was cancelled."');
    const [reason, leftBehind] = finalTexts(eventsA);
    expect(reason).toBe('The task was cancelled.');
    expect(leftBehind).toMatch(
      /^The task was cancelled by its client \(A2A tasks\/cancel\) at \d{4}-.*Z\.\nChanged files left in .*, not committed:\n {2}added +NOTES\.md$/,
    );
    // The task's history holds the same final message.
    expect(JSON.stringify(cancelled.status?.message)).toContain('added  NOTES.md');
    expect(await readFile(notes, 'utf8')).toBe('Notes.\n');

    const eventsB = await taskB.done;
    expect(outline(eventsB).slice(-2)).toEqual([
      'TEXT_CONTENT working "B is done."',
      'STATE_CHANGE completed',
    ]);
    expect(server.stderr()).toContain('added  NOTES.md');
    expect(server.stderr()).not.toContain(server.token);
    expect(server.stderr()).not.toContain(API_KEY);
  });

  it('SIGTERM cancels every running task, each saying so with its changed files, and exits 143', async () => {
    const marker = '765.987';
    const { a, b, notes } = await twoWorkspaces();
    const gemini = await useFakeGemini([], {
      lanes: [
        lane('a', { userText: 'Task A' }, [
          callsReply([
            { id: 'w1', name: 'write_file', args: { file_path: notes, content: 'Notes.\n' } },
          ]),
          callsReply([
            { id: 's1', name: 'run_shell_command', args: { command: `sleep ${marker}` } },
          ]),
        ]),
        lane('b', { userText: 'Task B' }, [textReply('Too late.', { delayMs: 60_000 })]),
      ],
    });
    const server = await startServe({ gemini, repo: a, args: [...ARGS, '--root', b] });
    const client = await v1Client(server);
    const taskA = follow(client.sendMessageStream(prompt('Task A', a), withExtension()));
    const taskB = follow(client.sendMessageStream(prompt('Task B', b), withExtension()));
    await waitFor(async () => (await processesWith(marker)).length > 0);
    await waitFor(() => Promise.resolve(gemini.generateRequests().some((r) => r.lane === 'b')));
    const pids = (await processesWith(marker)).map(Number);

    expect(await server.stop()).toBe(143);

    expect(await stillRunning(pids)).toEqual([]);
    const [eventsA, eventsB] = await Promise.all([taskA.done, taskB.done]);
    const stopped = 'The server stopped (SIGTERM), so the task was cancelled.';
    expect(outline(eventsA).at(-1)).toBe(`STATE_CHANGE canceled "${stopped}"`);
    expect(outline(eventsB).at(-1)).toBe(`STATE_CHANGE canceled "${stopped}"`);
    expect(finalTexts(eventsA)[1]).toMatch(
      /^The task was cancelled by SIGTERM at .*\nChanged files left in .*, not committed:\n {2}added +NOTES\.md$/,
    );
    expect(finalTexts(eventsB)[1]).toMatch(
      /^The task was cancelled by SIGTERM at .*\nNo file in .* was changed during the session\.$/,
    );
    expect(existsSync(notes)).toBe(true);
    expect(server.stderr()).toContain('added  NOTES.md');
    expect(server.stderr()).not.toContain(server.token);
    expect(server.stderr()).not.toContain(API_KEY);
  });
});
