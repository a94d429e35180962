import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Part } from '@google/genai';
import type {
  ErrorStep,
  FakeLane,
  FakeRequest,
  FakeResponseChunk,
  FakeStep,
  FakeStepValue,
} from './fake-script.js';

export * from './fake-script.js';

/**
 * A local stand-in for the Gemini API, Vertex AI and Code Assist, on a real HTTP port. It plays a
 * script (see fake-script.ts): each generate request, unary or streamed, gets the next step. The
 * CLI's offline replay mode serves recordings through it, so it has no test-only dependencies.
 */

export interface FakeGeminiServerOptions {
  script?: FakeStep[];
  /**
   * Scripts for the requests of particular conversations (subagents running in parallel): a
   * generate request the first matching lane accepts takes that lane's next step; any other
   * takes the main script's.
   */
  lanes?: FakeLane[];
  /** The project `loadCodeAssist` reports; `null` reports none. Default `fake-project`. */
  codeAssistProject?: string | null;
}

export interface FakeGeminiServer {
  /** `http://127.0.0.1:<port>`, to use as the base URL. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: FakeRequest[];
  /** The generate requests (unary and streamed) only. */
  generateRequests(): FakeRequest[];
  /** How many script steps are left (of the main script, or of the named lane). */
  remaining(lane?: string): number;
  /** Appends steps to the script. */
  push(...steps: FakeStep[]): void;
  /** Resolves once at least `count` requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const GENERATE_RPCS = new Set(['generateContent', 'streamGenerateContent']);

interface Route {
  api: FakeRequest['api'];
  rpc: string;
  apiVersion?: string;
  model?: string;
  project?: string;
  location?: string;
}

const GEMINI_PATH = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):(\w+)$/;
const VERTEX_PATH =
  /^\/(v1beta1|v1)\/(?:projects\/([^/]+)\/locations\/([^/]+)\/)?publishers\/google\/models\/([^/:]+):(\w+)$/;
const CODE_ASSIST_PATH = /^\/(v1internal):(\w+)$/;

function route(path: string): Route | undefined {
  let m = GEMINI_PATH.exec(path);
  if (m) return { api: 'gemini', apiVersion: m[1], model: m[2], rpc: m[3] ?? '' };
  m = VERTEX_PATH.exec(path);
  if (m) {
    return {
      api: 'vertex',
      apiVersion: m[1],
      ...(m[2] !== undefined ? { project: m[2] } : {}),
      ...(m[3] !== undefined ? { location: m[3] } : {}),
      model: m[4],
      rpc: m[5] ?? '',
    };
  }
  m = CODE_ASSIST_PATH.exec(path);
  if (m) return { api: 'code-assist', apiVersion: m[1], rpc: m[2] ?? '' };
  return undefined;
}

/** The Google error body, with `QuotaFailure` and `RetryInfo` details when the step has them. */
function errorBody(
  step: Pick<ErrorStep, 'status' | 'message' | 'retryDelay' | 'quotaIds'>,
): string {
  const details: unknown[] = [];
  if (step.quotaIds !== undefined) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: step.quotaIds.map((quotaId) => ({
        quotaMetric: 'generativelanguage.googleapis.com/generate_content_requests',
        quotaId,
      })),
    });
  }
  if (step.retryDelay !== undefined) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.RetryInfo',
      retryDelay: step.retryDelay,
    });
  }
  return JSON.stringify({
    error: {
      code: step.status,
      message: step.message,
      status: STATUS_NAMES[step.status] ?? 'UNKNOWN',
      ...(details.length > 0 ? { details } : {}),
    },
  });
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(body);
}

/** One response from a streamed reply: parts concatenated, the last finish reason and usage kept. */
export function mergeChunks(chunks: readonly FakeResponseChunk[]): FakeResponseChunk {
  const merged: FakeResponseChunk = {};
  const parts: Part[] = [];
  let candidate: Record<string, unknown> | undefined;
  for (const chunk of chunks) {
    const { candidates, ...rest } = chunk;
    Object.assign(merged, rest);
    const first = candidates?.[0];
    if (first) {
      parts.push(...(first.content?.parts ?? []));
      const fields: Record<string, unknown> = { ...first };
      delete fields['content'];
      candidate = { ...candidate, ...fields };
    }
  }
  if (candidate) {
    merged.candidates = [{ ...candidate, content: { role: 'model', parts } }];
  }
  return merged;
}

function partChars(part: Part): number {
  return typeof part.text === 'string' ? part.text.length : JSON.stringify(part).length;
}

