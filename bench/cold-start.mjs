// Cold start of the CLI: `--version`, and process start → first model request against a local
// server that answers at once. Usage: node bench/cold-start.mjs [runs]
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');
const runs = Number(process.argv[2] ?? 10);

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0],
    median: sorted[Math.floor(sorted.length / 2)],
    max: sorted[sorted.length - 1],
  };
}

function runOnce(args, env, onSpawn) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: 'ignore' });
    onSpawn?.(started);
    child.on('error', reject);
    child.on('exit', () => resolve(performance.now() - started));
  });
}

const version = [];
for (let i = 0; i < runs; i++) version.push(await runOnce(['--version'], process.env));

let spawnedAt = 0;
let firstRequest = [];
let waiting;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (waiting) {
      firstRequest.push(performance.now() - spawnedAt);
      waiting = undefined;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
    };
    res.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const env = {
  PATH: process.env.PATH,
  GEMINI_API_KEY: 'bench',
  GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`,
};
const total = [];
for (let i = 0; i < runs; i++) {
  waiting = true;
  total.push(
    await runOnce(
      ['-p', 'hi', '--repo', path.join(root, 'test/fixtures/sample-repo')],
      env,
      (t) => {
        spawnedAt = t;
      },
    ),
  );
}
server.close();

const table = {
  'node dist/cli.js --version (ms)': stats(version),
  'process start → first model request (ms)': stats(firstRequest),
  'one-turn session, start → exit (ms)': stats(total),
};
console.table(
  Object.fromEntries(
    Object.entries(table).map(([k, v]) => [
      k,
      { min: v.min.toFixed(0), median: v.median.toFixed(0), max: v.max.toFixed(0) },
    ]),
  ),
);
