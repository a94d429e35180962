import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { AgentSession } from '../../src/agent/session.js';
import { allowAllConfirmer } from '../../src/agent/confirmer.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { buildRegistry, createHarness, eventsOf, tempDir } from './support/harness.js';
import { ScriptedGenerator, call, reply, text, usage } from './support/scripted-generator.js';

const MINUTE = 60_000;

describe('AgentSession budgets', () => {
  it('stops at max turns, after running the calls of the last allowed turn', async () => {
    const h = await createHarness(
      [
        reply([call('read_note', { name: 'a' })]),
        reply([call('read_note', { name: 'b' })]),
        reply([text('unreachable')]),
      ],
      { budgets: { maxTurns: 2 } },
    );
    const result = await h.session.run('go');
    expect(result.reason).toBe('max_turns');
    expect(result.error).toBe('Stopped after 2 turns (max turns).');
    expect(h.generator.requests).toHaveLength(2);
    expect(h.log.executed).toEqual(['read_note(a)', 'read_note(b)']);
    expect(eventsOf(h.events, 'state_change').at(-1)).toMatchObject({
      state: 'failed',
      final: true,
      reason: 'max_turns',
      message: 'Stopped after 2 turns (max turns).',
    });
  });

  it('runs only the calls within the tool-call budget, cancels the rest, then stops', async () => {
    const h = await createHarness(
      [
        reply([call('read_note', { name: 'a' }), call('read_note', { name: 'b' })]),
        reply([
          call('read_note', { name: 'c' }, { id: 'c3' }),
          call('read_note', { name: 'd' }, { id: 'c4' }),
        ]),
        reply([text('unreachable')]),
      ],
      { budgets: { maxToolCalls: 3 } },
    );
    const result = await h.session.run('go');
    expect(result.reason).toBe('max_tool_calls');
    expect(result.error).toBe('Stopped after 3 tool calls (max tool calls).');
    expect(result.toolCalls).toBe(3);
    expect(h.log.executed).toEqual(['read_note(a)', 'read_note(b)', 'read_note(c)']);
    expect(h.generator.requests).toHaveLength(2);

    const cancelled = eventsOf(h.events, 'tool_call_update').filter(
      (e) => e.tool_call.tool_call_id === 'c4',
    );
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.tool_call).toMatchObject({
      status: 'CANCELLED',
      tool_name: 'read_note',
      kind: 'read',
      error: { type: 'cancelled' },
    });
    // Every call of the turn is answered, so the history stays valid.
    expect(result.history.at(-1)).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { id: 'c3', name: 'read_note', response: { output: 'note c' } } },
        {
          functionResponse: {
            id: 'c4',
            name: 'read_note',
            response: {
              error: "Tool call cancelled: the session's limit of 3 tool calls was reached.",
            },
          },
        },
      ],
    });
  });

  it('stops when the wall clock passes the timeout between steps', async () => {
    const h = await createHarness(
      [
        reply([call('read_note', { name: 'a' })]),
        reply([call('read_note', { name: 'b' })]),
        reply([call('read_note', { name: 'c' })]),
        reply([text('unreachable')]),
      ],
      { budgets: { timeoutMs: 25 * MINUTE } },
    );
    h.generator.onRequest = () => {
      h.clock.advance(10 * MINUTE);
    };
    const result = await h.session.run('go');
    expect(result.reason).toBe('timeout');
    expect(result.error).toBe('Stopped after 25m (timeout).');
    expect(h.generator.requests).toHaveLength(3);
    expect(result.durationMs).toBe(30 * MINUTE);
  });

  it('aborts a running tool when the timeout fires, and tells the model why', async () => {
    let fire: (() => void) | undefined;
    let timerStopped = 0;
    const h = await createHarness(
      [reply([call('wait_for_abort', { name: 'x' }, { id: 'w1' })]), reply([text('unreachable')])],
      {
        scheduleTimeout: (callback, ms) => {
          expect(ms).toBe(30 * MINUTE);
          fire = callback;
          return () => {
            timerStopped++;
          };
        },
        duringWait: () => fire?.(),
      },
    );
    const result = await h.session.run('go');
    expect(result.reason).toBe('timeout');
    expect(result.error).toBe('Stopped after 30m (timeout).');
    expect(h.log.aborted).toBe(true);
    expect(timerStopped).toBe(1);
    const answer = result.history.at(-1)?.parts?.[0]?.functionResponse;
    expect(answer?.id).toBe('w1');
    expect(JSON.stringify(answer?.response)).toContain(
      "the session's time limit (30m) was reached",
    );
    expect(eventsOf(h.events, 'tool_call_update').at(-1)?.tool_call.status).toBe('CANCELLED');
  });

  it('stops when the token budget is exceeded, without running that response’s calls', async () => {
    const h = await createHarness(
      [
        reply([call('read_note', { name: 'a' })], { usage: usage(80, 20) }),
        reply([text('Reading b.'), call('read_note', { name: 'b' })], { usage: usage(90, 10) }),
      ],
      { budgets: { tokenBudget: 150 } },
    );
    const result = await h.session.run('go');
    expect(result.reason).toBe('token_budget');
    expect(result.error).toBe('Stopped after using 200 tokens (token budget 150).');
    expect(h.log.executed).toEqual(['read_note(a)']);
    // What the model said before the stop is still part of the response.
    expect(result.response).toBe('Reading b.');
    expect(result.usage.total_tokens).toBe(200);
  });

  it('ends as cancelled when the caller aborts during a model request', async () => {
    const controller = new AbortController();
    const h = await createHarness([
      reply([call('read_note', { name: 'a' })]),
      {
        hang: true,
        onStart: () => {
          controller.abort();
        },
      },
    ]);
    const result = await h.session.run('go', { signal: controller.signal });
    expect(result.reason).toBe('cancelled');
    expect(result.error).toBe('The session was cancelled.');
    expect(h.generator.requests[1]?.signal?.aborted).toBe(true);
    expect(eventsOf(h.events, 'state_change').at(-1)).toMatchObject({
      state: 'failed',
      reason: 'cancelled',
      final: true,
    });
  });

  it('ends as cancelled when the caller aborts while a tool runs, stopping the tool', async () => {
    const controller = new AbortController();
    const h = await createHarness([reply([call('wait_for_abort', { name: 'x' })])], {
      duringWait: () => {
        controller.abort();
      },
    });
    const result = await h.session.run('go', { signal: controller.signal });
    expect(result.reason).toBe('cancelled');
    expect(h.log.aborted).toBe(true);
  });

  it('makes no request when the signal is already aborted', async () => {
    const h = await createHarness([reply([text('unreachable')])]);
    const result = await h.session.run('go', { signal: AbortSignal.abort() });
    expect(result.reason).toBe('cancelled');
    expect(h.generator.requests).toHaveLength(0);
  });

  it('ends a request whose transport ignores the abort signal', async () => {
    const controller = new AbortController();
    const { registry } = buildRegistry();
    const generator = new ScriptedGenerator([]);
    // A transport that never settles, whatever its signal says.
    generator.generateContentStream = () => {
      controller.abort();
      return new Promise(() => undefined);
    };
    const session = new AgentSession({
      model: 'gemini-2.5-test',
      contentGenerator: generator,
      registry,
      confirmer: allowAllConfirmer,
      workspaceRoot: await tempDir(),
      userMemoryPath: null,
    });
    const result = await session.run('go', { signal: controller.signal });
    expect(result.reason).toBe('cancelled');
    expect(result.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects impossible budgets when the session is created', () => {
    const { registry } = buildRegistry();
    const create = (budgets: Record<string, number>) =>
      new AgentSession({
        model: 'gemini-2.5-test',
        contentGenerator: new ScriptedGenerator([]),
        registry,
        confirmer: allowAllConfirmer,
        workspaceRoot: '.',
        budgets,
      });
    expect(() => create({ maxTurns: 0 })).toThrow(ConfigurationError);
    expect(() => create({ maxToolCalls: 2.5 })).toThrow(
      /maxToolCalls must be a positive whole number/,
    );
    expect(() => create({ timeoutMs: -1 })).toThrow(ConfigurationError);
  });
});

describe('AgentSession history after a stop', () => {
  it('keeps every answered call paired with its call', async () => {
    const h = await createHarness(
      [reply([call('read_note', { name: 'a' }, { id: 'x' })]), reply([text('unreachable')])],
      { budgets: { maxTurns: 1 } },
    );
    const result = await h.session.run('go');
    const [model, answer] = result.history.slice(-2) as [Content, Content];
    expect(model.parts?.[0]?.functionCall?.id).toBe('x');
    expect(answer.parts?.[0]?.functionResponse?.id).toBe('x');
  });
});
