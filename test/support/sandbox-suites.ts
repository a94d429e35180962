// The one way sandbox suites decide whether they run: a suite names the sandbox it needs, the
// test run's probe (sandbox-probe.ts, a globalSetup) says whether this machine has it, and
// without it the suite is skipped, saying why — or, with REQUIRE_SANDBOX=1 (CI sets it), fails,
// so a machine that lost its sandbox cannot pass CI by skipping the tests that matter most.
import { describe, inject, it } from 'vitest';
import type { SandboxKind } from '../../src/platform/sandbox/sandbox-types.js';

/**
 * What a sandbox suite needs:
 * - `any`: `sandbox: auto` finds a sandbox (of any kind);
 * - `namespace`: `sandbox: auto` finds a namespace sandbox;
 * - `user`: `sandbox: user` works (the Action runs as root);
 * - `unshare`: the tests run as root and `unshare` makes PID and mount namespaces;
 * - `sandbox-user`: the tests run as root and the sandbox user exists or can be created.
 */
export type SandboxWay = 'any' | 'namespace' | 'user' | 'unshare' | 'sandbox-user';

/** What the probe found, once per test run (passed from the globalSetup by `provide`). */
export interface SandboxFacts {
  /** What `sandbox: auto` picks on this machine. */
  auto: { kind: SandboxKind; describe: string };
  isRoot: boolean;
  /** Why each way that does not work here does not. */
  problems: Partial<Record<SandboxWay, string>>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxFacts: SandboxFacts;
  }
}

export interface Availability {
  /** Why the suite cannot run here; undefined when it can. */
  problem: string | undefined;
  /** Whether REQUIRE_SANDBOX=1 turns its absence into a failure. */
  required: boolean;
}

/**
 * Ways that exist only for a root process: without root they are missing by design, not
 * because the machine lost its sandbox, so REQUIRE_SANDBOX does not ask for them.
 */
const ROOT_ONLY: ReadonlySet<SandboxWay> = new Set(['user', 'unshare', 'sandbox-user']);

export function sandboxFacts(): SandboxFacts {
  const facts = inject('sandboxFacts') as SandboxFacts | undefined;
  if (facts === undefined) {
    throw new Error(
      'No sandbox facts: this file runs in a vitest project without test/support/sandbox-probe.ts as its globalSetup (see vitest.config.ts).',
    );
  }
  return facts;
}

/** Whether `way` works on this machine, as the test run's probe found. */
export function sandboxWay(way: SandboxWay): Availability {
  const facts = sandboxFacts();
  return { problem: facts.problems[way], required: !ROOT_ONLY.has(way) || facts.isRoot };
}

/**
 * `describe(title, body)` where the sandbox is available. Where it is not: skipped, with the
 * reason in the title; with REQUIRE_SANDBOX=1 and a required sandbox, one failing test instead.
 */
export function describeSandboxed(
  availability: Availability,
  title: string,
  body: () => void,
): void {
  const { problem, required } = availability;
  if (problem === undefined) {
    describe(title, body);
  } else if (required && process.env.REQUIRE_SANDBOX === '1') {
    describe(title, () => {
      it('has the sandbox it tests', () => {
        throw new Error(`REQUIRE_SANDBOX=1, but ${problem}`);
      });
    });
  } else {
    console.warn(`Skipped "${title}": ${problem}`);
    describe.skip(`${title} — skipped: ${problem}`, body);
  }
}
