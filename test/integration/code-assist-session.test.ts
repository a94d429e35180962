// A multi-turn tool session over the Code Assist transport (OAuth, v1internal, SSE) against the
// fake server: the whole body of every request, the prompt ids per turn and the one session id.
import { describe, expect, it } from 'vitest';
import {
  callsReply,
  functionCallPart,
  httpError,
  textReply,
  usage,
} from '../support/fake-gemini.js';
import type { CodeAssistBody } from './support.js';
import {
  GENERATION_CONFIG,
  MODEL,
  OAUTH_TOKEN,
  SESSION_ID,
  environmentText,
  eventsOf,
  model,
  output,
  startIntegration,
  startOfHistory,
  user,
} from './support.js';

describe('a session over Code Assist', () => {
  it('sends {model, project, user_prompt_id, request} with a prompt id per turn and one session id', async () => {
    const readA = { name: 'read_file', args: { absolute_path: 'a.txt' }, id: 'c1' };
    const listAndReadB = [
      { name: 'list_directory', args: { path: '.' }, id: 'c2' },
      { name: 'read_file', args: { absolute_path: 'b.txt' }, id: 'c3' },
    ];
    const t = await startIntegration({
      transport: 'code-assist',
      files: { 'a.txt': 'A\n', 'b.txt': 'B\n' },
      script: [
        callsReply([{ ...readA, thoughtSignature: 'sig-1' }], {
          thoughts: ['**Starting**\n\nRead a.txt first.'],
          usage: usage({ prompt: 100, candidates: 10, thoughts: 5 }),
        }),
        callsReply(listAndReadB, { usage: usage({ prompt: 150, candidates: 12 }) }),
        textReply('a.txt holds A and b.txt holds B.', {
          usage: usage({ prompt: 200, candidates: 9 }),
        }),
      ],
    });

    const result = await t.run('What do the files hold?');

    expect(result).toMatchObject({
      reason: 'completed',
      response: 'a.txt holds A and b.txt holds B.',
      turns: 3,
      toolCalls: 3,
    });
    // The project is asked once, then every turn streams over SSE with the OAuth token.
    expect(t.server.requests.map((r) => [r.api, r.rpc, r.query['alt']])).toEqual([
      ['code-assist', 'loadCodeAssist', undefined],
      ['code-assist', 'streamGenerateContent', 'sse'],
      ['code-assist', 'streamGenerateContent', 'sse'],
      ['code-assist', 'streamGenerateContent', 'sse'],
    ]);
    for (const request of t.server.requests) {
      expect(request.path).toBe(`/v1internal:${request.rpc}`);
      expect(request.headers['authorization']).toBe(`Bearer ${OAUTH_TOKEN}`);
    }

    const [first] = t.codeAssistBodies();
    const start = startOfHistory(
      environmentText(t.workspace, ['├───a.txt', '├───b.txt', '└───.git/...']),
      'What do the files hold?',
    );
    const turn1 = [
      model(functionCallPart({ ...readA, thoughtSignature: 'sig-1' })),
      user(output('c1', 'read_file', 'A\n')),
    ];
    const turn2 = [
      model(...listAndReadB.map(functionCallPart)),
      user(
        output(
          'c2',
          'list_directory',
          `Directory listing for ${t.workspace}:\na.txt (2 bytes)\nb.txt (2 bytes)\n\n(1 ignored)`,
        ),
        output('c3', 'read_file', 'B\n'),
      ),
    ];
    const system = first?.request.systemInstruction;
    expect(system?.role).toBe('user');
    expect(system?.parts?.[0]?.text).toContain(`checked-out repository at \`${t.workspace}\``);
    const tools = first?.request.tools;
    expect(tools?.map((tool) => tool.functionDeclarations?.map((d) => d.name))).toEqual([
      t.toolNames,
    ]);
    const body = (turn: number, contents: CodeAssistBody['request']['contents']) => ({
      model: MODEL,
      project: 'fake-project',
      user_prompt_id: `${SESSION_ID}########${turn}`,
      request: {
        contents,
        systemInstruction: system,
        tools,
        generationConfig: GENERATION_CONFIG,
        session_id: SESSION_ID,
      },
    });
    expect(t.codeAssistBodies()).toEqual([
      body(1, start),
      body(2, [...start, ...turn1]),
      body(3, [...start, ...turn1, ...turn2]),
    ]);

    expect(eventsOf(t.events, 'thought').map((e) => e.thought.subject)).toEqual(['Starting']);
    expect(result.usage).toMatchObject({
      input_tokens: 450,
      output_tokens: 31,
      thoughts_tokens: 5,
      total_tokens: 486,
    });
  });

  it('retries a 429 with the identical body, prompt id included, using the configured project', async () => {
    const t = await startIntegration({
      transport: 'code-assist',
      project: 'my-project',
      script: [
        httpError(429, 'Quota exceeded for quota metric.', { retryDelay: '1s' }),
        textReply('Hello.'),
      ],
    });

    const result = await t.run('Say hello.');

    expect(result.reason).toBe('completed');
    expect(result.response).toBe('Hello.');
    expect(t.server.requests.map((r) => r.rpc)).toEqual([
      'streamGenerateContent',
      'streamGenerateContent',
    ]);
    const [failed, retried] = t.codeAssistBodies();
    expect(failed).toMatchObject({
      project: 'my-project',
      user_prompt_id: `${SESSION_ID}########1`,
      request: { session_id: SESSION_ID },
    });
    expect(retried).toEqual(failed);
    expect(t.retry.delays).toEqual([1000]);
  });
});
