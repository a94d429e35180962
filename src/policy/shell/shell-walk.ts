/**
 * The walk over a parsed command that produces the pieces of a `ShellAnalysis`: one per simple
 * command wherever it sits (lists, pipelines, subshells, groups, loop and `if` bodies and
 * conditions, `$(…)`, backticks, `<(…)`, `>(…)`, `bash -c` strings), plus a piece for other
 * constructs that carry hazards (`for` headers, `[[ ]]`, `(( ))`, assignments, functions).
 *
 * Redirections of a compound command (`{ a; b; } > f`, `while …; done < f`, and the tree-sitter
 * reading of `a && b > f`) are given to every piece inside it: more than bash strictly does, never
 * less.
 */
import type { BashParser, ShellSyntaxNode } from './bash-parser.js';
import { dangerousArgumentHazards } from './dangerous-arguments.js';
import { fileAccesses } from './file-operands.js';
import type {
  ShellCommandPiece,
  ShellFileAccess,
  ShellHazard,
  ShellRedirect,
} from './shell-analysis-types.js';
import { programFindings, variableTargetHazards } from './shell-programs.js';
import { sourceProblems } from './shell-source-checks.js';
import {
  ARITHMETIC_HAZARDS,
  REDIRECT_TYPES,
  RESERVED_WORDS,
  assignmentValue,
  dedupe,
  errorPlace,
  extraRedirectWords,
  isStatement,
  joinSegments,
  loopHeaderEnd,
  short,
  testHazards,
  text,
} from './shell-syntax.js';
import type { PendingRedirect, Scope } from './shell-syntax.js';
import { evaluateRedirect, scanWord } from './shell-word-scan.js';
import type { StatementWalk } from './shell-word-scan.js';
import { commandBasename, evaluateWord, isPlainCommandWord } from './shell-words.js';
import { wordReach } from './command-words.js';
import type { WordValue } from './shell-words.js';

/** A piece while it is being built; `hazards` and `redirects` grow as the walk goes on. */
export interface MutablePiece extends ShellCommandPiece {
  args: (string | undefined)[];
  redirects: ShellRedirect[];
  hazards: ShellHazard[];
  files?: ShellFileAccess[];
}

interface Draft extends MutablePiece {
  /** Left out of the result (a construct without hazards, or an unwrapped `bash -c`). */
  dropped: boolean;
}

export interface WalkerOptions {
  parser: BashParser;
  now: () => number;
  /** Parsing must finish before this time (of `now`). */
  deadline: number;
}

const MAX_SHELL_NESTING = 4;
/** Deeper syntax is refused rather than risking the call stack. */
const MAX_SYNTAX_DEPTH = 500;

export class ShellWalker {
  private readonly drafts: Draft[] = [];
  private nesting = 0;
  /** Where hazards of the source being walked go (see `parseAndWalk`). */
  private sourceHazards: ShellHazard[] = [];

  /** The walk as the word scanner sees it. */
  private readonly walk: StatementWalk = {
    children: (node, scope) => {
      this.children(node, scope);
    },
    statement: (node, scope) => {
      this.statement(node, scope);
    },
    enter: (node, scope) => this.enter(node, scope),
    leave: () => {
      this.nesting--;
    },
  };

  constructor(private readonly options: WalkerOptions) {}

  /** Parses and walks a top-level command; returns the hazards of the whole command. */
  walkSource(source: string): ShellHazard[] {
    return this.parseAndWalk(source, { source, depth: 0, shellNesting: 0 });
  }

  /** The pieces found, in source order (outer before inner). */
  result(): MutablePiece[] {
    return this.drafts
      .filter((draft) => !draft.dropped)
      .map(({ dropped: _dropped, ...piece }) => ({ ...piece, hazards: dedupe(piece.hazards) }));
  }

  private parseAndWalk(source: string, scope: Scope): ShellHazard[] {
    const remaining = Math.max(0, this.options.deadline - this.options.now());
    const parsed = this.options.parser.parse(source, {
      timeoutMs: remaining,
      now: this.options.now,
    });
    if (!parsed.ok) {
      return [{ kind: 'parse_error', detail: 'a command that took too long to parse' }];
    }
    const hazards: ShellHazard[] = [];
    if (parsed.hasError) {
      hazards.push({
        kind: 'parse_error',
        detail: `a syntax error ${errorPlace(parsed.root, source)}`,
      });
    }
    for (const problem of sourceProblems(parsed.root, source)) {
      hazards.push({ kind: 'parse_error', detail: problem });
    }
    // Hazards of this source found during the walk go with those above (a `bash -c` string's to
    // the shell command, the top level's to the whole command).
    const outer = this.sourceHazards;
    this.sourceHazards = hazards;
    try {
      this.statement(parsed.root, scope);
    } finally {
      this.sourceHazards = outer;
    }
    return hazards;
  }

