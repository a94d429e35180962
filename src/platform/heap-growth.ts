/**
 * Keeps V8's heap close to what the process holds alive, for the whole process.
 *
 * An agent session makes survivors all the time — every tool output enters the history — and
 * V8 answers survivors by growing its heap: it doubles the young generation (new space, where
 * every object starts) up to 32 MB, and lets the old generation grow by up to several times what
 * was alive after the last full collection before it collects again. What fills that room is
 * mostly short-lived garbage (decoded command output, file text, response chunks, history that
 * compression dropped), so the peak is set by V8's schedule, not by what the session holds
 * (about 25 MB after a collection, through a 1,000-turn session). Two settings:
 *
 * - the young generation stays at its starting 2 MB: it is collected more often and each
 *   collection stays cheap (only live objects are copied);
 * - the old generation may grow by 30 % over what was alive before the next full collection.
 *
 * Measured with the session of bench/memory.mjs (large outputs): peak RSS at 100 turns
 * 161 → 132 MB with the first, → 115 MB with both; at 1,000 turns 190 → 125 MB, so it stays flat
 * once compression is active; about 5 % more wall time.
 *
 * Both are read whenever V8 sizes a generation, so setting them after start-up takes effect;
 * sizes fixed when the heap is made (`--max-semi-space-size`, `--max-old-space-size`) can only be
 * given on node's command line, which neither the Action's runner nor the `gemini-agent` command
 * controls.
 *
 * They are set once start-up is over, not before it: loading the bundle, reading settings and
 * building the tools allocate about 30 MB in one burst, which with both settings on is collected
 * in many small steps. Measured on the CLI's start → first model request: 251 → 236 ms, for 6 MB
 * more peak RSS over 100 turns (bench/cold-start.mjs, bench/memory.mjs).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { setFlagsFromString } from 'node:v8';

/** The settings, in node's command-line spelling (V8 ignores a name it does not know). */
export const HEAP_GROWTH_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=30'];

export function limitHeapGrowth(): void {
  for (const flag of HEAP_GROWTH_FLAGS) setFlagsFromString(flag);
}

/** Where node's `fetch` announces each request it makes (undici's diagnostics channel). */
const REQUEST_CHANNEL = 'undici:request:create';

/**
 * `limitHeapGrowth` once start-up is over: at the process's first HTTP request (the CLI's first
 * model request, the Action's first GitHub request once its bundle has loaded), or after
 * `latestMs` if no request comes by then. `limit` is for tests.
 */
export function limitHeapGrowthAfterStartUp(
  options: { latestMs?: number; limit?: () => void } = {},
): void {
  const limit = options.limit ?? limitHeapGrowth;
  let done = false;
  const apply = (): void => {
    if (done) return;
    done = true;
    unsubscribe(REQUEST_CHANNEL, apply);
    clearTimeout(timer);
    limit();
  };
  subscribe(REQUEST_CHANNEL, apply);
  const timer = setTimeout(apply, options.latestMs ?? 2_000);
  timer.unref();
}
