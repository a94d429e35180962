// Tests that need something this machine may not have: rg, the Gemini CLI, git or ripgrep built
// with PCRE, curl, Linux's /proc, Node's compile cache. Where it is missing, the test or suite is
// skipped with the reason in its name and the reason is printed on stderr, so the vitest output
// says why it did not run.
import type { TestContext, TestFunction } from 'vitest';
import { describe, it } from 'vitest';

function skipped(title: string, missing: string): string {
  console.warn(`Skipped "${title}": ${missing}`);
  return `${title} — skipped: ${missing}`;
}

/** `it(title, body)`, or, when `missing` says what is missing, skipped saying so. */
export function itNeeds(
  missing: string | undefined,
  title: string,
  body: TestFunction,
  timeout?: number,
): void {
  if (missing === undefined) it(title, body, timeout);
  else it.skip(skipped(title, missing), body, timeout);
}

/** `describe(title, body)`, or, when `missing` says what is missing, skipped saying so. */
export function describeNeeds(missing: string | undefined, title: string, body: () => void): void {
  if (missing === undefined) describe(title, body);
  else describe.skip(skipped(title, missing), body);
}

/** Skips the running test from inside it (what it needs is known only then), saying why. */
export function skipBecause(context: TestContext, missing: string): never {
  console.warn(`Skipped "${context.task.name}": ${missing}`);
  return context.skip(missing);
}
