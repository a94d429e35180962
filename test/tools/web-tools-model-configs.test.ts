// The web tools' own model requests under settings.json's modelConfigs, by the Gemini CLI's names
// for them (`web-search`, `web-fetch`): a user's alias of that name picks their model and
// parameters, the overrides that match them apply, and the tool's own Google Search tool and
// signal are still what is sent. Without modelConfigs the request is what it always was.
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelConfigs } from '../../src/model/model-configs.js';
import { createWebSearchTool } from '../../src/tools/web-search.js';
import { genaiClientFor, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { makeTempDir, removeTempDirs, toolHarness } from './tool-harness.js';

afterEach(removeTempDirs);

async function search(modelConfigs: ModelConfigs | undefined) {
  const server = await useFakeGemini([textReply('Sunny.')]);
  const harness = await toolHarness(await makeTempDir(), {
    tools: () => [
      createWebSearchTool({
        contentGenerator: genaiClientFor(server),
        model: 'gemini-3.8-flash',
        ...(modelConfigs ? { modelConfigs } : {}),
      }),
    ],
  });
  await harness.respond('google_web_search', { query: 'weather' });
  const [request] = server.generateRequests();
  return request;
}

describe('web-search under modelConfigs', () => {
  it("takes the user's web-search alias and the overrides that match it", async () => {
    const request = await search({
      customAliases: {
        'web-search': {
          modelConfig: { model: 'flash-lite', generateContentConfig: { temperature: 0.1 } },
        },
      },
      overrides: [
        {
          match: { model: 'web-search' },
          modelConfig: { generateContentConfig: { maxOutputTokens: 256 } },
        },
      ],
      source: '.gemini/settings.json',
    });
    expect(request?.model).toBe('gemini-3.5-flash-lite');
    expect(request?.body).toMatchObject({
      tools: [{ googleSearch: {} }],
      generationConfig: { temperature: 0.1, maxOutputTokens: 256 },
    });
  });

  it("keeps the session's model when only an override matches, and sends nothing else without modelConfigs", async () => {
    const overridden = await search({
      customAliases: {},
      overrides: [
        {
          match: { model: 'web-search' },
          modelConfig: { generateContentConfig: { maxOutputTokens: 256 } },
        },
      ],
      source: '.gemini/settings.json',
    });
    expect(overridden?.model).toBe('gemini-3.8-flash');
    expect((overridden?.body as { generationConfig?: unknown }).generationConfig).toEqual({
      maxOutputTokens: 256,
    });
    const plain = await search(undefined);
    expect(plain?.model).toBe('gemini-3.8-flash');
    expect((plain?.body as { generationConfig?: unknown }).generationConfig ?? {}).toEqual({});
  });
});
