// settings.json's modelConfigs in the Action (the repository's settings file and the `settings`
// input) and in `gemini-agent serve` (the task's workspace): a custom alias chooses the model and
// an override's parameters reach the request body as written, as they do in a -p run
// (test/cli/model-configs-run.test.ts).
import { realpath } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../support/fake-gemini.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { runActionOnComment } from '../support/action-harness.js';
import { serveInProcess } from '../support/serve-in-process.js';
import { tempRepo } from '../support/temp-repo.js';
import { collect, outline, prompt, v1Client } from '../e2e/support/serve-process.js';

const MODEL_CONFIGS = {
  customAliases: {
    careful: {
      modelConfig: {
        model: 'gemini-3.1-pro-preview',
        generateContentConfig: { thinkingConfig: { thinkingLevel: 'LOW' } },
      },
    },
  },
  overrides: [
    {
      match: { model: 'careful', overrideScope: 'core' },
      modelConfig: { generateContentConfig: { maxOutputTokens: 4321, seed: 9 } },
    },
  ],
};

const EXPECTED = {
  thinkingConfig: { includeThoughts: true, thinkingLevel: 'LOW' },
  maxOutputTokens: 4321,
  seed: 9,
};

function generationConfig(request: FakeRequest | undefined): Record<string, unknown> {
  return (
    (request?.body as { generationConfig?: Record<string, unknown> } | undefined)
      ?.generationConfig ?? {}
  );
}

describe('modelConfigs in the Action', () => {
  it("from the repository's .gemini/settings.json", async () => {
    const gemini = await useFakeGemini([textReply('Done.')]);
    const workspace = await tempRepo(
      {
        'README.md': '# demo\n',
        '.gemini/settings.json': JSON.stringify({ modelConfigs: MODEL_CONFIGS }),
      },
      { git: true },
    );
    const { run } = await runActionOnComment({
      body: '/gemini say hello',
      workspace,
      gemini,
      inputs: { model: 'careful' },
    });
    expect(run.failed).toEqual([]);
    const [first] = gemini.generateRequests();
    expect(first?.model).toBe('gemini-3.1-pro-preview');
    expect(generationConfig(first)).toEqual(EXPECTED);
  });

  it('from the settings input, whose mistakes name the input', async () => {
    const gemini = await useFakeGemini([textReply('Done.')]);
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const { run } = await runActionOnComment({
      body: '/gemini say hello',
      workspace,
      gemini,
      inputs: { model: 'careful', settings: JSON.stringify({ modelConfigs: MODEL_CONFIGS }) },
    });
    expect(run.failed).toEqual([]);
    expect(generationConfig(gemini.generateRequests()[0])).toEqual(EXPECTED);

    const refused = await useFakeGemini([textReply('Done.')]);
    const { run: bad } = await runActionOnComment({
      body: '/gemini say hello',
      workspace,
      gemini: refused,
      inputs: {
        settings: JSON.stringify({
          modelConfigs: {
            overrides: [
              {
                match: { overrideScope: 'core' },
                modelConfig: { generateContentConfig: { tools: [] } },
              },
            ],
          },
        }),
      },
    });
    expect(refused.generateRequests()).toHaveLength(0);
    expect(bad.failed.join('\n')).toContain(
      'settings: modelConfigs.overrides[0].modelConfig.generateContentConfig.tools: may not be set in settings',
    );
  });
});

describe('modelConfigs in gemini-agent serve', () => {
  it("from the task's workspace settings", async () => {
    const gemini = await useFakeGemini([textReply('Done.')]);
    const repo = await realpath(
      await tempRepo({
        'README.md': '# demo\n',
        '.gemini/settings.json': JSON.stringify({ modelConfigs: MODEL_CONFIGS }),
      }),
    );
    const server = await serveInProcess({ gemini, repo, args: ['--model', 'careful'] });
    const client = await v1Client(server);
    const events = await collect(client.sendMessageStream(prompt('Say hello.', repo)));
    expect(outline(events).at(-1)).toBe('STATE_CHANGE completed');
    const [first] = gemini.generateRequests();
    expect(first?.model).toBe('gemini-3.1-pro-preview');
    expect(generationConfig(first)).toEqual(EXPECTED);
  });
});
