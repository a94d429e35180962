/**
 * `web_fetch`: the model asks about up to 20 URLs in one prompt. First the Gemini API's URL
 * context tool fetches them (on Google's side); when that fails or retrieves nothing, we fetch
 * each URL ourselves, under the network guard, and ask the model to answer from the page text.
 * Strings the model reads follow the Gemini CLI.
 */
import { UrlRetrievalStatus } from '../model/genai-values.js';
import type { GenerateContentResponse } from '@google/genai';
import { z } from 'zod';
import type { ContentGenerator } from '../model/content-generator.js';
import type { ModelConfigs } from '../model/model-configs.js';
import { resolveServiceModel } from '../model/model-configs.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { GuardedFetchOptions } from '../platform/network-guard.js';
import {
  DEFAULT_FETCH_TIMEOUT_MS,
  NetworkAccessRefusedError,
  guardedFetch,
  vetUrl,
} from '../platform/network-guard.js';
import { VERSION } from '../platform/version.js';
import { defineTool } from './define-tool.js';
import { responseText, withCitations } from './grounding.js';
import type { Tool, ToolResult } from './tool-types.js';

export const WEB_FETCH_TOOL_NAME = 'web_fetch';
export const MAX_URLS_PER_PROMPT = 20;
/** The most page text (all URLs together) the fallback hands to the model. */
export const MAX_FALLBACK_CONTENT_CHARS = 250_000;
/** A URL-context call that never settles falls back to fetching locally after this long. */
export const PRIMARY_FETCH_TIMEOUT_MS = 30_000;
const TRUNCATION_WARNING = '\n\n... [Content truncated due to size limit] ...';
const USER_AGENT = `Mozilla/5.0 (compatible; GeminiAgent/${VERSION})`;

const parameters = z.object({
  prompt: z
    .string()
    .describe(
      'A comprehensive prompt that includes the URL(s) (up to 20) to fetch and specific instructions on how to process their content (e.g., "Summarize https://example.com/article and extract key points from https://another.com/data"). All URLs to be fetched must be valid and complete, starting with "http://" or "https://", and be fully-formed with a valid hostname (e.g., a domain name like "example.com" or an IP address). For example, "https://example.com" is valid, but "example.com" is not.',
    ),
});
export type WebFetchParams = z.infer<typeof parameters>;

/** How the local fallback reaches the network; every field has a safe default. */
export type WebFetchNetworkOptions = Pick<
  GuardedFetchOptions,
  'policy' | 'lookup' | 'transport' | 'timeoutMs' | 'maxRedirects' | 'maxBytes'
>;

export interface WebFetchToolOptions {
  contentGenerator: ContentGenerator;
  /** The model for the URL-context call and the fallback answer. */
  model: string;
  /**
   * settings.json's `modelConfigs`: its `web-fetch` and `web-fetch-fallback` aliases and the
   * overrides that match them.
   */
  modelConfigs?: ModelConfigs;
  /** Sent with the model requests (Code Assist's `user_prompt_id`). Default `web-fetch`. */
  promptId?: string;
  /**
   * The fallback's address policy (default: public addresses only), DNS lookup, transport and
   * limits. Tests allow their local server here explicitly.
   */
  network?: WebFetchNetworkOptions;
  /** Default `PRIMARY_FETCH_TIMEOUT_MS`. */
  primaryTimeoutMs?: number;
  logger?: Logger;
}

/** The http(s) URLs in a prompt (whitespace-separated tokens containing `://`), and bad ones. */
export function parsePrompt(text: string): { validUrls: string[]; errors: string[] } {
  const validUrls: string[] = [];
  const errors: string[] = [];
  for (const token of text.split(/\s+/)) {
    if (!token.includes('://')) continue;
    let url: URL;
    try {
      url = new URL(token);
    } catch {
      errors.push(`Malformed URL detected: "${token}".`);
      continue;
    }
    if (url.protocol === 'http:' || url.protocol === 'https:') validUrls.push(url.href);
    else {
      errors.push(`Unsupported protocol in URL: "${token}". Only http and https are supported.`);
    }
  }
  return { validUrls, errors };
}

