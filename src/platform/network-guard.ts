/**
 * Outgoing HTTP(S) fetches that a hostile model cannot point at the runner's own network: the
 * cloud metadata service, services on loopback, the private network a self-hosted runner sits in.
 *
 * Every hop is checked before anything connects: the URL's host when it is an address, otherwise
 * every address DNS returns for it. The connection then goes to the address that was checked (the
 * transport never resolves the name again), so a DNS answer that changes between the check and
 * the connect cannot redirect it. Redirects are followed by hand and each target checked again.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { errorMessage } from './errors.js';

/** Why an address may not be contacted (`null` when it may). */
export interface AddressPolicy {
  refusalReason(address: string): string | null;
}

export interface AddressPolicyOptions {
  /**
   * CIDR ranges (`127.0.0.1/32`, `::1/128`) allowed although they are not public. Meant for tests
   * and deliberate local setups; the default allows public unicast addresses only.
   */
  allow?: readonly string[];
}

/** Human names for the ranges we refuse, as the error messages show them. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (CGNAT)',
  private: 'private',
  uniqueLocal: 'unique-local',
  reserved: 'reserved',
};

/** IPv6 ranges whose last 32 bits are an IPv4 address a packet may end up at. */
const EMBEDS_IPV4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);

/** Only public unicast addresses, plus the `allow` ranges. */
export function createAddressPolicy(options: AddressPolicyOptions = {}): AddressPolicy {
  const allowed = (options.allow ?? []).map((cidr) => {
    try {
      return ipaddr.parseCIDR(cidr);
    } catch {
      throw new Error(`Invalid CIDR range in the address policy: "${cidr}"`);
    }
  });
  const isAllowed = (address: ipaddr.IPv4 | ipaddr.IPv6): boolean =>
    allowed.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));

  return {
    refusalReason(text) {
      if (!ipaddr.isValid(text)) return 'not an IP address';
      const address = ipaddr.parse(text);
      if (isAllowed(address)) return null;
      if (address instanceof ipaddr.IPv4) return ipv4Refusal(address);
      const range = address.range();
      if (range === 'loopback' || range === 'unspecified') return range;
      const embedded = embeddedIpv4(address);
      if (embedded) {
        if (isAllowed(embedded)) return null;
        const reason = ipv4Refusal(embedded);
        return reason === null ? null : `${reason} (IPv4 ${embedded.toString()} inside IPv6)`;
      }
      return range === 'unicast' ? null : (RANGE_NAMES[range] ?? `special-purpose (${range})`);
    },
  };
}

/** The policy used unless one is injected: public unicast addresses only. */
export const PUBLIC_ADDRESSES_ONLY: AddressPolicy = createAddressPolicy();

