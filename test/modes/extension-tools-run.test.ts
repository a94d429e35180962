// settings.json tools in a real Action run: an MCP server from the `settings` input is started in
// the run's sandbox-ready process host, its tool is called by the scripted model, the server gets
// its own secret through $VAR expansion without the model ever seeing it, and the comment shows
// the call with the server's name. A bad settings input fails the run with the place of the
// mistake.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runActionInProcess } from '../support/action-harness.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { seedFromPayload } from '../support/payload-seeds.js';

const SERVER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../support/mcp-test-server.mjs',
);
const SERVER_SECRET = 'mcp-server-own-secret-4b1d9e';
/**
 * The test server lives in this checkout, which a sandbox hides when the checkout is under a
 * temporary directory (as in CI's clean clone); the sandbox's own handling of MCP servers is
 * tested in test/tools/mcp/mcp-sandbox.test.ts.
 */
const SANDBOX = 'none';

function commentEvent(body: string) {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = body;
  return payload;
}

async function github(payload: ReturnType<typeof commentEvent>) {
  return useFakeGitHub(seedFromPayload(payload));
}

function settings(trust: boolean): string {
  return JSON.stringify({
    mcpServers: {
      tester: {
        command: process.execPath,
        args: [SERVER],
        env: { SERVER_SECRET: '$MCP_SERVER_SECRET' },
        trust,
      },
    },
  });
}

/** The functionResponse parts the model received, by call name. */
function responses(gemini: FakeGeminiServer): { name: string; response: unknown }[] {
  return gemini.generateRequests().flatMap((request) => {
    const body = request.body as {
      contents?: { parts?: { functionResponse?: { name: string; response: unknown } }[] }[];
    };
    return (body.contents ?? []).flatMap((content) =>
      (content.parts ?? []).flatMap((part) =>
        part.functionResponse ? [part.functionResponse] : [],
      ),
    );
  });
}

/** The tool names declared to the model in the first request. */
function declared(gemini: FakeGeminiServer): string[] {
  const body = gemini.generateRequests()[0]?.body as {
    tools?: { functionDeclarations?: { name: string }[] }[];
  };
  return (body.tools ?? []).flatMap((tool) => (tool.functionDeclarations ?? []).map((d) => d.name));
}

describe('settings tools in an Action run', () => {
  it('calls a trusted MCP server’s tool; the server’s own secret never reaches the model', async () => {
    const payload = commentEvent('/gemini check the test server');
    const fake = await github(payload);
    const gemini = await useFakeGemini([
      callsReply([
        { id: 'p1', name: 'ping', args: {} },
        { id: 'e1', name: 'env', args: {} },
      ]),
      textReply('The server answered.'),
    ]);
    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github: fake,
      gemini,
      inputs: { settings: settings(true), sandbox: SANDBOX },
      env: { MCP_SERVER_SECRET: SERVER_SECRET },
    });
    expect(run.failed).toEqual([]);
    expect(run.result.conclusion).toBe('success');
    expect(declared(gemini)).toEqual(expect.arrayContaining(['ping', 'env']));
    const got = responses(gemini);
    expect(JSON.stringify(got.find((r) => r.name === 'ping'))).toContain('pong');
    // The server had the secret (its env tool shows it), but the model got it redacted.
    const envText = JSON.stringify(got.find((r) => r.name === 'env'));
    expect(envText).toContain('SERVER_SECRET');
    expect(envText).not.toContain(SERVER_SECRET);
    expect(envText).not.toContain(fake.token);
    const final = fake.comments(1).find((comment) => !comment.seeded);
    expect(final?.body).toContain('tester');
    expect(final?.body).not.toContain(SERVER_SECRET);
    expect(run.logs.join('\n')).toContain('MCP server tester (stdio): ');
  });

  it('does not offer an untrusted server’s tools the policy denies, and says how to allow them', async () => {
    const payload = commentEvent('/gemini check the test server');
    const gemini = await useFakeGemini([textReply('Nothing to call.')]);
    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github: await github(payload),
      gemini,
      inputs: { settings: settings(false), sandbox: SANDBOX },
      env: { MCP_SERVER_SECRET: SERVER_SECRET },
    });
    expect(run.result.conclusion).toBe('success');
    expect(declared(gemini)).not.toContain('ping');
    expect(run.logs.join('\n')).toContain('The policy denies the tools of MCP server tester');
  });

  it('a settings mistake fails the run with where it is and what was expected', async () => {
    const payload = commentEvent('/gemini check the test server');
    const fake = await github(payload);
    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github: fake,
      gemini: await useFakeGemini([]),
      inputs: { settings: '{"mcpServers": {"tester": {"args": []}}}' },
    });
    expect(run.result.conclusion).toBe('failure');
    expect(run.failed.join('\n')).toContain(
      'settings: mcpServers.tester: expected exactly one of "command", "url" or "httpUrl"; got none.',
    );
  });
});
