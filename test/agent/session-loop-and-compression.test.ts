import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_SYSTEM_PROMPT } from '../../src/agent/compression.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { createHarness, eventsOf } from './support/harness.js';
import { call, reply, text, usage } from './support/scripted-generator.js';

const fr = (id: string, output: string) => ({
  functionResponse: { id, name: 'read_note', response: { output } },
});

/** Consecutive contents alternate roles, and every function response answers the call before it. */
function expectValidHistory(history: Content[]): void {
  expect(history[0]?.role).toBe('user');
  for (let i = 1; i < history.length; i++) {
    expect(history[i]?.role).not.toBe(history[i - 1]?.role);
  }
  history.forEach((content, i) => {
    const responses = (content.parts ?? []).flatMap((p) =>
      p.functionResponse ? [p.functionResponse] : [],
    );
    if (responses.length === 0) return;
    const calls = (history[i - 1]?.parts ?? []).flatMap((p) =>
      p.functionCall ? [p.functionCall] : [],
    );
    expect(calls.map((c) => c.name)).toEqual(responses.map((r) => r.name));
  });
}

describe('AgentSession loop detection', () => {
  it('warns once with a note to the model, then stops on the second loop', async () => {
    const same = () => reply([call('read_note', { name: 'a' })]);
    const h = await createHarness(Array.from({ length: 11 }, same));

    const result = await h.session.run('go');

    expect(result.reason).toBe('loop_detected');
    expect(result.error).toBe(
      'Stopped: the model kept repeating itself after a warning (5 identical calls of read_note in a row).',
    );
    expect(h.generator.requests).toHaveLength(10);
    // The tenth, repeated call is not run.
    expect(h.log.executed).toHaveLength(9);
    const warnings = eventsOf(h.events, 'warning');
    expect(warnings.map((w) => [w.code, w.turn])).toEqual([['loop_detected', 5]]);
    expect(warnings[0]?.message).toContain('5 identical calls of read_note in a row');

    // The note rides on the next user content, after the function response.
    const sixth = h.generator.requests[5]?.request.contents as Content[];
    const last = sixth[sixth.length - 1];
    expect(last?.parts?.[0]).toEqual(fr('read_note-5-0', 'note a'));
    expect(last?.parts?.[1]?.text).toMatch(
      /^System note: you are repeating yourself \(5 identical calls of read_note in a row\)\. .*take a different approach/,
    );
    expect(last?.parts).toHaveLength(2);
    // Only once: the seventh request carries no note.
    const seventh = h.generator.requests[6]?.request.contents as Content[];
    expect(seventh[seventh.length - 1]?.parts).toHaveLength(1);
  });

  it('notices a cycle of different calls', async () => {
    const a = () => reply([call('read_note', { name: 'a' })]);
    const b = () => reply([call('write_note', { name: 'b' })]);
    const h = await createHarness([a(), b(), a(), b(), a(), b(), reply([text('Changed tack.')])]);
    const result = await h.session.run('go');
    expect(result.reason).toBe('completed');
    expect(eventsOf(h.events, 'warning').map((w) => [w.code, w.turn])).toEqual([
      ['loop_detected', 6],
    ]);
    expect(eventsOf(h.events, 'warning')[0]?.message).toContain(
      'the same cycle of 2 calls (read_note → write_note) repeated 3 times',
    );
  });

  it('asks again with a note when a final answer chants the same text', async () => {
    const chant = 'I will now fix the failing test in the parser module. '.repeat(15);
    const h = await createHarness([reply([text(chant)]), reply([text('Fixed the parser test.')])]);
    const result = await h.session.run('go');
    expect(result.reason).toBe('completed');
    expect(eventsOf(h.events, 'warning').map((w) => w.code)).toEqual(['loop_detected']);
    const second = h.generator.requests[1]?.request.contents as Content[];
    expect(second.at(-2)?.role).toBe('model');
    expect(second.at(-1)).toEqual({
      role: 'user',
      parts: [
        { text: expect.stringMatching(/^System note: you are repeating yourself/) as unknown },
      ],
    });
  });

  it('can be switched off', async () => {
    const same = () => reply([call('read_note', { name: 'a' })]);
    const h = await createHarness([...Array.from({ length: 6 }, same), reply([text('ok')])], {
      loopDetection: { enabled: false },
    });
    const result = await h.session.run('go');
    expect(result.reason).toBe('completed');
    expect(eventsOf(h.events, 'warning')).toEqual([]);
  });
});