/** `github.com/<owner>/<repo>/blob/<ref>/<path>` → the raw file on raw.githubusercontent.com. */
export function convertGithubUrlToRaw(input: string): string {
  try {
    const url = new URL(input);
    if (url.hostname === 'github.com' && url.pathname.includes('/blob/')) {
      url.hostname = 'raw.githubusercontent.com';
      url.pathname = url.pathname.replace(/^\/([^/]+\/[^/]+)\/blob\//, '/$1/');
      return url.href;
    }
  } catch {
    // Not a URL: nothing to convert.
  }
  return input;
}

export function createWebFetchTool(options: WebFetchToolOptions): Tool<WebFetchParams> {
  return defineTool({
    name: WEB_FETCH_TOOL_NAME,
    displayName: 'WebFetch',
    description:
      "Processes content from URL(s) embedded in a prompt. Include up to 20 URLs and instructions (e.g., summarize, extract specific data) directly in the 'prompt' parameter. Addresses on local and private networks (e.g., localhost, 10.x, 192.168.x) cannot be fetched.",
    kind: 'fetch',
    parameters,
    validate({ prompt }) {
      if (prompt.trim() === '') {
        return {
          message:
            "The 'prompt' parameter cannot be empty and must contain URL(s) and instructions.",
          type: 'invalid_tool_params',
        };
      }
      const { validUrls, errors } = parsePrompt(prompt);
      if (errors.length > 0) {
        return {
          message: `Error(s) in prompt URLs:\n- ${errors.join('\n- ')}`,
          type: 'invalid_tool_params',
        };
      }
      if (validUrls.length === 0) {
        return {
          message:
            "The 'prompt' must contain at least one valid URL (starting with http:// or https://).",
          type: 'web_fetch_no_url_in_prompt',
        };
      }
      const count = new Set(validUrls).size;
      if (count > MAX_URLS_PER_PROMPT) {
        return {
          message: `The 'prompt' may contain at most ${MAX_URLS_PER_PROMPT} URLs, but it contains ${count}.`,
          type: 'invalid_tool_params',
        };
      }
      return null;
    },
    invocation({ prompt }) {
      const shown = prompt.length > 100 ? `${prompt.substring(0, 97)}...` : prompt;
      const description = `Processing URLs and instructions from prompt: "${shown}"`;
      return {
        describe: () => description,
        locations: () => [],
        confirmationDetails: () =>
          Promise.resolve({
            type: 'info',
            title: 'Confirm Web Fetch',
            prompt,
            urls: parsePrompt(prompt).validUrls.map(convertGithubUrlToRaw),
          }),
        execute: (signal) => webFetch(options, prompt, signal),
      };
    },
  });
}

function failure(
  message: string,
  type: 'web_fetch_fallback_failed' | 'web_fetch_processing_error',
): ToolResult {
  return {
    llmContent: `Error: ${message}`,
    returnDisplay: `Error: ${message}`,
    error: { message, type },
  };
}

async function webFetch(
  options: WebFetchToolOptions,
  prompt: string,
  signal: AbortSignal,
): Promise<ToolResult> {
  const urls = [...new Set(parsePrompt(prompt).validUrls)];
  const { allowed, skipped } = await screenUrls(urls, options.network ?? {}, signal);
  if (allowed.length === 0) {
    return failure(
      `All requested URLs were skipped: ${skipped.join(', ')}`,
      'web_fetch_processing_error',
    );
  }
  const warning =
    skipped.length > 0
      ? `[Warning] The following URLs were skipped:\n${skipped.join('\n')}\n\n`
      : '';
  const primary = await fetchWithUrlContext(options, prompt, signal);
  if (primary !== null) {
    return { llmContent: `${warning}${primary}`, returnDisplay: 'Content processed from prompt.' };
  }
  return fetchLocally(options, { prompt, urls: allowed, warning }, signal);
}

/**
 * URLs whose host the address policy refuses are reported as skipped and never fetched here;
 * when all are refused the call ends before any request. (The URL-context call still gets the
 * prompt as written, but Google's fetcher cannot reach the runner's network.) A host that does
 * not resolve here stays in: Google's fetcher may still reach it.
 */
async function screenUrls(
  urls: readonly string[],
  network: WebFetchNetworkOptions,
  signal: AbortSignal,
): Promise<{ allowed: string[]; skipped: string[] }> {
  // A resolver that never answers must not hold the call up; the fetch itself re-checks anyway.
  const bounded = AbortSignal.any([
    signal,
    AbortSignal.timeout(network.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS),
  ]);
  const checks = await Promise.all(
    urls.map(async (url) => {
      try {
        await vetUrl(convertGithubUrlToRaw(url), { ...network, signal: bounded });
        return true;
      } catch (error) {
        return !(error instanceof NetworkAccessRefusedError);
      }
    }),
  );
  return {
    allowed: urls.filter((_, i) => checks[i]),
    skipped: urls.filter((_, i) => !checks[i]).map((url) => `[Blocked Host] ${url}`),
  };
}

/** The URL-context answer with citations, or null when it failed or retrieved nothing. */
async function fetchWithUrlContext(
  options: WebFetchToolOptions,
  prompt: string,
  signal: AbortSignal,
): Promise<string | null> {
  const logger = options.logger ?? silentLogger;
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new Error('The URL context request timed out'));
  }, options.primaryTimeoutMs ?? PRIMARY_FETCH_TIMEOUT_MS);
  const forward = () => {
    controller.abort(signal.reason);
  };
  signal.addEventListener('abort', forward, { once: true });
  let response: GenerateContentResponse;
  try {
    const request = resolveServiceModel(options.modelConfigs, 'web-fetch', options.model);
    response = await options.contentGenerator.generateContent(
      {
        model: request.name,
        contents: [{ role: 'user', parts: [{ text: prompt }] }],
        config: {
          ...request.generateContentConfig,
          tools: [{ urlContext: {} }],
          abortSignal: controller.signal,
        },
      },
      options.promptId ?? 'web-fetch',
    );
  } catch (error) {
    if (signal.aborted) throw error;
    logger.debug(`web_fetch: URL context failed, fetching locally: ${errorMessage(error)}`);
    return null;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forward);
  }

  const candidate = response.candidates?.[0];
  const retrievals = candidate?.urlContextMetadata?.urlMetadata ?? [];
  if (
    retrievals.length > 0 &&
    retrievals.every(
      (entry) => entry.urlRetrievalStatus !== UrlRetrievalStatus.URL_RETRIEVAL_STATUS_SUCCESS,
    )
  ) {
    logger.debug('web_fetch: URL context retrieved none of the URLs, fetching locally');
    return null;
  }
  const text = responseText(response);
  const sources = candidate?.groundingMetadata?.groundingChunks ?? [];
  if (text.trim() === '' && sources.length === 0) {
    logger.debug('web_fetch: URL context returned nothing, fetching locally');
    return null;
  }
  return withCitations(text, response, { missingUri: 'Unknown URI' });
}

