// A main session with subagents, as the CLI and the Action run it (startAgent), against the fake
// Gemini server: the main agent's requests take the main script, each subagent's the script of
// its lane, so parallel subagents can be scripted whatever order their requests arrive in.
import path from 'node:path';
import { z } from 'zod';
import type { AgentEvent, ToolCallData } from '../../../src/agent/events.js';
import type { AgentDefinition } from '../../../src/agent/subagents/agent-definition.js';
import { defineAgent } from '../../../src/agent/subagents/agent-definition.js';
import { chooseModel } from '../../../src/model/model-choice.js';
import { createContentGenerator } from '../../../src/model/create-content-generator.js';
import { memoryLogger } from '../../../src/platform/logger.js';
import { createPolicyEngine } from '../../../src/policy/policy-engine.js';
import type { PolicyRule } from '../../../src/policy/policy-types.js';
import { startAgent } from '../../../src/session-setup/run-agent.js';
import type { FakeLane, FakeStep } from '../../support/fake-gemini.js';
import { instantRetry, useFakeGemini } from '../../support/fake-gemini.js';
import { tempRepo } from '../../support/temp-repo.js';
import { rule } from '../../policy/support/rules.js';
import { simpleShell } from '../../policy/support/simple-shell.js';

/** What the subagents of these tests may do: read, hand in; writing is refused with a reason. */
export const SUBAGENT_RULES: PolicyRule[] = [
  rule({ toolNames: ['read_file', 'glob', 'invoke_agent', 'complete_task'], decision: 'allow' }),
  rule({ toolNames: ['write_file'], decision: 'deny', denyMessage: 'Nothing is written here.' }),
];

/** An agent that reads the workspace and hands in a structured answer. */
export function inspector(overrides: Partial<AgentDefinition> = {}): AgentDefinition {
  return defineAgent({
    name: 'inspector',
    description: 'Answers one question about the code.',
    systemPrompt: 'You are the Inspector. Answer the question about the code.',
    query: 'Question: ${question}',
    inputSchema: z.object({ question: z.string() }),
    output: {
      name: 'answer',
      description: 'The answer and the files it rests on.',
      schema: z.object({ text: z.string().min(1), files: z.array(z.string()).min(1) }),
    },
    tools: ['read_file', 'glob', 'write_file'],
    source: 'test',
    ...overrides,
  });
}

export async function runWithSubagents(options: {
  script: FakeStep[];
  lanes?: FakeLane[];
  agents: AgentDefinition[];
  rules?: PolicyRule[];
  budgets?: { tokenBudget?: number };
}) {
  const gemini = await useFakeGemini(options.script, { lanes: options.lanes ?? [] });
  const repo = await tempRepo({
    'README.md': '# demo\n',
    'src/config.ts': 'export const retries = 3;\n',
  });
  const contentGenerator = await createContentGenerator(
    { type: 'gemini-api-key', apiKey: 'test-key', baseUrl: gemini.url },
    { retry: instantRetry() },
  );
  const events: AgentEvent[] = [];
  const logger = memoryLogger();
  const engine = createPolicyEngine({
    rules: options.rules ?? SUBAGENT_RULES,
    analyzeShell: simpleShell,
  });
  const { result } = await startAgent({
    prompt: 'How many retries are configured?',
    workspaceRoot: repo,
    model: chooseModel([], '--model'),
    sessionId: 'main-session',
    contentGenerator,
    policy: { engine, runMode: 'invoke', trust: 'maintainer' },
    logger,
    onEvent: (event) => events.push(event),
    env: {},
    userMemoryPath: path.join(repo, '..', 'memory.md'),
    agents: options.agents,
    ...(options.budgets ? { budgets: options.budgets } : {}),
  });
  const session = await result;
  return { session, events, gemini, logger, repo };
}

/** The last state of each call of the main session, by id. */
export function mainCalls(events: readonly AgentEvent[]): Map<string, ToolCallData> {
  const calls = new Map<string, ToolCallData>();
  for (const event of events) {
    if (event.kind === 'tool_call_update') calls.set(event.tool_call.tool_call_id, event.tool_call);
  }
  return calls;
}

/** The events of subagents, with the call they are nested under. */
export function nested(events: readonly AgentEvent[]) {
  return events.flatMap((event) =>
    event.kind === 'subagent_event'
      ? [{ parent: event.parent_call_id, agent: event.agent_name, event: event.event }]
      : [],
  );
}
