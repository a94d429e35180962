/**
 * A command invocation turned into its prompt, in the Gemini CLI's order (FileCommandLoader's
 * processor pipeline; docs/cli/custom-commands.md "Handling arguments"):
 *
 * 1. `@{path}` blocks become the file's content or the directory's files (file-injection.ts);
 * 2. `!{command}` blocks run and become their output, with `{{args}}` inside them shell-escaped
 *    as one word, and every other `{{args}}` becomes the arguments as typed;
 * 3. a prompt without `{{args}}` gets the whole invocation appended after a blank line, when
 *    arguments were given.
 *
 * Differences, each on purpose:
 * - Text a block injected is data, never processed again (the Gemini CLI runs `!{…}` found in
 *   an injected file too).
 * - A `!{…}` command goes through the policy like any tool call; a denied one stops the
 *   expansion with the policy's reason instead of asking someone who is not there.
 * - A path outside the workspace, one that does not exist, or one the policy denies stops it too
 *   (the Gemini CLI leaves the `@{…}` text in the prompt and shows an error beside it).
 *
 * The result keeps injected text apart from the command's own words, so each front end can mark
 * it as data: the Action frames it as untrusted, the CLI joins it as the Gemini CLI does.
 *
 * The number of blocks is checked before any of them runs, and what they inject together is
 * bounded (`INJECTION_LIMITS`): past the bound the expansion stops at that block.
 */
import { ConfigurationError } from '../platform/errors.js';
import { RUN_SHELL_COMMAND_TOOL_NAME, shellRunOf } from '../tools/run-shell-command.js';
import type { CommandInvocation, CustomCommand } from './command-types.js';
import { injectPath } from './file-injection.js';
import {
  checkInjectionBlocks,
  FILE_TRIGGER,
  findInjections,
  INJECTION_LIMITS,
  SHELL_TRIGGER,
} from './injection-parser.js';
import type { InjectionServices } from './injection-services.js';
import { escapeShellArgument } from './shell-escape.js';

export const ARGS_PLACEHOLDER = '{{args}}';

export type PromptPiece =
  /** The command's own words (and the arguments typed). */
  | { kind: 'text'; text: string }
  /** What a `!{…}` command printed, with its status line when it failed. */
  | { kind: 'command-output'; command: string; text: string }
  /** A file's content or a directory's files, from `@{…}`. */
  | { kind: 'file'; path: string; text: string };

export interface ExpandedCommand {
  command: CustomCommand;
  invocation: CommandInvocation;
  pieces: PromptPiece[];
}

/** How the Action lets a command run: its input, or a policy file. */
export const ACTION_ALLOW_COMMAND_HINT = 'for this workflow (allowed_commands, or a policy file)';

export async function expandCommand(
  command: CustomCommand,
  invocation: CommandInvocation,
  services: InjectionServices,
): Promise<ExpandedCommand> {
  const where: Where = {
    command: command.name,
    file: command.origin.file,
    injected: injectedText(command.name, command.origin.file),
  };
  const { prompt } = command;
  // Checked when the file was read; again here, before any block runs, whatever built the command.
  checkInjectionBlocks(prompt, where);
  let pieces: PromptPiece[] = [{ kind: 'text', text: prompt }];
  if (prompt.includes(FILE_TRIGGER)) pieces = await expandFiles(pieces, where, services);
  if (prompt.includes(SHELL_TRIGGER) || prompt.includes(ARGS_PLACEHOLDER)) {
    pieces = await expandShell(pieces, invocation.args, where, services);
  }
  if (!prompt.includes(ARGS_PLACEHOLDER) && invocation.args !== '') {
    pieces = appendText(pieces, `\n\n${invocation.raw}`);
  }
  return { command, invocation, pieces: pieces.filter((piece) => piece.text !== '') };
}

/** The pieces joined as the Gemini CLI sends them: injected text inline, unmarked. */
export function plainPrompt(pieces: readonly PromptPiece[]): string {
  return pieces.map((piece) => piece.text).join('');
}

interface Where {
  command: string;
  file: string;
  /** Counts what the blocks inject; throws past `INJECTION_LIMITS.maxInjectedChars`. */
  injected: (text: string, block: string) => string;
}

