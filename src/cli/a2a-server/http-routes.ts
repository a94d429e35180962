/**
 * The server's HTTP side, on node:http: the public agent card, and one JSON-RPC endpoint behind
 * the bearer token that speaks A2A 1.0 and 0.3.
 *
 * The protocol version is the `A2A-Version` header's (absent means 0.3, as A2A 1.0 says), not
 * the method name's: 1.0 requests go to the SDK's JSON-RPC handler, 0.3 requests to its v0.3
 * compatibility handler, both over the same request handler and tasks. The extension's own
 * methods (`commands/get`, `command/execute`) are answered before either.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentCard } from '@a2a-js/sdk';
import { Extensions, formatSSEErrorEvent, formatSSEEvent, SSE_HEADERS } from '@a2a-js/sdk';
import { LEGACY_HTTP_EXTENSION_HEADER } from '@a2a-js/sdk/compat/v0_3';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import type { A2ARequestHandler } from '@a2a-js/sdk/server';
import {
  JsonRpcTransportHandler,
  ServerCallContext,
  STATE_HEADERS_KEY,
  validateVersion,
} from '@a2a-js/sdk/server';
import { jsonLimitProblem } from '../../platform/text-limits.js';
import { errorMessage } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { cardJsonV03, cardJsonV1 } from './agent-card.js';

export const AGENT_CARD_PATH = '/.well-known/agent-card.json';
export const JSON_RPC_PATH = '/a2a';
/**
 * How deeply a request may nest. A2A messages nest a few levels (a data part's answer to a
 * confirmation is six); the SDK walks the request recursively, and thousands of levels overflow
 * its stack, which must not be what the client reads.
 */
export const MAX_REQUEST_DEPTH = 64;

/** Methods the extension adds; answered for both protocol versions alike. */
export interface ExtensionMethods {
  handles(method: string): boolean;
  call(method: string, params: unknown, context: ServerCallContext): Promise<unknown>;
}

export interface HttpRoutesOptions {
  card: AgentCard;
  requestHandler: A2ARequestHandler;
  extensionMethods: ExtensionMethods;
  /** True when the `Authorization` header holds the server's token. */
  authorized: (header: string | undefined) => boolean;
  maxBodyBytes: number;
  logger: Logger;
  /** SSE comment interval, so proxies keep quiet streams open. Default 15 s. */
  keepAliveMs?: number;
}

interface JsonRpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

type Envelope = { jsonrpc: string; id: unknown; result?: unknown; error?: unknown };

/** Every caller is the one holder of the token, so tasks are visible across both versions. */
const USER = { isAuthenticated: true, userName: 'token-holder' };

export function internalCallContext(): ServerCallContext {
  return new ServerCallContext({ user: USER, requestedVersion: '1.0' });
}

