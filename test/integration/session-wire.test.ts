// What goes over the wire in a real session: the first request, parallel tool calls, images,
// thoughts and blocked replies, through the real `@google/genai` client and the fake server.
import { FinishReason, HarmCategory, HarmProbability } from '@google/genai';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  callsReply,
  functionCallPart,
  reply,
  respond,
  textReply,
  usage,
} from '../support/fake-gemini.js';
import {
  GENERATION_CONFIG,
  SESSION_ID,
  environmentText,
  eventsOf,
  model,
  output,
  startIntegration,
  startOfHistory,
  user,
} from './support.js';

const GEMINI_MD = '# Project rules\n\nAlways answer in British English.';

describe('a session over the Gemini API', () => {
  it('starts with the environment, the acknowledgement and the prompt, under a system instruction holding GEMINI.md', async () => {
    const t = await startIntegration({
      files: { 'GEMINI.md': GEMINI_MD, 'src/app.ts': 'export const app = 1;\n' },
      script: [textReply('Nothing to do.', { usage: usage({ prompt: 1200, candidates: 4 }) })],
    });

    const result = await t.run('Check the app.');

    expect(result).toMatchObject({
      reason: 'completed',
      response: 'Nothing to do.',
      turns: 1,
      toolCalls: 0,
    });
    const [request] = t.generateRequests();
    expect(request).toMatchObject({
      api: 'gemini',
      rpc: 'streamGenerateContent',
      path: '/v1beta/models/gemini-2.5-test:streamGenerateContent',
      query: { alt: 'sse' },
    });
    expect(request?.headers['x-goog-api-key']).toBe('test-key');
    const [body] = t.bodies();
    expect(body?.contents).toEqual(
      startOfHistory(
        environmentText(t.workspace, [
          '├───GEMINI.md',
          '├───.git/...',
          '└───src/',
          '    └───app.ts',
        ]),
        'Check the app.',
      ),
    );
    expect(body?.systemInstruction?.role).toBe('user');
    const system = body?.systemInstruction?.parts?.[0]?.text ?? '';
    expect(body?.systemInstruction?.parts).toHaveLength(1);
    expect(system).toMatch(
      new RegExp(
        `^You are a software engineering agent running non-interactively in a CI job\\. You work in a checked-out repository at \`${t.workspace}\``,
      ),
    );
    expect(system).toContain(
      `The tools available to you are: ${t.toolNames.map((name) => `\`${name}\``).join(', ')}.`,
    );
    expect(
      system.endsWith(
        `\n\n---\n\n--- Context from: GEMINI.md ---\n${GEMINI_MD}\n--- End of Context from: GEMINI.md ---`,
      ),
    ).toBe(true);
    expect(body?.tools?.map((tool) => tool.functionDeclarations?.map((d) => d.name))).toEqual([
      t.toolNames,
    ]);
    expect(body?.generationConfig).toEqual(GENERATION_CONFIG);
  });

  it('answers parallel calls of one turn in one user content, in call order, with the ids echoed', async () => {
    const a = 'export const a = 1;\n';
    const b = 'export const b = 2;\n';
    const t = await startIntegration({
      files: { 'src/a.ts': a, 'src/b.ts': b, 'src/lib/util.ts': '' },
      script: [
        callsReply(
          [
            { name: 'read_file', args: { absolute_path: 'src/b.ts' }, id: 'call-b' },
            { name: 'read_file', args: { absolute_path: 'src/a.ts' }, id: 'call-a' },
            { name: 'list_directory', args: { path: 'src' }, id: 'call-ls' },
          ],
          { text: 'Reading the sources.' },
        ),
        textReply('a is 1 and b is 2.'),
      ],
    });

    const result = await t.run('What are a and b?');

    expect(result.reason).toBe('completed');
    expect(result.response).toBe('Reading the sources.\n\na is 1 and b is 2.');
    expect(result.toolCalls).toBe(3);
    const [first, second] = t.bodies();
    const modelTurn = model(
      { text: 'Reading the sources.' },
      functionCallPart({ name: 'read_file', args: { absolute_path: 'src/b.ts' }, id: 'call-b' }),
      functionCallPart({ name: 'read_file', args: { absolute_path: 'src/a.ts' }, id: 'call-a' }),
      functionCallPart({ name: 'list_directory', args: { path: 'src' }, id: 'call-ls' }),
    );
    const answers = user(
      output('call-b', 'read_file', b),
      output('call-a', 'read_file', a),
      output(
        'call-ls',
        'list_directory',
        `Directory listing for ${t.workspace}/src:\n[DIR] lib\na.ts (${a.length} bytes)\nb.ts (${b.length} bytes)`,
      ),
    );
    expect(second?.contents).toEqual([...(first?.contents ?? []), modelTurn, answers]);
    expect(result.history).toEqual([
      ...(second?.contents ?? []),
      model({ text: 'a is 1 and b is 2.' }),
    ]);

    const finished = eventsOf(t.events, 'tool_call_update').filter(
      (e) => e.tool_call.status === 'SUCCEEDED',
    );
    expect(finished.map((e) => [e.turn, e.tool_call.tool_call_id, e.tool_call.tool_name])).toEqual(
      expect.arrayContaining([
        [1, 'call-b', 'read_file'],
        [1, 'call-a', 'read_file'],
        [1, 'call-ls', 'list_directory'],
      ]),
    );
    expect(finished).toHaveLength(3);
  });

  it('sends an image read_file returned as a status functionResponse plus a sibling inlineData part', async () => {
    // A valid 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const t = await startIntegration({
      binaryFiles: { 'logo.png': png },
      script: [
        callsReply([{ name: 'read_file', args: { absolute_path: 'logo.png' }, id: 'fc-img-1' }]),
        textReply('A single pixel.'),
      ],
    });

    const result = await t.run('Describe logo.png.');

    expect(result.reason).toBe('completed');
    const second = t.bodies()[1];
    expect(second?.contents.slice(-2)).toEqual([
      model(
        functionCallPart({
          name: 'read_file',
          args: { absolute_path: 'logo.png' },
          id: 'fc-img-1',
        }),
      ),
      user(output('fc-img-1', 'read_file', 'Binary content of type image/png was processed.'), {
        inlineData: { mimeType: 'image/png', data: png.toString('base64') },
      }),
    ]);
    const done = eventsOf(t.events, 'tool_call_update').at(-1)?.tool_call;
    expect(done).toMatchObject({
      tool_call_id: 'fc-img-1',
      status: 'SUCCEEDED',
      output: { text: `Read image file: logo.png` },
    });
  });

  it('reports thoughts as events, keeps them out of the history and keeps the thought signatures', async () => {
    const t = await startIntegration({
      files: { 'config.json': '{"debug": false}\n' },
      script: [
        callsReply(
          [
            {
              name: 'read_file',
              args: { absolute_path: 'config.json' },
              id: 'c1',
              thoughtSignature: 'sig-call',
            },
          ],
          { thoughts: ['**Reading the config**\n\nI should look at config.json first.'] },
        ),
        // The signature arrives on the thought part alone; it must survive on the kept part.
        reply({
          thoughts: ['**Answering**\n\nDebug is off.'],
          thoughtSignature: 'sig-thought',
          text: 'Debug mode is off.',
        }),
      ],
    });

    const result = await t.run('Is debug on?');

    expect(result.reason).toBe('completed');
    expect(eventsOf(t.events, 'thought').map((e) => [e.turn, e.thought])).toEqual([
      [1, { subject: 'Reading the config', description: 'I should look at config.json first.' }],
      [2, { subject: 'Answering', description: 'Debug is off.' }],
    ]);
    expect(eventsOf(t.events, 'text_content').map((e) => e.text)).toEqual(['Debug mode is off.']);
    expect(result.response).toBe('Debug mode is off.');

    const [first, second] = t.bodies();
    expect(second?.contents).toEqual([
      ...(first?.contents ?? []),
      model({
        functionCall: { id: 'c1', name: 'read_file', args: { absolute_path: 'config.json' } },
        thoughtSignature: 'sig-call',
      }),
      user(output('c1', 'read_file', '{"debug": false}\n')),
    ]);
    expect(JSON.stringify(second)).not.toContain('"thought":true');
    expect(result.history.at(-1)).toEqual(
      model({ text: 'Debug mode is off.', thoughtSignature: 'sig-thought' }),
    );
  });

  it('runs many turns on one session signal without Node warning of leaked abort listeners', async () => {
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.txt`, `${i}\n`]));
    const t = await startIntegration({
      files,
      script: [
        ...Object.keys(files).map((name, i) =>
          callsReply([{ name: 'read_file', args: { absolute_path: name }, id: `c${i}` }]),
        ),
        textReply('Read them all.'),
      ],
    });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    onTestFinished(() => {
      process.off('warning', onWarning);
    });

    const result = await t.run('Read every file.');
    // Warnings are emitted on a later tick.
    await new Promise((resolve) => setImmediate(resolve));

    expect(result.reason).toBe('completed');
    expect(result.turns).toBe(13);
    expect(
      warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message),
    ).toEqual([]);
  });

  it('ends with model_blocked when the reply is blocked for safety, without retrying', async () => {
    const t = await startIntegration({
      files: { 'notes.txt': 'hello\n' },
      script: [
        callsReply([{ name: 'read_file', args: { absolute_path: 'notes.txt' }, id: 'n1' }]),
        // As the API sends it: no content, the finish reason and the rating that blocked it.
        respond([
          {
            candidates: [
              {
                index: 0,
                finishReason: FinishReason.SAFETY,
                safetyRatings: [
                  {
                    category: HarmCategory.HARM_CATEGORY_DANGEROUS_CONTENT,
                    probability: HarmProbability.HIGH,
                    blocked: true,
                  },
                ],
              },
            ],
          },
        ]),
        textReply('never requested'),
      ],
    });

    const result = await t.run('Summarise notes.txt.');

    expect(result.reason).toBe('model_blocked');
    expect(result.error).toBe(
      "The model's response was blocked for potentially unsafe content (finish reason SAFETY).",
    );
    expect(t.generateRequests()).toHaveLength(2);
    expect(t.server.remaining()).toBe(1);
    expect(t.retry.retries).toEqual([]);
    expect(result.response).toBe('');
    expect(eventsOf(t.events, 'text_content')).toEqual([]);
    expect(eventsOf(t.events, 'state_change').at(-1)).toMatchObject({
      state: 'failed',
      final: true,
      reason: 'model_blocked',
      message: result.error,
      session_id: SESSION_ID,
    });
  });
});
