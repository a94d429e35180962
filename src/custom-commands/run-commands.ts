/**
 * The custom commands and extensions of one run, and the invocation its instruction makes. Front
 * ends (the Action, the CLI, later the A2A server) load them once with `loadRunCommands` and ask
 * `findInvocation` whether a task text starts with `/name`; the prompt is then built with
 * `expandCommand` once the session's tools exist.
 */
import path from 'node:path';
import { ConfigurationError } from '../platform/errors.js';
import { CommandRegistry, describeShadowing } from './command-registry.js';
import type { CommandInvocation, CustomCommand } from './command-types.js';
import type { LoadedExtension, LoadExtensionsOptions } from './extensions/load-extensions.js';
import { describeExtension, loadExtensions } from './extensions/load-extensions.js';
import { expandCommand, plainPrompt } from './expand-command.js';
import type { SessionPrompt } from './injection-services.js';
import { parseCommandInvocation } from './invocation.js';
import type { CommandFolder, LoadedCommandFolder } from './load-commands.js';
import { loadCommandFolder } from './load-commands.js';

/** The repository's commands folder, relative to its root. */
export const REPOSITORY_COMMANDS_PATH = '.gemini/commands';

export interface RunCommands {
  extensions: LoadedExtension[];
  registry: CommandRegistry;
}

export interface LoadRunCommandsOptions extends LoadExtensionsOptions {
  /** Commands shipped with the product, lowest precedence (none today). */
  bundledDirectory?: string;
}

/**
 * Loads the extensions, then the commands in precedence order: bundled, each extension's
 * `commands/` (by extension name), the repository's `.gemini/commands` (from `configRoot`, so the
 * base branch's on a pull request). Logs what each extension is, which commands replace others,
 * and which command files did not load.
 */
export async function loadRunCommands(options: LoadRunCommandsOptions): Promise<RunCommands> {
  const { logger } = options;
  const extensions = await loadExtensions(options);
  for (const extension of extensions) logger.info(`Extension ${describeExtension(extension)}.`);
  const folders: CommandFolder[] = [
    ...(options.bundledDirectory === undefined
      ? []
      : [
          {
            directory: options.bundledDirectory,
            shownAs: 'bundled commands',
            origin: { layer: 'bundled' as const },
          },
        ]),
    ...extensions.map((extension) => ({
      directory: path.join(extension.configDirectory, 'commands'),
      shownAs: `${extension.shownAs}/commands`,
      origin: { layer: 'extension' as const, extension: extension.name },
    })),
    ...(options.configRoot === undefined
      ? []
      : [
          {
            directory: path.join(options.configRoot, ...REPOSITORY_COMMANDS_PATH.split('/')),
            shownAs: REPOSITORY_COMMANDS_PATH,
            origin: { layer: 'project' as const },
            ...(options.mayLoad ? { mayLoad: options.mayLoad } : {}),
          },
        ]),
  ];
  const loaded: LoadedCommandFolder[] = [];
  for (const folder of folders) loaded.push(await loadCommandFolder(folder));
  const registry = new CommandRegistry(loaded);
  for (const shadowed of registry.shadowed) logger.info(describeShadowing(shadowed));
  for (const problem of registry.problems) {
    logger.warning(`The command /${problem.name} is not available: ${problem.error.message}`);
  }
  return { extensions, registry };
}

/** A task text that names a command this run does not have; the message lists the ones it has. */
export class UnknownCommandError extends ConfigurationError {
  override readonly name = 'UnknownCommandError';

  constructor(
    readonly invocation: CommandInvocation,
    readonly available: readonly CustomCommand[],
  ) {
    const list =
      available.length === 0
        ? `This repository has no custom commands (${REPOSITORY_COMMANDS_PATH}/*.toml).`
        : `The available commands: ${available.map((command) => `/${command.name} (${command.description})`).join('; ')}.`;
    super(
      `There is no command /${invocation.name}. ${list} To give an instruction that starts with a slash, begin it with another word.`,
    );
  }
}

/**
 * The command `text` invokes, or undefined when it invokes none (it does not start with
 * `/name`). A name without a command is an `UnknownCommandError`; a command whose file did not
 * load throws that file's error.
 */
export function findInvocation(
  text: string,
  registry: CommandRegistry,
): { command: CustomCommand; invocation: CommandInvocation } | undefined {
  const invocation = parseCommandInvocation(text);
  if (invocation === undefined) return undefined;
  const found = registry.lookup(invocation.name);
  switch (found.kind) {
    case 'command':
      return { command: found.command, invocation };
    case 'broken':
      throw found.problem.error;
    case 'unknown':
      throw new UnknownCommandError(invocation, registry.list());
  }
}

/**
 * The session prompt for a task text: the text itself, or — when it invokes a command — the
 * command's expansion, built once the session's tools exist and joined as the Gemini CLI joins
 * it. Throws for an unknown or broken command (see `findInvocation`).
 */
export function sessionPromptFor(text: string, registry: CommandRegistry): SessionPrompt {
  const found = findInvocation(text, registry);
  if (found === undefined) return text;
  return async (services) =>
    plainPrompt((await expandCommand(found.command, found.invocation, services)).pieces);
}