export function httpRoutes(options: HttpRoutesOptions) {
  const v1 = new JsonRpcTransportHandler(options.requestHandler);
  const legacy = new LegacyJsonRpcTransportHandler(options.requestHandler);
  const v1Card = JSON.stringify(cardJsonV1(options.card));
  const legacyCard = JSON.stringify(cardJsonV03(options.card));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === AGENT_CARD_PATH) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        plain(res, 405, 'Use GET.');
        return;
      }
      res.setHeader('Vary', 'A2A-Version');
      json(res, 200, isLegacy(req) ? legacyCard : v1Card);
      return;
    }
    if (url.pathname !== JSON_RPC_PATH) {
      plain(res, 404, 'Not found.');
      return;
    }
    // Before the body is read: nothing of a request without the token is processed.
    if (!options.authorized(header(req, 'authorization'))) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      plain(res, 401, 'Unauthorized: send Authorization: Bearer <token>.');
      return;
    }
    if (req.method !== 'POST') {
      plain(res, 405, 'Use POST with a JSON-RPC request.');
      return;
    }
    const contentType = header(req, 'content-type')?.split(';', 1)[0]?.trim().toLowerCase();
    if (contentType !== undefined && contentType !== 'application/json') {
      rpcError(res, null, {
        code: -32005,
        message: `Unsupported Content-Type "${contentType}"; expected application/json.`,
      });
      return;
    }
    const body = await readBody(req, res, options.maxBodyBytes);
    if (body === undefined) return;
    const tooDeep = jsonLimitProblem(body, {
      maxDepth: MAX_REQUEST_DEPTH,
      maxEntries: Number.MAX_SAFE_INTEGER,
    });
    if (tooDeep !== undefined) {
      rpcError(res, null, {
        code: -32600,
        message: `Invalid request: ${tooDeep.message.replace(' here', ` at offset ${tooDeep.offset}`)}`,
      });
      return;
    }
    let request: unknown;
    try {
      request = JSON.parse(body);
    } catch {
      rpcError(res, null, { code: -32700, message: 'Invalid JSON payload.' });
      return;
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      rpcError(res, null, { code: -32600, message: 'Expected one JSON-RPC request object.' });
      return;
    }
    await dispatch(req, res, request);
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse, request: JsonRpcRequest) {
    const legacyRequest = isLegacy(req);
    const mapError = (error: unknown): unknown =>
      legacyRequest
        ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(error)
        : JsonRpcTransportHandler.mapToJSONRPCError(error);
    const id = request.id ?? null;
    const extensionHeader = legacyRequest
      ? (header(req, LEGACY_HTTP_EXTENSION_HEADER) ?? header(req, 'a2a-extensions'))
      : header(req, 'a2a-extensions');
    const version = header(req, 'a2a-version');
    const context = new ServerCallContext({
      requestedExtensions: Extensions.parseServiceParameter(extensionHeader),
      user: USER,
      ...(version === undefined ? {} : { requestedVersion: version }),
      state: new Map([[STATE_HEADERS_KEY, req.headers]]),
    });
    try {
      validateVersion(context.requestedVersion, options.card, 'JSONRPC');
    } catch (error) {
      rpcError(res, id, mapError(error));
      return;
    }
    const method = typeof request.method === 'string' ? request.method : '';
    if (options.extensionMethods.handles(method)) {
      try {
        const result = await options.extensionMethods.call(method, request.params, context);
        json(res, 200, JSON.stringify({ jsonrpc: '2.0', id, result }));
        return;
      } catch (error) {
        rpcError(res, id, mapError(error));
        return;
      }
    }
    const handler = legacyRequest ? legacy : v1;
    let out: Envelope | AsyncGenerator<Envelope, void, undefined>;
    try {
      out = await handler.handle(request as Record<string, unknown>, context);
    } catch (error) {
      rpcError(res, id, mapError(error));
      return;
    }
    if (!isStream(out)) {
      json(res, 200, JSON.stringify(out));
      return;
    }
    await stream(res, out, {
      id,
      legacy: legacyRequest,
      mapError,
      // A 0.3 resubscription answers with an event stream even when it fails at once.
      errorsAsEvents: legacyRequest && method === 'tasks/resubscribe',
      activated: () => context.activatedExtensions,
    });
  }

  async function stream(
    res: ServerResponse,
    events: AsyncGenerator<Envelope, void, undefined>,
    how: {
      id: unknown;
      legacy: boolean;
      mapError: (error: unknown) => unknown;
      errorsAsEvents: boolean;
      activated: () => readonly string[] | undefined;
    },
  ) {
    // The first event is awaited before any header goes out: an immediate failure is then a
    // plain JSON-RPC error, and the extensions the task activated can be named in a header.
    let first: IteratorResult<Envelope, void>;
    try {
      first = await events.next();
    } catch (error) {
      const envelope = { jsonrpc: '2.0', id: how.id, error: how.mapError(error) };
      if (!how.errorsAsEvents) {
        json(res, 200, JSON.stringify(envelope));
        return;
      }
      startEventStream(res, undefined, how.legacy);
      res.end(formatSSEErrorEvent(envelope));
      return;
    }
    startEventStream(res, how.activated(), how.legacy);
    const keepAlive = setInterval(() => {
      if (!res.writableEnded) res.write(': keep-alive\n\n');
    }, options.keepAliveMs ?? 15_000);
    keepAlive.unref();
    // A client that goes away stops receiving, but the events are still drained: the task
    // store learns the rest of the task from them (for tasks/get and resubscribers).
    const client = { open: true };
    res.on('close', () => {
      client.open = false;
    });
    const send = (envelope: Envelope) => {
      if (client.open) res.write(formatSSEEvent(how.legacy ? withLegacyFinal(envelope) : envelope));
    };
    try {
      if (first.done !== true) send(first.value);
      for (let next = await events.next(); next.done !== true; next = await events.next()) {
        send(next.value);
      }
    } catch (error) {
      options.logger.warning(`An event stream ended with an error: ${errorMessage(error)}`);
      if (client.open)
        res.write(formatSSEErrorEvent({ jsonrpc: '2.0', id: how.id, error: how.mapError(error) }));
    } finally {
      clearInterval(keepAlive);
      res.end();
    }
  }

  return handle;
}

/**
 * The extension ends a turn that waits for a confirmation with `input-required` and
 * `final: true` (its appendix, step 4); the SDK's 0.3 layer marks only terminal states final.
 */
function withLegacyFinal(envelope: Envelope): Envelope {
  const result = envelope.result as
    { kind?: unknown; status?: { state?: unknown }; final?: unknown } | undefined;
  if (result?.kind === 'status-update' && result.status?.state === 'input-required') {
    return { ...envelope, result: { ...result, final: true } };
  }
  return envelope;
}

function startEventStream(
  res: ServerResponse,
  activated: readonly string[] | undefined,
  legacy: boolean,
): void {
  if (activated !== undefined && activated.length > 0) {
    res.setHeader(legacy ? LEGACY_HTTP_EXTENSION_HEADER : 'A2A-Extensions', activated.join(','));
  }
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
}

function isLegacy(req: IncomingMessage): boolean {
  return (header(req, 'a2a-version') ?? '0.3') === '0.3';
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
}

function isStream(
  value: Envelope | AsyncGenerator<Envelope, void, undefined>,
): value is AsyncGenerator<Envelope, void, undefined> {
  return (
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

/**
 * The body as text, or undefined when it was too large: a 413 then goes out, and the rest of the
 * body is read and dropped. Closing the connection with the body unread would reach a client that
 * is still sending as a reset, and its request would fail without the answer. A body that never
 * ends is cut off by the server's request timeout; only a token holder gets this far.
 */
function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      req.removeAllListeners('data');
      plain(res, 413, `The request body is larger than ${limit} bytes.`);
      req.resume();
      resolve(undefined);
    };
    if (Number(header(req, 'content-length') ?? '0') > limit) {
      tooLarge();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(body);
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}

function rpcError(res: ServerResponse, id: unknown, error: unknown): void {
  json(res, 200, JSON.stringify({ jsonrpc: '2.0', id, error }));
}
