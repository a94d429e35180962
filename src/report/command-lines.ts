/**
 * What the run's report says about custom commands and extensions: the command a run was asked
 * to run, each extension with its version, and — when a command does not exist — the ones that do.
 */
import type { CustomCommand } from '../custom-commands/command-types.js';
import type { LoadedExtension } from '../custom-commands/extensions/load-extensions.js';
import type { ConfiguredProcessLine } from '../github/pull-request-code.js';
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

/**
 * On a pull request whose code is in the workspace: for each process the configuration starts,
 * whether it runs from copies of the base branch's (or the workflow's) files, starts outside the
 * workspace naming none of its files, or was not started, and why.
 */
export function configuredProcessLines(lines: readonly ConfiguredProcessLine[]): string[] {
  return lines.map((line) => {
    const what =
      line.kind === 'mcp-server'
        ? `MCP server ${codeSpan(line.name)}`
        : `Discovered tools of ${codeSpan(line.name, { maxLength: 100 })}`;
    if (!line.started) {
      return `${what}: not started, its files would come from the pull request: ${inlineText(line.reason ?? '', { maxLength: 400 })}.`;
    }
    if (line.copies.length === 0) {
      return `${what}: started outside the workspace, which holds the pull request's code; it names none of its files.`;
    }
    const copies = line.copies.map(
      (copy) =>
        `${copy.from === 'workflow' ? "the workflow's" : "the base branch's"} copy of ${codeSpan(copy.folder)}`,
    );
    return `${what}: runs from ${copies.join(' and ')}, not from the pull request's files.`;
  });
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