describe('AgentSession chat compression', () => {
  const summary = '<state_snapshot><task>go</task></state_snapshot>';

  it('compresses a one-prompt session into a summary plus a tail that starts at a model call', async () => {
    const h = await createHarness(
      [
        reply([call('read_note', { name: 'a' }, { id: 'c1' })], { usage: usage(100, 10) }),
        reply([call('read_note', { name: 'b' }, { id: 'c2' })], { usage: usage(200, 10) }),
        reply([call('read_note', { name: 'c' }, { id: 'c3', thoughtSignature: 'sig-3' })], {
          usage: usage(600, 10),
        }),
        reply([text(summary)], { usage: usage(300, 40) }),
        reply([text('Done.')], { usage: usage(90, 5) }),
      ],
      { compression: { tokenLimit: 1000, threshold: 0.5, preserveFraction: 0.3 } },
    );

    const result = await h.session.run('go');

    expect(result.reason).toBe('completed');
    expect(h.generator.requests.map((r) => [r.method, r.promptId])).toEqual([
      ['generateContentStream', 'session-1########1'],
      ['generateContentStream', 'session-1########2'],
      ['generateContentStream', 'session-1########3'],
      ['generateContent', 'session-1########4'],
      ['generateContentStream', 'session-1########4'],
    ]);
    const before = h.generator.requests[2]?.request.contents as Content[];
    const fullHistory: Content[] = [
      ...before,
      {
        role: 'model',
        parts: [
          {
            functionCall: { name: 'read_note', args: { name: 'c' }, id: 'c3' },
            thoughtSignature: 'sig-3',
          },
        ],
      },
      { role: 'user', parts: [fr('c3', 'note c')] },
    ];

    // The summary request: the older part of the history, the request appended to its last user
    // content, our compression instruction and no tools.
    const summaryRequest = h.generator.requests[3]?.request;
    expect(summaryRequest?.config).toEqual({ systemInstruction: COMPRESSION_SYSTEM_PROMPT });
    const summarised = summaryRequest?.contents as Content[];
    expect(summarised.slice(0, -1)).toEqual(fullHistory.slice(0, summarised.length - 1));
    expect(summarised.at(-1)).toEqual({
      role: 'user',
      parts: [fr('c2', 'note b'), { text: 'Write the <state_snapshot> of our work so far now.' }],
    });

    // The next request: the summary, then the tail starting at the model's call (no acknowledgement
    // needed, roles still alternate), with the call's signature intact.
    const after = h.generator.requests[4]?.request.contents as Content[];
    expect(after).toEqual([{ role: 'user', parts: [{ text: summary }] }, ...fullHistory.slice(-2)]);
    expectValidHistory(after);

    expect(eventsOf(h.events, 'chat_compressed')).toEqual([
      expect.objectContaining({
        turn: 3,
        tokens_before: 600,
        tokens_after_estimate: expect.any(Number) as unknown,
      }),
    ]);
    // The summary's tokens count towards the session's usage.
    expect(result.usage.total_tokens).toBe(110 + 210 + 610 + 340 + 95);
  });

  it('carries on uncompressed, with a warning in the log, when the summary fails', async () => {
    const logger = memoryLogger();
    const h = await createHarness(
      [
        reply([call('read_note', { name: 'a' })], { usage: usage(900, 10) }),
        { error: new Error('summary request failed') },
        reply([call('read_note', { name: 'b' })], { usage: usage(950, 10) }),
        reply([text('Done.')]),
      ],
      { logger, compression: { tokenLimit: 1000, threshold: 0.5 } },
    );
    const result = await h.session.run('go');
    expect(result.reason).toBe('completed');
    expect(logger.lines).toContainEqual({
      level: 'warning',
      message: 'Chat compression failed; continuing without it: summary request failed',
    });
    // One attempt only; the later requests carry the whole history.
    expect(h.generator.requests.map((r) => r.method)).toEqual([
      'generateContentStream',
      'generateContent',
      'generateContentStream',
      'generateContentStream',
    ]);
    expect((h.generator.requests[3]?.request.contents as Content[])[0]?.parts?.[0]?.text).toMatch(
      /^This is the Gemini CLI/,
    );
    expect(eventsOf(h.events, 'chat_compressed')).toEqual([]);
  });
});
