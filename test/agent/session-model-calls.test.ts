// The session's `model_call` events: each request the model layer reports while the session runs
// joins its event stream, before what the reply showed, and none after the session ended.
import { describe, expect, it } from 'vitest';
import { reportModelCalls, ModelCalls } from '../../src/model/model-calls.js';
import { ModelRequestError } from '../../src/model/errors.js';
import { createHarness, eventsOf, fakeClock, START } from './support/harness.js';
import { ScriptedGenerator, call, reply, text, usage } from './support/scripted-generator.js';

/** A session whose generator reports into the feed the session listens to, on the fake clock. */
async function reportingHarness(scripted: ScriptedGenerator) {
  const clock = fakeClock();
  const modelCalls = new ModelCalls();
  const harness = await createHarness([], {
    modelCalls,
    now: clock.now,
    contentGenerator: reportModelCalls(scripted, modelCalls.report, clock.now),
  });
  return { ...harness, modelCalls };
}

describe('AgentSession model_call events', () => {
  it('reports each request of the session with its prompt id, tokens and finish reason', async () => {
    const h = await reportingHarness(
      new ScriptedGenerator([
        reply([call('read_note', { name: 'a' }, { id: 'c1' })], { usage: usage(100, 20) }),
        reply([text('Done.')], { usage: usage(150, 5) }),
      ]),
    );

    const result = await h.session.run('Read note a');

    expect(result.reason).toBe('completed');
    const calls = eventsOf(h.events, 'model_call');
    expect(calls.map((event) => event.call)).toEqual([
      {
        model: 'gemini-2.5-test',
        prompt_id: 'session-1########1',
        started_at: new Date(START).toISOString(),
        duration_ms: 0,
        finish_reasons: ['STOP'],
        usage: {
          input_tokens: 100,
          output_tokens: 20,
          cached_tokens: 0,
          thoughts_tokens: 0,
          tool_use_prompt_tokens: 0,
          total_tokens: 120,
        },
        // A model the table does not price: unknown, never 0.
        cost: {
          model: 'gemini-2.5-test',
          usd: null,
          unknown: 'gemini-2.5-test is not in the model table, so it has no list price',
        },
      },
      expect.objectContaining({ prompt_id: 'session-1########2', finish_reasons: ['STOP'] }),
    ]);
    // The request comes before what its reply showed.
    const kinds = h.events.map((event) => event.kind);
    expect(kinds.indexOf('model_call')).toBeLessThan(kinds.indexOf('token_usage'));
    expect(calls.map((event) => event.turn)).toEqual([1, 2]);

    h.modelCalls.report({
      model: 'm',
      promptId: 'late',
      startedAt: 0,
      durationMs: 0,
      finishReasons: [],
    });
    expect(eventsOf(h.events, 'model_call')).toHaveLength(2);
  });

  it('reports a failed request with its status before the session ends', async () => {
    const h = await reportingHarness(
      new ScriptedGenerator([
        { error: new ModelRequestError('permission denied', { kind: 'http', status: 403 }) },
      ]),
    );

    const result = await h.session.run('Anything');

    expect(result.reason).toBe('auth_error');
    expect(eventsOf(h.events, 'model_call').map((event) => event.call.error)).toEqual([
      { message: 'permission denied', type: 'http', http_status: 403 },
    ]);
  });
});
