import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FinishReason, UrlRetrievalStatus } from '@google/genai';
import type { Candidate } from '@google/genai';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type {
  HostLookup,
  HttpTransport,
  TransportRequest,
} from '../../src/platform/network-guard.js';
import { createAddressPolicy } from '../../src/platform/network-guard.js';
import type { WebFetchToolOptions } from '../../src/tools/web-fetch.js';
import { createWebFetchTool } from '../../src/tools/web-fetch.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { genaiClientFor, httpError, respond, useFakeGemini } from '../support/fake-gemini.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

afterEach(removeTempDirs);

const MODEL = 'gemini-2.5-flash';
const PUBLIC_IP = '93.184.216.34';
/** Lets the fallback reach the test's own HTTP server, and nothing else that is not public. */
const LOCAL_SERVER_ONLY = createAddressPolicy({ allow: ['127.0.0.1/32'] });

/** Public names resolve to a public address without touching real DNS. */
const publicLookup: HostLookup = () => Promise.resolve([{ address: PUBLIC_IP, family: 4 }]);

function answer(
  text: string,
  extra: Partial<Candidate> = {},
  timing: { delayMs?: number } = {},
): ReturnType<typeof respond> {
  return respond(
    [
      {
        candidates: [
          {
            content: { role: 'model', parts: text === '' ? [] : [{ text }] },
            finishReason: FinishReason.STOP,
            index: 0,
            ...extra,
          },
        ],
      },
    ],
    timing,
  );
}

function retrieval(url: string, status: UrlRetrievalStatus) {
  return {
    urlContextMetadata: { urlMetadata: [{ retrievedUrl: url, urlRetrievalStatus: status }] },
  };
}

interface Site {
  base: string;
  requests: string[];
}

/** A local web server for the fallback to fetch from. */
async function startSite(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Site> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
  return { base: `http://127.0.0.1:${address.port}`, requests };
}

async function fetchHarness(server: FakeGeminiServer, options: Partial<WebFetchToolOptions> = {}) {
  const root = await makeTempDir();
  return toolHarness(root, {
    tools: () => [
      createWebFetchTool({
        contentGenerator: genaiClientFor(server),
        model: MODEL,
        network: { lookup: publicLookup },
        ...options,
      }),
    ],
  });
}

/** The text of the user message a generate request carried. */
function promptOf(server: FakeGeminiServer, index: number): string {
  const body = server.generateRequests()[index]?.body as
    { contents?: { parts?: { text?: string }[] }[] } | undefined;
  return body?.contents?.[0]?.parts?.[0]?.text ?? '';
}

const PROMPT_HEAD = `Follow the user's instructions below using the provided webpage content.

<user_instructions>
`;
const PROMPT_MIDDLE = `
</user_instructions>

I was unable to access the URL(s) directly using the primary fetch tool. Instead, I have fetched the raw content of the page(s). Please use the following content to answer the request. Do not attempt to access the URL(s) again.

<content>
`;

describe('web_fetch through URL context', () => {
  it('sends the prompt with the urlContext tool and returns the cited answer', async () => {
    const prompt = 'Summarize https://docs.example.com/guide in one line';
    const server = await useFakeGemini([
      answer('The guide explains setup. It also covers testing.', {
        groundingMetadata: {
          groundingChunks: [{ web: { title: 'Guide', uri: 'https://docs.example.com/guide' } }],
          groundingSupports: [
            { segment: { startIndex: 0, endIndex: 25 }, groundingChunkIndices: [0] },
          ],
        },
        ...retrieval(
          'https://docs.example.com/guide',
          UrlRetrievalStatus.URL_RETRIEVAL_STATUS_SUCCESS,
        ),
      }),
    ]);
    const harness = await fetchHarness(server);

    const completed = await harness.call('web_fetch', { prompt });

    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'web_fetch',
        'The guide explains setup.[1] It also covers testing.\n\nSources:\n[1] Guide (https://docs.example.com/guide)',
      ),
    );
    expect(completed.result.returnDisplay).toBe('Content processed from prompt.');
    const requests = server.generateRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(requests[0]?.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: prompt }] }],
      tools: [{ urlContext: {} }],
    });
  });

  it('returns an uncited answer as it came, and names sources without a URI', async () => {
    const server = await useFakeGemini([
      answer('Plain answer.', {
        groundingMetadata: { groundingChunks: [{ web: { title: 'T' } }] },
      }),
    ]);
    const harness = await fetchHarness(server);
    expect(await harness.respond('web_fetch', { prompt: 'Read https://a.example/' })).toEqual(
      outputPart('call-1', 'web_fetch', 'Plain answer.\n\nSources:\n[1] T (Unknown URI)'),
    );
  });

  it('warns about URLs it refused and fetches the rest', async () => {
    const server = await useFakeGemini([answer('Public page says hi.')]);
    const harness = await fetchHarness(server);
    const parts = await harness.respond('web_fetch', {
      prompt: 'Compare https://public.example/ with http://169.254.169.254/latest/meta-data/',
    });
    expect(parts).toEqual(
      outputPart(
        'call-1',
        'web_fetch',
        '[Warning] The following URLs were skipped:\n[Blocked Host] http://169.254.169.254/latest/meta-data/\n\nPublic page says hi.',
      ),
    );
  });
  it('does not wait forever for a resolver that never answers', async () => {
    const server = await useFakeGemini([answer('Fetched by Google.')]);
    const harness = await fetchHarness(server, {
      network: { lookup: () => new Promise(() => undefined), timeoutMs: 20 },
    });
    expect(
      await harness.respond('web_fetch', { prompt: 'Read https://slow-dns.example/' }),
    ).toEqual(outputPart('call-1', 'web_fetch', 'Fetched by Google.'));
  });
});

