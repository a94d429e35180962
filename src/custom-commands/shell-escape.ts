/**
 * `{{args}}` inside `!{…}` is one shell word, quoted by the same function the Gemini CLI uses
 * (`escapeShellArg` in packages/core/src/utils/shell-utils.ts: shell-quote 1.8.3 `quote([arg])`,
 * the version pinned there), so a command file behaves the same under both. Empty arguments give
 * an empty string, not `''`, as there.
 */
import { quote } from 'shell-quote';

export function escapeShellArgument(argument: string): string {
  return argument === '' ? '' : quote([argument]);
}
