/**
 * The texts `argsPattern`, `commandPrefix` and `commandRegex` are matched against. A policy file
 * written for the Gemini CLI must mean here what it means there, so besides our own text (the
 * arguments under their declared names, key-sorted JSON) a call is also written the way the
 * Gemini CLI writes it:
 * - under the Gemini CLI's current argument names (`file_path` for `read_file`, `dir_path` for
 *   listing, search and the shell; see `tools/parameter-aliases.ts`);
 * - with its field markers: every top-level `"key":value` pair between NUL characters, so a
 *   pattern written as `\0"file_path":"x"\0` finds it (see the Gemini CLI's stable-stringify.ts).
 * The Gemini CLI matches `commandPrefix` and `commandRegex` in that text too, right after
 * `"command":"` (its policy/utils.ts, buildArgsPatterns), which is what `geminiCommandText` is for.
 */
import { withGeminiNames } from '../tools/parameter-aliases.js';

/**
 * Arguments as JSON with object keys sorted at every depth and no whitespace, so a pattern sees
 * the same text whatever order the model sent the keys in. `undefined` members are left out (as
 * `JSON.stringify` does); a cycle (impossible for parsed JSON) is written as `"[Circular]"`.
 * With `markTopLevel`, each top-level pair stands between NUL characters, as the Gemini CLI writes
 * it. The value is written from a list of pending pieces, not by recursion, so arguments of any
 * depth (`policy check --args`, a caller that skipped the session's limits) cannot exhaust the
 * stack.
 */
export function stableStringify(value: unknown, options: { markTopLevel?: boolean } = {}): string {
  type Piece = { text: string } | { value: unknown; topLevel: boolean } | { leave: object };
  const out: string[] = [];
  const ancestors = new Set<object>();
  const pending: Piece[] = [{ value, topLevel: options.markTopLevel === true }];
  for (let piece = pending.pop(); piece !== undefined; piece = pending.pop()) {
    if ('text' in piece) {
      out.push(piece.text);
      continue;
    }
    if ('leave' in piece) {
      ancestors.delete(piece.leave);
      continue;
    }
    const current = piece.value;
    if (current === undefined || typeof current === 'function') {
      out.push('null');
      continue;
    }
    if (current === null || typeof current !== 'object') {
      out.push(JSON.stringify(current));
      continue;
    }
    if (ancestors.has(current)) {
      out.push('"[Circular]"');
      continue;
    }
    ancestors.add(current);
    const pieces: Piece[] = [];
    if (Array.isArray(current)) {
      pieces.push({ text: '[' });
      (current as unknown[]).forEach((item, index) => {
        if (index > 0) pieces.push({ text: ',' });
        pieces.push({ value: item, topLevel: false });
      });
      pieces.push({ text: ']' });
    } else {
      const record = current as Record<string, unknown>;
      const mark = piece.topLevel ? '\0' : '';
      pieces.push({ text: '{' });
      Object.keys(record)
        .sort()
        .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
        .forEach((key, index) => {
          pieces.push({ text: `${index > 0 ? ',' : ''}${mark}${JSON.stringify(key)}:` });
          pieces.push({ value: record[key], topLevel: false });
          if (mark !== '') pieces.push({ text: mark });
        });
      pieces.push({ text: '}' });
    }
    pieces.push({ leave: current });
    for (let i = pieces.length - 1; i >= 0; i -= 1) pending.push(pieces[i] as Piece);
  }
  return out.join('');
}

/**
 * Every text an `argsPattern` is tried on: ours, and the Gemini CLI's (its names, with and
 * without its markers). A rule's pattern matches when it is found in any of them.
 */
export function argumentTexts(
  toolName: string,
  args: Readonly<Record<string, unknown>>,
): readonly string[] {
  const gemini = withGeminiNames(toolName, args);
  return [
    ...new Set([
      stableStringify(args),
      stableStringify(gemini),
      stableStringify(gemini, { markTopLevel: true }),
    ]),
  ];
}

/**
 * The text the Gemini CLI matches a shell command's `commandPrefix` and `commandRegex` in: the
 * whole call's arguments for the whole command, `{command, dir_path}` for each part of it.
 */
export function geminiCommandText(args: Readonly<Record<string, unknown>>, part?: string): string {
  const gemini = withGeminiNames('run_shell_command', args);
  const subject =
    part === undefined ? gemini : { command: part, dir_path: gemini.dir_path ?? undefined };
  return stableStringify(subject, { markTopLevel: true });
}
