/**
 * Notices when the model is stuck: the same tool call again and again, a short cycle of calls
 * repeated, or text that repeats itself. The session warns the model once and stops it the
 * second time, so a stuck run ends early instead of burning its whole budget.
 */

export interface LoopDetectionOptions {
  enabled: boolean;
  /** Identical consecutive tool calls (same name and arguments) that count as a loop. */
  identicalCallThreshold: number;
  /** How often a short cycle of calls must repeat back to back to count as a loop. */
  cycleRepeatThreshold: number;
  /** The longest cycle looked for (cycles of 2 up to this many calls). */
  maxCyclePeriod: number;
  /** Length of the text window compared when looking for repeated text. */
  textChunkSize: number;
  /** How often the same text window must recur, close together, within one response. */
  textRepeatThreshold: number;
  /** Consecutive turns with the same response text that count as a loop. */
  identicalResponseThreshold: number;
  /** Responses shorter than this never count as repeated responses ("Done." is fine twice). */
  minRepeatedResponseLength: number;
}

export const DEFAULT_LOOP_DETECTION: Readonly<LoopDetectionOptions> = {
  enabled: true,
  identicalCallThreshold: 5,
  cycleRepeatThreshold: 3,
  maxCyclePeriod: 4,
  textChunkSize: 50,
  textRepeatThreshold: 10,
  identicalResponseThreshold: 3,
  minRepeatedResponseLength: 20,
};

const MAX_SCANNED_TEXT = 20_000;

export type LoopKind = 'identical_tool_calls' | 'tool_call_cycle' | 'repeated_text';

export interface LoopDetection {
  kind: LoopKind;
  /** What repeats, in words (shown in the warning and to the model). */
  detail: string;
  /** 1 for the first detection in the session, 2 for the second, … */
  count: number;
}

/** Tracks one session. Feed it every tool call and every response text, in order. */
export class LoopDetector {
  private readonly options: LoopDetectionOptions;
  private callKeys: string[] = [];
  private callNames: string[] = [];
  private lastResponseText = '';
  private sameResponseCount = 0;
  private detections = 0;

  constructor(options: Partial<LoopDetectionOptions> = {}) {
    this.options = { ...DEFAULT_LOOP_DETECTION, ...options };
  }

  get detectionCount(): number {
    return this.detections;
  }

  /** Records one tool call the model asked for. */
  recordToolCall(name: string, args: Record<string, unknown>): LoopDetection | undefined {
    if (!this.options.enabled) return undefined;
    this.callKeys.push(`${name}:${stableJson(args)}`);
    this.callNames.push(name);
    const keep = Math.max(
      this.options.identicalCallThreshold,
      this.options.maxCyclePeriod * this.options.cycleRepeatThreshold,
    );
    if (this.callKeys.length > keep) {
      this.callKeys = this.callKeys.slice(-keep);
      this.callNames = this.callNames.slice(-keep);
    }
    const identical = this.checkIdenticalCalls(name);
    if (identical) return this.detected('identical_tool_calls', identical);
    const cycle = this.checkCycle();
    if (cycle) return this.detected('tool_call_cycle', cycle);
    return undefined;
  }

  /** Records the visible text of one model response (empty when it had none). */
  recordResponseText(text: string): LoopDetection | undefined {
    if (!this.options.enabled) return undefined;
    const chanting = findRepeatedChunk(
      text,
      this.options.textChunkSize,
      this.options.textRepeatThreshold,
    );
    if (chanting !== undefined) {
      this.lastResponseText = '';
      this.sameResponseCount = 0;
      return this.detected('repeated_text', `the text "${chanting.trim()}" repeats many times`);
    }
    const normalized = text.trim().replace(/\s+/g, ' ');
    if (normalized.length < this.options.minRepeatedResponseLength) {
      this.lastResponseText = '';
      this.sameResponseCount = 0;
      return undefined;
    }
    this.sameResponseCount = normalized === this.lastResponseText ? this.sameResponseCount + 1 : 1;
    this.lastResponseText = normalized;
    if (this.sameResponseCount >= this.options.identicalResponseThreshold) {
      this.sameResponseCount = 0;
      this.lastResponseText = '';
      return this.detected(
        'repeated_text',
        `the same response ("${abbreviate(normalized, 80)}") in ${this.options.identicalResponseThreshold} consecutive turns`,
      );
    }
    return undefined;
  }

  private checkIdenticalCalls(name: string): string | undefined {
    const threshold = this.options.identicalCallThreshold;
    if (this.callKeys.length < threshold) return undefined;
    const recent = this.callKeys.slice(-threshold);
    if (recent.every((key) => key === recent[0])) {
      return `${threshold} identical calls of ${name} in a row`;
    }
    return undefined;
  }

  private checkCycle(): string | undefined {
    const repeats = this.options.cycleRepeatThreshold;
    for (let period = 2; period <= this.options.maxCyclePeriod; period++) {
      const span = period * repeats;
      if (this.callKeys.length < span) continue;
      const recent = this.callKeys.slice(-span);
      const cycle = recent.slice(0, period);
      // A "cycle" of one call repeated is the identical-call case, counted by its own threshold.
      if (new Set(cycle).size < 2) continue;
      if (recent.every((key, i) => key === cycle[i % period])) {
        const names = this.callNames.slice(-span, -span + period).join(' → ');
        return `the same cycle of ${period} calls (${names}) repeated ${repeats} times`;
      }
    }
    return undefined;
  }

  private detected(kind: LoopKind, detail: string): LoopDetection {
    this.detections++;
    // Start counting afresh: a second detection needs a new full pattern after the warning.
    this.callKeys = [];
    this.callNames = [];
    return { kind, detail, count: this.detections };
  }
}

/**
 * The text window that recurs `threshold` times close together (on average at most five windows
 * apart) with few distinct stretches between occurrences — a model chanting the same sentence,
 * not a list whose items share a prefix. Fenced code is skipped: repetitive code is normal.
 */
export function findRepeatedChunk(
  text: string,
  chunkSize: number,
  threshold: number,
): string | undefined {
  // A chant fills the end of a response; the tail is enough and keeps the scan cheap.
  const prose = text.replace(/```[\s\S]*?(```|$)/g, '\n').slice(-MAX_SCANNED_TEXT);
  if (prose.length < chunkSize * threshold) return undefined;
  const positions = new Map<string, number[]>();
  for (let i = 0; i + chunkSize <= prose.length; i++) {
    const chunk = prose.slice(i, i + chunkSize);
    const seen = positions.get(chunk);
    if (!seen) {
      positions.set(chunk, [i]);
      continue;
    }
    // Overlapping windows are one occurrence, not two.
    const last = seen[seen.length - 1] ?? 0;
    if (i - last < chunkSize) continue;
    seen.push(i);
    if (seen.length < threshold) continue;
    const recent = seen.slice(-threshold);
    const first = recent[0] ?? 0;
    const averageGap = (i - first) / (threshold - 1);
    if (averageGap > chunkSize * 5) continue;
    const stretches = new Set<string>();
    for (let k = 0; k + 1 < recent.length; k++) {
      stretches.add(prose.slice(recent[k], recent[k + 1]));
    }
    if (stretches.size <= Math.floor(threshold / 2)) return chunk;
  }
  return undefined;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same call. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  }
  return sorted;
}

function abbreviate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
