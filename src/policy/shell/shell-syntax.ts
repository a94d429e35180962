/**
 * Shared pieces of the shell walk: where the walk is (`Scope`), node classes of the bash grammar,
 * and small helpers over syntax nodes.
 */
import type { ShellSyntaxNode } from './bash-parser.js';
import type { ShellHazard, ShellRedirect } from './shell-analysis-types.js';
import { evaluateWord } from './shell-words.js';
import type { WordValue } from './shell-words.js';
import { ellipsize, oneLine } from '../../platform/text.js';

/** Where in the input the walk is. */
export interface Scope {
  /** The string being walked: the command, or a `bash -c` string inside it. */
  source: string;
  /** How deep inside substitutions and `bash -c` strings. */
  depth: number;
  /** How many `bash -c` strings enclose this one. */
  shellNesting: number;
}

/** A redirection with the hazards of its target, for the pieces it applies to. */
export interface PendingRedirect {
  redirect: ShellRedirect;
  hazards: ShellHazard[];
}

/** Words bash reads as syntax in command position; the grammar may take them for command names. */
export const RESERVED_WORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'in',
  'function',
  '{',
  '}',
  '[[',
  ']]',
  '!',
]);

export const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

const SHORT_DETAIL = 60;

export const ARITHMETIC_HAZARDS: readonly ShellHazard[] = [
  { kind: 'expansion', detail: 'arithmetic evaluation, where array subscripts can run commands' },
];

const STATEMENT_TYPES = new Set([
  'program',
  'list',
  'pipeline',
  'subshell',
  'compound_statement',
  'do_group',
  'else_clause',
  'elif_clause',
  'negated_command',
  'if_statement',
  'while_statement',
  'for_statement',
  'c_style_for_statement',
  'case_statement',
  'redirected_statement',
  'command',
  'declaration_command',
  'unset_command',
  'variable_assignment',
  'variable_assignments',
  'test_command',
  'function_definition',
]);

export function isStatement(node: ShellSyntaxNode): boolean {
  return STATEMENT_TYPES.has(node.type) || node.type === 'ERROR';
}

/**
 * `[[ ]]` and `[ ]` evaluate operands of `-eq`, `-v` … arithmetically, where `a[$(cmd)]` runs
 * `cmd` even from a quoted string; any `$` or backtick in a test is a hazard.
 */
export function testHazards(node: ShellSyntaxNode, scope: Scope): ShellHazard[] {
  const written = text(node, scope);
  return /[$`]/u.test(written)
    ? [
        {
          kind: 'expansion',
          detail: `the test \`${short(written)}\`, whose operands may be evaluated as arithmetic`,
        },
      ]
    : [];
}

/** `NAME=value` in a declaration, as a word value (literal when the value is). */
export function assignmentValue(node: ShellSyntaxNode, scope: Scope): WordValue {
  const value = node.children.find((c) => c.field === 'value');
  const written = text(node, scope);
  const head = value ? scope.source.slice(node.start, value.start) : written;
  const evaluated = value ? evaluateWord(value, scope.source) : undefined;
  const literal = evaluated
    ? evaluated.literal === undefined
      ? undefined
      : head + evaluated.literal
    : written;
  return {
    text: written,
    literal,
    literalPrefix: head,
    dynamism: evaluated?.dynamism ?? [],
  };
}

/** Words a redirect node holds after its target, which bash gives to the command. */
export function extraRedirectWords(node: ShellSyntaxNode): ShellSyntaxNode[] {
  if (node.type === 'file_redirect')
    return node.children.filter((c) => c.field === 'destination').slice(1);
  if (node.type === 'heredoc_redirect') {
    return node.children.flatMap((c) =>
      c.field === 'argument' ? [c] : c.field === 'redirect' ? extraRedirectWords(c) : [],
    );
  }
  return [];
}

/** The command's words in order; where a redirection stood between two, a single space. */
export function joinSegments(
  segments: readonly ShellSyntaxNode[],
  redirects: readonly ShellSyntaxNode[],
  source: string,
): string {
  let result = '';
  let previous: ShellSyntaxNode | undefined;
  for (const segment of segments) {
    if (previous) {
      const from = previous.end;
      const to = segment.start;
      const interrupted = redirects.some((r) => r.start < to && r.end > from);
      result += interrupted ? ' ' : source.slice(from, to);
    }
    result += source.slice(segment.start, segment.end);
    previous = segment;
  }
  return result;
}

export function redirectOf(
  operator: string,
  target: string,
  literal: string | undefined,
  duplicates: boolean,
): ShellRedirect {
  const redirect: ShellRedirect = { operator, target, isDescriptorDuplication: duplicates };
  if (literal !== undefined) redirect.literalTarget = literal;
  return redirect;
}

/** A `$` or backtick not escaped by a backslash. */
export function hasUnescapedExpansion(written: string): boolean {
  for (let i = 0; i < written.length; i++) {
    const ch = written[i];
    if (ch === '\\') i++;
    else if (ch === '$' || ch === '`') return true;
  }
  return false;
}

/** The last part of a loop's header: the child before the body, separators aside. */
export function loopHeaderEnd(
  node: ShellSyntaxNode,
  body: ShellSyntaxNode | undefined,
): ShellSyntaxNode | undefined {
  const before = node.children.filter(
    (c) => (!body || c.end <= body.start) && c.type !== ';' && c.type !== '\n',
  );
  return before[before.length - 1];
}

export function errorPlace(root: ShellSyntaxNode, source: string): string {
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.isError || node.isMissing) {
      const near =
        source.slice(node.start, Math.min(node.end, node.start + 30)) ||
        source.slice(Math.max(0, node.start - 10), node.start + 10);
      return `near \`${near}\` (offset ${node.start})`;
    }
    stack.push(...[...node.children].reverse());
  }
  return '';
}

export function text(node: ShellSyntaxNode, scope: Scope): string {
  return scope.source.slice(node.start, node.end);
}

export function short(value: string): string {
  const line = oneLine(value, { trim: false });
  return ellipsize(line, SHORT_DETAIL);
}

export function dedupe(hazards: readonly ShellHazard[]): ShellHazard[] {
  const seen = new Set<string>();
  return hazards.filter((h) => {
    const key = `${h.kind}\0${h.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
