// Not stored unless asked, in the Action: every Gemini API request of a run says store: false,
// `store_requests: true` makes it store: true, a bad value stops the run naming the input, and a
// Vertex AI run says once in its log that its requests cannot carry the setting.
import { describe, expect, it } from 'vitest';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { runActionOnComment } from '../support/action-harness.js';
import { tempRepo } from '../support/temp-repo.js';

/** Two requests: a tool call, then the answer. */
function twoTurns() {
  return [
    callsReply([{ id: 'r1', name: 'read_file', args: { file_path: 'README.md' } }]),
    textReply('The README says demo.'),
  ];
}

function storeOf(gemini: FakeGeminiServer): unknown[] {
  return gemini.generateRequests().map((sent) => (sent.body as Record<string, unknown>)['store']);
}

async function runWith(gemini: FakeGeminiServer, inputs: Record<string, string> = {}) {
  const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
  const { run } = await runActionOnComment({
    body: '/gemini what does the README say?',
    workspace,
    gemini,
    inputs,
  });
  return run;
}

describe('store_requests', () => {
  it('sends store: false on every request of a run by default', async () => {
    const gemini = await useFakeGemini(twoTurns());
    const run = await runWith(gemini);
    expect(run.result.conclusion, run.failed.join('\n')).toBe('success');
    expect(storeOf(gemini)).toEqual([false, false]);
    expect(run.logs.join('\n')).not.toContain('store setting');
  });

  it('sends store: true on every request with store_requests: true', async () => {
    const gemini = await useFakeGemini(twoTurns());
    const run = await runWith(gemini, { store_requests: 'true' });
    expect(run.result.conclusion, run.failed.join('\n')).toBe('success');
    expect(storeOf(gemini)).toEqual([true, true]);
  });

  it('stops a run with store_requests: maybe before any request, naming the input', async () => {
    const gemini = await useFakeGemini(twoTurns());
    const run = await runWith(gemini, { store_requests: 'maybe' });
    expect(run.result.conclusion).toBe('failure');
    expect(run.failed.join('\n')).toContain('store_requests: expected true or false, got "maybe".');
    expect(gemini.generateRequests()).toEqual([]);
  });

  it('on Vertex AI sends no store and says so once in the log', async () => {
    const gemini = await useFakeGemini(twoTurns());
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const { run } = await runActionOnComment({
      body: '/gemini what does the README say?',
      workspace,
      gemini,
      inputs: { gemini_api_key: '' },
      env: {
        GOOGLE_GENAI_USE_VERTEXAI: 'true',
        GOOGLE_API_KEY: 'vertex-express-key',
        GOOGLE_VERTEX_BASE_URL: gemini.url,
      },
    });
    expect(run.result.conclusion, run.failed.join('\n')).toBe('success');
    expect(gemini.generateRequests().map((r) => r.api)).toEqual(['vertex', 'vertex']);
    for (const sent of gemini.generateRequests()) expect(sent.body).not.toHaveProperty('store');
    expect(run.logs.filter((line) => line.includes('carry no store setting'))).toEqual([
      expect.stringMatching(/^Vertex AI requests carry no store setting/),
    ]);
  });
});