  // ---- statements -------------------------------------------------------------------------

  private statement(node: ShellSyntaxNode, scope: Scope): void {
    if (!this.enter(node, scope)) return;
    try {
      this.statementInner(node, scope);
    } finally {
      this.nesting--;
    }
  }

  private statementInner(node: ShellSyntaxNode, scope: Scope): void {
    switch (node.type) {
      case 'program':
      case 'list':
      case 'pipeline':
      case 'subshell':
      case 'do_group':
      case 'else_clause':
      case 'elif_clause':
      case 'negated_command':
      case 'if_statement':
      case 'while_statement':
        this.children(node, scope);
        return;
      case 'compound_statement':
        // `(( … ))` is arithmetic; `{ …; }` a group.
        if (node.children[0]?.type === '((') {
          this.construct(node, node.end, scope, ARITHMETIC_HAZARDS);
        } else {
          this.children(node, scope);
        }
        return;
      case 'redirected_statement':
        this.redirected(node, scope);
        return;
      case 'command':
        this.command(node, scope, []);
        return;
      case 'declaration_command':
      case 'unset_command':
        this.declaration(node, scope);
        return;
      case 'variable_assignment':
      case 'variable_assignments':
        this.construct(node, node.end, scope, [
          {
            kind: 'assignment_prefix',
            detail: `the variable assignment \`${short(text(node, scope))}\``,
          },
        ]);
        return;
      case 'test_command':
        this.construct(node, node.end, scope, testHazards(node, scope), node.children[0]?.type);
        return;
      case 'for_statement':
      case 'c_style_for_statement':
        this.loop(node, scope);
        return;
      case 'case_statement':
        this.caseStatement(node, scope);
        return;
      case 'function_definition':
        this.construct(node, node.end, scope, [
          {
            kind: 'unsupported_construct',
            detail: `the function definition \`${short(text(node, scope))}\``,
          },
        ]);
        return;
      default:
        this.construct(node, node.end, scope, [
          {
            kind: 'unsupported_construct',
            detail: `\`${short(text(node, scope))}\`, which is not understood (${node.type})`,
          },
        ]);
    }
  }

  /** Walks the statements among a node's children (punctuation and comments are skipped). */
  private children(node: ShellSyntaxNode, scope: Scope): void {
    for (const child of node.children) this.child(child, scope);
  }

  private child(child: ShellSyntaxNode, scope: Scope): void {
    if (!child.isNamed || child.type === 'comment') return;
    if (REDIRECT_TYPES.has(child.type)) {
      this.bareRedirect(child, scope);
      return;
    }
    this.statement(child, scope);
  }

  /**
   * A piece for a construct that is not a simple command (`[[ ]]`, `(( ))`, an assignment, a
   * function): kept only when it has hazards; its words are scanned and its statements walked.
   */
  private construct(
    node: ShellSyntaxNode,
    headerEnd: number,
    scope: Scope,
    hazards: readonly ShellHazard[],
    name?: string,
  ): Draft {
    const draft = this.newDraft(scope, text(node, scope).slice(0, headerEnd - node.start), name);
    draft.hazards.push(...hazards);
    for (const child of node.children) {
      if (!child.isNamed || child.type === 'comment') continue;
      const walk =
        child.field === 'body' || (isStatement(child) && child.type !== 'variable_assignment');
      if (walk) this.child(child, scope);
      else this.scanWord(child, scope, draft.hazards);
    }
    draft.dropped = draft.hazards.length === 0;
    return draft;
  }

  private loop(node: ShellSyntaxNode, scope: Scope): void {
    const body = node.children.find((c) => c.field === 'body');
    const headerEnd = loopHeaderEnd(node, body)?.end ?? node.end;
    const keyword = node.children[0]?.type;
    const hazards: ShellHazard[] = [];
    if (node.type === 'c_style_for_statement') hazards.push(...ARITHMETIC_HAZARDS);
    if (keyword === 'select') {
      hazards.push({
        kind: 'unsupported_construct',
        detail: '`select`, which reads choices from its input',
      });
    }
    const variable = node.children.find((c) => c.field === 'variable');
    if (variable) hazards.push(...variableTargetHazards('for', [text(variable, scope)]));
    const draft = this.construct(node, headerEnd, scope, hazards, keyword);
    draft.args = node.children
      .filter((c) => c.field === 'value')
      .map((c) => evaluateWord(c, scope.source).literal);
  }

