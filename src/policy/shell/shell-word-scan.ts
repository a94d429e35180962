/**
 * Words and redirections of a command: the hazards they carry (substitutions, expansions, stray
 * `$`) and the commands inside their substitutions, which are handed back to the walk.
 */
import type { ShellSyntaxNode } from './bash-parser.js';
import type { ShellHazard } from './shell-analysis-types.js';
import { hasUnescapedExpansion, isStatement, redirectOf, short, text } from './shell-syntax.js';
import type { PendingRedirect, Scope } from './shell-syntax.js';
import { evaluateWord } from './shell-words.js';

/** What scanning needs from the walk: the commands inside substitutions are walked there. */
export interface StatementWalk {
  /** Walks the statements among a node's children (the commands of a substitution). */
  children(node: ShellSyntaxNode, scope: Scope): void;
  /** Walks one statement. */
  statement(node: ShellSyntaxNode, scope: Scope): void;
  /** Counts syntax depth; false (after recording a hazard) when it is too deep to follow. */
  enter(node: ShellSyntaxNode, scope: Scope): boolean;
  leave(): void;
}

/** Collects the hazards in a word and walks the commands inside its substitutions. */
export function scanWord(
  node: ShellSyntaxNode,
  scope: Scope,
  hazards: ShellHazard[],
  walk: StatementWalk,
): void {
  if (!walk.enter(node, scope)) {
    hazards.push({ kind: 'unsupported_construct', detail: 'syntax nested too deeply' });
    return;
  }
  try {
    scanWordInner(node, scope, hazards, walk);
  } finally {
    walk.leave();
  }
}

function scanWordInner(
  node: ShellSyntaxNode,
  scope: Scope,
  hazards: ShellHazard[],
  walk: StatementWalk,
): void {
  const inner = { ...scope, depth: scope.depth + 1 };
  const written = text(node, scope);
  if (!node.isNamed) {
    // A lone `$` (as in `$"…"`, a translated string) or a stray backtick.
    if (/[$`]/u.test(node.type)) {
      hazards.push({
        kind: 'expansion',
        detail: `the \`${node.type}\` in \`${short(written)}\``,
      });
    }
    return;
  }
  switch (node.type) {
    case 'command_substitution':
      hazards.push({
        kind: 'command_substitution',
        detail: `the command substitution \`${short(written)}\``,
      });
      walk.children(node, inner);
      return;
    case 'process_substitution':
      hazards.push({
        kind: 'process_substitution',
        detail: `the process substitution \`${short(written)}\``,
      });
      walk.children(node, inner);
      return;
    case 'simple_expansion':
    case 'expansion':
    case 'arithmetic_expansion':
    case 'ansi_c_string':
    case 'translated_string':
      hazards.push({ kind: 'expansion', detail: `the expansion \`${short(written)}\`` });
      // Their own `$`, `${` … tokens need no second hazard; named parts may hold substitutions.
      for (const child of node.children) if (child.isNamed) scanWord(child, scope, hazards, walk);
      return;
    case 'word':
    case 'string_content':
    case 'heredoc_content':
    case 'heredoc_body':
    case 'number':
      if (node.children.length === 0 && hasUnescapedExpansion(written)) {
        hazards.push({
          kind: 'expansion',
          detail: `the \`$\` or backtick in \`${short(written)}\``,
        });
      }
      break;
    case 'variable_assignment':
      // Inside a command or declaration: its name and value are words like any other.
      break;
    default:
      if (isStatement(node)) {
        walk.statement(node, scope);
        return;
      }
  }
  for (const child of node.children) scanWord(child, scope, hazards, walk);
}

/**
 * The redirections a redirect node stands for (a here-document may carry more), with the
 * hazards of their targets. Words after a target (`echo > f x`: bash passes `x` to `echo`) are
 * collected in `extraArgs`; statements after a here-document's start are walked.
 */
export function evaluateRedirect(
  node: ShellSyntaxNode,
  scope: Scope,
  extraArgs: ShellSyntaxNode[],
  walk: StatementWalk,
): PendingRedirect[] {
  const hazards: ShellHazard[] = [];
  const descriptor = node.children.find(
    (c) => c.field === 'descriptor' || c.type === 'file_descriptor',
  );
  const prefix = descriptor ? text(descriptor, scope) : '';
  const operatorNode = node.children.find((c) => !c.isNamed && /^[<>&|-]+$/u.test(c.type));
  const operator = prefix + (operatorNode?.type ?? '');
  if (node.type === 'file_redirect') {
    const destinations = node.children.filter((c) => c.field === 'destination');
    const target = destinations[0];
    extraArgs.push(...destinations.slice(1));
    for (const destination of destinations) scanWord(destination, scope, hazards, walk);
    const written = target ? text(target, scope) : '';
    const literal = target ? evaluateWord(target, scope.source).literal : '';
    const duplicates =
      /^[<>]&-?$/u.test(operatorNode?.type ?? '') &&
      (target === undefined || /^(\d+|-)$/u.test(literal ?? ''));
    return [{ redirect: redirectOf(operator, written, literal, duplicates), hazards }];
  }
  if (node.type === 'herestring_redirect') {
    const word = node.children.find((c) => c.isNamed && c !== descriptor);
    if (word) scanWord(word, scope, hazards, walk);
    const value = word ? evaluateWord(word, scope.source).literal : '';
    return [
      { redirect: redirectOf(operator, word ? text(word, scope) : '', value, false), hazards },
    ];
  }
  const start = node.children.find((c) => c.type === 'heredoc_start');
  const delimiter = start ? text(start, scope) : '';
  const quoted = /["'\\]/u.test(delimiter);
  const results: PendingRedirect[] = [];
  for (const child of node.children) {
    if (child.type === 'heredoc_body') {
      // A quoted delimiter (`<<'EOF'`) makes the body literal text.
      if (!quoted) scanWord(child, scope, hazards, walk);
    } else if (child.field === 'redirect') {
      results.push(...evaluateRedirect(child, scope, extraArgs, walk));
    } else if (child.field === 'argument') {
      extraArgs.push(child);
    } else if (isStatement(child)) {
      // The rest of the line after `<<EOF` (`| grep x && curl y`): commands of their own.
      walk.statement(child, scope);
    }
  }
  const literalDelimiter = delimiter.replace(/\\(.)/gu, '$1').replace(/["']/gu, '');
  return [
    { redirect: redirectOf(operator, delimiter, literalDelimiter, false), hazards },
    ...results,
  ];
}
