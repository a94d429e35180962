// Property: however a denied command is respelled — whitespace runs, each word quoted in '…', "…"
// or backslashes, its short options grouped, split and reordered, long or abbreviated forms,
// options after the operands, an absolute path to the program — a deny rule on it still denies
// it. And the same respellings of a command without the denied options are still allowed, so the
// property cannot hold by denying everything.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PolicyRule } from '../../src/policy/policy-types.js';
import { rule } from './support/rules.js';
import { shellVerdict } from './support/shell-verdict.js';

const SHELL = ['run_shell_command'];

/** One option of a program and the ways it may be written. */
interface Option {
  /** Its letter, when it has a short form that may be grouped with others. */
  letters?: string;
  /** Its other spellings, each one word. */
  words: readonly string[];
}

/** A program, a denied prefix and the options that make a command match it. */
interface Spec {
  deny: string;
  /** The program and the words that must follow it directly (a git subcommand). */
  head: readonly string[];
  paths: readonly string[];
  options: Readonly<Record<string, Option>>;
  /** The options the deny prefix gives: a command with all of them is denied. */
  denied: readonly string[];
  operands: readonly string[];
  /** Options may follow the operands (GNU getopt, git's parse-options). */
  permute: boolean;
}

const SPECS: readonly Spec[] = [
  {
    deny: 'rm -rf',
    head: ['rm'],
    paths: ['rm', '/bin/rm', '/usr/bin/rm'],
    options: {
      recursive: { letters: 'rR', words: ['--recursive', '--recur', '--rec'] },
      force: { letters: 'f', words: ['--force', '--forc', '--fo'] },
      verbose: { letters: 'v', words: ['--verbose'] },
      dir: { letters: 'd', words: ['--dir'] },
    },
    denied: ['recursive', 'force'],
    operands: ['build', 'dist'],
    permute: true,
  },
  {
    deny: 'git push --force',
    head: ['git', 'push'],
    paths: ['git', '/usr/bin/git'],
    options: {
      force: { letters: 'f', words: ['--force'] },
      upstream: { letters: 'u', words: ['--set-upstream'] },
      verbose: { letters: 'v', words: ['--verbose'] },
      tags: { words: ['--tags'] },
    },
    denied: ['force'],
    operands: ['origin', 'main'],
    permute: true,
  },
  {
    deny: 'sed -i',
    head: ['sed'],
    paths: ['sed', '/bin/sed'],
    options: {
      inPlace: { letters: 'i', words: ['--in-place', '--in-pl'] },
      quiet: { letters: 'n', words: ['--quiet', '--silent'] },
      extended: { letters: 'Er', words: ['--regexp-extended'] },
    },
    denied: ['inPlace'],
    operands: ['s/a/b/', 'notes.txt'],
    permute: true,
  },
  {
    deny: 'git clean -fdx',
    head: ['git', 'clean'],
    paths: ['git'],
    options: {
      force: { letters: 'f', words: ['--force'] },
      d: { letters: 'd', words: [] },
      x: { letters: 'x', words: [] },
      quiet: { letters: 'q', words: ['--quiet'] },
    },
    denied: ['force', 'd', 'x'],
    operands: ['src'],
    permute: true,
  },
];

const WHITESPACE = [' ', '  ', '\t', ' \t '];

/** Ways to write one word so that bash passes it on unchanged. */
const QUOTINGS: ((word: string) => string)[] = [
  (w) => w,
  (w) => `'${w}'`,
  (w) => `"${w}"`,
  (w) => w.replace(/./gu, (c) => `\\${c}`),
  (w) => (w.length < 2 ? w : `${w.slice(0, 1)}'${w.slice(1)}'`),
  (w) => (w.length < 2 ? w : `"${w.slice(0, -1)}"${w.slice(-1)}`),
];

type Draw = <T>(arbitrary: fc.Arbitrary<T>) => T;

