/**
 * Finds `!{…}` and `@{…}` blocks in a prompt the way the Gemini CLI does
 * (packages/cli/src/services/prompt-processors/injectionParser.ts): from the trigger, braces are
 * counted — `{` opens, `}` closes — and the block ends where the count returns to zero, so JSON
 * and `awk '{print $1}'` fit inside. There is no escaping and quotes are not special. A block left
 * open is an error, as there.
 */
import { ConfigurationError } from '../platform/errors.js';

export const SHELL_TRIGGER = '!{';
export const FILE_TRIGGER = '@{';

export interface Injection {
  /** The text between the braces, trimmed. */
  content: string;
  /** Where the trigger starts. */
  start: number;
  /** Just past the closing brace. */
  end: number;
}

/** Every block opened by `trigger` in `text`, in order. `where` names the command for errors. */
export function findInjections(
  text: string,
  trigger: typeof SHELL_TRIGGER | typeof FILE_TRIGGER,
  where: { command: string; file: string },
): Injection[] {
  const found: Injection[] = [];
  let index = text.indexOf(trigger);
  while (index !== -1) {
    let depth = 1;
    let cursor = index + trigger.length;
    while (cursor < text.length && depth > 0) {
      const char = text[cursor];
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      cursor += 1;
    }
    if (depth > 0) {
      throw new ConfigurationError(
        `invalid syntax in command /${where.command}: unclosed injection starting at index ${index} ('${trigger}'). Ensure braces are balanced; paths or commands with unbalanced braces are not supported directly (put the command in a script and call that).`,
        { file: where.file },
      );
    }
    found.push({
      content: text.slice(index + trigger.length, cursor - 1).trim(),
      start: index,
      end: cursor,
    });
    index = text.indexOf(trigger, cursor);
  }
  return found;
}
