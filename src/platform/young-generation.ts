/**
 * Keeps V8's young generation at its starting size for the whole process.
 *
 * V8 doubles the young generation (new space, where every object starts) whenever much of it
 * survives a collection, up to 32 MB. An agent session makes survivors all the time — every tool
 * output enters the history — so the young generation soon reaches its largest, and what fills
 * it is mostly short-lived garbage: decoded command output, file text, response chunks. Kept at
 * its starting 2 MB, the young generation is collected more often and each collection stays
 * cheap (only live objects are copied). Measured on the 100-turn session with large outputs
 * (bench/memory.mjs): peak RSS 161 → 137 MB, for about 7% more CPU time.
 *
 * The growth factor is read whenever V8 would grow the young generation, so setting it after
 * start-up takes effect; the maximum size (`--max-semi-space-size`) is fixed when the heap is
 * made and can only be given on node's command line, which neither the Action's runner nor the
 * `gemini-agent` command controls.
 */
import { setFlagsFromString } from 'node:v8';

export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