/** About four characters per token, like the API's own rough estimates. */
function estimateTokens(body: unknown): number {
  const record = (body ?? {}) as { contents?: unknown; request?: { contents?: unknown } };
  const contents = record.request?.contents ?? record.contents;
  let chars = 0;
  if (Array.isArray(contents)) {
    for (const content of contents as { parts?: Part[] }[]) {
      for (const part of content.parts ?? []) chars += partChars(part);
    }
  }
  return Math.ceil(chars / 4);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const piece of req) chunks.push(piece as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGeminiServer(
  options: FakeGeminiServerOptions = {},
): Promise<FakeGeminiServer> {
  const script: FakeStep[] = [...(options.script ?? [])];
  let consumed = 0;
  const lanes = (options.lanes ?? []).map((entry) => ({ ...entry, consumed: 0 }));
  let generateCount = 0;
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  const pendingDelays = new Set<() => void>();
  const waiters = new Set<{ count: number; resolve: () => void }>();
  let closed = false;

  const notify = () => {
    for (const waiter of waiters) {
      if (requests.length >= waiter.count) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pendingDelays.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pendingDelays.add(done);
    });

  const wrap = (api: FakeRequest['api'], chunk: FakeResponseChunk): unknown =>
    api === 'code-assist' ? { response: chunk } : chunk;

  async function answer(req: FakeRequest, step: FakeStepValue, res: ServerResponse): Promise<void> {
    if (step.delayMs !== undefined && step.delayMs > 0) await delay(step.delayMs);
    // The client gave up (abort) or the server is closing: nobody is listening.
    if (closed || res.destroyed) return;
    if (step.type === 'error') {
      sendJson(res, step.status, errorBody(step));
      return;
    }
    const streamed = req.rpc === 'streamGenerateContent';
    if (step.type === 'raw') {
      if (!streamed) {
        sendJson(res, 200, step.chunks[0] ?? '{}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (const text of step.chunks) await write(res, `data: ${text}\r\n\r\n`);
      res.end();
      return;
    }
    if (!streamed) {
      const body = JSON.stringify(wrap(req.api, mergeChunks(step.chunks)));
      if (step.type === 'cut') {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
        await write(res, body.slice(0, Math.floor(body.length / 2)));
        res.destroy();
        return;
      }
      sendJson(res, 200, body);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const count =
      step.type === 'cut' ? Math.min(step.after, step.chunks.length) : step.chunks.length;
    for (const chunk of step.chunks.slice(0, count)) {
      await write(res, `data: ${JSON.stringify(wrap(req.api, chunk))}\r\n\r\n`);
    }
    if (step.type === 'cut') res.destroy();
    else res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(req);
    let body: unknown;
    let badJson = false;
    if (text !== '') {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        badJson = true;
      }
    }
    const found = route(url.pathname);
    const record: FakeRequest = {
      index: requests.length + 1,
      api: found?.api ?? 'unknown',
      rpc: found?.rpc ?? '',
      httpMethod: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body: badJson ? text : body,
      ...(found?.apiVersion !== undefined ? { apiVersion: found.apiVersion } : {}),
      ...(found?.project !== undefined ? { project: found.project } : {}),
      ...(found?.location !== undefined ? { location: found.location } : {}),
    };
    const model =
      found?.model ??
      (typeof (body as { model?: unknown } | undefined)?.model === 'string'
        ? (body as { model: string }).model
        : undefined);
    if (model !== undefined) record.model = model;
    requests.push(record);
    notify();

    if (!found || req.method !== 'POST') {
      sendJson(
        res,
        404,
        errorBody({
          status: 404,
          message: `The fake Gemini server does not serve ${req.method ?? ''} ${url.pathname}.`,
        }),
      );
      return;
    }
    if (badJson) {
      sendJson(
        res,
        400,
        errorBody({ status: 400, message: 'The request body is not valid JSON.' }),
      );
      return;
    }
    if (found.rpc === 'countTokens') {
      sendJson(res, 200, JSON.stringify({ totalTokens: estimateTokens(body) }));
      return;
    }
    if (found.rpc === 'loadCodeAssist' && found.api === 'code-assist') {
      const project =
        options.codeAssistProject === undefined ? 'fake-project' : options.codeAssistProject;
      sendJson(
        res,
        200,
        JSON.stringify({
          currentTier: { id: 'standard-tier', name: 'Fake tier' },
          ...(project !== null ? { cloudaicompanionProject: project } : {}),
        }),
      );
      return;
    }
    if (!GENERATE_RPCS.has(found.rpc)) {
      sendJson(
        res,
        404,
        errorBody({
          status: 404,
          message: `The fake Gemini server does not implement ${found.rpc}.`,
        }),
      );
      return;
    }

    generateCount++;
    const laneOf = lanes.find((entry) => entry.match(record));
    const steps = laneOf?.script ?? script;
    const position = laneOf ? laneOf.consumed : consumed;
    const next = steps[position];
    if (next === undefined) {
      // 400 so that clients fail at once instead of retrying.
      sendJson(
        res,
        400,
        errorBody({
          status: 400,
          message: `The fake Gemini server's ${laneOf ? `lane "${laneOf.name}"` : 'script'} is exhausted: generate request #${generateCount} (request #${record.index}, ${found.rpc}) has no step to answer it; it had ${steps.length} step(s).`,
        }),
      );
      return;
    }
    if (laneOf) laneOf.consumed++;
    else consumed++;
    record.step = position + 1;
    if (laneOf) record.lane = laneOf.name;
    const step = typeof next === 'function' ? await next(record) : next;
    await answer(record, step, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      // 400, not 500: a failing script step is a test bug, which retries would only hide.
      if (!res.headersSent) {
        sendJson(
          res,
          400,
          errorBody({ status: 400, message: `The fake Gemini server failed: ${message}` }),
        );
      } else {
        res.destroy();
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('The fake Gemini server did not get a TCP port.');
  }

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    generateRequests: () => requests.filter((r) => GENERATE_RPCS.has(r.rpc)),
    remaining: (name) => {
      if (name === undefined) return script.length - consumed;
      const entry = lanes.find((candidate) => candidate.name === name);
      if (entry === undefined) throw new Error(`The fake Gemini server has no lane "${name}".`);
      return entry.script.length - entry.consumed;
    },
    push: (...steps) => {
      script.push(...steps);
    },
    waitForRequests: (count) =>
      new Promise<void>((resolve) => {
        waiters.add({ count, resolve });
        notify();
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const finish of [...pendingDelays]) finish();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

function write(res: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) {
      resolve();
      return;
    }
    res.write(text, () => {
      resolve();
    });
  });
}
