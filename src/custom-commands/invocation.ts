/**
 * `/name arguments`: a custom command invoked from a comment (`/gemini /review-security focus on
 * auth`), the `prompt` input or file, or the CLI's `-p`. Parsed as the Gemini CLI's headless mode
 * parses it (packages/cli/src/utils/commands.ts `parseSlashCommand`): the text after the name, split
 * on whitespace and joined with single spaces, is the arguments; the whole trimmed text is `raw`.
 *
 * Only text that looks like a command counts: a slash, then a name of the characters command names
 * are made of (letters, digits, `_`, `-`, `.`, and `:` between namespaces), then whitespace or the
 * end. So `/etc/hosts is stale` or `/ fix this` is an ordinary instruction, while `/tmp is full`
 * names a command `tmp` (which, unknown, gets the list of commands in reply).
 */
import type { CommandInvocation } from './command-types.js';

const INVOCATION = /^\/([\w.-]+(?::[\w.-]+)*)(?=\s|$)/;

/** The invocation `text` starts with, or undefined when it does not start with one. */
export function parseCommandInvocation(text: string): CommandInvocation | undefined {
  const raw = text.trim();
  const match = INVOCATION.exec(raw);
  if (!match?.[1]) return undefined;
  const name = match[1];
  const args = raw
    .slice(match[0].length)
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ');
  return { name, args, raw };
}
