// The agent executor in a real session: the main agent calls a subagent like a tool, the
// subagent runs its own loop on the same transport, scheduler and policy, and hands in output
// through complete_task. Everything is observed where a user would see it: on the wire (what
// each agent was sent), in the event stream (nested under the parent's call), and in what the
// main agent reads back.
import { describe, expect, it } from 'vitest';
import type { GeminiBody } from '../../integration/support.js';
import {
  answeredCallsOf,
  callsReply,
  lane,
  reply,
  textReply,
  usage,
} from '../../support/fake-gemini.js';
import type { FakeRequest } from '../../support/fake-gemini.js';
import { rule } from '../../policy/support/rules.js';
import { SUBAGENT_RULES, inspector, mainCalls, nested, runWithSubagents } from './support.js';

const INSPECTOR = { instruction: 'You are the Inspector' };
const handIn = (id: string, answer: unknown) =>
  callsReply([{ id, name: 'complete_task', args: { answer } }]);
const goodAnswer = { text: 'Three retries.', files: ['src/config.ts'] };

function body(request: FakeRequest | undefined): GeminiBody {
  return request?.body as GeminiBody;
}

function declared(request: FakeRequest | undefined): string[] {
  return (body(request).tools ?? []).flatMap((tool) =>
    (tool.functionDeclarations ?? []).map((declaration) => declaration.name),
  );
}

/** The function responses the request's last message carries. */
function responses(request: FakeRequest | undefined) {
  return (body(request).contents.at(-1)?.parts ?? []).map((part) => part.functionResponse);
}