  private caseStatement(node: ShellSyntaxNode, scope: Scope): void {
    const subject = node.children.find((c) => c.field === 'value');
    const draft = this.newDraft(
      scope,
      text(node, scope).slice(0, (subject?.end ?? node.start) - node.start),
      'case',
    );
    if (subject) this.scanWord(subject, scope, draft.hazards);
    for (const item of node.children.filter((c) => c.type === 'case_item')) {
      for (const child of item.children) {
        if (!child.isNamed || child.type === 'comment') continue;
        if (child.field === 'value' || !isStatement(child)) {
          this.scanWord(child, scope, draft.hazards);
        } else {
          this.child(child, scope);
        }
      }
    }
    draft.dropped = draft.hazards.length === 0;
  }

  private declaration(node: ShellSyntaxNode, scope: Scope): void {
    const keyword = node.children[0];
    const name = keyword ? text(keyword, scope) : undefined;
    const draft = this.newDraft(scope, text(node, scope), name);
    const words = node.children.slice(1).filter((c) => c.isNamed && c.type !== 'comment');
    const values: WordValue[] = [];
    for (const word of words) {
      this.scanWord(word, scope, draft.hazards);
      if (word.type === 'variable_assignment') {
        draft.hazards.push({
          kind: 'assignment_prefix',
          detail: `the variable assignment \`${short(text(word, scope))}\``,
        });
        values.push(assignmentValue(word, scope));
      } else {
        values.push(evaluateWord(word, scope.source));
      }
    }
    draft.args = values.map((v) => v.literal);
    if (name !== undefined) draft.hazards.push(...dangerousArgumentHazards(name, values));
  }

  private redirected(node: ShellSyntaxNode, scope: Scope): void {
    const body = node.children.find((c) => c.field === 'body');
    const redirects = node.children.filter((c) => c !== body && REDIRECT_TYPES.has(c.type));
    if (body?.type === 'command') {
      this.command(body, scope, redirects);
      return;
    }
    const first = this.drafts.length;
    if (body) this.statement(body, scope);
    let produced = this.drafts.slice(first).filter((d) => !d.dropped);
    if (produced.length === 0) {
      const draft = this.newDraft(scope, body ? text(body, scope) : '');
      if (!body) {
        draft.hazards.push({
          kind: 'unsupported_construct',
          detail: 'a redirection without a command',
        });
      }
      produced = [draft];
    }
    const extraArgs: ShellSyntaxNode[] = [];
    const pending = redirects.flatMap((r) => this.redirect(r, scope, extraArgs));
    const hazards = pending.flatMap((p) => p.hazards);
    if (extraArgs.length > 0) {
      hazards.push({
        kind: 'parse_error',
        detail: `words after the redirection of a compound command (\`${short(text(extraArgs[0] as ShellSyntaxNode, scope))}\`)`,
      });
    }
    for (const draft of produced) {
      draft.redirects.push(...pending.map((p) => p.redirect));
      draft.hazards.push(...hazards);
    }
  }

  private bareRedirect(node: ShellSyntaxNode, scope: Scope): void {
    const draft = this.newDraft(scope, '');
    draft.hazards.push({
      kind: 'unsupported_construct',
      detail: 'a redirection without a command',
    });
    const extraArgs: ShellSyntaxNode[] = [];
    for (const pending of this.redirect(node, scope, extraArgs)) {
      draft.redirects.push(pending.redirect);
      draft.hazards.push(...pending.hazards);
    }
    draft.args = extraArgs.map((arg) => evaluateWord(arg, scope.source).literal);
  }

  // ---- simple commands ----------------------------------------------------------------------

