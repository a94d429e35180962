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
 * it.
 */
export function stableStringify(value: unknown, options: { markTopLevel?: boolean } = {}): string {
  const ancestors = new Set<unknown>();
  const write = (current: unknown, topLevel: boolean): string => {
    if (current === undefined || typeof current === 'function') return 'null';
    if (current === null || typeof current !== 'object') return JSON.stringify(current);
    if (ancestors.has(current)) return '"[Circular]"';
    ancestors.add(current);
    try {
      if (Array.isArray(current))
        return `[${current.map((item: unknown) => write(item, false)).join(',')}]`;
      const record = current as Record<string, unknown>;
      const members = Object.keys(record)
        .sort()
        .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
        .map((key) => {
          const pair = `${JSON.stringify(key)}:${write(record[key], false)}`;
          return topLevel ? `\0${pair}\0` : pair;
        });
      return `{${members.join(',')}}`;
    } finally {
      ancestors.delete(current);
    }
  };
  return write(value, options.markTopLevel === true);
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
