/**
 * A request that could not connect at all, told apart from an HTTP answer: a host name that does
 * not resolve, nothing listening, no route. fetch (undici) reports each as `TypeError: fetch
 * failed` with the system error as its cause; HTTP clients built on it (Octokit) then call it a
 * "500". This finds the system error and says what it means in one clause.
 */

export interface ConnectionFailure {
  /** The system error's code (`ENOTFOUND`, `ECONNREFUSED`, …). */
  code: string;
  /** What happened, for a sentence: "the host api.github.com cannot be resolved (…)". */
  description: string;
  /**
   * A name that does not resolve: it will not within the run, so a retry only delays the end.
   * The rest (refused, unreachable, timed out, DNS not answering) may pass, and get quick retries.
   */
  permanent: boolean;
}

const DESCRIPTIONS: Record<string, (host: string, detail: string) => string> = {
  ENOTFOUND: (host, detail) => `the host ${host} cannot be resolved (${detail})`,
  EAI_AGAIN: (host, detail) =>
    `the host ${host} cannot be resolved: the DNS server did not answer (${detail})`,
  ECONNREFUSED: (host, detail) => `nothing accepts connections at ${host} (${detail})`,
  EHOSTUNREACH: (host, detail) => `${host} cannot be reached from this network (${detail})`,
  ENETUNREACH: (host, detail) => `${host} cannot be reached from this network (${detail})`,
  EHOSTDOWN: (host, detail) => `${host} cannot be reached from this network (${detail})`,
  ETIMEDOUT: (host, detail) => `the connection to ${host} timed out (${detail})`,
  UND_ERR_CONNECT_TIMEOUT: (host, detail) => `the connection to ${host} timed out (${detail})`,
};

/** The connection failure behind `error` (or its causes) for a request to `url`; else undefined. */
export function connectionFailure(error: unknown, url: string): ConnectionFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    const describe = typeof code === 'string' ? DESCRIPTIONS[code] : undefined;
    if (describe !== undefined && typeof code === 'string') {
      return {
        code,
        description: describe(hostOf(url), current.message),
        permanent: code === 'ENOTFOUND',
      };
    }
    current = current.cause;
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