  private command(
    node: ShellSyntaxNode,
    scope: Scope,
    outerRedirects: readonly ShellSyntaxNode[],
  ): void {
    const draft = this.newDraft(scope, '');
    const assignments: ShellSyntaxNode[] = [];
    const words: ShellSyntaxNode[] = [];
    const redirectNodes = [...outerRedirects];
    let nameNode: ShellSyntaxNode | undefined;
    for (const child of node.children) {
      if (child.field === 'name') nameNode = child;
      else if (child.type === 'variable_assignment') assignments.push(child);
      else if (REDIRECT_TYPES.has(child.type)) redirectNodes.push(child);
      else if (child.field === 'argument') words.push(child);
      else if (child.isNamed && child.type !== 'comment') {
        draft.hazards.push({
          kind: 'unsupported_construct',
          detail: `\`${short(text(child, scope))}\` in a command (${child.type})`,
        });
      }
    }
    const extraArgs: ShellSyntaxNode[] = [];
    for (const r of redirectNodes) extraArgs.push(...extraRedirectWords(r));
    const argNodes = [...words, ...extraArgs].sort((a, b) => a.start - b.start);
    const segments = [...assignments, ...(nameNode ? [nameNode] : []), ...argNodes].sort(
      (a, b) => a.start - b.start,
    );
    draft.text = joinSegments(segments, redirectNodes, scope.source);

    for (const assignment of assignments) {
      draft.hazards.push({
        kind: 'assignment_prefix',
        detail: `the assignment prefix \`${short(text(assignment, scope))}\``,
      });
      this.scanWord(assignment, scope, draft.hazards);
    }
    if (nameNode) this.scanWord(nameNode, scope, draft.hazards);
    for (const arg of argNodes) this.scanWord(arg, scope, draft.hazards);
    const args = argNodes.map((arg) => evaluateWord(arg, scope.source));
    draft.args = args.map((arg) => arg.literal);
    if (args.some((arg) => arg.literal === undefined)) draft.unknownArgs = args.map(wordReach);
    for (const pending of redirectNodes.flatMap((r) => this.redirect(r, scope, []))) {
      draft.redirects.push(pending.redirect);
      draft.hazards.push(...pending.hazards);
    }

    const name = nameNode ? this.commandName(nameNode, scope, draft) : undefined;
    if (name === undefined) return;
    if (RESERVED_WORDS.has(text(nameNode ?? node, scope))) {
      // bash would stop with a syntax error here; the grammar read on. Their readings differ.
      this.sourceHazards.push({
        kind: 'parse_error',
        detail: `the reserved word \`${name}\` where bash expects a command`,
      });
    }
    draft.name = name;
    const program = commandBasename(name);
    const findings = programFindings({ program, args, redirects: draft.redirects });
    draft.hazards.push(...findings.hazards, ...dangerousArgumentHazards(program, args));
    draft.hazards.push(...variableTargetHazards(program, draft.args));
    const files = fileAccesses(program, args);
    if (files !== undefined) draft.files = files;
    if (findings.shellString !== undefined) this.unwrapShell(draft, findings.shellString, scope);
  }

  /** The literal command name; a hazard when it is not a plain word. */
  private commandName(nameNode: ShellSyntaxNode, scope: Scope, draft: Draft): string | undefined {
    const word = nameNode.children.length === 1 ? nameNode.children[0] : undefined;
    if (word && isPlainCommandWord(word, scope.source)) return text(word, scope);
    draft.hazards.push({
      kind: 'dynamic_command_name',
      detail: `the command name \`${short(text(nameNode, scope))}\`, which is not a plain word`,
    });
    return word ? evaluateWord(word, scope.source).literal : undefined;
  }

  /**
   * `bash -c 'string'`: the string's commands become pieces one level deeper. When the shell
   * command itself has no hazards it is left out, and its redirections pass to the inner pieces
   * (so a rule for `git status` covers `bash -c 'git status'`, as the same bytes run).
   */
  private unwrapShell(draft: Draft, shellString: string, scope: Scope): void {
    if (scope.shellNesting >= MAX_SHELL_NESTING) {
      draft.hazards.push({
        kind: 'unsupported_construct',
        detail: `shell strings nested more than ${MAX_SHELL_NESTING} deep`,
      });
      return;
    }
    const first = this.drafts.length;
    const inner = {
      source: shellString,
      depth: scope.depth + 1,
      shellNesting: scope.shellNesting + 1,
    };
    draft.hazards.push(...this.parseAndWalk(shellString, inner));
    const produced = this.drafts.slice(first).filter((d) => !d.dropped);
    if (draft.hazards.length > 0 || produced.length === 0) return;
    draft.dropped = true;
    for (const piece of produced) piece.redirects.push(...draft.redirects);
  }

  // ---- words and redirections (shell-word-scan.ts) --------------------------------------------

  private scanWord(node: ShellSyntaxNode, scope: Scope, hazards: ShellHazard[]): void {
    scanWord(node, scope, hazards, this.walk);
  }

  private redirect(
    node: ShellSyntaxNode,
    scope: Scope,
    extraArgs: ShellSyntaxNode[],
  ): PendingRedirect[] {
    return evaluateRedirect(node, scope, extraArgs, this.walk);
  }

  // ---- helpers --------------------------------------------------------------------------------

  private newDraft(scope: Scope, pieceText: string, name?: string): Draft {
    const draft: Draft = {
      text: pieceText,
      args: [],
      redirects: [],
      hazards: [],
      depth: scope.depth,
      dropped: false,
    };
    if (name !== undefined) draft.name = name;
    this.drafts.push(draft);
    return draft;
  }

  /** Counts syntax depth; false (after recording a hazard) when it is too deep to follow. */
  private enter(node: ShellSyntaxNode, scope: Scope): boolean {
    if (this.nesting >= MAX_SYNTAX_DEPTH) {
      const draft = this.newDraft(scope, short(text(node, scope)));
      draft.hazards.push({
        kind: 'unsupported_construct',
        detail: 'syntax nested too deeply to check',
      });
      return false;
    }
    this.nesting++;
    return true;
  }
}
