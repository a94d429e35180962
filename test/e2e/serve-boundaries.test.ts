// What `gemini-agent serve` refuses: a workspace outside its roots, a second task in a busy
// workspace, oversized bodies, protocol versions it does not speak; and what a client that did
// not ask for the extension gets (text and states only, no confirmations it could not answer).
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import {
  authFetch,
  collect,
  compatClient,
  outline,
  prompt,
  startServe,
  taskIds,
  v1Client,
  withExtension,
} from './support/serve-process.js';

const ARGS = ['--sandbox', 'none', '-m', 'gemini-2.5-flash'];

describe('gemini-agent serve: workspaces', () => {
  it('refuses a workspace outside its roots with a JSON-RPC error, and takes one inside --root', async () => {
    const gemini = await useFakeGemini([textReply('Working in the other one.')]);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const other = await tempRepo({ 'README.md': '# other\n' });
    const outside = await tempRepo({ 'secret.txt': 'not yours\n' });
    await mkdir(path.join(other, 'pkg'));
    const server = await startServe({ gemini, repo, args: [...ARGS, '--root', other] });
    const client = await v1Client(server);

    for (const workspace of [outside, path.join(repo, '..'), '/', 'relative/path']) {
      const refused = collect(client.sendMessageStream(prompt('Look around.', workspace)));
      await expect(refused, workspace).rejects.toThrow(
        /workspace_path (.* is outside the workspaces this server was started with|must be an absolute path)/,
      );
    }
    // A link inside the root that points outside is outside.
    await symlink(outside, path.join(repo, 'escape'));
    await expect(
      collect(client.sendMessageStream(prompt('Look.', path.join(repo, 'escape')))),
    ).rejects.toThrow(/outside the workspaces/);
    // The 0.3 wire gets the same refusal as a JSON-RPC error.
    const legacy = await authFetch(server.token)(`${server.url}/a2a`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'message/send',
        params: {
          message: {
            kind: 'message',
            messageId: 'm1',
            role: 'user',
            parts: [{ kind: 'text', text: 'Look.' }],
            metadata: {
              'https://github.com/google-gemini/gemini-cli/blob/main/docs/a2a/developer-profile/v0/spec.md':
                { workspace_path: outside },
            },
          },
        },
      }),
    });
    expect(await legacy.json()).toMatchObject({
      id: 3,
      error: { code: -32602, message: expect.stringContaining('outside the workspaces') as string },
    });
    expect(gemini.generateRequests()).toHaveLength(0);

    const inside = await collect(
      client.sendMessageStream(prompt('Work there.', path.join(other, 'pkg'))),
    );
    expect(outline(inside).at(-1)).toBe('STATE_CHANGE completed');
    expect(JSON.stringify(gemini.generateRequests()[0]?.body)).toContain(path.join(other, 'pkg'));
  });

  it('runs one task at a time per workspace and refuses a second one while the first works', async () => {
    const gemini = await useFakeGemini([
      callsReply([{ id: 's1', name: 'run_shell_command', args: { command: 'sleep 2' } }]),
      textReply('First done.'),
      textReply('Second done.'),
    ]);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startServe({ gemini, repo, args: [...ARGS, '--allow-command', 'sleep'] });
    const client = await v1Client(server);
    const first = client
      .sendMessageStream(prompt('Sleep.'), withExtension())
      [Symbol.asyncIterator]();
    await first.next();
    const busy = collect(client.sendMessageStream(prompt('Me too.', path.join(repo, '.'))));
    await expect(busy).rejects.toThrow(
      /The workspace .* is busy with task .*: one task works in a workspace at a time/,
    );
    for (let next = await first.next(); next.done !== true; next = await first.next()) {
      // The first task goes on to its end.
    }
    const second = await collect(client.sendMessageStream(prompt('Now?')));
    expect(outline(second).at(-1)).toBe('STATE_CHANGE completed');
  });
});

describe('gemini-agent serve: requests it refuses', () => {
  it('refuses bodies over the limit, unknown versions, and method names of the other version', async () => {
    const gemini = await useFakeGemini();
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startServe({ gemini, repo, args: ARGS });
    const post = (body: string, headers: Record<string, string> = {}) =>
      authFetch(server.token)(`${server.url}/a2a`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      });
    // Well over the limit, so most of the body is still on its way when the server answers: the
    // client must get the 413, not a reset connection.
    for (let i = 0; i < 5; i++) {
      const huge = await post(JSON.stringify({ padding: 'x'.repeat(20 * 1024 * 1024) }));
      expect(huge.status).toBe(413);
      expect(await huge.text()).toMatch(/^The request body is larger than \d+ bytes\.$/m);
    }

    const call = (method: string) =>
      JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { id: 'nope' } });
    expect(await (await post(call('GetTask'), { 'A2A-Version': '2.0' })).json()).toMatchObject({
      error: { code: -32009 },
    });
    // The version header picks the protocol; a missing one means 0.3.
    expect(await (await post(call('GetTask'))).json()).toMatchObject({ error: { code: -32601 } });
    expect(await (await post(call('tasks/get'), { 'A2A-Version': '1.0' })).json()).toMatchObject({
      error: { code: -32601 },
    });
    expect(await (await post(call('GetTask'), { 'A2A-Version': '1.0' })).json()).toMatchObject({
      error: { code: -32001 },
    });
    expect(await (await post('{not json')).json()).toMatchObject({ error: { code: -32700 } });
    const text = await post(call('tasks/get'), { 'Content-Type': 'text/plain' });
    expect(await text.json()).toMatchObject({ error: { code: -32005 } });
  });
});

describe('gemini-agent serve: a client without the extension', () => {
  it('gets text and task states only, and a call the policy would ask about is denied', async () => {
    const gemini = await useFakeGemini([
      callsReply([{ id: 'w1', name: 'write_file', args: { file_path: 'a.txt', content: 'x' } }]),
      textReply('I could not write it.'),
    ]);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const policy = path.join(await tempRepo(), 'ask.toml');
    await writeFile(
      policy,
      '[[rule]]\ntoolName = "write_file"\ndecision = "ask_user"\npriority = 500\n',
    );
    const server = await startServe({ gemini, repo, args: [...ARGS, '--policy', policy] });
    const client = await compatClient(server);
    const events = await collect(client.sendMessageStream(prompt('Write a.txt.')));
    expect(outline(events)).toEqual([
      'task submitted',
      'STATE_CHANGE working',
      'TEXT_CONTENT working "I could not write it."',
      'STATE_CHANGE completed',
    ]);
    const told = JSON.stringify(gemini.generateRequests()[1]?.body);
    expect(told).toContain('requires user confirmation, which is not supported');
    expect(taskIds(events).taskId).not.toBe('');
  });
});
