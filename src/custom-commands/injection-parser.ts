/**
 * Finds `!{…}` and `@{…}` blocks in a prompt the way the Gemini CLI does
 * (packages/cli/src/services/prompt-processors/injectionParser.ts): from the trigger, braces are
 * counted — `{` opens, `}` closes — and the block ends where the count returns to zero, so JSON
 * and `awk '{print $1}'` fit inside. There is no escaping and quotes are not special. A block left
 * open is an error, as there.
 *
 * Unlike there, a command holds a bounded number of blocks ({@link INJECTION_LIMITS}), checked
 * when its file is read, so a command with too many fails before any of them runs.
 */
import { ConfigurationError } from '../platform/errors.js';

export const SHELL_TRIGGER = '!{';
export const FILE_TRIGGER = '@{';

/**
 * How much one command may inject. Each `!{…}` block is a shell command judged by the policy and
 * started in the sandbox, one after another, before the model is asked anything (300 of them
 * took 12 to 48 seconds); each `@{…}` block reads a file or a directory through `read_file`. A
 * command someone wrote by hand has a few of each. The Gemini CLI sets no number; here the
 * command's file is refused at the block past the limit.
 */
export const INJECTION_LIMITS = {
  /** `!{…}` blocks in one command's prompt. */
  maxShellBlocks: 32,
  /** `@{…}` blocks in one command's prompt. */
  maxFileBlocks: 32,
  /**
   * Characters all blocks of one invocation put into the prompt together: command output and
   * file text (a directory's files count towards it too; one directory has a bound of its own).
   */
  maxInjectedChars: 1_000_000,
} as const;

export interface Injection {
  /** The text between the braces, trimmed. */
  content: string;
  /** Where the trigger starts. */
  start: number;
  /** Just past the closing brace. */
  end: number;
}

export interface InjectionWhere {
  /** The command's name, for messages (`/git:commit`). */
  command: string;
  /** Its file, as messages show it. */
  file: string;
  /** The line and column in the file of an offset in the prompt, when the file's text is known. */
  locate?: (offset: number) => { line: number; column: number };
}

/** Every block opened by `trigger` in `text`, in order. `where` names the command for errors. */
export function findInjections(
  text: string,
  trigger: typeof SHELL_TRIGGER | typeof FILE_TRIGGER,
  where: InjectionWhere,
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
        locationOf(where, index),
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

/**
 * The blocks of a command's prompt as its expansion will find them — `@{…}` blocks first, then
 * `!{…}` blocks in the text outside them — checked against {@link INJECTION_LIMITS}: more of
 * either is a `ConfigurationError` at the first block past the limit, before any block runs.
 */
export function checkInjectionBlocks(
  prompt: string,
  where: InjectionWhere,
): { fileBlocks: Injection[]; shellBlocks: Injection[] } {
  const fileBlocks = findInjections(prompt, FILE_TRIGGER, where);
  const shellBlocks: Injection[] = [];
  let cursor = 0;
  for (const block of [...fileBlocks, { start: prompt.length, end: prompt.length }]) {
    const offset = cursor;
    const segment = prompt.slice(offset, block.start);
    const { locate } = where;
    const shifted: InjectionWhere = {
      command: where.command,
      file: where.file,
      ...(locate ? { locate: (at: number) => locate(at + offset) } : {}),
    };
    for (const found of findInjections(segment, SHELL_TRIGGER, shifted)) {
      shellBlocks.push({ ...found, start: found.start + offset, end: found.end + offset });
    }
    cursor = block.end;
  }
  const limits = [
    {
      blocks: fileBlocks,
      max: INJECTION_LIMITS.maxFileBlocks,
      trigger: FILE_TRIGGER,
      does: 'each reads files into the prompt',
      instead: 'Name a directory that holds them instead.',
    },
    {
      blocks: shellBlocks,
      max: INJECTION_LIMITS.maxShellBlocks,
      trigger: SHELL_TRIGGER,
      does: 'each runs a shell command, one after another, before the model is asked',
      instead: 'Put the commands in a script and run it from one block.',
    },
  ];
  for (const { blocks, max, trigger, does, instead } of limits) {
    const extra = blocks[max];
    if (extra === undefined) continue;
    throw new ConfigurationError(
      `expected at most ${max} ${trigger}…} blocks in command /${where.command} (${does}); it has ${blocks.length}, and this is block ${max + 1}. ${instead}`,
      locationOf(where, extra.start),
    );
  }
  return { fileBlocks, shellBlocks };
}

function locationOf(where: InjectionWhere, offset: number) {
  return { file: where.file, ...(where.locate ? where.locate(offset) : {}) };
}