describe('web_fetch falling back to a local fetch', () => {
  const page =
    '<html><head><title>T</title></head><body><h1>Release notes</h1><p>Version <b>2.0</b> adds <a href="/x">links</a> &amp; more.<img src="a.png" alt="pic"></p><script>ignore()</script></body></html>';

  it('fetches the page itself when URL context retrieved nothing, and asks the model about its text', async () => {
    const site = await startSite((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    });
    const url = `${site.base}/notes`;
    const prompt = `What is new in ${url} ? Answer <briefly>.`;
    const server = await useFakeGemini([
      // Text, but the retrieval status says the page was never read: not an answer.
      answer(
        'I could not open that page.',
        retrieval(url, UrlRetrievalStatus.URL_RETRIEVAL_STATUS_ERROR),
      ),
      answer('Version 2.0 adds links.'),
    ]);
    const harness = await fetchHarness(server, { network: { policy: LOCAL_SERVER_ONLY } });

    const completed = await harness.call('web_fetch', { prompt });

    expect(completed.responseParts).toEqual(
      outputPart('call-1', 'web_fetch', 'Version 2.0 adds links.'),
    );
    expect(completed.result.returnDisplay).toBe(
      'Content for 1 URL(s) processed using fallback fetch.',
    );
    expect(site.requests).toEqual(['/notes']);
    const requests = server.generateRequests();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body).not.toHaveProperty('tools');
    expect(promptOf(server, 1)).toBe(
      `${PROMPT_HEAD}What is new in ${url} ? Answer &lt;briefly&gt;.${PROMPT_MIDDLE}<source url="${url}">\nRELEASE NOTES\n\nVersion 2.0 adds links &amp; more.\n</source>\n</content>\n`,
    );
  });

  it('falls back when the URL context call fails, keeping plain text as it is', async () => {
    const site = await startSite((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('<not html> just text');
    });
    const url = `${site.base}/readme.txt`;
    const server = await useFakeGemini([
      httpError(400, 'urlContext is not supported'),
      answer('OK'),
    ]);
    const harness = await fetchHarness(server, { network: { policy: LOCAL_SERVER_ONLY } });

    expect(await harness.respond('web_fetch', { prompt: `Read ${url}` })).toEqual(
      outputPart('call-1', 'web_fetch', 'OK'),
    );
    expect(promptOf(server, 1)).toContain(
      `<source url="${url}">\n&lt;not html&gt; just text\n</source>`,
    );
  });

  it('falls back when URL context answers with nothing at all', async () => {
    const site = await startSite((_req, res) => res.end('body'));
    const server = await useFakeGemini([answer(''), answer('From the fallback.')]);
    const harness = await fetchHarness(server, { network: { policy: LOCAL_SERVER_ONLY } });
    expect(await harness.respond('web_fetch', { prompt: `Read ${site.base}/` })).toEqual(
      outputPart('call-1', 'web_fetch', 'From the fallback.'),
    );
  });

  it('falls back when URL context never answers', async () => {
    const site = await startSite((_req, res) => res.end('body'));
    const server = await useFakeGemini([
      // Answered long after the tool has given up on it.
      answer('too late', {}, { delayMs: 10_000 }),
      answer('From the fallback.'),
    ]);
    const harness = await fetchHarness(server, {
      network: { policy: LOCAL_SERVER_ONLY },
      primaryTimeoutMs: 50,
    });
    expect(await harness.respond('web_fetch', { prompt: `Read ${site.base}/` })).toEqual(
      outputPart('call-1', 'web_fetch', 'From the fallback.'),
    );
  });

  it('shares the 250,000-character budget among pages and marks what it cut', async () => {
    const site = await startSite((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(req.url === '/small' ? 'small page' : 'x'.repeat(300_000));
    });
    const server = await useFakeGemini([httpError(500, 'down'), answer('done')]);
    const harness = await fetchHarness(server, { network: { policy: LOCAL_SERVER_ONLY } });

    await harness.respond('web_fetch', { prompt: `Read ${site.base}/big and ${site.base}/small` });

    const sent = promptOf(server, 1);
    const bodies = [...sent.matchAll(/<source url="[^"]*">\n([\s\S]*?)\n<\/source>/g)].map(
      (m) => m[1] ?? '',
    );
    expect(bodies).toHaveLength(2);
    const [big, small] = bodies as [string, string];
    expect(small).toBe('small page');
    expect(big.endsWith('\n\n... [Content truncated due to size limit] ...')).toBe(true);
    expect(big.length + small.length).toBe(250_000);
  });

  it('fails with web_fetch_fallback_failed when no page could be fetched', async () => {
    const site = await startSite((_req, res) => {
      res.writeHead(404);
      res.end();
    });
    const url = `${site.base}/missing`;
    const server = await useFakeGemini([httpError(500, 'down')]);
    const harness = await fetchHarness(server, { network: { policy: LOCAL_SERVER_ONLY } });

    const completed = await harness.call('web_fetch', { prompt: `Read ${url}` });

    const message = `All fallback fetch attempts failed: ${url}: Request failed with status code 404 Not Found`;
    expect(completed.responseParts).toEqual(errorPart('call-1', 'web_fetch', message));
    expect(completed.result).toEqual({
      llmContent: `Error: ${message}`,
      returnDisplay: `Error: ${message}`,
      error: { message, type: 'web_fetch_fallback_failed' },
    });
    expect(server.generateRequests()).toHaveLength(1);
  });

  it('fails with web_fetch_fallback_failed when the model cannot answer from the pages', async () => {
    const site = await startSite((_req, res) => res.end('body'));
    const server = await useFakeGemini([answer(''), httpError(400, 'prompt too long')]);
    const harness = await fetchHarness(server, { network: { policy: LOCAL_SERVER_ONLY } });
    const completed = await harness.call('web_fetch', { prompt: `Read ${site.base}/` });
    const message =
      'Error during fallback processing: The model API answered HTTP 400 INVALID_ARGUMENT: prompt too long';
    expect(completed.responseParts).toEqual(errorPart('call-1', 'web_fetch', message));
    expect(completed.result.error?.type).toBe('web_fetch_fallback_failed');
  });

  it('fetches GitHub blob URLs from raw.githubusercontent.com', async () => {
    const seen: string[] = [];
    const transport: HttpTransport = (request: TransportRequest) => {
      seen.push(`${request.url.href} via ${request.address}`);
      return Promise.resolve({
        status: 200,
        statusText: 'OK',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: Buffer.from('# Project\nUsage notes.'),
      });
    };
    const server = await useFakeGemini([answer(''), answer('It is a project.')]);
    const harness = await fetchHarness(server, { network: { lookup: publicLookup, transport } });
    const blob = 'https://github.com/owner/repo/blob/main/docs/README.md';

    expect(await harness.respond('web_fetch', { prompt: `Explain ${blob}` })).toEqual(
      outputPart('call-1', 'web_fetch', 'It is a project.'),
    );
    expect(seen).toEqual([
      `https://raw.githubusercontent.com/owner/repo/main/docs/README.md via ${PUBLIC_IP}`,
    ]);
    expect(promptOf(server, 1)).toContain(
      `<source url="${blob}">\n# Project\nUsage notes.\n</source>`,
    );
  });

  it('refuses a public page that redirects into the private network', async () => {
    const transport: HttpTransport = () =>
      Promise.resolve({
        status: 302,
        statusText: 'Found',
        headers: { location: 'http://10.0.0.5/admin' },
        body: Buffer.alloc(0),
      });
    const server = await useFakeGemini([answer('')]);
    const harness = await fetchHarness(server, { network: { lookup: publicLookup, transport } });

    const completed = await harness.call('web_fetch', { prompt: 'Read https://public.example/' });

    expect(completed.result.error).toEqual({
      message:
        'All fallback fetch attempts failed: https://public.example/: Access to blocked or private host http://10.0.0.5/admin is not allowed: 10.0.0.5 is a private address.',
      type: 'web_fetch_fallback_failed',
    });
  });
});