/** A command for the spec with exactly `chosen` options, respelled as `draw` decides. */
function respelled(spec: Spec, chosen: readonly string[], draw: Draw): string {
  const short: string[] = [];
  const words: string[] = [];
  for (const name of chosen) {
    const option = spec.options[name] as Option;
    const spellings = (option.letters ?? '')
      .replace(/./gu, (l) => ` -${l}`)
      .split(' ')
      .filter((l) => l !== '')
      .concat(option.words);
    const spelling = draw(fc.constantFrom(...spellings));
    if (spelling.length === 2 && option.letters?.includes(spelling[1] ?? '')) {
      short.push(spelling[1] ?? '');
    } else {
      words.push(spelling);
    }
  }
  // Short letters shuffled and cut into groups: `-rf`, `-f -r`, `-fr`.
  const letters = draw(fc.shuffledSubarray(short, { minLength: short.length }));
  const groups: string[] = [];
  let rest = letters;
  while (rest.length > 0) {
    const size = draw(fc.integer({ min: 1, max: rest.length }));
    groups.push(`-${rest.slice(0, size).join('')}`);
    rest = rest.slice(size);
  }
  const options = draw(
    fc.shuffledSubarray([...groups, ...words], { minLength: groups.length + words.length }),
  );
  // Options before, between or after the operands.
  const tail = [...spec.operands];
  for (const option of options) {
    const at = spec.permute ? draw(fc.integer({ min: 0, max: tail.length })) : 0;
    tail.splice(at, 0, option);
  }
  const program = draw(fc.constantFrom(...spec.paths));
  const all = [program, ...spec.head.slice(1), ...tail];
  return all
    .map((word, index) => {
      // The program's path is written plainly or quoted like any other word.
      const quote = draw(fc.constantFrom(...QUOTINGS));
      const written = quote(word);
      return index === 0 ? written : `${draw(fc.constantFrom(...WHITESPACE))}${written}`;
    })
    .join('');
}

/** Values drawn inside a property, shrinking with it. */
function drawFrom(g: fc.GeneratorValue): Draw {
  return (arbitrary) => g(() => arbitrary);
}

/** The deny, over an allow of every single-line command written in any form. */
function policyFor(spec: Spec): { deny: PolicyRule; rules: PolicyRule[] } {
  const deny = rule({
    toolNames: SHELL,
    commandPrefixes: [spec.deny],
    decision: 'deny',
    priority: 200,
  });
  const allow = rule({ toolNames: SHELL, commandRegex: /.*/u, decision: 'allow', priority: 0 });
  return { deny, rules: [deny, allow] };
}

describe('respelling a denied command', () => {
  it.each(SPECS.map((spec) => [spec.deny, spec] as const))(
    '%s: every respelling with the denied options is denied',
    async (_name, spec) => {
      const { deny, rules } = policyFor(spec);
      const others = Object.keys(spec.options).filter((name) => !spec.denied.includes(name));
      await fc.assert(
        fc.asyncProperty(fc.subarray(others), fc.gen(), async (extra, g) => {
          const command = respelled(spec, [...spec.denied, ...extra], drawFrom(g));
          const verdict = await shellVerdict(rules, command);
          expect(verdict.decision, `${JSON.stringify(command)}: ${verdict.reason}`).toBe('deny');
          expect(verdict.rule, JSON.stringify(command)).toBe(deny);
        }),
        { numRuns: 150, endOnFailure: true },
      );
    },
  );

  it.each(SPECS.map((spec) => [spec.deny, spec] as const))(
    '%s: the same respellings without one of the denied options are allowed',
    async (_name, spec) => {
      const { rules } = policyFor(spec);
      const names = Object.keys(spec.options);
      const missing = fc.constantFrom(...spec.denied);
      await fc.assert(
        fc.asyncProperty(missing, fc.subarray(names), fc.gen(), async (left, chosen, g) => {
          const command = respelled(
            spec,
            chosen.filter((name) => name !== left),
            drawFrom(g),
          );
          const verdict = await shellVerdict(rules, command);
          expect(verdict.decision, `${JSON.stringify(command)}: ${verdict.reason}`).toBe('allow');
        }),
        { numRuns: 150, endOnFailure: true },
      );
    },
  );
});
