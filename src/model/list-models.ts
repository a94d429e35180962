/**
 * The Gemini API's `models.list`: every model a key can reach, with the metadata Google publishes
 * for it (token limits, generation methods, sampling defaults, whether it thinks). The weekly
 * model-table check compares it with the table (model-table-check.ts).
 *
 * The key goes in the `x-goog-api-key` header, never in the URL, so no log line or error that
 * names the URL can carry it. A listing that fails (a refused key, no connection, an answer of
 * another shape) throws one `ModelListError` line: a partial list must never pass for the API's.
 */
import { z } from 'zod';

export const GEMINI_API_BASE_URL = 'https://generativelanguage.googleapis.com';

/** The most models per page the API allows. */
const PAGE_SIZE = 1000;
/** More pages than any real listing has: a token that never ends is an error, not a loop. */
const MAX_PAGES = 50;
const REQUEST_TIMEOUT_MS = 30_000;
/** Google's error text is shown as given, cut to this length. */
const MAX_REASON_CHARS = 300;

/** One model of the listing, with the fields https://ai.google.dev/api/models documents. */
const listedModelSchema = z.object({
  name: z.string(),
  baseModelId: z.string().optional(),
  version: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  inputTokenLimit: z.number().int().optional(),
  outputTokenLimit: z.number().int().optional(),
  supportedGenerationMethods: z.array(z.string()).optional(),
  temperature: z.number().optional(),
  maxTemperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().int().optional(),
  /** Absent on models that do not think: proto3 JSON leaves a false boolean out. */
  thinking: z.boolean().optional(),
});

const listPageSchema = z.object({
  models: z.array(listedModelSchema).optional(),
  nextPageToken: z.string().optional(),
});

export type ListedModel = z.output<typeof listedModelSchema>;

/** A listing that did not give the whole list; its message is the one line to show. */
export class ModelListError extends Error {
  constructor(
    message: string,
    /** The HTTP status of the refusal, when the API answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelListError';
  }
}

export interface ListModelsOptions {
  apiKey: string;
  /** Default {@link GEMINI_API_BASE_URL}. */
  baseUrl?: string;
  /** Default the global `fetch`, looked up on each call (so nock applies in tests). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Every model of `models.list`, all pages. */
export async function listModels(options: ListModelsOptions): Promise<ListedModel[]> {
  const base = (options.baseUrl ?? GEMINI_API_BASE_URL).replace(/\/+$/, '');
  const models: ListedModel[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(`${base}/v1beta/models`);
    url.searchParams.set('pageSize', String(PAGE_SIZE));
    if (pageToken !== undefined) url.searchParams.set('pageToken', pageToken);
    const body = await fetchPage(url, options);
    const parsed = listPageSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where =
        issue === undefined ? '' : ` (${issue.path.join('.') || 'the body'}: ${issue.message})`;
      throw new ModelListError(
        `The Gemini API's model list from ${url.origin}${url.pathname} was not in the shape https://ai.google.dev/api/models documents${where}.`,
      );
    }
    models.push(...(parsed.data.models ?? []));
    pageToken = parsed.data.nextPageToken;
    if (pageToken === undefined || pageToken === '') return models;
  }
  throw new ModelListError(
    `The Gemini API's model list went on for more than ${String(MAX_PAGES)} pages of ${String(PAGE_SIZE)}; it was not read to the end.`,
  );
}

async function fetchPage(url: URL, options: ListModelsOptions): Promise<unknown> {
  const where = `${url.origin}${url.pathname}`;
  let response: Response;
  try {
    response = await (options.fetch ?? globalThis.fetch)(url, {
      headers: { 'x-goog-api-key': options.apiKey, accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ModelListError(
      `The Gemini API's model list could not be reached at ${where}: ${rootCause(error)}.`,
    );
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new ModelListError(refusal(response.status, where, text), response.status);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ModelListError(
      `The Gemini API's model list from ${where} was not JSON (HTTP ${String(response.status)}).`,
    );
  }
}

/** `HTTP 403 (PERMISSION_DENIED: …)` and what to check, from Google's error body. */
function refusal(status: number, where: string, text: string): string {
  let reason = '';
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; status?: unknown } };
    const parts = [body.error?.status, body.error?.message].filter(
      (part): part is string => typeof part === 'string' && part.trim() !== '',
    );
    reason = parts.join(': ').replace(/\s+/g, ' ').trim().slice(0, MAX_REASON_CHARS);
  } catch {
    // Not Google's JSON error (a proxy's page): the status alone says enough.
  }
  const hint =
    status === 400 || status === 401 || status === 403
      ? ' Check the GEMINI_API_KEY secret: a Gemini API key (Google AI Studio) of a project where the Generative Language API is enabled.'
      : status === 429 || status >= 500
        ? ' The API is busy or failing; run the check again later.'
        : '';
  return `The Gemini API refused to list its models at ${where}: HTTP ${String(status)}${reason === '' ? '' : ` (${reason})`}.${hint}`;
}

/** The innermost message of an error's causes (`getaddrinfo ENOTFOUND …`). */
function rootCause(error: unknown): string {
  let current: unknown = error;
  let message = String(error);
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    message = current.message;
    current = current.cause;
  }
  return message;
}
