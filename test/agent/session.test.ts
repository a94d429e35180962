import { FinishReason } from '@google/genai';
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_ACK } from '../../src/agent/environment-context.js';
import { ModelRequestError } from '../../src/model/errors.js';
import { createHarness, eventsOf } from './support/harness.js';
import { call, reply, text, thought, usage } from './support/scripted-generator.js';

const PROMPT = 'Summarise the notes';

function environmentMessage(workspace: string): string {
  return [
    'This is the Gemini CLI. We are setting up the context for our chat.',
    "Today's date is Monday, June 2, 2025.",
    'My operating system is: linux',
    `I'm currently working in the directory: ${workspace}`,
    'Here is the folder structure of the current working directories:',
    '',
    'Showing up to 200 items (files + folders).',
    '',
    `${workspace}/`,
  ].join('\n');
}

const fr = (id: string, name: string, output: string) => ({
  functionResponse: { id, name, response: { output } },
});

describe('AgentSession request shape', () => {
  it('sends the exact history of a multi-turn tool session: ids and signatures kept, thoughts stripped', async () => {
    const h = await createHarness([
      {
        chunks: [
          {
            candidates: [
              {
                content: {
                  role: 'model',
                  parts: [thought('**Planning**\n\nI should read note a.')],
                },
              },
            ],
          },
          { candidates: [{ content: { role: 'model', parts: [text("I'll read ")] } }] },
          reply(
            [
              text('the note.'),
              call('read_note', { name: 'a' }, { id: 'c1', thoughtSignature: 'sig-1' }),
            ],
            {
              usage: usage(100, 20),
            },
          ),
        ],
      },
      reply(
        [
          text('Reading both.'),
          call('read_note', { name: 'b' }, { thoughtSignature: 'sig-2' }),
          call('read_note', { name: 'c' }),
        ],
        { usage: usage(150, 10) },
      ),
      reply([text('Done: notes read.')], { usage: usage(200, 5) }),
    ]);

    const result = await h.session.run(PROMPT);

    expect(result.reason).toBe('completed');
    const start: Content[] = [
      { role: 'user', parts: [{ text: environmentMessage(h.workspace) }] },
      { role: 'model', parts: [{ text: ENVIRONMENT_ACK }] },
      { role: 'user', parts: [{ text: PROMPT }] },
    ];
    const turn1: Content[] = [
      {
        role: 'model',
        parts: [
          { text: "I'll read the note." },
          {
            functionCall: { name: 'read_note', args: { name: 'a' }, id: 'c1' },
            thoughtSignature: 'sig-1',
          },
        ],
      },
      { role: 'user', parts: [fr('c1', 'read_note', 'note a')] },
    ];
    const turn2: Content[] = [
      {
        role: 'model',
        parts: [
          { text: 'Reading both.' },
          { functionCall: { name: 'read_note', args: { name: 'b' } }, thoughtSignature: 'sig-2' },
          { functionCall: { name: 'read_note', args: { name: 'c' } } },
        ],
      },
      // Both parallel calls are answered in one user content, in the order they were made.
      {
        role: 'user',
        parts: [
          fr('read_note-2-0', 'read_note', 'note b'),
          fr('read_note-2-1', 'read_note', 'note c'),
        ],
      },
    ];

    expect(h.generator.requests.map((r) => [r.method, r.promptId])).toEqual([
      ['generateContentStream', 'session-1########1'],
      ['generateContentStream', 'session-1########2'],
      ['generateContentStream', 'session-1########3'],
    ]);
    const [first, second, third] = h.generator.requests;
    expect(first?.request).toEqual({
      model: 'gemini-2.5-test',
      contents: start,
      config: {
        systemInstruction: expect.stringContaining('non-interactively in a CI job') as unknown,
        tools: [
          {
            functionDeclarations: [
              expect.objectContaining({ name: 'read_note' }),
              expect.objectContaining({ name: 'write_note' }),
              expect.objectContaining({ name: 'fill_disk' }),
              expect.objectContaining({ name: 'wait_for_abort' }),
            ] as unknown,
          },
        ],
        temperature: 0,
        topP: 1,
        thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 },
      },
    });
    expect(first?.signal).toBeInstanceOf(AbortSignal);
    expect(second?.request.contents).toEqual([...start, ...turn1]);
    expect(third?.request.contents).toEqual([...start, ...turn1, ...turn2]);
    // The system instruction is the same object on every request: set once.
    expect(third?.request.config?.systemInstruction).toBe(first?.request.config?.systemInstruction);
    expect(result.history).toEqual([
      ...start,
      ...turn1,
      ...turn2,
      { role: 'model', parts: [{ text: 'Done: notes read.' }] },
    ]);

    expect(result.response).toBe("I'll read the note.\n\nReading both.\n\nDone: notes read.");
    expect(result.turns).toBe(3);
    expect(result.toolCalls).toBe(3);
    expect(result.usage).toEqual({
      input_tokens: 450,
      output_tokens: 35,
      cached_tokens: 0,
      thoughts_tokens: 0,
      tool_use_prompt_tokens: 0,
      total_tokens: 485,
    });
    expect(h.log.executed).toEqual(['read_note(a)', 'read_note(b)', 'read_note(c)']);
  });

  it('reports thoughts, text, tool calls, usage and state as events stamped with the turn', async () => {
    const h = await createHarness([
      reply(
        [thought('**Checking** the note first.'), call('read_note', { name: 'a' }, { id: 'c1' })],
        {
          usage: usage(100, 20),
        },
      ),
      reply([text('All good.')], { usage: usage(130, 4) }),
    ]);

    await h.session.run(PROMPT);

    for (const event of h.events) {
      expect(event.session_id).toBe('session-1');
      expect(event.timestamp).toBe('2025-06-02T10:00:00.000Z');
    }
    const states = eventsOf(h.events, 'state_change');
    expect(states.map((s) => [s.state, s.final, s.turn, s.model])).toEqual([
      ['submitted', false, 0, 'gemini-2.5-test'],
      ['working', false, 0, 'gemini-2.5-test'],
      ['completed', true, 2, 'gemini-2.5-test'],
    ]);
    expect(states[2]?.reason).toBe('completed');
    expect(h.events[h.events.length - 1]).toBe(states[2]);
    expect(eventsOf(h.events, 'thought').map((e) => [e.turn, e.thought])).toEqual([
      [1, { subject: 'Checking', description: 'the note first.' }],
    ]);
    expect(eventsOf(h.events, 'text_content').map((e) => [e.turn, e.text])).toEqual([
      [2, 'All good.'],
    ]);
    const tools = eventsOf(h.events, 'tool_call_update');
    expect(tools.map((e) => [e.turn, e.tool_call.status])).toEqual([
      [1, 'PENDING'],
      [1, 'PENDING'],
      [1, 'PENDING'],
      [1, 'EXECUTING'],
      [1, 'SUCCEEDED'],
    ]);
    expect(tools[4]?.tool_call).toMatchObject({ tool_call_id: 'c1', tool_name: 'read_note' });
    const usageEvents = eventsOf(h.events, 'token_usage');
    expect(usageEvents.map((e) => [e.turn, e.usage.total_tokens, e.total.total_tokens])).toEqual([
      [1, 120, 120],
      [2, 134, 254],
    ]);
  });

  it('uses generateContent when streaming is off', async () => {
    const h = await createHarness([reply([text('Hi.')])], { streaming: false });
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('completed');
    expect(h.generator.requests.map((r) => r.method)).toEqual(['generateContent']);
  });

  it("sends the model table's settings for the model and merges overrides", async () => {
    const h = await createHarness([reply([text('Hi.')])], {
      model: 'gemini-3.1-pro-preview',
      generationConfig: { maxOutputTokens: 1000 },
    });
    await h.session.run(PROMPT);
    const config = h.generator.requests[0]?.request.config;
    expect(config).toMatchObject({
      maxOutputTokens: 1000,
      thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' },
    });
    expect(config).not.toHaveProperty('temperature');
  });

  it('joins the text of every turn in the response, not only the last', async () => {
    const h = await createHarness([
      reply([text('First I looked.'), call('read_note', { name: 'a' })]),
      reply([text('  ')]),
    ]);
    const result = await h.session.run(PROMPT);
    expect(result.response).toBe('First I looked.');
    // An empty final answer still completes, with a warning a reader can see.
    expect(result.reason).toBe('completed');
    expect(eventsOf(h.events, 'warning').map((w) => w.code)).toEqual(['invalid_response']);
  });

  it('refuses to run twice', async () => {
    const h = await createHarness([reply([text('Hi.')])]);
    await h.session.run(PROMPT);
    await expect(h.session.run(PROMPT)).rejects.toThrow(/runs once/);
  });
});