describe('web_fetch refusals', () => {
  it('refuses private and loopback URLs under the default policy before any request', async () => {
    const site = await startSite((_req, res) => res.end('internal'));
    const server = await useFakeGemini([]);
    const harness = await fetchHarness(server);
    const local = `${site.base}/`;

    const completed = await harness.call('web_fetch', {
      prompt: `Summarize http://169.254.169.254/latest/meta-data/ and ${local}`,
    });

    const message = `All requested URLs were skipped: [Blocked Host] http://169.254.169.254/latest/meta-data/, [Blocked Host] ${local}`;
    expect(completed.responseParts).toEqual(errorPart('call-1', 'web_fetch', message));
    expect(completed.result.error?.type).toBe('web_fetch_processing_error');
    expect(server.generateRequests()).toHaveLength(0);
    expect(site.requests).toHaveLength(0);
  });

  it('refuses a host name that resolves to loopback', async () => {
    const server = await useFakeGemini([]);
    const harness = await fetchHarness(server, {
      network: { lookup: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]) },
    });
    expect(await harness.respond('web_fetch', { prompt: 'Read http://rebind.example/' })).toEqual(
      errorPart(
        'call-1',
        'web_fetch',
        'All requested URLs were skipped: [Blocked Host] http://rebind.example/',
      ),
    );
  });

  it.each([
    [
      'Summarize this page please',
      "The 'prompt' must contain at least one valid URL (starting with http:// or https://).",
      'web_fetch_no_url_in_prompt',
    ],
    [
      '   ',
      "The 'prompt' parameter cannot be empty and must contain URL(s) and instructions.",
      'invalid_tool_params',
    ],
    [
      'Read ftp://files.example/a.txt',
      'Error(s) in prompt URLs:\n- Unsupported protocol in URL: "ftp://files.example/a.txt". Only http and https are supported.',
      'invalid_tool_params',
    ],
    [
      'Read https://exa mple.com and http://[bad/',
      'Error(s) in prompt URLs:\n- Malformed URL detected: "http://[bad/".',
      'invalid_tool_params',
    ],
    [
      Array.from({ length: 21 }, (_, i) => `https://site${i}.example/`).join(' '),
      "The 'prompt' may contain at most 20 URLs, but it contains 21.",
      'invalid_tool_params',
    ],
  ])('refuses the prompt %j', async (prompt, message, type) => {
    const server = await useFakeGemini([]);
    const harness = await fetchHarness(server);
    const completed = await harness.call('web_fetch', { prompt });
    expect(completed.responseParts).toEqual(errorPart('call-1', 'web_fetch', message));
    expect(completed.result.error?.type).toBe(type);
    expect(server.generateRequests()).toHaveLength(0);
  });
});

describe('web_fetch for the transcript and the policy', () => {
  it('describes the call, touches no files and asks with the URLs it would fetch', async () => {
    const server = await useFakeGemini([]);
    const tool = createWebFetchTool({ contentGenerator: genaiClientFor(server), model: MODEL });
    expect(tool.kind).toBe('fetch');
    const prompt = `Compare https://github.com/o/r/blob/main/a.ts with https://example.com/b ${'x'.repeat(100)}`;
    const invocation = tool.build({ prompt });
    if ('error' in invocation) throw new Error(invocation.error);
    expect(invocation.describe()).toBe(
      `Processing URLs and instructions from prompt: "${prompt.slice(0, 97)}..."`,
    );
    expect(invocation.locations()).toEqual([]);
    expect(await invocation.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'info',
      title: 'Confirm Web Fetch',
      prompt,
      urls: ['https://raw.githubusercontent.com/o/r/main/a.ts', 'https://example.com/b'],
    });
  });
});
