/**
 * Checks that the grammar read the command the way bash will. tree-sitter's bash grammar is not
 * bash: it treats `\r`, `\f` and `\v` as blanks where bash keeps them in words, so
 * `echo x \r# ; curl evil` looks like a comment to the grammar and runs `curl` in bash. Rather than
 * trust the grammar in such corners, every byte it skipped must be one bash skips too, every
 * comment must start where bash starts one, and every here-document must end where bash ends it.
 */
import type { ShellSyntaxNode } from './bash-parser.js';

/** Nodes whose text is content (quoted text, words, bodies), not a sequence of tokens. */
const OPAQUE = new Set([
  'word',
  'raw_string',
  'string',
  'string_content',
  'ansi_c_string',
  'translated_string',
  'heredoc_body',
  'heredoc_content',
  'heredoc_start',
  'heredoc_end',
  'comment',
  'regex',
  'extglob_pattern',
  'number',
  'variable_name',
  'special_variable_name',
  'file_descriptor',
  'test_operator',
]);

/** Characters before `#` that make it start a comment in bash (a word must begin there). */
const COMMENT_MAY_FOLLOW = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);

/** Here-document delimiters we can compare with confidence. */
const PLAIN_DELIMITER = /^[A-Za-z0-9_.:@%+-]+$/u;

/** Descriptions of places where bash could read the source differently; empty when none. */
export function sourceProblems(root: ShellSyntaxNode, source: string): string[] {
  const problems: string[] = [];
  const nul = source.indexOf('\0');
  if (nul >= 0) problems.push(`a NUL character at offset ${nul}`);
  const stack: ShellSyntaxNode[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'comment') checkComment(node, source, problems);
    if (node.type === 'heredoc_redirect') checkHeredoc(node, source, problems);
    if (node.type === 'word') checkWord(node, source, problems);
    // A leaf is a token or content; only the space between a node's children can hide bytes.
    if (OPAQUE.has(node.type) || node.children.length === 0) continue;
    checkGaps(node, source, problems);
    stack.push(...node.children);
  }
  return problems;
}

/**
 * Nodes that bash ends at an unescaped newline. The grammar sometimes runs on across one
 * (`a | b | c⏎d || e` reads as the single command `c d`), which would hide `d`.
 */
const SINGLE_LINE = new Set([
  'command',
  'declaration_command',
  'unset_command',
  'variable_assignments',
  'redirected_statement',
  'file_redirect',
  'herestring_redirect',
  'heredoc_redirect',
  'concatenation',
]);

/**
 * Between tokens only spaces, tabs, newlines and backslash-newline continuations may appear, and
 * no newline inside a single-line construct (but the one that starts a here-document's body).
 */
function checkGaps(node: ShellSyntaxNode, source: string, problems: string[]): void {
  let at = node.start;
  for (const child of [...node.children, undefined]) {
    const end = child ? child.start : node.end;
    const gap = source.slice(at, end).replace(/\\\n/gu, '');
    const stray = /[^ \t\n]/u.exec(gap);
    if (stray) {
      problems.push(
        `the character ${JSON.stringify(stray[0])} near offset ${at}, which bash reads as part of a word`,
      );
      return;
    }
    const bodyFollows = child?.type === 'heredoc_body' || child?.type === 'heredoc_end';
    if (gap.includes('\n') && SINGLE_LINE.has(node.type) && !bodyFollows) {
      problems.push(`a line break at offset ${at} that bash reads as the end of the command`);
      return;
    }
    if (child) at = Math.max(at, child.end);
  }
}

/** An unquoted word ends at the first unescaped blank; the grammar sometimes reads on (`} ]`). */
function checkWord(node: ShellSyntaxNode, source: string, problems: string[]): void {
  const written = source.slice(node.start, node.end);
  for (let i = 0; i < written.length; i++) {
    const ch = written[i] ?? '';
    if (ch === '\\') i++;
    else if (ch === ' ' || ch === '\t' || ch === '\n') {
      problems.push(`the word \`${written}\`, which bash splits at the blank inside it`);
      return;
    }
  }
}

function checkComment(node: ShellSyntaxNode, source: string, problems: string[]): void {
  const before = node.start === 0 ? undefined : source[node.start - 1];
  if (before !== undefined && !COMMENT_MAY_FOLLOW.has(before)) {
    problems.push(`a \`#\` at offset ${node.start} that bash does not read as a comment`);
  }
}

/**
 * The body must start at the beginning of a line, end at the first line that is exactly the
 * delimiter (after leading tabs for `<<-`), and that line must end the body.
 */
function checkHeredoc(node: ShellSyntaxNode, source: string, problems: string[]): void {
  const startNode = node.children.find((c) => c.type === 'heredoc_start');
  const endNode = node.children.find((c) => c.type === 'heredoc_end');
  const bodyNode = node.children.find((c) => c.type === 'heredoc_body');
  const stripTabs = node.children.some((c) => c.type === '<<-');
  if (!startNode || !endNode) {
    problems.push('a here-document without its end');
    return;
  }
  const delimiter = unquoteDelimiter(source.slice(startNode.start, startNode.end));
  if (delimiter === undefined) {
    problems.push(
      `the here-document delimiter \`${source.slice(startNode.start, startNode.end)}\``,
    );
    return;
  }
  const bodyStart = lineStart(source, bodyNode ? bodyNode.start : endNode.start);
  const indent = source.slice(bodyStart, bodyNode ? bodyNode.start : bodyStart);
  // The grammar starts the body node after leading blanks; anything else before it is not body.
  if (bodyStart === 0 || !/^[ \t]*$/u.test(indent)) {
    problems.push(`a here-document body that does not start on its own line (\`${delimiter}\`)`);
    return;
  }
  const endLineStart = lineStart(source, endNode.start);
  const endLineEnd = lineEnd(source, endNode.end);
  const normalize = (line: string) => (stripTabs ? line.replace(/^\t+/u, '') : line);
  if (normalize(source.slice(endLineStart, endLineEnd)) !== delimiter) {
    problems.push(`a here-document that does not end on a line of its own \`${delimiter}\``);
    return;
  }
  const lines = source.slice(bodyStart, endLineStart).split('\n');
  lines.pop();
  if (lines.some((line) => normalize(line) === delimiter)) {
    problems.push(`a here-document whose body contains its delimiter line \`${delimiter}\``);
  }
}

function unquoteDelimiter(written: string): string | undefined {
  const value = written.replace(/\\(.)/gu, '$1').replace(/["']/gu, '');
  return PLAIN_DELIMITER.test(value) ? value : undefined;
}

function lineStart(source: string, index: number): number {
  return source.lastIndexOf('\n', index - 1) + 1;
}

function lineEnd(source: string, index: number): number {
  const newline = source.indexOf('\n', index);
  return newline < 0 ? source.length : newline;
}
