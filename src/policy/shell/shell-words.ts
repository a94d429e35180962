/**
 * What a shell word means after bash's expansions, as far as it can be known without running
 * anything: the exact value when the word is literal, and otherwise why it is not.
 *
 * A word is literal when bash passes it through unchanged apart from quote removal: no `$` of any
 * kind, no backticks, no unquoted glob characters (`*`, `?`, `[`), no brace expansion
 * (`{a,b}`, `{1..3}`), no leading tilde. Escapes and quotes are removed as bash removes them.
 */
import type { ShellSyntaxNode } from './bash-parser.js';

/** Why a word's value is not known before it runs. */
export type WordDynamism = 'expansion' | 'glob' | 'brace' | 'tilde' | 'unsupported';

export interface WordValue {
  /** The word as written. */
  text: string;
  /** The value bash passes on, when it is fully determined by the text. */
  literal: string | undefined;
  /**
   * The known text before the first part that is not literal (the whole value when literal):
   * enough to tell whether an expanded word could start with `-`.
   */
  literalPrefix: string;
  dynamism: readonly WordDynamism[];
}

/** A character of the word after quote removal, and whether quoting protects it. */
interface WordChar {
  ch: string;
  quoted: boolean;
}

/**
 * Characters that may appear in a plain command name: no quoting, escapes, globs, braces,
 * tildes, `$` or `=`, so what is written is what bash looks up.
 */
const PLAIN_NAME = /^[A-Za-z0-9_./+:@%,-]+$/u;

/** Whether a command name is a single plain word. */
export function isPlainCommandWord(node: ShellSyntaxNode, source: string): boolean {
  return node.type === 'word' && PLAIN_NAME.test(source.slice(node.start, node.end));
}

export function evaluateWord(node: ShellSyntaxNode, source: string): WordValue {
  const state: EvaluationState = {
    chars: [],
    dynamism: new Set(),
    prefixEnd: undefined,
  };
  flatten(node, source, state);
  const chars = state.chars;
  const firstUnquoted = chars[0];
  if (firstUnquoted && !firstUnquoted.quoted && firstUnquoted.ch === '~') markAt(state, 0, 'tilde');
  const braceAt = braceExpansionStart(chars);
  if (braceAt !== undefined) markAt(state, braceAt, 'brace');
  const value = chars.map((c) => c.ch).join('');
  const dynamism = [...state.dynamism];
  return {
    text: source.slice(node.start, node.end),
    literal: dynamism.length === 0 ? value : undefined,
    literalPrefix: value.slice(0, state.prefixEnd ?? value.length),
    dynamism,
  };
}

interface EvaluationState {
  chars: WordChar[];
  dynamism: Set<WordDynamism>;
  /** Index in `chars` where the first non-literal part begins. */
  prefixEnd: number | undefined;
}

function markAt(state: EvaluationState, index: number, reason: WordDynamism): void {
  state.dynamism.add(reason);
  state.prefixEnd = Math.min(state.prefixEnd ?? index, index);
}

function markHere(state: EvaluationState, reason: WordDynamism): void {
  markAt(state, state.chars.length, reason);
}

function flatten(node: ShellSyntaxNode, source: string, state: EvaluationState): void {
  const text = source.slice(node.start, node.end);
  switch (node.type) {
    case 'word':
    case 'variable_name':
      addUnquoted(text, state);
      return;
    case 'number':
      // Numbers may hold `$((…))` and the like as children.
      if (node.children.length > 0) markHere(state, 'expansion');
      else addUnquoted(text, state);
      return;
    case 'raw_string':
      addQuoted(text.slice(1, -1), state);
      return;
    case 'string':
      addDoubleQuoted(node, text, state);
      return;
    case 'concatenation':
      for (const child of node.children) flatten(child, source, state);
      return;
    case 'brace_expression':
      markHere(state, 'brace');
      return;
    case 'extglob_pattern':
      markHere(state, 'glob');
      return;
    case 'simple_expansion':
    case 'expansion':
    case 'command_substitution':
    case 'process_substitution':
    case 'arithmetic_expansion':
    case 'ansi_c_string':
    case 'translated_string':
    case '$':
      markHere(state, 'expansion');
      return;
    default:
      markHere(state, 'unsupported');
  }
}

/** Unquoted text: backslash escapes, globs and stray `$` or backticks are bash's to interpret. */
function addUnquoted(text: string, state: EvaluationState): void {
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '\\') {
      const next = text[i + 1];
      i++;
      // A backslash-newline is a line continuation: both characters disappear.
      if (next !== undefined && next !== '\n') state.chars.push({ ch: next, quoted: true });
      continue;
    }
    if (ch === '$' || ch === '`') markHere(state, 'expansion');
    // `(` and `)` inside a word only occur in extended globs such as `@(a|b)`.
    else if ('*?[()'.includes(ch)) markHere(state, 'glob');
    state.chars.push({ ch, quoted: false });
  }
}

function addQuoted(text: string, state: EvaluationState): void {
  for (const ch of text) state.chars.push({ ch, quoted: true });
}

/**
 * Inside double quotes only `$`, backticks, `"`, `\` and newline may be escaped; an unescaped `$`
 * or backtick is an expansion whether or not the grammar made a node of it.
 */
function addDoubleQuoted(node: ShellSyntaxNode, text: string, state: EvaluationState): void {
  const plainChildren = node.children.every((c) => c.type === '"' || c.type === 'string_content');
  if (!plainChildren) {
    markHere(state, 'expansion');
    return;
  }
  const inner = text.slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i] ?? '';
    if (ch === '\\') {
      const next = inner[i + 1];
      if (next !== undefined && '$`"\\\n'.includes(next)) {
        i++;
        if (next !== '\n') state.chars.push({ ch: next, quoted: true });
        continue;
      }
    } else if (ch === '$' || ch === '`') {
      markHere(state, 'expansion');
    }
    state.chars.push({ ch, quoted: true });
  }
}

/**
 * Where a brace expansion starts: an unquoted `{`, later an unquoted `,` or `..`, then an unquoted
 * `}`. (`HEAD@{1}` and `{}` have neither and stay literal.)
 */
function braceExpansionStart(chars: readonly WordChar[]): number | undefined {
  for (let open = 0; open < chars.length; open++) {
    if (!isUnquoted(chars[open], '{')) continue;
    let separator = false;
    for (let i = open + 1; i < chars.length; i++) {
      if (
        isUnquoted(chars[i], ',') ||
        (isUnquoted(chars[i], '.') && isUnquoted(chars[i + 1], '.'))
      ) {
        separator = true;
      } else if (isUnquoted(chars[i], '}')) {
        if (separator) return open;
        break;
      }
    }
  }
  return undefined;
}

function isUnquoted(c: WordChar | undefined, ch: string): boolean {
  return c !== undefined && !c.quoted && c.ch === ch;
}

/** The last path segment of a command name (`/usr/bin/git` → `git`). */
export function commandBasename(name: string): string {
  const slash = name.lastIndexOf('/');
  return slash < 0 ? name : name.slice(slash + 1);
}
