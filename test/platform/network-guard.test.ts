import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import type {
  HostLookup,
  HttpTransport,
  TransportRequest,
  TransportResponse,
} from '../../src/platform/network-guard.js';
import {
  NetworkAccessRefusedError,
  PUBLIC_ADDRESSES_ONLY,
  createAddressPolicy,
  guardedFetch,
  vetUrl,
} from '../../src/platform/network-guard.js';

const PUBLIC_V4 = '93.184.216.34';

/** A lookup over a fixed table, counting the questions it was asked. */
function tableLookup(table: Record<string, string | string[]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = (hostname: string) => {
    asked.push(hostname);
    const entry = table[hostname];
    if (entry === undefined) return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
    const addresses = Array.isArray(entry) ? entry : [entry];
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const),
    );
  };
  return Object.assign(lookup, { asked });
}

/** A transport that answers from a function of the request and records every request. */
function fakeTransport(
  answer: (request: TransportRequest) => Partial<TransportResponse>,
): HttpTransport & { seen: TransportRequest[] } {
  const seen: TransportRequest[] = [];
  const transport: HttpTransport = (request) => {
    seen.push(request);
    const partial = answer(request);
    return Promise.resolve({
      status: 200,
      statusText: 'OK',
      headers: {},
      body: Buffer.from(''),
      ...partial,
    });
  };
  return Object.assign(transport, { seen });
}

interface LocalServer {
  port: number;
  requests: IncomingMessage[];
}

async function startServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  host = '127.0.0.1',
): Promise<LocalServer> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  );
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, requests };
}

/** Whether this machine can listen on 127.0.0.2 (Linux routes all of 127/8 to loopback). */
async function canListenOn127002(): Promise<boolean> {
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.2', resolve);
    });
    return true;
  } catch {
    return false;
  } finally {
    server.close();
  }
}

