// Preloaded with `node --import` into a measured process: on exit, writes to $BENCH_MAX_RSS_FILE
// the process's peak resident set size (getrusage's ru_maxrss, in bytes) and, sampled every
// 20 ms, the largest V8 heap and external (Buffer, WebAssembly) figures seen, which say where
// the peak came from.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MAX_RSS_FILE;
if (file) {
  const peaks = { heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peaks)) peaks[key] = Math.max(peaks[key], usage[key]);
  };
  setInterval(sample, 20).unref();
  process.on('exit', () => {
    sample();
    writeFileSync(file, JSON.stringify({ maxRSS: process.resourceUsage().maxRSS * 1024, peaks }));
  });
}
