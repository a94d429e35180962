/**
 * What the run's report says about custom commands and extensions: the command a run was asked
 * to run, each extension with its version, and — when a command does not exist — the ones that do.
 */
import type { CustomCommand } from '../commands/command-types.js';
import type { LoadedExtension } from '../commands/extensions/load-extensions.js';
import type { Redact } from '../platform/redaction.js';
import { codeSpan, inlineText } from './markdown.js';

/** `Custom command: /name (from .gemini/commands/name.toml)`. */
export function commandLine(command: CustomCommand): string {
  return `Custom command: ${codeSpan(`/${command.name}`)} from ${codeSpan(command.origin.file)}.`;
}

/** One line naming every extension of the run with its version; none without extensions. */
export function extensionLines(extensions: readonly LoadedExtension[]): string[] {
  if (extensions.length === 0) return [];
  const names = extensions.map(
    (extension) =>
      `${codeSpan(extension.name)} ${inlineText(extension.version, { maxLength: 50 })} (${codeSpan(extension.shownAs)})`,
  );
  return [`Extensions: ${names.join(', ')}.`];
}

/** The reply to an unknown command: the commands there are, with their descriptions. */
export function availableCommandsSection(
  commands: readonly CustomCommand[],
  redact: Redact,
): string {
  if (commands.length === 0) {
    return 'This repository has no custom commands: add TOML files under `.gemini/commands/` to define some.';
  }
  const lines = commands.map(
    (command) =>
      `- ${codeSpan(`/${command.name}`)}: ${inlineText(redact(command.description), { maxLength: 100 })}`,
  );
  return `The available commands:\n\n${lines.join('\n')}`;
}
