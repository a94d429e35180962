// The policy in a real session: startAgent with a policy engine, the real genai client and the
// fake Gemini server. What the model is offered and what it reads back are checked on the wire.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent, ToolCallData } from '../../src/agent/events.js';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import { silentLogger } from '../../src/platform/logger.js';
import { createPolicyEngine } from '../../src/policy/policy-engine.js';
import { startAgent } from '../../src/session-setup/run-agent.js';
import type { GeminiBody } from '../integration/support.js';
import { callsReply, instantRetry, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { rule } from './support/rules.js';
import { simpleShell } from './support/simple-shell.js';
import { chooseModel } from '../../src/model/model-choice.js';

const rules = [
  rule({ toolNames: ['read_file', 'list_directory'], decision: 'allow', line: 1 }),
  rule({ toolNames: ['write_file'], decision: 'deny', denyMessage: 'Read-only run.', line: 2 }),
  rule({ toolNames: ['run_shell_command'], commandPrefixes: ['ls'], decision: 'allow', line: 3 }),
  rule({ toolNames: ['replace'], argsPattern: /"file_path":"src\//u, decision: 'allow', line: 4 }),
];

async function runWithPolicy(script: Parameters<typeof useFakeGemini>[0]) {
  const server = await useFakeGemini(script);
  const repo = await tempRepo({ 'README.md': '# demo\n', 'src/a.js': 'export const a = 1;\n' });
  const contentGenerator = await createContentGenerator(
    { type: 'gemini-api-key', apiKey: 'test-key', baseUrl: server.url },
    { retry: instantRetry() },
  );
  const events: AgentEvent[] = [];
  const engine = createPolicyEngine({ rules, analyzeShell: simpleShell });
  const { result } = await startAgent({
    prompt: 'Change the README.',
    workspaceRoot: repo,
    model: chooseModel([], '--model'),
    sessionId: 'policy-session',
    contentGenerator,
    policy: { engine, runMode: 'invoke', trust: 'maintainer' },
    logger: silentLogger,
    onEvent: (event) => events.push(event),
    env: {},
    userMemoryPath: path.join(repo, '..', 'memory.md'),
  });
  const session = await result;
  const bodies = server.generateRequests().map((request) => request.body as GeminiBody);
  const finals = new Map<string, ToolCallData>();
  for (const event of events) {
    if (event.kind === 'tool_call_update')
      finals.set(event.tool_call.tool_call_id, event.tool_call);
  }
  return { session, bodies, finals };
}

function declaredNames(body: GeminiBody | undefined): string[] {
  return (body?.tools ?? []).flatMap((tool) =>
    (tool.functionDeclarations ?? []).map((d) => d.name),
  );
}

describe('a session under a policy', () => {
  it('declares only tools some call of which the policy could allow', async () => {
    const { bodies } = await runWithPolicy([textReply('Nothing to do.')]);
    expect(declaredNames(bodies[0]).sort()).toEqual(
      ['list_directory', 'read_file', 'replace', 'run_shell_command'].sort(),
    );
  });

  it('refuses a call to a tool left out of the declarations, with the rule’s message', async () => {
    const { session, bodies, finals } = await runWithPolicy([
      callsReply([
        { id: 'w', name: 'write_file', args: { file_path: 'README.md', content: 'x' } },
        { id: 'l', name: 'run_shell_command', args: { command: 'ls' } },
        { id: 'r', name: 'run_shell_command', args: { command: 'ls; rm -rf src' } },
      ]),
      textReply('I could not change the README.'),
    ]);
    expect(session.reason).toBe('completed');
    const responses = bodies[1]?.contents.at(-1)?.parts?.map((part) => part.functionResponse);
    expect(responses?.[0]).toEqual({
      id: 'w',
      name: 'write_file',
      response: { error: 'Tool execution denied by policy. Read-only run.' },
    });
    expect(responses?.[1]?.response).toHaveProperty('output');
    expect(responses?.[2]?.response).toEqual({
      error: 'Tool execution denied by policy. `rm -rf src`: No policy rule allows this command.',
    });
    expect(finals.get('w')).toMatchObject({
      status: 'FAILED',
      error: { type: 'policy_violation' },
      confirmation_outcome: {
        decision: 'deny',
        decided_by: 'policy.toml:2:1 (workflow, priority 3.100)',
      },
    });
    expect(finals.get('l')?.confirmation_outcome).toMatchObject({
      decision: 'allow',
      decided_by: 'policy.toml:3:1 (workflow, priority 3.100)',
    });
  });
});
