// Vitest globalSetup of every project: the run must leave nothing of its own in the temporary
// folder. The `gemini-agent-*` entries there are listed before the first test and again after the
// last; an entry that is new at the end is a test (or the code under test) that did not clean up,
// and fails the run with its name.
//
// Another test run on the same machine at the same time makes entries of its own there; run the
// suites one at a time when this check matters.
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'gemini-agent-';

/**
 * Each project that lists this file runs it, each through its own module loader; the listing
 * before the run is kept on the main process's global object, so it is taken once, before any
 * project's tests, and checked once, after all of them.
 */
const STATE = Symbol.for('gemini-agent.test.tempLeftovers');
const memo = globalThis as { [STATE]?: { before: Promise<Set<string>>; checked: boolean } };

async function entries(): Promise<Set<string>> {
  const names = await readdir(tmpdir()).catch(() => []);
  return new Set(names.filter((name) => name.startsWith(PREFIX)));
}

export async function setup(): Promise<void> {
  memo[STATE] ??= { before: entries(), checked: false };
  await memo[STATE].before;
}

export async function teardown(): Promise<void> {
  const state = memo[STATE];
  if (state === undefined || state.checked) return;
  state.checked = true;
  const before = await state.before;
  const left = [...(await entries())].filter((name) => !before.has(name)).sort();
  if (left.length === 0) return;
  // Vitest reports an error thrown here but keeps the exit code its tests gave.
  process.exitCode = 1;
  throw new Error(
    `the tests left ${String(left.length)} entr${left.length === 1 ? 'y' : 'ies'} in ${tmpdir()}; remove each in the test that makes it (onTestFinished, afterAll):\n${left
      .map((name) => `  ${path.join(tmpdir(), name)}`)
      .join('\n')}`,
  );
}
