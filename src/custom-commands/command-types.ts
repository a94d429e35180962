/**
 * Custom commands in the Gemini CLI's format (`.gemini/commands/**\/*.toml`): a prompt saved under a
 * name, invoked as `/name arguments`. These are the types every part of the room shares.
 */

/** Where a command comes from, lowest precedence first: a later layer's command wins a name. */
export type CommandLayer = 'bundled' | 'extension' | 'project';

/** The precedence of the layers, lowest first (the Gemini CLI's user layer has no place in CI). */
export const COMMAND_LAYERS: readonly CommandLayer[] = ['bundled', 'extension', 'project'];

export interface CommandOrigin {
  layer: CommandLayer;
  /** The extension's name, for extension commands. */
  extension?: string;
  /** The file, as shown in messages: `.gemini/commands/git/commit.toml`. */
  file: string;
}

export interface CustomCommand {
  /** `git:commit` for `git/commit.toml`. */
  name: string;
  /** One line for lists; the Gemini CLI's default when the file has none. */
  description: string;
  /** The `prompt` field as written, placeholders and all. */
  prompt: string;
  origin: CommandOrigin;
}

/** `/name args` as typed: what the prompt's placeholders are filled from. */
export interface CommandInvocation {
  name: string;
  /** The text after the name, whitespace collapsed to single spaces as the Gemini CLI does. */
  args: string;
  /** The whole invocation, trimmed, `/name` included (what a prompt without `{{args}}` gets). */
  raw: string;
}