describe('AgentSession finish reasons and errors', () => {
  it('ends with model_blocked and says why when the response is blocked for safety', async () => {
    const h = await createHarness([
      { candidates: [{ finishReason: FinishReason.SAFETY }], usageMetadata: usage(10, 0) },
    ]);
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('model_blocked');
    expect(result.error).toBe(
      "The model's response was blocked for potentially unsafe content (finish reason SAFETY).",
    );
    const final = eventsOf(h.events, 'state_change').at(-1);
    expect(final).toMatchObject({
      state: 'failed',
      final: true,
      reason: 'model_blocked',
      message: result.error,
    });
  });

  it('ends with model_blocked when the prompt itself is blocked', async () => {
    const h = await createHarness([{ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } }]);
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('model_blocked');
    expect(result.error).toContain('PROHIBITED_CONTENT');
  });

  it('does not run calls from a response stopped for recitation', async () => {
    const h = await createHarness([
      reply([call('write_note', { name: 'x' })], { finishReason: FinishReason.RECITATION }),
    ]);
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('model_blocked');
    expect(h.log.executed).toEqual([]);
  });

  it('warns on MAX_TOKENS and finishes when the cut-off answer is text only', async () => {
    const h = await createHarness([
      reply([text('A long answer that was cut')], { finishReason: FinishReason.MAX_TOKENS }),
    ]);
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('completed');
    expect(result.response).toBe('A long answer that was cut');
    expect(eventsOf(h.events, 'warning')).toMatchObject([{ code: 'max_tokens', turn: 1 }]);
  });

  it('warns on MAX_TOKENS and still runs the calls it contains', async () => {
    const h = await createHarness([
      reply([call('read_note', { name: 'a' })], { finishReason: FinishReason.MAX_TOKENS }),
      reply([text('Done.')]),
    ]);
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('completed');
    expect(h.log.executed).toEqual(['read_note(a)']);
    expect(eventsOf(h.events, 'warning').map((w) => w.code)).toEqual(['max_tokens']);
  });

  it('ends with model_error when the request fails after the model layer gave up', async () => {
    const h = await createHarness([
      reply([call('read_note', { name: 'a' })]),
      {
        error: new ModelRequestError('Internal error encountered.', { kind: 'http', status: 500 }),
      },
    ]);
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('model_error');
    expect(result.error).toBe('The model request failed (HTTP 500): Internal error encountered.');
    expect(result.turns).toBe(2);
  });

  it('ends with auth_error when the credentials are rejected', async () => {
    const h = await createHarness([
      { error: new ModelRequestError('API key not valid.', { kind: 'http', status: 401 }) },
    ]);
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('auth_error');
    expect(result.error).toContain('API key not valid.');
  });

  it('ends with model_error on a malformed function call', async () => {
    const h = await createHarness([
      { candidates: [{ finishReason: FinishReason.MALFORMED_FUNCTION_CALL }] },
    ]);
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('model_error');
    expect(result.error).toContain('MALFORMED_FUNCTION_CALL');
  });

  it('ends with fatal_tool_error when a tool finds the disk full, and sends other errors back', async () => {
    const h = await createHarness([
      reply([call('no_such_tool', { name: 'a' })]),
      reply([call('fill_disk', { name: 'a' })]),
      reply([text('never asked')]),
    ]);
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('fatal_tool_error');
    expect(result.error).toContain('disk is full');
    expect(h.generator.remaining).toBe(1);
    // The unknown tool went back to the model as an error it could read.
    const second = h.generator.requests[1]?.request.contents as Content[];
    expect(second.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({
      error: expect.stringContaining('Tool "no_such_tool" not found.') as unknown,
    });
  });

  it('survives a listener that throws', async () => {
    const h = await createHarness([reply([text('Hi.')])], {
      onEvent: () => {
        throw new Error('reporter broke');
      },
    });
    const result = await h.session.run(PROMPT);
    expect(result.reason).toBe('completed');
  });
});

describe('AgentSession continuing a conversation', () => {
  it('sends the earlier session history, then the new prompt, without a second environment message', async () => {
    const first = await createHarness([reply([text('Notes a and b.')])]);
    const earlier = await first.session.run(PROMPT);
    const second = await createHarness([reply([text('Only a.')])], {
      workspace: first.workspace,
      history: earlier.history,
    });
    const result = await second.session.run('And which one is older?');
    expect(result.reason).toBe('completed');
    const contents = second.generator.requests[0]?.request.contents as Content[];
    expect(contents).toEqual([
      ...earlier.history,
      { role: 'user', parts: [{ text: 'And which one is older?' }] },
    ]);
    expect(JSON.stringify(contents).split('This is the Gemini CLI.').length).toBe(2);
  });
});
