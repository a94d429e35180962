// What the fake model server needs to answer at a real model's pace and to account for tokens
// as the Gemini API bills them: how long a turn takes, how much of a request repeats an earlier
// one (implicit caching), and each request's tokens.
//
// The pace: the first streamed chunk 1.5 s after the request, and the whole answer 3 to 8 s
// after it. Within those bounds a turn takes longer the more the model writes, thinking
// included, and it thinks more over what is new to it since its previous request (what it has
// just read):
//   turn = clamp(1.5 s + (output tokens + thinking tokens) / 200 per s, 3 s, 8 s)
//   thinking tokens = 10 % of the request's tokens its session's previous request did not have
// so a turn that calls a tool on a short answer takes 3 s, and one that writes a review of ten
// findings after reading 15,000 new tokens takes the full 8 s.
//
// Tokens are about four bytes of the request as the client serialized it. Implicit caching is
// modelled as Google describes it (https://ai.google.dev/gemini-api/docs/caching, checked
// 2026-12-07: "enabled by default for all Gemini 2.5 and newer models", minimum 4,096 input tokens
// for Gemini 4 Argon, 3.8 Flash and 3.6 Flash; "put large and common contents at the beginning of
// your prompt", "send requests with similar prefix in a short amount of time"): a request's
// cached tokens are its longest prefix shared with an earlier request whose prompt the model had
// already read (its first token sent), when that prefix is at least the minimum.

export const PACE = Object.freeze({
  firstTokenMs: 1500,
  minTurnMs: 3000,
  maxTurnMs: 8000,
  outputTokensPerSecond: 200,
  thinkingShareOfNewInput: 0.1,
});

export const IMPLICIT_CACHE_MIN_TOKENS = 4096;

/** About four bytes a token, as the fake server's usage counts have always said. */
export const tokensOf = (chars) => Math.ceil(chars / 4);

/** Key-sorted JSON, so the same value compares equal however a client ordered its keys. */
export function stable(value) {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The prompt as the model reads it, in order: system instruction, tool declarations, then the
 * conversation. A prefix of this is what implicit caching can reuse.
 */
export function promptText(body) {
  return [
    stable(body?.systemInstruction ?? null),
    stable(body?.tools ?? null),
    ...(body?.contents ?? []).map(stable),
  ].join('\n');
}

/**
 * Which conversation a request belongs to: its system instruction and its opening, the messages
 * before the model's first tool call (a task may follow a message of environment context, which
 * every agent's opening shares). The main agent, each subagent and each helper call are their
 * own sessions.
 */
export function sessionKey(body) {
  const contents = body?.contents ?? [];
  const firstCall = contents.findIndex(
    (content) => content.role === 'model' && content.parts?.some((part) => part.functionCall),
  );
  const opening = firstCall === -1 ? contents : contents.slice(0, firstCall);
  return stable([body?.systemInstruction ?? null, opening]);
}

/** The first words of a prompt text's system instruction, to tell agents apart in a report. */
function systemStart(text) {
  return /"text":"([^"]{0,60})/.exec(text)?.[1] ?? '';
}

export function commonPrefixLength(a, b) {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** How long a turn takes, in ms, at PACE. */
export function turnMs({ newInputTokens, outputTokens }) {
  const thinking = newInputTokens * PACE.thinkingShareOfNewInput;
  const writing = ((outputTokens + thinking) / PACE.outputTokensPerSecond) * 1000;
  return Math.min(PACE.maxTurnMs, Math.max(PACE.minTurnMs, PACE.firstTokenMs + writing));
}

/**
 * Every request's accounting, in arrival order: `record(body, at)` returns
 * `{ session, promptTokens, previousPrefixTokens, newInputTokens, cachedTokens }` and keeps the
 * request for later ones; `prefillDone(entry, at)` marks its prompt as read (from then on it can
 * be a cache hit for others).
 */
export class RequestLedger {
  entries = [];

  record(body, at) {
    const text = promptText(body);
    const session = sessionKey(body);
    const previous = this.entries.findLast((entry) => entry.session === session);
    const previousPrefix = previous === undefined ? 0 : commonPrefixLength(text, previous.text);
    let cachedChars = 0;
    for (const entry of this.entries) {
      if (entry.prefillAt === undefined || entry.prefillAt > at) continue;
      cachedChars = Math.max(cachedChars, commonPrefixLength(text, entry.text));
    }
    const cachedTokens =
      tokensOf(cachedChars) >= IMPLICIT_CACHE_MIN_TOKENS ? tokensOf(cachedChars) : 0;
    const entry = {
      session,
      text,
      at,
      prefillAt: undefined,
      promptTokens: tokensOf(text.length),
      previousPrefixTokens: previous === undefined ? undefined : tokensOf(previousPrefix),
      newInputTokens: tokensOf(text.length - previousPrefix),
      cachedTokens: Math.min(cachedTokens, tokensOf(text.length)),
      outputTokens: 0,
      doneAt: undefined,
    };
    this.entries.push(entry);
    return entry;
  }

  prefillDone(entry, at) {
    entry.prefillAt = at;
  }

  /**
   * The requests without their prompt text (which is large), for a report. Each also says how
   * it begins (`system`, its system instruction's first words) and, for the first request of a
   * session, the longest prefix it shares with another session's first request
   * (`sharedFirstPrefixTokens`): how much parallel subagents could share.
   */
  summary() {
    const firsts = this.entries.filter((entry) => entry.previousPrefixTokens === undefined);
    return this.entries.map((entry) => {
      const { text, ...rest } = entry;
      // The session key is the whole first message: too large for a report.
      const summary = { ...rest, session: undefined, system: systemStart(text) };
      if (entry.previousPrefixTokens !== undefined) return summary;
      const shared = Math.max(
        0,
        ...firsts
          .filter((other) => other.session !== entry.session)
          .map((other) => commonPrefixLength(text, other.text)),
      );
      return { ...summary, sharedFirstPrefixTokens: tokensOf(shared) };
    });
  }
}

/**
 * Of a session's requests after the first, the share of prompt tokens that repeat the previous
 * request's prefix: what implicit caching can bill at the cached rate. Weighted by tokens.
 */
export function prefixRepeatShare(entries) {
  const later = entries.filter((entry) => entry.previousPrefixTokens !== undefined);
  const total = later.reduce((sum, entry) => sum + entry.promptTokens, 0);
  if (total === 0) return undefined;
  return later.reduce((sum, entry) => sum + entry.previousPrefixTokens, 0) / total;
}

/** Time in which at least one request was being answered, in ms: the model's share of a run. */
export function busyMs(entries) {
  const spans = entries
    .filter((entry) => entry.doneAt !== undefined)
    .map((entry) => [entry.at, entry.doneAt])
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of spans) {
    if (from > end) {
      total += to - from;
      end = to;
    } else if (to > end) {
      total += to - end;
      end = to;
    }
  }
  return total;
}
