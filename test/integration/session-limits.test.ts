// The session's own limits in a real session: the turn limit, loop detection and chat compression,
// asserted on what the server received.
import { describe, expect, it } from 'vitest';
import { COMPRESSION_SYSTEM_PROMPT } from '../../src/agent/compression.js';
import { callsReply, functionCallPart, textReply, usage } from '../support/fake-gemini.js';
import { eventsOf, model, output, startIntegration, user } from './support.js';

const succeeded = (events: Parameters<typeof eventsOf>[0]) =>
  eventsOf(events, 'tool_call_update').filter((e) => e.tool_call.status === 'SUCCEEDED');

describe('a session that reaches its limits', () => {
  it('stops at the turn limit without sending a request beyond it', async () => {
    const t = await startIntegration({
      files: { 'a.txt': 'A\n', 'b.txt': 'B\n' },
      script: [
        callsReply([{ name: 'read_file', args: { absolute_path: 'a.txt' }, id: 'a' }]),
        callsReply([{ name: 'read_file', args: { absolute_path: 'b.txt' }, id: 'b' }]),
        textReply('never requested'),
      ],
      session: { budgets: { maxTurns: 2 } },
    });

    const result = await t.run('Read both files.');

    expect(result.reason).toBe('max_turns');
    expect(result.error).toBe('Stopped after 2 turns (max turns).');
    expect(result.turns).toBe(2);
    expect(t.generateRequests()).toHaveLength(2);
    expect(t.server.remaining()).toBe(1);
    // The last allowed turn's call still ran and was answered in the history.
    expect(succeeded(t.events).map((e) => e.tool_call.tool_call_id)).toEqual(['a', 'b']);
    expect(result.history.at(-1)).toEqual(user(output('b', 'read_file', 'B\n')));
    expect(eventsOf(t.events, 'state_change').at(-1)).toMatchObject({
      state: 'failed',
      reason: 'max_turns',
      message: 'Stopped after 2 turns (max turns).',
    });
  });

  it('warns on a repeated call, tells the model in the next request, then stops on the second loop', async () => {
    const sameCall = () => callsReply([{ name: 'read_file', args: { absolute_path: 'a.txt' } }]);
    const t = await startIntegration({
      files: { 'a.txt': 'A\n' },
      script: [...Array.from({ length: 10 }, sameCall), textReply('never requested')],
    });

    const result = await t.run('Read a.txt.');

    expect(result.reason).toBe('loop_detected');
    expect(result.error).toBe(
      'Stopped: the model kept repeating itself after a warning (5 identical calls of read_file in a row).',
    );
    expect(t.generateRequests()).toHaveLength(10);
    expect(t.server.remaining()).toBe(1);
    expect(eventsOf(t.events, 'warning').map((w) => [w.turn, w.code, w.message])).toEqual([
      [
        5,
        'loop_detected',
        'Possible loop: 5 identical calls of read_file in a row. The model was told to change its approach.',
      ],
    ]);

    const bodies = t.bodies();
    const call = model(functionCallPart({ name: 'read_file', args: { absolute_path: 'a.txt' } }));
    // Calls without an id are answered under an id of the session's own making.
    expect(bodies[5]?.contents.slice(-2)).toEqual([
      call,
      user(output('read_file-5-0', 'read_file', 'A\n'), {
        text: 'System note: you are repeating yourself (5 identical calls of read_file in a row). Repeating the same actions will not make progress. Stop, reconsider what you have learned so far, and take a different approach. If you are blocked, say what is blocking you in a short summary and finish.',
      }),
    ]);
    // The note is sent once.
    expect(bodies[6]?.contents.slice(-1)).toEqual([
      user(output('read_file-6-0', 'read_file', 'A\n')),
    ]);
    // The tenth repetition is not run.
    expect(succeeded(t.events)).toHaveLength(9);
  });

  it('compresses a one-prompt session: a summary request without tools, then the summary and a tail that starts at a call', async () => {
    const summary = '<state_snapshot><goal>Explain the project</goal></state_snapshot>';
    // A long explanation puts the 70% mark inside the model turn before b.txt's answer, where a
    // split would orphan that function response. (Varied text: a chant would be a loop.)
    const musing = Array.from({ length: 300 }, (_, i) => `fact ${i}`).join(', ');
    const t = await startIntegration({
      files: { 'a.txt': 'A\n', 'b.txt': 'B\n' },
      script: [
        callsReply([{ name: 'read_file', args: { absolute_path: 'a.txt' }, id: 'c1' }], {
          usage: usage({ prompt: 300, candidates: 10 }),
        }),
        callsReply([{ name: 'read_file', args: { absolute_path: 'b.txt' }, id: 'c2' }], {
          text: musing,
          usage: usage({ prompt: 500, candidates: 600 }),
        }),
        callsReply([{ name: 'list_directory', args: { path: '.' }, id: 'c3' }], {
          usage: usage({ prompt: 800, candidates: 10 }),
        }),
        textReply(summary, { usage: usage({ prompt: 700, candidates: 30 }) }),
        textReply('It holds two text files.', { usage: usage({ prompt: 200, candidates: 8 }) }),
      ],
      session: { compression: { tokenLimit: 1000 } },
    });

    const result = await t.run('Explain this project.');

    expect(result.reason).toBe('completed');
    expect(result.response).toBe(`${musing.trim()}\n\nIt holds two text files.`);
    expect(t.generateRequests().map((r) => r.rpc)).toEqual([
      'streamGenerateContent',
      'streamGenerateContent',
      'streamGenerateContent',
      'generateContent',
      'streamGenerateContent',
    ]);
    const [first, , third, summaryRequest, afterCompression] = t.bodies();
    const turn2 = [
      model(
        { text: musing },
        functionCallPart({ name: 'read_file', args: { absolute_path: 'b.txt' }, id: 'c2' }),
      ),
      user(output('c2', 'read_file', 'B\n')),
    ];
    const turn3 = [
      model(functionCallPart({ name: 'list_directory', args: { path: '.' }, id: 'c3' })),
      user(
        output(
          'c3',
          'list_directory',
          `Directory listing for ${t.workspace}:\na.txt (2 bytes)\nb.txt (2 bytes)\n\n(1 ignored)`,
        ),
      ),
    ];
    expect(third?.contents.slice(-2)).toEqual(turn2);
    // The premise: 70% of the history (by characters) ends inside the explaining model turn, so
    // the first content after the mark is b.txt's answer.
    const history = [...(third?.contents ?? []), ...turn3];
    const sizes = history.map((content) => JSON.stringify(content).length);
    const before = (index: number) => sizes.slice(0, index).reduce((sum, size) => sum + size, 0);
    const mark = 0.7 * before(history.length);
    expect(before(history.length - 4)).toBeLessThan(mark);
    expect(before(history.length - 3)).toBeGreaterThanOrEqual(mark);

    // Everything up to b.txt's answer is summarised, with the request appended to that answer;
    // no tools, our compression instruction, no generation settings (the client sends `{}`), and
    // not stored, as every request.
    expect(summaryRequest).toEqual({
      generationConfig: {},
      store: false,
      contents: [
        ...(third?.contents.slice(0, -1) ?? []),
        user(output('c2', 'read_file', 'B\n'), {
          text: 'Write the <state_snapshot> of our work so far now.',
        }),
      ],
      systemInstruction: { role: 'user', parts: [{ text: COMPRESSION_SYSTEM_PROMPT }] },
    });
    expect(summaryRequest?.contents.slice(0, 3)).toEqual(first?.contents);

    // The next request: the summary, then the last call with its answer — never a lone response.
    expect(afterCompression?.contents).toEqual([user({ text: summary }), ...turn3]);
    expect(afterCompression?.systemInstruction).toEqual(first?.systemInstruction);
    expect(afterCompression?.tools).toEqual(first?.tools);

    expect(eventsOf(t.events, 'chat_compressed').map((e) => [e.turn, e.tokens_before])).toEqual([
      [3, 800],
    ]);
    expect(result.usage.total_tokens).toBe(310 + 1100 + 810 + 730 + 208);
  });
});
