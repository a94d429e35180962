// An instant stand-in for the Gemini API (generateContent and streamGenerateContent?alt=sse) that
// plays a fixed script, so two agents can be given exactly the same model answers and compared.
//
// Agent requests (those declaring tools) are answered by the script, which sees the request: a
// scripted session (`scriptedSession`) answers with the call after the last one in the request's
// history. Keying by history rather than by arrival order keeps both agents on the same script
// even if one of them retries a request or compresses its history.
// Other requests (routing, next-speaker or loop checks, token counts) are answered with a neutral
// reply and counted apart, so their cost shows up instead of derailing the script.
//
// With `account: true` every request's tokens are recorded as the API would bill them, cached
// prefix included (model-pace.mjs, `stats.ledger`); with `pace: true` each answer also takes as
// long as a real model's would, its first chunk streamed after 1.5 s.
import { createServer } from 'node:http';
import { PACE, RequestLedger, stable, tokensOf, turnMs } from './model-pace.mjs';

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

const sseEvent = (chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`;

function sse(res, chunks) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(chunks.map(sseEvent).join(''));
}

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/**
 * Usage as the API would report it: about four bytes of request a token, or the ledger's
 * accounting of the request when there is one.
 */
function response(parts, requestBytes, entry, model = 'bench-model') {
  const prompt = entry?.promptTokens ?? Math.ceil(requestBytes / 4);
  const output = entry?.outputTokens ?? 10;
  const thoughts = entry?.thoughtsTokens ?? 0;
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: prompt,
      ...(entry?.cachedTokens ? { cachedContentTokenCount: entry.cachedTokens } : {}),
      candidatesTokenCount: output,
      ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
      totalTokenCount: prompt + output + thoughts,
    },
    modelVersion: model,
  };
}

/** A thinking model's first streamed chunk: a thought, before the answer. */
const FIRST_CHUNK = {
  candidates: [
    {
      content: { role: 'model', parts: [{ text: 'Looking at the request.', thought: true }] },
      index: 0,
    },
  ],
  modelVersion: 'bench-model',
};

function isAgentRequest(body) {
  return Array.isArray(body?.tools) && body.tools.some((tool) => tool.functionDeclarations?.length);
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
  const ledger = options.account || options.pace ? new RequestLedger() : undefined;
  stats.ledger = ledger;
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
      answer({ res, rpc, body, parts, at, bytes: raw.length });
    });
  });

  /** Sends the answer: at once, or at the model's pace; records the request when accounting. */
  function answer({ res, rpc, body, parts, at, bytes }) {
    const stream = rpc === 'streamGenerateContent';
    if (!ledger) {
      if (stream) sse(res, [response(parts, bytes)]);
      else json(res, 200, response(parts, bytes));
      return;
    }
    const entry = ledger.record(body, at);
    entry.outputTokens = tokensOf(JSON.stringify(parts).length);
    if (!options.pace) {
      ledger.prefillDone(entry, at);
      entry.doneAt = at;
      if (stream) sse(res, [response(parts, bytes, entry)]);
      else json(res, 200, response(parts, bytes, entry));
      return;
    }
    entry.thoughtsTokens = Math.round(entry.newInputTokens * PACE.thinkingShareOfNewInput);
    const total = turnMs(entry);
    if (stream) res.writeHead(200, { 'content-type': 'text/event-stream' });
    const timers = [
      setTimeout(() => {
        ledger.prefillDone(entry, performance.now());
        if (stream) res.write(sseEvent(FIRST_CHUNK));
      }, PACE.firstTokenMs),
      setTimeout(() => {
        entry.doneAt = performance.now();
        if (stream) res.end(sseEvent(response(parts, bytes, entry)));
        else json(res, 200, response(parts, bytes, entry));
      }, total),
    ];
    // A client that gives up (a cancelled run) ends the turn early, as the API would.
    res.on('close', () => {
      for (const timer of timers) clearTimeout(timer);
      entry.doneAt ??= performance.now();
    });
  }
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
      if (ledger) ledger.entries = [];
      stats.ledger = ledger;
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
