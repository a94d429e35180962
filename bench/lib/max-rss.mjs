// Preloaded with `node --import` into a measured process: on exit, writes to $BENCH_MAX_RSS_FILE
// the process's peak resident set size in bytes and, when $BENCH_HEAP_PEAKS is 1, sampled every 20 ms, the largest V8 heap and external
// (Buffer, WebAssembly) figures seen, which say where the peak came from. The sampling takes the
// measured process's own time, so only the memory benchmark, which reports those figures, asks
// for it; the runs timed to their first request do not.
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The peak resident set size of this program, in bytes. On Linux that is /proc/self/status's
 * VmHWM, the high-water mark of this program's own memory. getrusage's ru_maxrss is not: a child
 * process is forked from its parent and then executes node, and Linux keeps ru_maxrss across the
 * exec, so it starts at whatever the parent held when it forked (a benchmark run that had grown
 * to 167 MB measured every process it started at 167 MB). Elsewhere, ru_maxrss.
 */
function peakRss() {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kilobytes !== undefined) return Number(kilobytes) * 1024;
  } catch {
    // Not Linux: getrusage below.
  }
  return process.resourceUsage().maxRSS * 1024;
}

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
    const maxRSS = peakRss();
    writeFileSync(file, JSON.stringify(sampling ? { maxRSS, peaks } : { maxRSS }));
  });
}
