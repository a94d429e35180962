// A local git remote over smart HTTP (`git http-backend`) that accepts only the job token, as
// GitHub's git side would: where the Action pushes its branch during the GitHub-cost benchmark.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';

/** The header git sends for `token` (what actions/checkout and the Action's push both use). */
export function basicAuthorization(token) {
  return `basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
}

/** Serves the bare repositories under `projectRoot`; resolves with `{ url, close }`. */
export async function startGitHttpServer(projectRoot, expectedAuthorization) {
  const server = createServer((req, res) => {
    if (req.headers.authorization !== expectedAuthorization) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="bench"' });
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
    child.stdout.on('data', (chunk) => {
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
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
