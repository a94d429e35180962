// A local git server over smart HTTP (git http-backend) that checks and records the
// Authorization header: the stand-in for GitHub's git remote in tests that push or fetch.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface GitHttpServer {
  /** `http://127.0.0.1:<port>`: the server URL. */
  url: string;
  /** The Authorization header of every request (undefined when none was sent). */
  authorizations: (string | undefined)[];
  /** Requests with more than one Authorization header. */
  duplicateAuthorizations: number;
}

/**
 * Serves the bare repositories under `projectRoot` over smart HTTP, answering 401 unless the
 * request carries `Authorization: <expected>`.
 */
export async function gitHttpServer(
  projectRoot: string,
  expectedAuthorization: string,
): Promise<GitHttpServer> {
  const record: GitHttpServer = { url: '', authorizations: [], duplicateAuthorizations: 0 };
  const server = http.createServer((req, res) => {
    const headers = req.headersDistinct.authorization ?? [];
    if (headers.length > 1) record.duplicateAuthorizations++;
    const authorization = req.headers.authorization;
    record.authorizations.push(authorization);
    if (authorization !== expectedAuthorization) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"' });
      res.end('unauthorized');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const child = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH ?? '',
        GIT_PROJECT_ROOT: projectRoot,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
        GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
        REMOTE_USER: 'x-access-token',
        REMOTE_ADDR: '127.0.0.1',
      },
    });
    req.pipe(child.stdin);
    let buffer = Buffer.alloc(0);
    let headersDone = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        res.write(chunk);
        return;
      }
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      for (const line of buffer.subarray(0, end).toString('utf8').split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else res.setHeader(name, value);
      }
      res.statusCode = status;
      res.write(buffer.subarray(end + 4));
    });
    child.stdout.on('end', () => res.end());
  });
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
  record.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return record;
}

/** The header git sends for `token` (what actions/checkout and our push both use). */
export function basicAuthorization(token: string): string {
  return `basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
}