function ipv4Refusal(address: ipaddr.IPv4): string | null {
  const range = address.range();
  return range === 'unicast' ? null : (RANGE_NAMES[range] ?? `special-purpose (${range})`);
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (`::ffff:a.b.c.d`), translated, NAT64
 * (`64:ff9b::/96`) and the deprecated IPv4-compatible form (`::a.b.c.d`).
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const leadingZeros = parts.slice(0, 6).every((part) => part === 0);
  if (!EMBEDS_IPV4.has(address.range()) && !leadingZeros) return null;
  const high = parts[6] ?? 0;
  const low = parts[7] ?? 0;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses. Injected in tests; the default asks the system. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = async (hostname) => {
  const results = await dnsLookup(hostname, { all: true, order: 'verbatim' });
  return results.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};

/** A fetch refused by the address policy or the URL rules; nothing was sent. */
export class NetworkAccessRefusedError extends Error {
  override readonly name = 'NetworkAccessRefusedError';
}

function withArticle(words: string): string {
  // "an unspecified", but "a unique-local".
  return /^(?:[aeio]|un(?!i))/i.test(words) ? `an ${words}` : `a ${words}`;
}

/** A URL whose host was checked, with the address to connect to. */
export interface VettedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export interface VetOptions {
  policy?: AddressPolicy;
  lookup?: HostLookup;
  signal?: AbortSignal;
}

/**
 * Checks that a URL may be fetched: http or https, and every address of its host allowed by the
 * policy. Throws `NetworkAccessRefusedError` when it may not; lookup failures are thrown as they are.
 */
export async function vetUrl(input: string | URL, options: VetOptions = {}): Promise<VettedTarget> {
  const policy = options.policy ?? PUBLIC_ADDRESSES_ONLY;
  const url = new URL(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new NetworkAccessRefusedError(
      `Only http and https URLs can be fetched, but ${url.href} uses ${url.protocol}`,
    );
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const refused = (detail: string) =>
    new NetworkAccessRefusedError(
      `Access to blocked or private host ${url.href} is not allowed: ${detail}.`,
    );
  // The URL parser already turned decimal, hex and octal IPv4 forms into dotted quads.
  if (ipaddr.isValid(host)) {
    const reason = policy.refusalReason(host);
    if (reason !== null) throw refused(`${host} is ${withArticle(reason)} address`);
    return { url, address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 };
  }
  const resolved = await abortable((options.lookup ?? systemLookup)(host), options.signal);
  if (resolved.length === 0) throw new Error(`Could not resolve host ${host}`);
  // One refused answer refuses the host: which answer a client would use is not ours to choose.
  for (const { address } of resolved) {
    const reason = policy.refusalReason(address);
    if (reason !== null) {
      throw refused(`${host} resolves to ${address}, ${withArticle(reason)} address`);
    }
  }
  const [first] = resolved as [ResolvedAddress, ...ResolvedAddress[]];
  return { url, address: first.address, family: first.family };
}

/** One HTTP GET to an address that was already checked. */
export interface TransportRequest extends VettedTarget {
  headers: Record<string, string>;
  signal: AbortSignal;
  maxBytes: number;
}

export interface TransportResponse {
  status: number;
  statusText: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/** Performs one request, connecting only to `address`. Injected in tests. */
export type HttpTransport = (request: TransportRequest) => Promise<TransportResponse>;

/** `node:http`/`node:https`, with name resolution pinned to the checked address. */
export const nodeHttpTransport: HttpTransport = (request) =>
  new Promise((resolve, reject) => {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      const { address, family } = request;
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const client = request.url.protocol === 'https:' ? https : http;
    const req = client.request(
      request.url,
      {
        method: 'GET',
        headers: request.headers,
        // A pooled socket would skip the pinned lookup; every hop gets its own connection.
        agent: false,
        lookup: pinned,
        family: request.family,
        signal: request.signal,
      },
      (res) => {
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > request.maxBytes) {
          req.destroy();
          reject(new Error(`Content exceeds size limit of ${request.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (piece: Buffer) => {
          total += piece.length;
          if (total > request.maxBytes) {
            req.destroy();
            reject(new Error(`Content exceeds size limit of ${request.maxBytes} bytes`));
            return;
          }
          chunks.push(piece);
        });
        res.on('error', reject);
        res.on('end', () => {
          const headers: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            headers,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });

export interface GuardedFetchOptions extends VetOptions {
  transport?: HttpTransport;
  /** For the whole fetch, redirects included. Default 10 s. */
  timeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Larger bodies fail the fetch. Default 10 MB. */
  maxBytes?: number;
  headers?: Record<string, string>;
}

export interface FetchedPage {
  /** The URL the content came from, after redirects. */
  url: string;
  status: number;
  statusText: string;
  /** The `content-type` header; '' when absent. */
  contentType: string;
  body: Buffer;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_MAX_FETCH_BYTES = 10 * 1024 * 1024;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * GETs a URL under the address policy, following redirects by hand (each target checked before
 * it is contacted). Throws `NetworkAccessRefusedError` for a refused hop, and plain errors for
 * timeouts, too many redirects, oversized bodies and network failures.
 */
export async function guardedFetch(
  input: string,
  options: GuardedFetchOptions = {},
): Promise<FetchedPage> {
  const transport = options.transport ?? nodeHttpTransport;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FETCH_BYTES;
  const controller = new AbortController();
  const timeout = new Error(`Request timed out after ${timeoutMs} ms`);
  const timer = setTimeout(() => {
    controller.abort(timeout);
  }, timeoutMs);
  const outer = options.signal;
  const forward = () => {
    controller.abort(outer?.reason);
  };
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  const signal = controller.signal;

  try {
    let current = new URL(input);
    for (let redirects = 0; ; redirects += 1) {
      signal.throwIfAborted();
      const target = await vetUrl(current, { ...options, signal });
      signal.throwIfAborted();
      const response = await abortable(
        transport({ ...target, headers: options.headers ?? {}, signal, maxBytes }),
        signal,
      );
      const location = response.headers['location'];
      if (REDIRECT_STATUSES.has(response.status) && location !== undefined) {
        if (redirects >= maxRedirects) {
          throw new Error(`Too many redirects (more than ${maxRedirects}) fetching ${input}`);
        }
        current = new URL(location, current);
        continue;
      }
      return {
        url: current.href,
        status: response.status,
        statusText: response.statusText,
        contentType: response.headers['content-type'] ?? '',
        body: response.body,
      };
    }
  } catch (error) {
    if (signal.aborted && signal.reason === timeout) throw timeout;
    if (signal.aborted && !(error instanceof NetworkAccessRefusedError)) {
      throw new Error(`Request aborted: ${errorMessage(signal.reason)}`, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}

/** Settles with `promise`, or rejects as soon as `signal` aborts (DNS lookups cannot be aborted). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason instanceof Error ? signal.reason : new Error('Request aborted'));
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(errorMessage(error)));
      },
    );
  });
}
