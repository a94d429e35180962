// Two tasks asked for one workspace at the same moment: the one that loses gets the documented
// JSON-RPC error (docs/a2a.md, "One task at a time per workspace"), not a task that fails. The
// two requests are held until both have looked the workspace up, so they truly race: a check
// that only looks whether the workspace is free, without claiming it, lets both through.
import { realpath } from 'node:fs/promises';
import type { Message, SendMessageRequest } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { DevelopmentToolExecutor } from '../../src/cli/a2a-server/task-executor.js';
import { Workspaces } from '../../src/cli/a2a-server/workspaces.js';
import { silentLogger } from '../../src/platform/logger.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { collect, outline, prompt, v1Client } from '../e2e/support/serve-process.js';
import { startTestServer } from './server-harness.js';

function messageOf(request: SendMessageRequest): Message {
  if (request.message === undefined) throw new Error('The request has no message.');
  return request.message;
}

/** Holds every lookup of a named workspace until `count` of them are waiting, then lets all go. */
function lookupsMeetingAt(workspaces: Workspaces, count: number): void {
  const resolve = workspaces.resolve.bind(workspaces);
  const waiting: (() => void)[] = [];
  let open = false;
  workspaces.resolve = async (requested) => {
    const resolved = await resolve(requested);
    if (!open) {
      await new Promise<void>((release) => {
        waiting.push(release);
        if (waiting.length === count) {
          open = true;
          for (const go of waiting) go();
        }
      });
    }
    return resolved;
  };
}

describe('A2A server: two tasks racing for one workspace', () => {
  it('starts one and refuses the other with a JSON-RPC error, not a failed task', async () => {
    const gemini = await useFakeGemini([textReply('Done.')]);
    const repo = await realpath(await tempRepo({ 'README.md': '# demo\n' }));
    const workspaces = await Workspaces.create([repo]);
    lookupsMeetingAt(workspaces, 2);
    const server = await startTestServer({ gemini, repo, workspaces });
    const client = await v1Client(server);

    const outcomes = await Promise.allSettled([
      collect(client.sendMessageStream(prompt('First.', repo))),
      collect(client.sendMessageStream(prompt('Second.', repo))),
    ]);

    const started = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(started.map((outcome) => outline(outcome.value).at(-1))).toEqual([
      'STATE_CHANGE completed',
    ]);
    expect(refused).toHaveLength(1);
    expect(String(refused[0]?.reason)).toMatch(
      /The workspace .* is busy with .*: one task works in a workspace at a time/,
    );
    // Only the winner asked the model anything, and the workspace is free again.
    expect(gemini.generateRequests()).toHaveLength(1);
    expect(workspaces.holder(repo)).toBeUndefined();
  });

  it('holds the workspace from admission, and gives it back when no task takes it', async () => {
    const repo = await realpath(await tempRepo({ 'README.md': '# demo\n' }));
    const workspaces = await Workspaces.create([repo]);
    const executor = new DevelopmentToolExecutor({
      workspaces,
      startTurn: () => Promise.reject(new Error('no task starts here')),
      redact: (text) => text,
      confirmationTimeoutMs: 1000,
      model: 'gemini-2.5-flash',
      logger: silentLogger,
    });
    const first = messageOf(prompt('First.', repo));
    const reservation = await executor.admitNewTask(first);
    expect(reservation.workspace).toBe(repo);
    // Admitted but not started (the SDK refused it, or the client went away): still held.
    await expect(executor.admitNewTask(messageOf(prompt('Second.', repo)))).rejects.toThrow(
      /is busy with a task that is starting \(message .*\): one task works in a workspace at a time/,
    );
    await expect(executor.admitNewTask({ ...first })).rejects.toThrow(
      /already being started; give every message its own id/,
    );
    reservation.cancel();
    expect(workspaces.holder(repo)).toBeUndefined();
    const again = await executor.admitNewTask(messageOf(prompt('Third.', repo)));
    again.cancel();
    reservation.cancel();
    expect(workspaces.holder(repo)).toBeUndefined();
  });
});