function injectedText(command: string, file: string): Where['injected'] {
  let total = 0;
  return (text, block) => {
    total += text.length;
    if (total > INJECTION_LIMITS.maxInjectedChars) {
      throw new ConfigurationError(
        `/${command}: its blocks inject more than ${INJECTION_LIMITS.maxInjectedChars} characters into the prompt together (passed at ${block}); name fewer or smaller files, or print less.`,
        { file },
      );
    }
    return text;
  };
}

async function expandFiles(
  pieces: PromptPiece[],
  where: Where,
  services: InjectionServices,
): Promise<PromptPiece[]> {
  const out: PromptPiece[] = [];
  for (const piece of pieces) {
    if (piece.kind !== 'text') {
      out.push(piece);
      continue;
    }
    let cursor = 0;
    for (const block of findInjections(piece.text, FILE_TRIGGER, where)) {
      out.push({ kind: 'text', text: piece.text.slice(cursor, block.start) });
      if (block.content !== '') {
        const text = await injectPath(block.content, where, services);
        if (text !== undefined) {
          where.injected(text, `@{${block.content}}`);
          out.push({ kind: 'file', path: block.content, text });
        }
      }
      cursor = block.end;
    }
    out.push({ kind: 'text', text: piece.text.slice(cursor) });
  }
  return out;
}

async function expandShell(
  pieces: PromptPiece[],
  args: string,
  where: Where,
  services: InjectionServices,
): Promise<PromptPiece[]> {
  const out: PromptPiece[] = [];
  const escaped = escapeShellArgument(args);
  for (const piece of pieces) {
    if (piece.kind !== 'text') {
      out.push(piece);
      continue;
    }
    let cursor = 0;
    for (const block of findInjections(piece.text, SHELL_TRIGGER, where)) {
      out.push({ kind: 'text', text: withArgs(piece.text.slice(cursor, block.start), args) });
      cursor = block.end;
      const command = block.content.split(ARGS_PLACEHOLDER).join(escaped).trim();
      if (command === '') continue;
      out.push({
        kind: 'command-output',
        command,
        text: where.injected(await runInjected(command, where, services), `!{${command}}`),
      });
    }
    out.push({ kind: 'text', text: withArgs(piece.text.slice(cursor), args) });
  }
  return out;
}

function withArgs(text: string, args: string): string {
  return text.split(ARGS_PLACEHOLDER).join(args);
}

/**
 * Runs one `!{…}` command as a `run_shell_command` call and returns what the prompt gets: the
 * output, and the Gemini CLI's status line when the command failed or was stopped.
 */
async function runInjected(
  command: string,
  where: Where,
  services: InjectionServices,
): Promise<string> {
  const completed = await services.runTool(RUN_SHELL_COMMAND_TOOL_NAME, { command });
  const { result } = completed;
  if (result.error?.type === 'policy_violation') {
    throw new ConfigurationError(
      `/${where.command} cannot be run. Blocked command: "${command}". Reason: ${result.error.message} Allow the command ${services.allowCommandHint ?? ACTION_ALLOW_COMMAND_HINT}, or remove the !{…} block from the command file.`,
      { file: where.file },
    );
  }
  const run = shellRunOf(result);
  if (run === undefined || (result.error !== undefined && run.exitCode === null)) {
    const reason = result.error?.message ?? 'it gave no result';
    throw new ConfigurationError(
      `Failed to start shell command in '/${where.command}': ${reason} Command: ${command}`,
      { file: where.file },
    );
  }
  return run.output.trim() + statusLine(command, run);
}

/** The Gemini CLI's status line (packages/cli/src/services/prompt-processors/shellProcessor.ts). */
function statusLine(command: string, run: NonNullable<ReturnType<typeof shellRunOf>>): string {
  if (run.stopped !== undefined) return `\n[Shell command '${command}' aborted]`;
  if (run.signal !== null)
    return `\n[Shell command '${command}' terminated by signal ${run.signal}]`;
  if (run.exitCode !== null && run.exitCode !== 0) {
    return `\n[Shell command '${command}' exited with code ${run.exitCode}]`;
  }
  return '';
}

/** Adds text to the last text piece, or as a new one after injected content. */
function appendText(pieces: PromptPiece[], text: string): PromptPiece[] {
  const last = pieces.at(-1);
  if (last?.kind === 'text')
    return [...pieces.slice(0, -1), { kind: 'text', text: last.text + text }];
  return [...pieces, { kind: 'text', text }];
}