describe('the default address policy', () => {
  const refused: [url: string, message: string][] = [
    ['http://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://[::1]/', '::1 is a loopback address'],
    ['http://10.0.0.7/', '10.0.0.7 is a private address'],
    ['http://172.16.0.1/', '172.16.0.1 is a private address'],
    ['http://172.31.255.254/', '172.31.255.254 is a private address'],
    ['http://192.168.1.1/', '192.168.1.1 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://[fe80::1]/', 'fe80::1 is a link-local address'],
    ['http://[fd00::1]/', 'fd00::1 is a unique-local address'],
    ['http://100.64.0.1/', '100.64.0.1 is a carrier-grade NAT (CGNAT) address'],
    ['http://224.0.0.251/', '224.0.0.251 is a multicast address'],
    ['http://[ff02::1]/', 'ff02::1 is a multicast address'],
    ['http://0.0.0.0/', '0.0.0.0 is an unspecified address'],
    ['http://[::]/', ':: is an unspecified address'],
    [
      'http://[::ffff:127.0.0.1]/',
      '::ffff:7f00:1 is a loopback (IPv4 127.0.0.1 inside IPv6) address',
    ],
    ['http://[64:ff9b::a00:1]/', '64:ff9b::a00:1 is a private (IPv4 10.0.0.1 inside IPv6) address'],
    // Decimal, hex and octal spellings of 127.0.0.1 are the same host to the URL parser.
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
    ['http://017700000001/', '127.0.0.1 is a loopback address'],
  ];

  it.each(refused)('refuses %s before any lookup or connection', async (url, detail) => {
    const lookup = tableLookup({});
    const transport = fakeTransport(() => ({}));
    const fetching = guardedFetch(url, { lookup, transport });
    await expect(fetching).rejects.toThrow(NetworkAccessRefusedError);
    await expect(fetching).rejects.toThrow(
      `Access to blocked or private host ${new URL(url).href} is not allowed: ${detail}.`,
    );
    expect(lookup.asked).toEqual([]);
    expect(transport.seen).toEqual([]);
  });

  it('refuses a host name that resolves to a loopback address, without connecting', async () => {
    const lookup = tableLookup({ 'intranet.example': '127.0.0.1' });
    const transport = fakeTransport(() => ({}));
    await expect(
      guardedFetch('http://intranet.example/admin', { lookup, transport }),
    ).rejects.toThrow(
      'Access to blocked or private host http://intranet.example/admin is not allowed: intranet.example resolves to 127.0.0.1, a loopback address.',
    );
    expect(transport.seen).toEqual([]);
  });

  it('refuses a host when any of its addresses is private, not just the first', async () => {
    const lookup = tableLookup({ 'mixed.example': [PUBLIC_V4, '::1'] });
    await expect(vetUrl('https://mixed.example/', { lookup })).rejects.toThrow(
      'mixed.example resolves to ::1, a loopback address',
    );
  });

  it('refuses a public URL that redirects to a private one', async () => {
    const lookup = tableLookup({ 'public.example': PUBLIC_V4, 'sneaky.example': '10.1.2.3' });
    const transport = fakeTransport((request) =>
      request.url.hostname === 'public.example'
        ? { status: 302, headers: { location: 'http://sneaky.example/secret' } }
        : { body: Buffer.from('secret') },
    );
    await expect(guardedFetch('https://public.example/', { lookup, transport })).rejects.toThrow(
      'Access to blocked or private host http://sneaky.example/secret is not allowed: sneaky.example resolves to 10.1.2.3, a private address.',
    );
    expect(transport.seen.map((r) => r.url.href)).toEqual(['https://public.example/']);
  });

  it('refuses a redirect to the metadata service address', async () => {
    const lookup = tableLookup({ 'public.example': PUBLIC_V4 });
    const transport = fakeTransport(() => ({
      status: 307,
      headers: { location: 'http://169.254.169.254/computeMetadata/v1/' },
    }));
    await expect(guardedFetch('https://public.example/', { lookup, transport })).rejects.toThrow(
      '169.254.169.254 is a link-local address',
    );
    expect(transport.seen).toHaveLength(1);
  });

  it('refuses schemes other than http and https, also as redirect targets', async () => {
    await expect(vetUrl('file:///etc/passwd')).rejects.toThrow(
      'Only http and https URLs can be fetched, but file:///etc/passwd uses file:',
    );
    const lookup = tableLookup({ 'public.example': PUBLIC_V4 });
    const transport = fakeTransport(() => ({
      status: 301,
      headers: { location: 'ftp://public.example/file' },
    }));
    await expect(guardedFetch('https://public.example/', { lookup, transport })).rejects.toThrow(
      NetworkAccessRefusedError,
    );
  });

  it('allows public addresses and connects to the address it checked', async () => {
    const lookup = tableLookup({ 'public.example': [PUBLIC_V4, '2606:2800:220:1::1'] });
    expect(await vetUrl('https://public.example/a', { lookup })).toMatchObject({
      address: PUBLIC_V4,
      family: 4,
    });
    expect(await vetUrl('http://[2606:2800:220:1::1]/')).toMatchObject({
      address: '2606:2800:220:1::1',
      family: 6,
    });
    expect(PUBLIC_ADDRESSES_ONLY.refusalReason('8.8.8.8')).toBeNull();
    expect(PUBLIC_ADDRESSES_ONLY.refusalReason('::ffff:8.8.8.8')).toBeNull();
    expect(PUBLIC_ADDRESSES_ONLY.refusalReason('not-an-ip')).toBe('not an IP address');
  });
});

describe('an address policy with allowed ranges', () => {
  it('allows exactly the listed ranges', () => {
    const policy = createAddressPolicy({ allow: ['127.0.0.1/32'] });
    expect(policy.refusalReason('127.0.0.1')).toBeNull();
    expect(policy.refusalReason('::ffff:127.0.0.1')).toBeNull();
    expect(policy.refusalReason('127.0.0.2')).toBe('loopback');
    expect(policy.refusalReason('::1')).toBe('loopback');
    expect(policy.refusalReason('10.0.0.1')).toBe('private');
  });

  it('rejects a malformed range', () => {
    expect(() => createAddressPolicy({ allow: ['127.0.0.1'] })).toThrow(
      'Invalid CIDR range in the address policy: "127.0.0.1"',
    );
  });
});

