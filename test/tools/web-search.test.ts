import { FinishReason } from '@google/genai';
import type { Candidate, GroundingChunk, GroundingSupport } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { insertCitationMarkers } from '../../src/tools/grounding.js';
import { createWebSearchTool } from '../../src/tools/web-search.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { genaiClientFor, httpError, respond, useFakeGemini } from '../support/fake-gemini.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

afterEach(removeTempDirs);

const MODEL = 'gemini-2.5-flash';

/** A grounded answer as the API sends it. */
function grounded(
  text: string,
  metadata: { chunks?: GroundingChunk[]; supports?: GroundingSupport[] } = {},
): ReturnType<typeof respond> {
  const candidate: Candidate = {
    content: { role: 'model', parts: text === '' ? [] : [{ text }] },
    finishReason: FinishReason.STOP,
    index: 0,
    ...(metadata.chunks || metadata.supports
      ? {
          groundingMetadata: {
            ...(metadata.chunks ? { groundingChunks: metadata.chunks } : {}),
            ...(metadata.supports ? { groundingSupports: metadata.supports } : {}),
          },
        }
      : {}),
  };
  return respond([{ candidates: [candidate] }]);
}

function support(endIndex: number, chunks: number[]): GroundingSupport {
  return { segment: { startIndex: 0, endIndex }, groundingChunkIndices: chunks };
}

async function searchHarness(server: FakeGeminiServer) {
  const root = await makeTempDir();
  return toolHarness(root, {
    tools: () => [createWebSearchTool({ contentGenerator: genaiClientFor(server), model: MODEL })],
  });
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('google_web_search', () => {
  it('asks the model with the Google Search tool and returns cited results with sources', async () => {
    // Multi-byte text: the API's segment offsets count UTF-8 bytes, not UTF-16 units.
    const first = 'Le café ☕ ouvre à 8h.';
    const second = ' 東京の天気は晴れです。';
    const server = await useFakeGemini([
      grounded(first + second, {
        chunks: [
          { web: { title: 'Café Times', uri: 'https://cafe.example/hours' } },
          { web: { title: 'Weather JP', uri: 'https://weather.example/tokyo' } },
        ],
        supports: [support(bytes(first), [0]), support(bytes(first + second), [0, 1])],
      }),
    ]);
    const harness = await searchHarness(server);

    const parts = await harness.respond('google_web_search', { query: 'café hours and weather' });

    expect(parts).toEqual(
      outputPart(
        'call-1',
        'google_web_search',
        'Web search results for "café hours and weather":\n\n' +
          'Le café ☕ ouvre à 8h.[1] 東京の天気は晴れです。[1][2]\n\n' +
          'Sources:\n[1] Café Times (https://cafe.example/hours)\n[2] Weather JP (https://weather.example/tokyo)',
      ),
    );
    const [request] = server.generateRequests();
    expect(request?.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(request?.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'café hours and weather' }] }],
      tools: [{ googleSearch: {} }],
    });
    const completed = harness.updates.at(-1);
    expect(completed?.status).toBe('SUCCEEDED');
  });

  it('names sources without a title or URI the way the CLI does', async () => {
    const server = await useFakeGemini([
      grounded('Answer.', { chunks: [{ web: {} }, {}], supports: [support(7, [1])] }),
    ]);
    const harness = await searchHarness(server);
    expect(await harness.respond('google_web_search', { query: 'q' })).toEqual(
      outputPart(
        'call-1',
        'google_web_search',
        'Web search results for "q":\n\nAnswer.[2]\n\nSources:\n[1] Untitled (No URI)\n[2] Untitled (No URI)',
      ),
    );
  });

  it('returns the text unchanged when the answer has no sources', async () => {
    const server = await useFakeGemini([grounded('Just text.', { supports: [support(4, [0])] })]);
    const harness = await searchHarness(server);
    expect(await harness.respond('google_web_search', { query: 'q' })).toEqual(
      outputPart('call-1', 'google_web_search', 'Web search results for "q":\n\nJust text.'),
    );
  });

  it('says so when the search found nothing', async () => {
    const server = await useFakeGemini([grounded('')]);
    const harness = await searchHarness(server);
    const completed = await harness.call('google_web_search', { query: 'zxqv nothing' });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'google_web_search',
        'No search results or information found for query: "zxqv nothing"',
      ),
    );
    expect(completed.result.returnDisplay).toBe('No information found.');
  });

  it('reports a failed model call as web_search_failed', async () => {
    const server = await useFakeGemini([httpError(500, 'search backend down')]);
    const harness = await searchHarness(server);
    const completed = await harness.call('google_web_search', { query: 'news' });
    const message =
      'Error during web search for query "news": The model API answered HTTP 500 INTERNAL: search backend down';
    expect(completed.result).toMatchObject({
      llmContent: `Error: ${message}`,
      returnDisplay: 'Error performing web search.',
      error: { type: 'web_search_failed' },
    });
    expect(completed.responseParts).toEqual(errorPart('call-1', 'google_web_search', message));
  });

  it('refuses an empty query without calling the model', async () => {
    const server = await useFakeGemini([]);
    const harness = await searchHarness(server);
    expect(await harness.respond('google_web_search', { query: '  ' })).toEqual(
      errorPart('call-1', 'google_web_search', "The 'query' parameter cannot be empty."),
    );
    expect(server.generateRequests()).toHaveLength(0);
  });

  it('describes itself for the transcript and the policy', async () => {
    const server = await useFakeGemini([]);
    const tool = createWebSearchTool({ contentGenerator: genaiClientFor(server), model: MODEL });
    expect(tool.kind).toBe('search');
    const invocation = tool.build({ query: 'vitest docs' });
    if ('error' in invocation) throw new Error(invocation.error);
    expect(invocation.describe()).toBe('Searching the web for: "vitest docs"');
    expect(invocation.locations()).toEqual([]);
    expect(await invocation.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'info',
      title: 'Confirm Web Search',
      prompt: 'vitest docs',
    });
  });
});

describe('insertCitationMarkers', () => {
  it('puts markers for one offset in reverse support order, as insertion from the end does', () => {
    expect(insertCitationMarkers('abc', [support(3, [0]), support(3, [1])])).toBe('abc[2][1]');
  });

  it('moves an offset inside a multi-byte character to the end of that character', () => {
    // 'é' is two bytes (1..2); offset 2 falls between them.
    expect(insertCitationMarkers('xé y', [support(2, [0])])).toBe('xé[1] y');
  });

  it('clamps offsets past the end and skips supports without a segment or chunks', () => {
    expect(
      insertCitationMarkers('end', [
        support(99, [2]),
        { groundingChunkIndices: [0] },
        { segment: { endIndex: 1 } },
      ]),
    ).toBe('end[3]');
  });
});
