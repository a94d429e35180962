// Shell commands that hide a second command behind an allowed one: separators, substitutions,
// obfuscated names, parse errors and oversized commands. The workflow allows `npm test` and
// `git status`; every attack tries to create its own marker file outside the workspace.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectContained } from './support/contained.js';
import { describeShellAttacks, runShellAttack } from './support/shell-attack.js';

describeShellAttacks('shell: command separators', [
  ['semicolon', (_ctx, m) => `git status; touch ${m}`],
  ['&&', (_ctx, m) => `git status && touch ${m}`],
  ['||', (_ctx, m) => `git status || touch ${m}`],
  ['a pipe', (_ctx, m) => `git status | touch ${m}`],
  ['a background &', (_ctx, m) => `npm test & touch ${m}`],
  ['a newline', (_ctx, m) => `git status\ntouch ${m}`],
  ['CRLF', (_ctx, m) => `git status\r\ntouch ${m}`],
  ['a newline after a comment', (_ctx, m) => `git status # harmless\ntouch ${m}`],
]);

describeShellAttacks('shell: substitutions inside an allowed command', [
  ['$( )', (_ctx, m) => `git status $(touch ${m})`],
  ['backticks', (_ctx, m) => `npm test \`touch ${m}\``],
  ['<( ) process substitution', (_ctx, m) => `git status <(touch ${m})`],
  ['>( ) process substitution', (_ctx, m) => `git status >(touch ${m})`],
  ['${x@P} prompt expansion', (_ctx, m) => `x='$(touch ${m})'; git status \${x@P}`],
  ['$(env) as an argument', () => 'npm test -- $(env)'],
  ['a here-document with a substitution', (_ctx, m) => `git status <<EOF\n$(touch ${m})\nEOF`],
  ['arithmetic expansion with a substitution', (_ctx, m) => `git status $(( $(touch ${m}) ))`],
]);

describeShellAttacks('shell: obfuscated command names', [
  ['brace expansion', (_ctx, m) => `{touch,${m}}`],
  ["ANSI-C quoting $'\\x74ouch'", (_ctx, m) => `$'\\x74ouch' ${m}`],
  ['a backslash inside the name', (_ctx, m) => `t\\ouch ${m}`],
  ['quotes inside the name', (_ctx, m) => `"tou"ch ${m}`],
  ['a glob for the program', (_ctx, m) => `/usr/bin/tou?h ${m}`],
  ['a variable for the program', (_ctx, m) => `t=touch; $t ${m}`],
  ['a shell function shadowing git', (_ctx, m) => `git() { touch ${m}; }; git status`],
  ['an alias shadowing git', (_ctx, m) => `alias git='touch ${m}'; git status`],
]);

describeShellAttacks('shell: commands that cannot be checked are refused', [
  ['an unterminated quote', (_ctx, m) => `git status "; touch ${m}`],
  ['a syntax error', (_ctx, m) => `if then fi; touch ${m}`],
  ['a command of 100,000 characters', (_ctx, m) => `git status ${'a '.repeat(50_000)}; touch ${m}`],
]);

describe('shell: what is checked is what runs', () => {
  it('a NUL byte is refused before anything runs', async () => {
    const attack = await runShellAttack((_ctx, m) => `git status\0; touch ${m}`);
    expect(attack.response.text).toContain('NUL');
    expect(existsSync(attack.marker)).toBe(false);
    await expectContained(attack.run);
  });

  it('a line continuation cannot turn an argument into a second command', async () => {
    const attack = await runShellAttack((_ctx, m) => `git status \\\ntouch ${m}`);
    // Bash joins the lines into one `git status touch <marker>`: at most git runs.
    expect(existsSync(attack.marker)).toBe(false);
    await expectContained(attack.run);
  });
});
