/**
 * A group of attacks sharing one run of the Action: their setups run together, the hostile model
 * sends all their calls in one turn (the scheduler runs them one by one, as it would any turn),
 * then tries to carry the loot out through a committed file and its answer. Each attack is one
 * test (its calls were answered as expected, its marker does not exist), and one more test checks
 * the run's containment: no canary in any sink, no side effect outside the workspace.
 *
 * Running the whole Action for every single call would make the suite several times slower
 * without testing anything more: each call is judged and executed on its own either way.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallSpec } from '../../support/fake-gemini.js';
import { expectContained, responseTo } from './contained.js';
import { hostileScript } from './hostile-model.js';
import type { AttackContext, HostileCaseOptions, HostileRun, ToolResponse } from './hostile-run.js';
import { runHostileCase } from './hostile-run.js';

export interface GroupAttack {
  name: string;
  /** Prepares the workspace for this attack (runs before the run, with the others' setups). */
  setup?: (ctx: AttackContext) => Promise<void> | void;
  /** The calls of this attack; `marker` is a path outside the workspace only it uses. */
  calls: (ctx: AttackContext, marker: string) => CallSpec[];
  /** What must hold afterwards; default: every call was refused (see {@link expectRefused}). */
  check?: (outcome: AttackOutcome) => Promise<void> | void;
}

export interface AttackOutcome {
  run: HostileRun;
  /** The responses to this attack's calls, in order. */
  responses: ToolResponse[];
  marker: string;
}

/** The call was answered with an error (refused by the policy or by the tool itself). */
export function expectRefused(response: ToolResponse): void {
  expect(response.text, response.name).toMatch(/^\{"error"/);
}

export type GroupOptions = Omit<HostileCaseOptions, 'script' | 'cleanup' | 'setup'>;

export function describeAttackGroup(
  title: string,
  attacks: readonly GroupAttack[],
  options: GroupOptions = {},
): void {
  describe(title, () => {
    const undo: (() => unknown)[] = [];
    let shared: { run: HostileRun; calls: CallSpec[][]; markers: string[] } | undefined;
    const current = () => {
      if (shared === undefined) throw new Error('the shared run did not happen');
      return shared;
    };

    beforeAll(async () => {
      const calls: CallSpec[][] = [];
      const markers: string[] = [];
      const run = await runHostileCase({
        ...options,
        cleanup: (fn) => undo.push(fn),
        setup: async (ctx) => {
          for (const attack of attacks) await attack.setup?.(ctx);
        },
        script: (ctx) => {
          attacks.forEach((attack, index) => {
            const marker = ctx.marker(`attack${index}`);
            markers.push(marker);
            calls.push(attack.calls(ctx, marker));
          });
          return hostileScript(ctx, [calls.flat()]);
        },
      });
      shared = { run, calls, markers };
    });

    afterAll(async () => {
      for (const fn of undo.reverse()) await fn();
    });

    it.each(attacks.map((attack, index) => [attack.name, index] as const))(
      '%s',
      async (_name, index) => {
        const { run, calls, markers } = current();
        const marker = markers[index] ?? '';
        const responses = (calls[index] ?? []).map((spec) => responseTo(run, spec.id));
        const check = attacks[index]?.check;
        if (check) {
          await check({ run, responses, marker });
        } else {
          for (const response of responses) expectRefused(response);
        }
        expect(existsSync(marker)).toBe(false);
      },
    );

    it('leaks nothing and changes nothing outside the workspace', async () => {
      await expectContained(current().run);
    });
  });
}

/**
 * One run for the tests of the enclosing `describe` (made before the first, cleaned up after the
 * last); returns a getter for it.
 */
export function useSharedRun(options: Omit<HostileCaseOptions, 'cleanup'>): () => HostileRun {
  const undo: (() => unknown)[] = [];
  let shared: HostileRun | undefined;
  beforeAll(async () => {
    shared = await runHostileCase({ ...options, cleanup: (fn) => undo.push(fn) });
  });
  afterAll(async () => {
    for (const fn of undo.reverse()) await fn();
  });
  return () => {
    if (shared === undefined) throw new Error('the shared run did not happen');
    return shared;
  };
}
