// The life of tasks in `gemini-agent serve`: continuing a completed one, cancelling one while a
// shell command hangs (nothing may be left running), a second client following a running task,
// `proceed_always` for one task only, and a confirmation nobody answers.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TaskState } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeRequest } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import {
  collect,
  compatClient,
  confirmationOf,
  dataParts,
  outline,
  processesWith,
  prompt,
  send,
  startServe,
  taskIds,
  textPart,
  v1Client,
  withExtension,
  waitFor,
} from './support/serve-process.js';

const ARGS = ['--sandbox', 'none', '-m', 'gemini-2.5-flash'];
/** An agent file in the Gemini CLI's documented format. */
const AUDITOR = path.resolve(import.meta.dirname, '../fixtures/agents/security-auditor.md');

function requestText(request: FakeRequest): string {
  return JSON.stringify((request.body as { contents?: unknown }).contents ?? []);
}

async function askingEcho(extra: string[] = []) {
  const policy = path.join(await tempRepo(), 'ask.toml');
  await writeFile(
    policy,
    '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "echo"\ndecision = "ask_user"\npriority = 500\n',
  );
  return ['--policy', policy, ...extra];
}

describe('gemini-agent serve: tasks', () => {
  it('continues a completed task: a message with its taskId is a new task in its context', async () => {
    const gemini = await useFakeGemini([
      textReply('The notes have two lines.'),
      (request) => {
        const earlier = requestText(request);
        return textReply(
          earlier.includes('How long are the notes?') && earlier.includes('two lines')
            ? 'The second line is "two".'
            : 'I do not remember anything.',
        );
      },
    ]);
    const repo = await tempRepo({ 'notes.txt': 'one\ntwo\n' });
    const server = await startServe({ gemini, repo, args: ARGS });
    const client = await v1Client(server);
    const first = await collect(client.sendMessageStream(prompt('How long are the notes?')));
    expect(outline(first).at(-1)).toBe('STATE_CHANGE completed');
    const ids = taskIds(first);

    const second = await collect(
      client.sendMessageStream(send([textPart('And the second line?')], ids)),
    );
    expect(outline(second)).toEqual([
      'task submitted',
      'STATE_CHANGE working',
      'TEXT_CONTENT working "The second line is "two"."',
      'STATE_CHANGE completed',
    ]);
    const next = taskIds(second);
    expect(next.contextId).toBe(ids.contextId);
    expect(next.taskId).not.toBe(ids.taskId);
    const task = await client.getTask({ tenant: '', id: next.taskId });
    expect(task.history[0]?.referenceTaskIds).toEqual([ids.taskId]);
    // Both tasks stay readable, each in its final state.
    expect((await client.getTask({ tenant: '', id: ids.taskId })).status?.state).toBe(
      TaskState.TASK_STATE_COMPLETED,
    );
  });

  it("offers the workspace's .gemini/agents subagents to the model, as a CLI run there would", async () => {
    const gemini = await useFakeGemini([textReply('Nothing to audit.')]);
    const repo = await tempRepo({
      'README.md': '# demo\n',
      '.gemini/agents/security-auditor.md': readFileSync(AUDITOR, 'utf8'),
    });
    const server = await startServe({ gemini, repo, args: ARGS });
    const client = await v1Client(server);

    const events = await collect(client.sendMessageStream(prompt('Audit the repository.')));

    expect(outline(events).at(-1)).toBe('STATE_CHANGE completed');
    const body = gemini.generateRequests()[0]?.body as {
      tools?: { functionDeclarations?: { name: string }[] }[];
    };
    const offered = body.tools?.flatMap((tool) => tool.functionDeclarations ?? []) ?? [];
    expect(offered.map((declaration) => declaration.name)).toContain('security-auditor');
  });

  it('redacts what the settings gave an MCP server through $VAR from every event', async () => {
    const value = 'routing-value-4f8a1c9e2b7d';
    const gemini = await useFakeGemini([textReply(`The server was given ${value}.`)]);
    const repo = await tempRepo({
      '.gemini/settings.json': JSON.stringify({
        mcpServers: {
          internal: {
            httpUrl: 'http://127.0.0.1:9/mcp',
            headers: { 'X-Route': '$INTERNAL_ROUTE' },
          },
        },
      }),
    });
    const server = await startServe({ gemini, repo, args: ARGS, env: { INTERNAL_ROUTE: value } });
    const client = await v1Client(server);

    const events = await collect(client.sendMessageStream(prompt('What was it given?')));

    expect(outline(events).at(-1)).toBe('STATE_CHANGE completed');
    expect(JSON.stringify(events)).not.toContain(value);
    expect(outline(events)).toContain('TEXT_CONTENT working "The server was given ***."');
  });

  it('cancels a task while its shell command hangs, and leaves no process behind', async () => {
    const marker = '987.654';
    const gemini = await useFakeGemini([
      callsReply([{ id: 's1', name: 'run_shell_command', args: { command: `sleep ${marker}` } }]),
    ]);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startServe({
      gemini,
      repo,
      args: [...ARGS, '--allow-command', 'sleep'],
    });
    const client = await v1Client(server);
    const stream = client.sendMessageStream(prompt('Wait a while.'), withExtension());
    const seen: string[] = [];
    let taskId = '';
    for await (const event of stream) {
      if (event.payload?.$case === 'task') taskId = event.payload.value.id;
      seen.push(...outline([event]));
      if (seen.at(-1) === 'TOOL_CALL_UPDATE working run_shell_command EXECUTING') {
        await waitFor(async () => (await processesWith(marker)).length > 0);
        const pids = (await processesWith(marker)).map(Number);
        const cancelled = await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
        expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
        // Every process of the command is gone by the time the cancel is answered.
        expect(await processesWith(marker)).toEqual([]);
        expect(pids.filter(isAlive)).toEqual([]);
      }
    }
    expect(seen.slice(-2)).toEqual([
      'TOOL_CALL_UPDATE working run_shell_command EXECUTING',
      'STATE_CHANGE canceled "The task was cancelled."',
    ]);
    expect(gemini.generateRequests()).toHaveLength(1);
    // A cancelled task is over: it takes no more messages.
    await expect(
      collect(client.sendMessageStream(send([textPart('Go on.')], { taskId }))),
    ).rejects.toThrow(/terminal state/);
  });

  it('refuses a second message to a working task, and stops its commands when stopped itself', async () => {
    const marker = '876.543';
    const gemini = await useFakeGemini([
      callsReply([{ id: 's1', name: 'run_shell_command', args: { command: `sleep ${marker}` } }]),
    ]);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startServe({ gemini, repo, args: [...ARGS, '--allow-command', 'sleep'] });
    const client = await v1Client(server);
    const events = client
      .sendMessageStream(prompt('Wait.'), withExtension())
      [Symbol.asyncIterator]();
    const first = await events.next();
    const taskId = first.value?.payload?.$case === 'task' ? first.value.payload.value.id : '';
    await waitFor(async () => (await processesWith(marker)).length > 0);
    await expect(
      collect(client.sendMessageStream(send([textPart('Hurry up.')], { taskId }))),
    ).rejects.toThrow(
      /is still working; send the next message once it asks for input or has ended/,
    );
    expect(await server.stop()).toBe(143);
    expect(await processesWith(marker)).toEqual([]);
    expect(server.stderr()).toContain('Stopping: cancelling the running tasks.');
  });

  it('cancels a task while the model request is still out', async () => {
    const gemini = await useFakeGemini([textReply('Too late.', { delayMs: 60_000 })]);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startServe({ gemini, repo, args: ARGS });
    const client = await compatClient(server);
    const events = client.sendMessageStream(prompt('Think hard.'))[Symbol.asyncIterator]();
    const first = await events.next();
    const taskId = first.value?.payload?.$case === 'task' ? first.value.payload.value.id : '';
    await gemini.waitForRequests(1);
    const started = Date.now();
    const cancelled = await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(Date.now() - started).toBeLessThan(10_000);
    const rest: string[] = [];
    for (let next = await events.next(); next.done !== true; next = await events.next()) {
      rest.push(...outline([next.value]));
    }
    expect(rest).toEqual([
      'STATE_CHANGE working',
      'STATE_CHANGE canceled "The task was cancelled."',
    ]);
  });

  it('lets a second client resubscribe to a running task and receive the rest of it', async () => {
    const gemini = await useFakeGemini([
      callsReply([{ id: 's1', name: 'run_shell_command', args: { command: 'sleep 2' } }]),
      textReply('Slept.'),
    ]);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startServe({ gemini, repo, args: [...ARGS, '--allow-command', 'sleep'] });
    const owner = await v1Client(server);
    const seen: string[] = [];
    let taskId = '';
    let follower: Promise<string[]> | undefined;
    for await (const event of owner.sendMessageStream(prompt('Sleep.'), withExtension())) {
      if (event.payload?.$case === 'task') taskId = event.payload.value.id;
      seen.push(...outline([event]));
      if (follower === undefined && seen.at(-1)?.endsWith('run_shell_command EXECUTING')) {
        // Another client, of the other protocol generation, joins while the command runs.
        const other = await compatClient(server);
        follower = collect(other.resubscribeTask({ tenant: '', id: taskId }, withExtension())).then(
          outline,
        );
      }
    }
    const rest = await follower;
    expect(rest?.[0]).toBe('task working');
    expect(rest?.slice(-3)).toEqual([
      'TOOL_CALL_UPDATE working run_shell_command SUCCEEDED',
      'TEXT_CONTENT working "Slept."',
      'STATE_CHANGE completed',
    ]);
    expect(seen.slice(-3)).toEqual(rest?.slice(-3));
  });

  it('allows with proceed_always for the rest of that task only, and never what the policy denies', async () => {
    const gemini = await useFakeGemini([
      callsReply([{ id: 'a', name: 'run_shell_command', args: { command: 'echo a' } }]),
      callsReply([
        { id: 'b', name: 'run_shell_command', args: { command: 'echo b' } },
        { id: 'c', name: 'run_shell_command', args: { command: 'rm -rf notes.txt' } },
      ]),
      textReply('Done.'),
      callsReply([{ id: 'd', name: 'run_shell_command', args: { command: 'echo d' } }]),
    ]);
    const repo = await tempRepo({ 'notes.txt': 'keep\n' });
    const server = await startServe({ gemini, repo, args: await askingEcho(ARGS) });
    const client = await v1Client(server);
    const first = await collect(client.sendMessageStream(prompt('Echo things.'), withExtension()));
    const ids = taskIds(first);
    const second = await collect(
      client.sendMessageStream(confirmationOf(ids, 'a', 'proceed_always'), withExtension()),
    );
    const calls = dataParts(second).map(
      (data) => `${String(data['tool_call_id'])} ${String(data['status'])}`,
    );
    expect(calls.filter((line) => line.startsWith('b')).at(-1)).toBe('b SUCCEEDED');
    expect(calls.filter((line) => line.startsWith('c'))).toEqual(['c PENDING', 'c FAILED']);
    expect(outline(second)).not.toContain('STATE_CHANGE input_required');
    expect(outline(second).at(-1)).toBe('STATE_CHANGE completed');

    // The next task in the same context is asked again.
    const third = await collect(
      client.sendMessageStream(send([textPart('Once more.')], ids), withExtension()),
    );
    expect(outline(third).slice(-2)).toEqual([
      'TOOL_CALL_CONFIRMATION working run_shell_command PENDING',
      'STATE_CHANGE input_required',
    ]);
  });

  it('cancels a task whose confirmation nobody answers within --confirmation-timeout', async () => {
    const gemini = await useFakeGemini([
      callsReply([{ id: 'a', name: 'run_shell_command', args: { command: 'echo a' } }]),
      textReply('Next task.'),
    ]);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startServe({
      gemini,
      repo,
      args: await askingEcho([...ARGS, '--confirmation-timeout', '1']),
    });
    const client = await v1Client(server);
    const first = await collect(client.sendMessageStream(prompt('Echo a.'), withExtension()));
    const { taskId } = taskIds(first);
    await waitFor(
      async () =>
        (await client.getTask({ tenant: '', id: taskId })).status?.state ===
        TaskState.TASK_STATE_CANCELED,
    );
    const task = await client.getTask({ tenant: '', id: taskId });
    const text = task.status?.message?.parts[0]?.content;
    expect(text?.$case === 'text' ? text.value : '').toBe(
      'Nobody confirmed the call of run_shell_command within 1 s, so the task was cancelled.',
    );
    // The workspace is free again.
    const next = await collect(client.sendMessageStream(prompt('Anything else?')));
    expect(outline(next).at(-1)).toBe('STATE_CHANGE completed');
  });
});

/** True while `pid` runs; an exited process not yet reaped (a zombie) has stopped. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
