// A sandbox still to be found (`auto`) through the real composition (startAgent): its probe
// starts once the session's first model request has been sent, not while the session is being
// prepared, and the commands the model asks for wait for it and run through what it found.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentGenerator } from '../../src/model/content-generator.js';
import { chooseModel } from '../../src/model/model-choice.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { PendingSandbox } from '../../src/platform/sandbox/pending-sandbox.js';
import { resolveSandbox } from '../../src/platform/sandbox/resolve-sandbox.js';
import { loadCliPolicy } from '../../src/session-setup/policy-setup.js';
import { startAgent } from '../../src/session-setup/run-agent.js';
import type { ToolCallData } from '../../src/agent/events.js';
import { callsReply, genaiClientFor, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

/** `inner`, noting in `log` each request as the session makes it. */
function noting(inner: ContentGenerator, log: string[]): ContentGenerator {
  return {
    generateContent: (request, promptId) => {
      log.push('model request');
      return inner.generateContent(request, promptId);
    },
    generateContentStream: (request, promptId) => {
      log.push('model request');
      return inner.generateContentStream(request, promptId);
    },
    countTokens: (request) => inner.countTokens(request),
  };
}

async function runWithPendingSandbox(script: Parameters<typeof useFakeGemini>[0]) {
  const root = await tempRepo({ 'README.md': '# Hello\n' }, { git: true });
  const server = await useFakeGemini(script);
  const log: string[] = [];
  const env = { PATH: process.env.PATH };
  const logger = memoryLogger();
  const pending = new PendingSandbox(() => {
    log.push('sandbox probe');
    return resolveSandbox('none', { env, logger });
  });
  const policy = await loadCliPolicy({
    mode: 'invoke',
    policyFiles: [],
    allowCommands: ['echo'],
    yolo: false,
  });
  const calls: ToolCallData[] = [];
  const { result } = await startAgent({
    prompt: () => {
      log.push('prompt built');
      return Promise.resolve('Say hi.');
    },
    workspaceRoot: root,
    model: chooseModel([], '--model'),
    sessionId: 'pending-sandbox',
    contentGenerator: noting(genaiClientFor(server), log),
    policy: { engine: policy.engine, runMode: 'invoke', trust: 'maintainer' },
    logger,
    onEvent: (event) => {
      if (event.kind === 'tool_call_update' && event.tool_call.status === 'SUCCEEDED') {
        calls.push(event.tool_call);
      }
    },
    env,
    userMemoryPath: path.join(root, '..', 'no-memory.md'),
    sandbox: pending,
  });
  return { session: await result, log, pending, calls };
}

describe('a session with a sandbox still to be found', () => {
  it('starts the probe after its first model request has been sent, and only once', async () => {
    const { session, log, pending } = await runWithPendingSandbox([textReply('Hi.')]);
    expect(session.reason).toBe('completed');
    expect(log).toEqual(['prompt built', 'model request', 'sandbox probe']);
    expect(pending.isStarted).toBe(true);
    await pending.release();
  });

  it("runs the model's command through what the probe found", async () => {
    const { session, log, calls } = await runWithPendingSandbox([
      callsReply([{ name: 'run_shell_command', args: { command: 'echo sandboxed-hi' } }]),
      textReply('Done.'),
    ]);
    expect(session.reason).toBe('completed');
    expect(log).toEqual(['prompt built', 'model request', 'sandbox probe', 'model request']);
    expect(JSON.stringify(calls[0]?.output)).toContain('sandboxed-hi');
  });
});
