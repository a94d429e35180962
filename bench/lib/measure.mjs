// Shared measuring helpers: summary statistics, result rows, and child processes timed from
// spawn to exit.
import { spawn } from 'node:child_process';

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, max: sorted[sorted.length - 1] };
}

/**
 * One line of the results table. `samples` are the measured values (one per run); `ratio` is
 * "how many times better than the peer" (> 1 is better for us) unless the row says otherwise.
 */
export function row(fields) {
  const { samples, ...rest } = fields;
  return { ...rest, ...stats(samples), samples };
}

/**
 * Runs `command` and resolves with its wall time (ms, from just before spawn to exit), exit
 * code and, when asked, its output. Output is drained either way so a full pipe never stalls it.
 */
export function timedRun(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    options.onSpawn?.(started, child);
    const out = [];
    const err = [];
    let outBytes = 0;
    child.stdout.on('data', (chunk) => {
      outBytes += chunk.length;
      if (options.capture) out.push(chunk);
    });
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({
        ms: performance.now() - started,
        code: code ?? signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8').slice(-4000),
        outBytes,
      });
    });
  });
}

/**
 * `timedRun` of an agent talking to the fake model `server`; the result also says how long after
 * the spawn its first model request arrived (`firstRequestMs`, undefined when none came).
 */
export async function timedRunToFirstRequest(server, command, args, options = {}) {
  let spawnedAt = 0;
  let firstRequestAt;
  const stop = server.onRequest((at) => {
    firstRequestAt ??= at;
  });
  try {
    const result = await timedRun(command, args, {
      ...options,
      onSpawn: (at, child) => {
        spawnedAt = at;
        options.onSpawn?.(at, child);
      },
    });
    return {
      ...result,
      firstRequestMs: firstRequestAt === undefined ? undefined : firstRequestAt - spawnedAt,
    };
  } finally {
    stop();
  }
}

export function formatNumber(value, unit) {
  if (value === undefined || value === null || Number.isNaN(value)) return '';
  if (unit === 'ms') return value >= 100 ? value.toFixed(0) : value.toFixed(1);
  if (unit === 'MB') return value.toFixed(1);
  if (unit === 'KB') return value.toFixed(0);
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(2);
}
