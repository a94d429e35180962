// An instant stand-in for the Gemini API (generateContent and streamGenerateContent?alt=sse) that
// plays a fixed script, so two agents can be given exactly the same model answers and compared.
//
// Agent requests (those declaring tools) are answered by the script, which sees the request: a
// scripted session (`scriptedSession`) answers with the call after the last one in the request's
// history. Keying by history rather than by arrival order keeps both agents on the same script
// even if one of them retries a request or compresses its history.
// Other requests (routing, next-speaker or loop checks, token counts) are answered with a neutral
// reply and counted apart, so their cost shows up instead of derailing the script.
import { createServer } from 'node:http';

/** A model turn that calls tools; `calls` is `[{ name, args }]`. */
export function callTurn(calls, text) {
  const parts = [];
  if (text !== undefined) parts.push({ text });
  for (const call of calls)
    parts.push({ functionCall: { name: call.name, args: call.args ?? {} } });
  return parts;
}

/** A model turn that answers in text and so ends the session. */
export function textTurn(text) {
  return [{ text }];
}

function sse(res, chunks) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join(''));
}

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** Usage as the API would report it: about four bytes of request a token. */
function response(parts, requestBytes) {
  const prompt = Math.ceil(requestBytes / 4);
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: prompt,
      candidatesTokenCount: 10,
      totalTokenCount: prompt + 10,
    },
    modelVersion: 'bench-model',
  };
}

function isAgentRequest(body) {
  return Array.isArray(body?.tools) && body.tools.some((tool) => tool.functionDeclarations?.length);
}

/** Key-sorted JSON, so the same arguments compare equal however a client ordered them. */
function stable(value) {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The last function call in a request's history, or undefined before the first. */
function lastCall(body) {
  const contents = body?.contents ?? [];
  for (let i = contents.length - 1; i >= 0; i--) {
    const content = contents[i];
    if (content.role !== 'model') continue;
    const calls = (content.parts ?? []).filter((part) => part.functionCall);
    if (calls.length > 0) return calls[calls.length - 1].functionCall;
  }
  return undefined;
}

/**
 * A script that plays `calls` (one a turn, each distinct) and then answers `finalText`: each
 * request gets the call after the last one its history holds. `calls` may be a function, for
 * paths only known per run.
 */
export function scriptedSession(calls, finalText) {
  return (body) => {
    const list = typeof calls === 'function' ? calls() : calls;
    const last = lastCall(body);
    let next = 0;
    if (last) {
      const key = stable({ name: last.name, args: last.args ?? {} });
      const index = list.findIndex(
        (call) => stable({ name: call.name, args: call.args ?? {} }) === key,
      );
      if (index === -1) return undefined;
      next = index + 1;
    }
    if (next < list.length) return callTurn([list[next]]);
    return next === list.length ? textTurn(finalText) : undefined;
  };
}

/** A neutral answer for helper requests that ask for JSON (loop checks, next speaker, routing). */
function helperReply(body) {
  const wantsJson = body?.generationConfig?.responseMimeType === 'application/json';
  const text = wantsJson
    ? JSON.stringify({
        unproductive_state_confidence: 0,
        unproductive_state_analysis: 'The session is making progress.',
        next_speaker: 'user',
        reasoning: 'The model has answered.',
      })
    : 'ok';
  return [{ text }];
}

/**
 * Starts the server on 127.0.0.1. `script(body)` returns the parts of the model's answer to an
 * agent request, or undefined when the script has no answer (answered 400, so a client fails at
 * once instead of retrying).
 */
export async function startFakeModelServer(options = {}) {
  const script = options.script ?? (() => textTurn('ok'));
  const stats = {
    requests: 0,
    agentRequests: 0,
    helperRequests: 0,
    bytesSent: 0,
    agentBytesSent: 0,
    firstRequestAt: undefined,
    log: [],
  };
  const listeners = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const raw = Buffer.concat(chunks);
      stats.requests++;
      stats.bytesSent += raw.length;
      stats.firstRequestAt ??= at;
      for (const listener of listeners) listener(at, raw.length);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rpc = /:(\w+)$/.exec(url.pathname)?.[1] ?? '';
      let body;
      try {
        body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
      } catch {
        json(res, 400, { error: { code: 400, message: 'bad JSON', status: 'INVALID_ARGUMENT' } });
        return;
      }
      if (options.keepBodies) stats.log.push({ rpc, path: url.pathname, body });
      if (rpc === 'countTokens') {
        json(res, 200, { totalTokens: Math.ceil(raw.length / 4) });
        return;
      }
      if (rpc !== 'generateContent' && rpc !== 'streamGenerateContent') {
        json(res, 404, { error: { code: 404, message: `no ${rpc}`, status: 'NOT_FOUND' } });
        return;
      }
      let parts;
      if (isAgentRequest(body)) {
        stats.agentRequests++;
        stats.agentBytesSent += raw.length;
        parts = script(body);
        if (parts === undefined) {
          json(res, 400, {
            error: { code: 400, message: 'The bench script is over.', status: 'INVALID_ARGUMENT' },
          });
          return;
        }
      } else {
        stats.helperRequests++;
        parts = helperReply(body);
      }
      if (rpc === 'streamGenerateContent') sse(res, [response(parts, raw.length)]);
      else json(res, 200, response(parts, raw.length));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    /** Clears the counters for the next run. */
    reset() {
      Object.assign(stats, {
        requests: 0,
        agentRequests: 0,
        helperRequests: 0,
        bytesSent: 0,
        agentBytesSent: 0,
        firstRequestAt: undefined,
        log: [],
      });
    },
    /** Calls `listener(time, requestBytes)` on every request. */
    onRequest(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
