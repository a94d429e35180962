/**
 * Testing lines against the model's regular expression without letting it stall the process.
 *
 * The pattern comes from the model and the lines from the repository, both untrusted: a pattern
 * such as `(a+)+$` on a long line backtracks for minutes, and JavaScript cannot interrupt a
 * running regular expression from the outside. A `vm` script with a timeout can: V8 stops it when
 * the time is up. Lines are tested in batches so the cost of that guard stays small.
 */
import vm from 'node:vm';
import { errorCode } from '../../platform/errors.js';

/** Time one batch of lines may take before the pattern counts as too slow. */
export const DEFAULT_BATCH_TIMEOUT_MS = 2000;

export class RegexTimeoutError extends Error {
  override readonly name = 'RegexTimeoutError';
  constructor(timeoutMs: number) {
    super(
      `The regular expression took longer than ${timeoutMs} ms on one batch of lines and was stopped; it probably backtracks catastrophically. Simplify the pattern (avoid nested quantifiers such as (a+)+).`,
    );
  }
}

const SCRIPT = new vm.Script(
  'hits = []; for (let i = 0; i < lines.length; i += 1) { if (regex.test(lines[i])) hits.push(i); }',
);

export interface LineMatcher {
  /** The indexes of the lines the pattern matches; throws `RegexTimeoutError` when too slow. */
  matching(lines: readonly string[]): number[];
}

export function createLineMatcher(
  regex: RegExp,
  options: { timeoutMs?: number | undefined } = {},
): LineMatcher {
  const timeoutMs = options.timeoutMs ?? DEFAULT_BATCH_TIMEOUT_MS;
  // Without the `g` or `y` flag, `test` keeps no state between lines.
  const flags = regex.flags.replace(/[gy]/gu, '');
  const context = vm.createContext({
    regex: new RegExp(regex.source, flags),
    lines: [] as readonly string[],
    hits: [] as number[],
  });
  return {
    matching(lines) {
      if (lines.length === 0) return [];
      context.lines = lines;
      try {
        SCRIPT.runInContext(context, { timeout: timeoutMs });
      } catch (error) {
        if (errorCode(error) === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
          throw new RegexTimeoutError(timeoutMs);
        }
        throw error;
      } finally {
        context.lines = [];
      }
      const hits = context.hits as unknown;
      return Array.isArray(hits)
        ? hits.filter((hit): hit is number => typeof hit === 'number')
        : [];
    },
  };
}
