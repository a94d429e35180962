// The shell parser the policy reads commands with, through the real composition (startAgent): it
// starts loading once the session's first model request has been sent, where the model is offered
// commands, so the model's first command does not wait for its WebAssembly to compile; a session
// without commands never loads it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentGenerator } from '../../src/model/content-generator.js';
import { chooseModel } from '../../src/model/model-choice.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { loadBashParser } from '../../src/policy/bash-parser.js';
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

async function runSession(
  script: Parameters<typeof useFakeGemini>[0],
  options: { excludeTools?: string[]; loadShellParser?: () => Promise<unknown> } = {},
) {
  const root = await tempRepo({ 'README.md': '# Hello\n' }, { git: true });
  const server = await useFakeGemini(script);
  const log: string[] = [];
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
    sessionId: 'shell-parser-warm-up',
    contentGenerator: noting(genaiClientFor(server), log),
    policy: { engine: policy.engine, runMode: 'invoke', trust: 'maintainer' },
    logger: memoryLogger(),
    onEvent: (event) => {
      if (event.kind === 'tool_call_update' && event.tool_call.status === 'SUCCEEDED') {
        calls.push(event.tool_call);
      }
    },
    env: { PATH: process.env.PATH },
    userMemoryPath: path.join(root, '..', 'no-memory.md'),
    loadShellParser: () => {
      log.push('shell parser');
      return (options.loadShellParser ?? loadBashParser)();
    },
    ...(options.excludeTools
      ? {
          settings: {
            mcpServers: {},
            excludeTools: options.excludeTools,
            source: 'test',
            expandedValues: [],
          },
        }
      : {}),
  });
  return { session: await result, log, calls };
}

describe('the shell parser of a session', () => {
  it('starts loading once the first model request has been sent, and only once', async () => {
    const { session, log } = await runSession([textReply('Hi.')]);
    expect(session.reason).toBe('completed');
    expect(log).toEqual(['prompt built', 'model request', 'shell parser']);
  });

  it("is ready for the model's first command, which the policy then checks and runs", async () => {
    const { session, log, calls } = await runSession([
      callsReply([{ name: 'run_shell_command', args: { command: 'echo parsed-hi' } }]),
      textReply('Done.'),
    ]);
    expect(session.reason).toBe('completed');
    expect(log).toEqual(['prompt built', 'model request', 'shell parser', 'model request']);
    expect(JSON.stringify(calls[0]?.output)).toContain('parsed-hi');
  });

  it('is not loaded where the model is offered no commands', async () => {
    const { session, log } = await runSession([textReply('Hi.')], {
      excludeTools: ['run_shell_command'],
    });
    expect(session.reason).toBe('completed');
    expect(log).toEqual(['prompt built', 'model request']);
  });

  // An unhandled rejection would fail this test: the first command's check loads again instead.
  it('does not fail the session when it cannot load', async () => {
    const { session, log } = await runSession([textReply('Hi.')], {
      loadShellParser: () => Promise.reject(new Error('no grammar')),
    });
    expect(session.reason).toBe('completed');
    expect(log).toEqual(['prompt built', 'model request', 'shell parser']);
  });
});