interface Fetched {
  url: string;
  content?: string;
  error?: string;
}

async function fetchLocally(
  options: WebFetchToolOptions,
  request: { prompt: string; urls: readonly string[]; warning: string },
  signal: AbortSignal,
): Promise<ToolResult> {
  const { prompt, urls, warning } = request;
  const results = await Promise.all(
    urls.map(async (url): Promise<Fetched> => {
      try {
        return { url, content: await fetchPageText(url, options.network ?? {}, signal) };
      } catch (error) {
        return { url, error: errorMessage(error) };
      }
    }),
  );
  signal.throwIfAborted();
  if (results.every((result) => result.content === undefined)) {
    const detail = results.map((result) => `${result.url}: ${result.error ?? ''}`).join(', ');
    return failure(`All fallback fetch attempts failed: ${detail}`, 'web_fetch_fallback_failed');
  }

  const budgeted = shareBudget(results, MAX_FALLBACK_CONTENT_CHARS);
  const sources = results
    .map((result) => {
      const body = budgeted.get(result.url) ?? `Error: ${result.error ?? 'Unknown error'}`;
      return `<source url="${escapeXml(result.url)}">\n${escapeXml(body)}\n</source>`;
    })
    .join('\n');
  const fallbackPrompt = `Follow the user's instructions below using the provided webpage content.

<user_instructions>
${escapeXml(prompt)}
</user_instructions>

I was unable to access the URL(s) directly using the primary fetch tool. Instead, I have fetched the raw content of the page(s). Please use the following content to answer the request. Do not attempt to access the URL(s) again.

<content>
${sources}
</content>
`;
  try {
    const request = resolveServiceModel(options.modelConfigs, 'web-fetch-fallback', options.model);
    const response = await options.contentGenerator.generateContent(
      {
        model: request.name,
        contents: [{ role: 'user', parts: [{ text: fallbackPrompt }] }],
        config: { ...request.generateContentConfig, abortSignal: signal },
      },
      options.promptId ?? 'web-fetch',
    );
    return {
      llmContent: `${warning}${responseText(response)}`,
      returnDisplay: `Content for ${urls.length} URL(s) processed using fallback fetch.`,
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return failure(
      `Error during fallback processing: ${errorMessage(error)}`,
      'web_fetch_fallback_failed',
    );
  }
}

/** The page as text: HTML (or an unlabelled body) converted, anything else as it came. */
async function fetchPageText(
  url: string,
  network: WebFetchNetworkOptions,
  signal: AbortSignal,
): Promise<string> {
  const page = await guardedFetch(convertGithubUrlToRaw(url), {
    ...network,
    signal,
    headers: { 'User-Agent': USER_AGENT },
  });
  if (page.status < 200 || page.status >= 300) {
    throw new Error(`Request failed with status code ${page.status} ${page.statusText}`);
  }
  const raw = page.body.toString('utf8');
  const contentType = page.contentType.toLowerCase();
  if (contentType !== '' && !contentType.includes('text/html')) return raw;
  // The HTML parser (~400 KB with its dependencies) loads when a page needs it, not at start-up.
  const { convert } = await import('html-to-text');
  return convert(raw, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  });
}

/**
 * Shares `budget` characters among the pages: short pages keep all their text, and what they
 * leave is split evenly among the longer ones, which are cut with a visible marker.
 */
function shareBudget(results: readonly Fetched[], budget: number): Map<string, string> {
  const pages = results
    .filter((result): result is Fetched & { content: string } => result.content !== undefined)
    .sort((a, b) => a.content.length - b.content.length);
  const shared = new Map<string, string>();
  let remaining = budget;
  pages.forEach((page, i) => {
    const share = Math.floor(remaining / (pages.length - i));
    const text =
      page.content.length <= share
        ? page.content
        : page.content.slice(0, Math.max(0, share - TRUNCATION_WARNING.length)) +
          TRUNCATION_WARNING;
    shared.set(page.url, text);
    remaining -= text.length;
  });
  return shared;
}

/** Page text and the prompt cannot close or forge the tags the fallback prompt is built from. */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
