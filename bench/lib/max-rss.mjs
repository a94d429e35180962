// Preloaded with `node --import` into a measured process: on exit, writes to $BENCH_MAX_RSS_FILE
// the process's peak resident set size (getrusage's ru_maxrss, in bytes, which costs nothing to
// keep) and, when $BENCH_HEAP_PEAKS is 1, sampled every 20 ms, the largest V8 heap and external
// (Buffer, WebAssembly) figures seen, which say where the peak came from. The sampling takes the
// measured process's own time, so only the memory benchmark, which reports those figures, asks
// for it; the runs timed to their first request do not.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MAX_RSS_FILE;
const sampling = process.env.BENCH_HEAP_PEAKS === '1';
if (file) {
  const peaks = { heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peaks)) peaks[key] = Math.max(peaks[key], usage[key]);
  };
  if (sampling) setInterval(sample, 20).unref();
  process.on('exit', () => {
    if (sampling) sample();
    const maxRSS = process.resourceUsage().maxRSS * 1024;
    writeFileSync(file, JSON.stringify(sampling ? { maxRSS, peaks } : { maxRSS }));
  });
}
