/**
 * The commands of a run, by name. Layers come in precedence order — bundled, then extensions
 * (alphabetically by extension name), then the repository's `.gemini/commands` — and a later
 * layer's file wins a name outright. (The Gemini CLI renames both sides of a conflict instead,
 * `user.deploy` / `workspace.deploy` / `gcp:deploy`; here a repository's own command keeps its
 * plain name, so a team overriding an extension's prompt types what it always typed.) Every name
 * that was taken from an earlier layer is kept in `shadowed`, for the log.
 *
 * A file that failed to load still claims its name: invoking it reports the file's error rather
 * than quietly running the command it was meant to replace.
 */
import type { CommandOrigin, CustomCommand } from './command-types.js';
import type { CommandProblem, LoadedCommandFolder } from './load-commands.js';

export interface ShadowedCommand {
  name: string;
  /** The definition that is used. */
  winner: CommandOrigin;
  /** The one it replaced. */
  loser: CommandOrigin;
}

/** What a name resolves to. */
export type CommandLookup =
  | { kind: 'command'; command: CustomCommand }
  | { kind: 'broken'; problem: CommandProblem }
  | { kind: 'unknown' };

type Entry =
  { kind: 'command'; command: CustomCommand } | { kind: 'broken'; problem: CommandProblem };

export class CommandRegistry {
  private readonly entries = new Map<string, Entry>();
  readonly shadowed: ShadowedCommand[] = [];
  /** Every file that did not load, in load order (shadowed ones included). */
  readonly problems: CommandProblem[] = [];

  /** `folders` in precedence order, lowest first. */
  constructor(folders: readonly LoadedCommandFolder[] = []) {
    for (const folder of folders) {
      const claims: Entry[] = [
        ...folder.commands.map((command): Entry => ({ kind: 'command', command })),
        ...folder.problems.map((problem): Entry => ({ kind: 'broken', problem })),
      ];
      this.problems.push(...folder.problems);
      for (const entry of claims) this.claim(entry);
    }
  }

  /** The commands that can be invoked, by name. */
  list(): CustomCommand[] {
    return [...this.entries.values()]
      .flatMap((entry) => (entry.kind === 'command' ? [entry.command] : []))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  lookup(name: string): CommandLookup {
    return this.entries.get(name) ?? { kind: 'unknown' };
  }

  private claim(entry: Entry): void {
    const name = nameOf(entry);
    const previous = this.entries.get(name);
    if (previous !== undefined) {
      this.shadowed.push({ name, winner: originOf(entry), loser: originOf(previous) });
    }
    this.entries.set(name, entry);
  }
}

/** `/name: description` lines of the commands, for a reply to an unknown command. */
export function describeCommands(commands: readonly CustomCommand[]): string {
  return commands.map((command) => `- \`/${command.name}\`: ${command.description}`).join('\n');
}

/** One line for the log per shadowed command. */
export function describeShadowing(shadowed: ShadowedCommand): string {
  return `/${shadowed.name}: ${shadowed.winner.file} is used; it replaces ${shadowed.loser.file}${shadowed.loser.extension === undefined ? '' : ` (extension ${shadowed.loser.extension})`}.`;
}

function nameOf(entry: Entry): string {
  return entry.kind === 'command' ? entry.command.name : entry.problem.name;
}

function originOf(entry: Entry): CommandOrigin {
  return entry.kind === 'command' ? entry.command.origin : entry.problem.origin;
}