describe('the agent executor', () => {
  it('runs a subagent that hands in valid output; the main agent reads it', async () => {
    const run = await runWithSubagents({
      agents: [inspector()],
      script: [
        callsReply([{ id: 'm1', name: 'inspector', args: { question: 'How many retries?' } }]),
        textReply('There are three retries.'),
      ],
      lanes: [
        lane('inspector', INSPECTOR, [
          callsReply([{ id: 's1', name: 'glob', args: { pattern: 'src/*.ts' } }]),
          handIn('s2', goodAnswer),
        ]),
      ],
    });

    expect(run.session.reason).toBe('completed');
    const [first, second] = run.gemini.generateRequests().filter((r) => r.lane === undefined);
    // The main agent is offered the subagent as a tool, with its description and inputs.
    const offered = body(first).tools?.[0]?.functionDeclarations?.find(
      (d) => d.name === 'inspector',
    );
    expect(offered).toMatchObject({
      description: 'Answers one question about the code.',
      parametersJsonSchema: { properties: { question: { type: 'string' } } },
    });
    expect(declared(first)).not.toContain('invoke_agent');
    const answer = responses(second)[0];
    expect(answer?.name).toBe('inspector');
    expect(JSON.stringify(answer?.response)).toContain('Three retries.');

    // The subagent ran its own conversation: its prompt, its query, its tools.
    const sub = run.gemini.generateRequests().filter((r) => r.lane === 'inspector');
    expect(sub).toHaveLength(2);
    const instruction = body(sub[0]).systemInstruction?.parts?.[0]?.text ?? '';
    expect(instruction).toMatch(/^You are the Inspector\./);
    expect(instruction).toContain('you MUST call the `complete_task` tool');
    expect(JSON.stringify(body(sub[0]).contents)).toContain('Question: How many retries?');
    // write_file is denied by the policy outright, so it is not even offered.
    expect(declared(sub[0]).sort()).toEqual(['complete_task', 'glob', 'read_file']);
    expect(answeredCallsOf(sub[1] as FakeRequest)).toEqual(['glob']);

    // In the stream, every event of the subagent sits under the main agent's call.
    const inner = nested(run.events);
    expect(new Set(inner.map((entry) => `${entry.parent}/${entry.agent}`))).toEqual(
      new Set(['m1/inspector']),
    );
    const innerCalls = inner.flatMap((entry) =>
      entry.event.kind === 'tool_call_update' && entry.event.tool_call.status === 'SUCCEEDED'
        ? [entry.event.tool_call.tool_name]
        : [],
    );
    expect(innerCalls).toEqual(['glob', 'complete_task']);
    const end = inner.at(-1)?.event;
    expect(end).toMatchObject({ kind: 'state_change', final: true, reason: 'completed' });
    expect(end?.session_id).not.toBe('main-session');
    expect(mainCalls(run.events).get('m1')).toMatchObject({
      status: 'SUCCEEDED',
      kind: 'agent',
      output: {
        text: expect.stringMatching(/^Result handed in \(2 turns · 2 tool calls · /) as unknown,
      },
    });
  });

  it('sends output that does not fit the schema back as an error until the agent fixes it', async () => {
    const run = await runWithSubagents({
      agents: [inspector()],
      script: [
        callsReply([{ id: 'm1', name: 'inspector', args: { question: 'How many retries?' } }]),
        textReply('Three.'),
      ],
      lanes: [
        lane('inspector', INSPECTOR, [
          handIn('s1', { text: 'Three retries.' }),
          handIn('s2', goodAnswer),
        ]),
      ],
    });

    const sub = run.gemini.generateRequests().filter((r) => r.lane === 'inspector');
    const refusal = responses(sub[1])[0];
    expect(refusal?.name).toBe('complete_task');
    expect(refusal?.response).toEqual({
      error: expect.stringMatching(
        /^Invalid parameters for complete_task: answer\.files: /,
      ) as unknown,
    });
    const answer = responses(run.gemini.generateRequests().filter((r) => !r.lane)[1])[0];
    expect(JSON.stringify(answer?.response)).toContain('src/config.ts');
    expect(mainCalls(run.events).get('m1')?.status).toBe('SUCCEEDED');
  });

  it('returns a subagent that runs out of turns as a failed call the main agent reads', async () => {
    const run = await runWithSubagents({
      agents: [inspector({ maxTurns: 2 })],
      script: [
        callsReply([{ id: 'm1', name: 'inspector', args: { question: 'Where is it set?' } }]),
        textReply('The inspector ran out of turns; the setting is not known.'),
      ],
      lanes: [
        lane('inspector', INSPECTOR, [
          callsReply([{ id: 's1', name: 'glob', args: { pattern: 'src/*.ts' } }]),
          callsReply([{ id: 's2', name: 'glob', args: { pattern: '*.md' } }]),
        ]),
      ],
    });

    expect(run.session.reason).toBe('completed');
    expect(run.gemini.remaining('inspector')).toBe(0);
    const failure = responses(run.gemini.generateRequests().filter((r) => !r.lane)[1])[0];
    expect(failure?.response).toEqual({
      error:
        "Subagent 'inspector' stopped without a result: it reached its limit of 2 turns (max_turns).",
    });
    expect(mainCalls(run.events).get('m1')).toMatchObject({ status: 'FAILED' });
    expect(nested(run.events).at(-1)?.event).toMatchObject({
      kind: 'state_change',
      reason: 'max_turns',
    });
  });

  it('returns a subagent that hits its timeout as data, and the run goes on', async () => {
    const run = await runWithSubagents({
      agents: [inspector({ timeoutMs: 300 })],
      script: [
        callsReply([{ id: 'm1', name: 'inspector', args: { question: 'Where is it set?' } }]),
        textReply('The inspector timed out.'),
      ],
      lanes: [lane('inspector', INSPECTOR, [reply({ text: 'Thinking…', delayMs: 10_000 })])],
    });

    expect(run.session.reason).toBe('completed');
    const failure = responses(run.gemini.generateRequests().filter((r) => !r.lane)[1])[0];
    expect(failure?.response).toEqual({
      error: "Subagent 'inspector' stopped without a result: it reached its time limit of 300ms.",
    });
    expect(nested(run.events).at(-1)?.event).toMatchObject({ reason: 'timeout' });
  });

  it('judges every call inside a subagent by the policy, and reports the denial under the call', async () => {
    const run = await runWithSubagents({
      agents: [inspector()],
      script: [
        callsReply([{ id: 'm1', name: 'inspector', args: { question: 'Fix it.' } }]),
        textReply('Done.'),
      ],
      lanes: [
        lane('inspector', INSPECTOR, [
          callsReply([
            { id: 's1', name: 'write_file', args: { file_path: 'src/config.ts', content: 'x' } },
          ]),
          handIn('s2', { text: 'I may not write.', files: ['src/config.ts'] }),
        ]),
      ],
    });

    const sub = run.gemini.generateRequests().filter((r) => r.lane === 'inspector');
    expect(responses(sub[1])[0]).toEqual({
      id: 's1',
      name: 'write_file',
      response: { error: 'Tool execution denied by policy. Nothing is written here.' },
    });
    const denied = nested(run.events)
      .map((entry) => entry.event)
      .filter((event) => event.kind === 'tool_call_update')
      .map((event) => event.tool_call)
      .filter((call) => call.tool_name === 'write_file')
      .at(-1);
    expect(denied).toMatchObject({
      status: 'FAILED',
      error: { type: 'policy_violation' },
      confirmation_outcome: {
        decision: 'deny',
        decided_by: expect.stringContaining('policy.toml') as unknown,
      },
    });
  });

  it('runs read-only subagents of one turn in parallel, each nested under its own call', async () => {
    const run = await runWithSubagents({
      agents: [inspector({ tools: ['glob', 'read_file'] })],
      script: [
        callsReply([
          { id: 'a', name: 'inspector', args: { question: 'alpha' } },
          { id: 'b', name: 'inspector', args: { question: 'beta' } },
        ]),
        textReply('Both answered.'),
      ],
      lanes: [
        lane('alpha', { ...INSPECTOR, userText: 'Question: alpha' }, [
          // Slow: if the subagents ran one after the other, beta would not start before this.
          callsReply([{ id: 'a1', name: 'glob', args: { pattern: 'src/*.ts' } }], { delayMs: 400 }),
          handIn('a2', { text: 'alpha', files: ['src/config.ts'] }),
        ]),
        lane('beta', { ...INSPECTOR, userText: 'Question: beta' }, [
          callsReply([{ id: 'b1', name: 'glob', args: { pattern: '*.md' } }]),
          handIn('b2', { text: 'beta', files: ['README.md'] }),
        ]),
      ],
    });

    const requests = run.gemini.generateRequests();
    const index = (name: string, step: number) =>
      requests.find((r) => r.lane === name && r.step === step)?.index ?? Number.NaN;
    expect(index('beta', 1)).toBeLessThan(index('alpha', 2));
    expect(index('beta', 2)).toBeLessThan(index('alpha', 2));

    const inner = nested(run.events);
    const sessionsOf = (parent: string) =>
      new Set(inner.filter((entry) => entry.parent === parent).map((e) => e.event.session_id));
    expect(sessionsOf('a').size).toBe(1);
    expect(sessionsOf('b').size).toBe(1);
    expect([...sessionsOf('a')][0]).not.toBe([...sessionsOf('b')][0]);
    const handedIn = (parent: string) =>
      inner
        .filter((entry) => entry.parent === parent)
        .flatMap((entry) =>
          entry.event.kind === 'tool_call_update' &&
          entry.event.tool_call.tool_name === 'complete_task' &&
          entry.event.tool_call.status === 'SUCCEEDED'
            ? [entry.event.tool_call.input_parameters]
            : [],
        );
    expect(handedIn('a')).toEqual([{ answer: { text: 'alpha', files: ['src/config.ts'] } }]);
    expect(handedIn('b')).toEqual([{ answer: { text: 'beta', files: ['README.md'] } }]);
    const answers = responses(requests.filter((r) => !r.lane)[1]);
    expect(answers.map((answer) => answer?.id)).toEqual(['a', 'b']);
  });

  it('runs a subagent with a write tool alone, not beside the other calls of its turn', async () => {
    const run = await runWithSubagents({
      agents: [inspector()],
      script: [
        callsReply([
          { id: 'a', name: 'inspector', args: { question: 'alpha' } },
          { id: 'b', name: 'inspector', args: { question: 'beta' } },
        ]),
        textReply('Both answered.'),
      ],
      lanes: [
        lane('alpha', { ...INSPECTOR, userText: 'Question: alpha' }, [
          callsReply([{ id: 'a1', name: 'glob', args: { pattern: 'src/*.ts' } }], { delayMs: 200 }),
          handIn('a2', { text: 'alpha', files: ['x'] }),
        ]),
        lane('beta', { ...INSPECTOR, userText: 'Question: beta' }, [
          handIn('b1', { text: 'beta', files: ['y'] }),
        ]),
      ],
    });
    // It may write (write_file is among its tools): beta starts only once alpha is done.
    const order = run.gemini
      .generateRequests()
      .filter((r) => r.lane)
      .map((r) => r.lane);
    expect(order).toEqual(['alpha', 'alpha', 'beta']);
    expect(mainCalls(run.events).get('a')).toMatchObject({ kind: 'agent', status: 'SUCCEEDED' });
    expect(mainCalls(run.events).get('b')?.status).toBe('SUCCEEDED');
  });

  it('counts the tokens of subagents against the run’s token budget', async () => {
    const run = await runWithSubagents({
      agents: [inspector()],
      budgets: { tokenBudget: 5_000 },
      script: [
        callsReply([{ id: 'm1', name: 'inspector', args: { question: 'q' } }], {
          usage: usage({ prompt: 1_000, candidates: 10 }),
        }),
        textReply('Answered.', { usage: usage({ prompt: 1_100, candidates: 10 }) }),
      ],
      lanes: [
        lane('inspector', INSPECTOR, [
          callsReply([{ id: 's1', name: 'complete_task', args: { answer: goodAnswer } }], {
            usage: usage({ prompt: 4_000, candidates: 100 }),
          }),
        ]),
      ],
    });
    // 1,010 + 4,100 of the subagent + 1,110 is over 5,000: the main agent stops after its answer.
    expect(run.session.reason).toBe('token_budget');
    expect(run.session.error).toBe('Stopped after using 6220 tokens (token budget 5000).');
    expect(run.session.usage.total_tokens).toBe(2_120);
  });

  it('lets the policy deny a subagent by its name: it is not offered, and a call is refused', async () => {
    const run = await runWithSubagents({
      agents: [inspector()],
      rules: [
        ...SUBAGENT_RULES,
        rule({
          toolNames: ['inspector'],
          decision: 'deny',
          denyMessage: 'No inspections.',
          priority: 500,
        }),
      ],
      script: [
        callsReply([
          { id: 'm1', name: 'inspector', args: { question: 'q' } },
          { id: 'm2', name: 'invoke_agent', args: { agent_name: 'inspector', prompt: 'q' } },
        ]),
        textReply('Not allowed.'),
      ],
    });
    const [first, second] = run.gemini.generateRequests();
    expect(declared(first)).not.toContain('inspector');
    expect(declared(first)).toContain('codebase_investigator');
    expect(responses(second).map((r) => r?.response)).toEqual([
      { error: 'Tool execution denied by policy. No inspections.' },
      { error: 'Tool execution denied by policy. No inspections.' },
    ]);
  });

  it('accepts the Gemini CLI’s invoke_agent{agent_name, prompt} for a subagent', async () => {
    const run = await runWithSubagents({
      agents: [inspector({ inputSchema: inspector().inputSchema })],
      script: [
        callsReply([
          { id: 'm1', name: 'invoke_agent', args: { agent_name: 'inspector', prompt: 'gamma' } },
          { id: 'm2', name: 'invoke_agent', args: { agent_name: 'nobody', prompt: 'x' } },
        ]),
        textReply('Done.'),
      ],
      lanes: [
        lane('inspector', { ...INSPECTOR, userText: 'Question: gamma' }, [
          handIn('s1', goodAnswer),
        ]),
      ],
    });
    const answers = responses(run.gemini.generateRequests().filter((r) => !r.lane)[1]);
    expect(JSON.stringify(answers[0]?.response)).toContain('Three retries.');
    expect(answers[1]?.response).toEqual({
      error: "Subagent 'nobody' not found. Available: 'codebase_investigator', 'inspector'.",
    });
  });
});
