// Failures on the way to the model — quota errors, server errors, broken streams, malformed
// function calls, a server slower than the session's time limit — in a real session.
import { describe, expect, it } from 'vitest';
import {
  callsReply,
  chunk,
  cutStream,
  functionCallPart,
  httpError,
  reply,
  textPart,
  textReply,
} from '../support/fake-gemini.js';
import { eventsOf, model, output, startIntegration, user } from './support.js';

const README = '# Demo\n';
const readReadme = { name: 'read_file', args: { absolute_path: 'README.md' }, id: 'r1' };

describe('a session whose model requests fail', () => {
  it('waits as long as a 429 asks, then sends the identical request again', async () => {
    const t = await startIntegration({
      files: { 'README.md': README },
      script: [
        callsReply([readReadme]),
        httpError(429, 'Resource has been exhausted (e.g. check quota).', { retryDelay: '2.5s' }),
        textReply('The README has a title only.'),
      ],
    });

    const result = await t.run('Summarise the README.');

    expect(result).toMatchObject({
      reason: 'completed',
      response: 'The README has a title only.',
      turns: 2,
    });
    const [, failed, retried] = t.bodies();
    expect(failed?.contents.slice(-2)).toEqual([
      model(functionCallPart(readReadme)),
      user(output('r1', 'read_file', README)),
    ]);
    expect(retried).toEqual(failed);
    expect(t.retry.delays).toEqual([2500]);
    expect(t.retry.retries.map((r) => [r.attempt, r.error.status, r.error.retryDelayMs])).toEqual([
      [1, 429, 2500],
    ]);
    expect(t.retry.retries[0]?.error.message).toBe(
      'The model API answered HTTP 429 RESOURCE_EXHAUSTED: Resource has been exhausted (e.g. check quota).',
    );
    // The tool ran once: a retry repeats the request, not the turn.
    expect(
      eventsOf(t.events, 'tool_call_update').filter((e) => e.tool_call.status === 'SUCCEEDED'),
    ).toHaveLength(1);
  });

  it('backs off after a 500 and sends the identical request again', async () => {
    const t = await startIntegration({
      script: [httpError(500, 'Internal error encountered.'), textReply('Hello.')],
    });

    const result = await t.run('Say hello.');

    expect(result.reason).toBe('completed');
    expect(result.response).toBe('Hello.');
    const [failed, retried] = t.bodies();
    expect(retried).toEqual(failed);
    expect(t.bodies()).toHaveLength(2);
    // The first computed backoff (5 s, no jitter with random() = 0.5).
    expect(t.retry.delays).toEqual([5000]);
    expect(t.retry.retries[0]?.error.status).toBe(500);
  });

  it('retries a stream that breaks off midway; only the complete second reply is seen', async () => {
    const t = await startIntegration({
      files: { 'README.md': README },
      script: [
        cutStream(
          [chunk([textPart('I will read the READ')]), chunk([functionCallPart(readReadme)])],
          { after: 1 },
        ),
        callsReply([readReadme], { text: ['I will read ', 'the README.'] }),
        textReply('It is a demo.'),
      ],
    });

    const result = await t.run('What is this repository?');

    expect(result.reason).toBe('completed');
    expect(t.retry.retries.map((r) => r.error.kind)).toEqual(['stream_cut']);
    const [cut, retried, last] = t.bodies();
    expect(retried).toEqual(cut);
    expect(last?.contents).toEqual([
      ...(cut?.contents ?? []),
      model({ text: 'I will read the README.' }, functionCallPart(readReadme)),
      user(output('r1', 'read_file', README)),
    ]);
    expect(eventsOf(t.events, 'text_content').map((e) => e.text)).toEqual([
      'I will read the README.',
      'It is a demo.',
    ]);
    expect(result.response).toBe('I will read the README.\n\nIt is a demo.');
    expect(result.history.slice(-3)).toEqual([
      model({ text: 'I will read the README.' }, functionCallPart(readReadme)),
      user(output('r1', 'read_file', README)),
      model({ text: 'It is a demo.' }),
    ]);
  });

  it('retries a MALFORMED_FUNCTION_CALL reply with the identical request', async () => {
    const t = await startIntegration({
      files: { 'README.md': README },
      script: [
        reply({ finishReason: 'MALFORMED_FUNCTION_CALL' }),
        callsReply([readReadme]),
        textReply('Read it.'),
      ],
    });

    const result = await t.run('Read the README.');

    expect(result.reason).toBe('completed');
    const [malformed, retried, last] = t.bodies();
    expect(retried).toEqual(malformed);
    expect(last?.contents.slice(-2)).toEqual([
      model(functionCallPart(readReadme)),
      user(output('r1', 'read_file', README)),
    ]);
    expect(t.retry.delays).toEqual([500]);
    expect(t.retry.retries.map((r) => r.error.kind)).toEqual(['invalid_response']);
  });

  it('gives up with model_error after three MALFORMED_FUNCTION_CALL replies', async () => {
    const malformed = () => reply({ finishReason: 'MALFORMED_FUNCTION_CALL' });
    const t = await startIntegration({
      script: [malformed(), malformed(), malformed(), textReply('never requested')],
    });

    const result = await t.run('Do something.');

    expect(result.reason).toBe('model_error');
    expect(result.error).toBe(
      "The model request failed: The model's reply was unusable after 3 attempt(s): the model produced a malformed function call (finish reason MALFORMED_FUNCTION_CALL).",
    );
    const bodies = t.bodies();
    expect(bodies).toHaveLength(3);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(t.server.remaining()).toBe(1);
    expect(t.retry.delays).toEqual([500, 1000]);
    expect(eventsOf(t.events, 'state_change').at(-1)).toMatchObject({
      state: 'failed',
      reason: 'model_error',
      message: result.error,
    });
  });

  it('stops at the time limit and aborts the request still in flight', async () => {
    const t = await startIntegration({
      script: [textReply('Too late.', { delayMs: 5000 })],
      session: { budgets: { timeoutMs: 300 } },
    });

    const result = await t.run('Take your time.');

    expect(result.reason).toBe('timeout');
    expect(result.error).toBe('Stopped after 300ms (timeout).');
    expect(result.response).toBe('');
    expect(t.generateRequests()).toHaveLength(1);
    expect(t.fetchSignals).toHaveLength(1);
    expect(t.fetchSignals[0]?.aborted).toBe(true);
    expect(t.retry.retries).toEqual([]);
    expect(eventsOf(t.events, 'text_content')).toEqual([]);
    expect(eventsOf(t.events, 'state_change').at(-1)).toMatchObject({
      state: 'failed',
      final: true,
      reason: 'timeout',
      message: 'Stopped after 300ms (timeout).',
    });
  });
});
