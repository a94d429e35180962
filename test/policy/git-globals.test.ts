// git's own options that take a value are listed twice in the policy: as words the file and
// argument checks skip (git-arguments.ts), and in the option grammar that reads deny rules
// (option-grammar.ts). The two must name the same options, or a deny rule and the file check
// would read `git --namespace x rm …` differently.
import { describe, expect, it } from 'vitest';
import { GIT_GLOBALS_WITH_VALUE } from '../../src/policy/shell/git-arguments.js';
import { GIT_GLOBAL } from '../../src/policy/option-grammar.js';

/** The grammar's options with a value, written as on the command line. */
function grammarValueOptions(): string[] {
  const written: string[] = [];
  for (const [letter, names] of GIT_GLOBAL.short) {
    if (names.some((name) => GIT_GLOBAL.values.has(name))) written.push(`-${letter}`);
  }
  for (const [spelling, name] of GIT_GLOBAL.long) {
    if (GIT_GLOBAL.values.has(name)) written.push(`--${spelling}`);
  }
  return written.sort();
}

describe("git's global options with a value", () => {
  it('are the same in the argument checks and in the option grammar', () => {
    expect(grammarValueOptions()).toEqual([...GIT_GLOBALS_WITH_VALUE].sort());
  });
});
