// Real git repositories for the publishing tests: a workspace cloned from a bare "GitHub" remote,
// and an HTTP server in front of bare repositories (git's own http-backend) that records the
// credentials each request carries.
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

const IDENTITY = ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com'];

/** Runs git synchronously (test set-up only), returning trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', [...IDENTITY, ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LC_ALL: 'C' },
  }).trim();
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gemini-publish-test-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export async function writeFiles(
  root: string,
  files: Record<string, string | Buffer>,
): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

export interface RepoWithRemote {
  /** The workspace (a clone). */
  root: string;
  /** The bare repository standing in for GitHub. */
  remote: string;
  /** The commit the workspace starts at (main). */
  base: string;
}

/** A bare remote whose `main` holds `files`, and a workspace cloned from it. */
export async function repoWithRemote(
  files: Record<string, string | Buffer> = { 'README.md': '# Demo\n' },
  options: { depth?: number } = {},
): Promise<RepoWithRemote> {
  const dir = await tempDir();
  const seed = path.join(dir, 'seed');
  const remote = path.join(dir, 'remote.git');
  const root = path.join(dir, 'workspace');
  await mkdir(seed);
  git(seed, 'init', '-q', '-b', 'main');
  await writeFiles(seed, files);
  git(seed, 'add', '-A');
  git(seed, 'commit', '-qm', 'Initial commit', '--allow-empty');
  git(dir, 'clone', '-q', '--bare', seed, remote);
  const depth = options.depth === undefined ? [] : ['--depth', String(options.depth)];
  git(dir, 'clone', '-q', ...depth, `file://${remote}`, root);
  return { root, remote, base: git(root, 'rev-parse', 'HEAD') };
}

/** Adds a commit to `branch` of the remote (as another person pushing), returning its sha. */
export async function pushToRemote(
  remote: string,
  branch: string,
  files: Record<string, string>,
  options: { from?: string } = {},
): Promise<string> {
  const dir = await tempDir();
  git(dir, 'clone', '-q', remote, 'w');
  const work = path.join(dir, 'w');
  git(work, 'checkout', '-q', '-B', branch, options.from ?? 'origin/main');
  await writeFiles(work, files);
  git(work, 'add', '-A');
  git(work, 'commit', '-qm', `Update ${branch}`);
  git(work, 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
  return git(work, 'rev-parse', 'HEAD');
}

/** Every file under `dir` (recursively) that contains `text`; for "the token is nowhere" checks. */
export async function filesContaining(dir: string, text: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && (await readFile(full)).includes(text)) found.push(full);
    }
  };
  await walk(dir);
  return found;
}

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
