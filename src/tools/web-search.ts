/**
 * `google_web_search`: one model call with the Google Search tool; the grounded answer comes back
 * with `[n]` citation markers and a Sources list, in the Gemini CLI's format.
 */
import { z } from 'zod';
import type { ContentGenerator } from '../model/content-generator.js';
import type { ModelConfigs } from '../model/model-configs.js';
import { resolveServiceModel } from '../model/model-configs.js';
import { errorMessage } from '../platform/errors.js';
import { defineTool } from './define-tool.js';
import { responseText, withCitations } from './grounding.js';
import type { Tool, ToolResult } from './tool-types.js';

export const WEB_SEARCH_TOOL_NAME = 'google_web_search';

const parameters = z.object({
  query: z.string().describe('The search query to find information on the web.'),
});
export type WebSearchParams = z.infer<typeof parameters>;

export interface WebSearchToolOptions {
  contentGenerator: ContentGenerator;
  /** The model that runs the search (one that supports the Google Search tool). */
  model: string;
  /** settings.json's `modelConfigs`: its `web-search` alias and the overrides that match it. */
  modelConfigs?: ModelConfigs;
  /** Sent with the model request (Code Assist's `user_prompt_id`). Default `web-search`. */
  promptId?: string;
}

export function createWebSearchTool(options: WebSearchToolOptions): Tool<WebSearchParams> {
  return defineTool({
    name: WEB_SEARCH_TOOL_NAME,
    displayName: 'GoogleSearch',
    description:
      'Performs a web search using Google Search (via the Gemini API) and returns the results. This tool is useful for finding information on the internet based on a query.',
    kind: 'search',
    parameters,
    validate(params) {
      if (params.query.trim() === '') {
        return { message: "The 'query' parameter cannot be empty.", type: 'invalid_tool_params' };
      }
      return null;
    },
    invocation(params) {
      const description = `Searching the web for: "${params.query}"`;
      return {
        describe: () => description,
        locations: () => [],
        confirmationDetails: () =>
          Promise.resolve({ type: 'info', title: 'Confirm Web Search', prompt: params.query }),
        execute: (signal) => search(options, params.query, signal),
      };
    },
  });
}

async function search(
  options: WebSearchToolOptions,
  query: string,
  signal: AbortSignal,
): Promise<ToolResult> {
  try {
    const request = resolveServiceModel(options.modelConfigs, 'web-search', options.model);
    const response = await options.contentGenerator.generateContent(
      {
        model: request.name,
        contents: [{ role: 'user', parts: [{ text: query }] }],
        config: {
          ...request.generateContentConfig,
          tools: [{ googleSearch: {} }],
          abortSignal: signal,
        },
      },
      options.promptId ?? 'web-search',
    );
    const text = responseText(response);
    if (text.trim() === '') {
      return {
        llmContent: `No search results or information found for query: "${query}"`,
        returnDisplay: 'No information found.',
      };
    }
    const cited = withCitations(text, response, { missingUri: 'No URI' });
    return {
      llmContent: `Web search results for "${query}":\n\n${cited}`,
      returnDisplay: `Search results for "${query}" returned.`,
    };
  } catch (error) {
    // A cancelled call is the scheduler's to report, not a failed search.
    if (signal.aborted) throw error;
    const message = `Error during web search for query "${query}": ${errorMessage(error)}`;
    return {
      llmContent: `Error: ${message}`,
      returnDisplay: 'Error performing web search.',
      error: { message, type: 'web_search_failed' },
    };
  }
}
