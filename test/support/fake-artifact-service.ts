// The runner's artifact service, faked at the HTTP boundary so the real @actions/artifact client
// runs against it: the results service's Twirp calls (CreateArtifact answers with a signed upload
// URL, FinalizeArtifact with the artifact's id) and the blob storage behind that URL (Azure's
// Put Block / Put Block List, or one Put Blob). What was uploaded is kept, with every request's
// Authorization header, so a test can open the zip and see who was let in.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { onTestFinished } from 'vitest';

const SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService';

export interface FakeArtifactServiceOptions {
  /** The runtime token the Twirp calls must carry (`Authorization: Bearer …`). */
  token: string;
  /** The id FinalizeArtifact returns. Default 4242. */
  artifactId?: number;
  /** Answer this Twirp method with an error instead (a 400 is not retried by the client). */
  fail?: { method: 'CreateArtifact' | 'FinalizeArtifact'; status: number; msg: string };
  /** Never answer the blob upload (an upload that hangs). */
  stallUpload?: boolean;
}

export interface FakeArtifactService {
  /** `ACTIONS_RESULTS_URL`. */
  url: string;
  /** Each Twirp call's method and JSON body. */
  calls: { method: string; body: Record<string, unknown>; authorization: string | undefined }[];
  /** The blob requests (method, path and query, without the body). */
  blobRequests: string[];
  /** The artifacts finalised, by name: their bytes (a zip). */
  artifacts: Map<string, Buffer>;
}

/** A JWT shaped like the runner's: the Actions.Results scope names the run and job backends. */
export function fakeRuntimeToken(): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    scp: 'Actions.ExampleScope Actions.Results:ce7f54c7-61c7-4aae-887f-30da475f5f1a:ca395085-040a-526b-2ce8-bdc85f692774',
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.c2lnbmF0dXJl`;
}

export async function useFakeArtifactService(
  options: FakeArtifactServiceOptions,
): Promise<FakeArtifactService> {
  const service: FakeArtifactService = {
    url: '',
    calls: [],
    blobRequests: [],
    artifacts: new Map(),
  };
  /** Staged blocks and committed blobs, by blob path. */
  const blocks = new Map<string, Map<string, Buffer>>();
  const blobs = new Map<string, Buffer>();
  const pendingNames = new Map<string, string>();

  const server = createServer((req, res) => {
    void read(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.startsWith(`${SERVICE}/`)) {
        twirp(url.pathname.slice(SERVICE.length + 1), req, body, res);
      } else if (url.pathname.startsWith('/blob/')) {
        service.blobRequests.push(`${req.method ?? ''} ${url.pathname}${url.search}`);
        if (options.stallUpload) return;
        blob(url, req, body, res);
      } else {
        res.writeHead(404).end();
      }
    });
  });

  function twirp(method: string, req: IncomingMessage, raw: Buffer, res: ServerResponse): void {
    const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
    service.calls.push({ method, body, authorization: req.headers.authorization });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    };
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      json(401, { code: 'unauthenticated', msg: 'bad token' });
      return;
    }
    if (options.fail?.method === method) {
      json(options.fail.status, { code: 'internal', msg: options.fail.msg });
      return;
    }
    const name = String(body.name);
    if (method === 'CreateArtifact') {
      const blobPath = `/blob/artifacts/${encodeURIComponent(name)}.zip`;
      pendingNames.set(blobPath, name);
      json(200, {
        ok: true,
        signed_upload_url: `${service.url}${blobPath}?sv=2023-11-03&sig=fake-storage-signature`,
      });
      return;
    }
    if (method === 'FinalizeArtifact') {
      const blobPath = [...pendingNames].find(([, pending]) => pending === name)?.[0];
      const content = blobPath === undefined ? undefined : blobs.get(blobPath);
      if (content === undefined) {
        json(404, { code: 'not_found', msg: 'no upload for this artifact' });
        return;
      }
      service.artifacts.set(name, content);
      json(200, { ok: true, artifact_id: String(options.artifactId ?? 4242) });
      return;
    }
    json(404, { code: 'bad_route', msg: `no method ${method}` });
  }

  function blob(url: URL, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const headers = {
      'x-ms-request-id': crypto.randomUUID(),
      'x-ms-version': '2023-11-03',
      'x-ms-request-server-encrypted': 'true',
      etag: `"0x${Date.now().toString(16)}"`,
      'last-modified': new Date().toUTCString(),
      date: new Date().toUTCString(),
    };
    if (req.method !== 'PUT') {
      res.writeHead(405, headers).end();
      return;
    }
    const comp = url.searchParams.get('comp');
    const staged = blocks.get(url.pathname) ?? new Map<string, Buffer>();
    blocks.set(url.pathname, staged);
    if (comp === 'block') {
      staged.set(url.searchParams.get('blockid') ?? '', body);
    } else if (comp === 'blocklist') {
      const ids = [
        ...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)</g),
      ];
      blobs.set(
        url.pathname,
        Buffer.concat(ids.map(([, id]) => staged.get(id ?? '') ?? Buffer.alloc(0))),
      );
    } else {
      blobs.set(url.pathname, body);
    }
    res.writeHead(201, headers).end();
  }

  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
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
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

function read(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/** The files of a zip archive, by name (stored or deflated entries, as upload-artifact makes). */
export function zipEntries(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(offset + 10);
    const size = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + size);
    entries.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