describe('guardedFetch over HTTP', () => {
  const loopback = createAddressPolicy({ allow: ['127.0.0.1/32'] });

  it('fetches from a server the policy allows, following relative redirects', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/start') {
        res.writeHead(302, { location: '/final' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`ua=${req.headers['user-agent'] ?? ''}`);
    });
    const page = await guardedFetch(`http://127.0.0.1:${server.port}/start`, {
      policy: loopback,
      headers: { 'User-Agent': 'test-agent' },
    });
    expect(page).toMatchObject({
      url: `http://127.0.0.1:${server.port}/final`,
      status: 200,
      contentType: 'text/plain; charset=utf-8',
    });
    expect(page.body.toString()).toBe('ua=test-agent');
    expect(server.requests.map((r) => r.url)).toEqual(['/start', '/final']);
  });

  it('refuses the local server under the default policy without sending it anything', async () => {
    const server = await startServer((_req, res) => res.end('should not be reached'));
    await expect(guardedFetch(`http://127.0.0.1:${server.port}/`)).rejects.toThrow(
      NetworkAccessRefusedError,
    );
    await expect(guardedFetch(`http://2130706433:${server.port}/`)).rejects.toThrow(
      NetworkAccessRefusedError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('stops after five redirects', async () => {
    const server = await startServer((req, res) => {
      const hop = Number(req.url?.slice(1));
      res.writeHead(301, { location: `/${hop + 1}` });
      res.end();
    });
    const start = `http://127.0.0.1:${server.port}/0`;
    await expect(guardedFetch(start, { policy: loopback })).rejects.toThrow(
      `Too many redirects (more than 5) fetching ${start}`,
    );
    expect(server.requests).toHaveLength(6);
  });

  it('refuses bodies over the size limit, declared or streamed', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': '2048' });
        res.end('x'.repeat(2048));
        return;
      }
      res.writeHead(200);
      res.write('x'.repeat(1000));
      res.end('y'.repeat(1000));
    });
    const base = `http://127.0.0.1:${server.port}`;
    for (const path of ['/declared', '/streamed']) {
      await expect(guardedFetch(base + path, { policy: loopback, maxBytes: 1024 })).rejects.toThrow(
        'Content exceeds size limit of 1024 bytes',
      );
    }
  });

  it('gives up on a server that never answers', async () => {
    const server = await startServer(() => undefined);
    await expect(
      guardedFetch(`http://127.0.0.1:${server.port}/`, { policy: loopback, timeoutMs: 50 }),
    ).rejects.toThrow('Request timed out after 50 ms');
  });

  it('stops when the caller aborts', async () => {
    const server = await startServer(() => undefined);
    const controller = new AbortController();
    const fetching = guardedFetch(`http://127.0.0.1:${server.port}/`, {
      policy: loopback,
      signal: controller.signal,
    });
    controller.abort(new Error('cancelled by the user'));
    await expect(fetching).rejects.toThrow('Request aborted: cancelled by the user');
  });

  it('connects to the checked address even when DNS would now answer differently', async (context) => {
    // The name resolves to 127.0.0.2 once (checked, allowed), then to a private address: a
    // rebinding. The system resolver would say 127.0.0.1, where nothing listens on this port.
    if (!(await canListenOn127002())) {
      context.skip('127.0.0.2 is not a usable loopback address on this machine');
    }
    const server = await startServer((_req, res) => res.end('pinned'), '127.0.0.2');
    const answers = ['127.0.0.2', '10.9.8.7'];
    const asked: string[] = [];
    const lookup: HostLookup = (hostname) => {
      asked.push(hostname);
      const address = answers.shift() ?? '10.9.8.7';
      return Promise.resolve([{ address, family: 4 }]);
    };
    const page = await guardedFetch(`http://localhost:${server.port}/`, {
      policy: createAddressPolicy({ allow: ['127.0.0.2/32'] }),
      lookup,
    });
    expect(page.body.toString()).toBe('pinned');
    expect(asked).toEqual(['localhost']);
    expect(server.requests).toHaveLength(1);
  });
});
