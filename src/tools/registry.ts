/**
 * The tools a session offers the model, by name. Old names the model may still use (from older
 * prompts or the Gemini CLI's renames) resolve through aliases, which are never declared.
 */
import type { FunctionDeclaration } from '@google/genai';
import type { Tool } from './tool-types.js';

export interface RegisterOptions {
  /** Other names that find this tool with `get`, e.g. `grep_search` for `search_file_content`. */
  aliases?: string[];
}

/** How many names an unknown-tool error suggests (as the Gemini CLI does). */
const SUGGESTION_COUNT = 3;

export class ToolRegistry {
  private readonly byName = new Map<string, Tool>();
  private readonly aliases = new Map<string, string>();

  /** Adds a tool; a name or alias that is already taken is a programming error and throws. */
  register(tool: Tool, options: RegisterOptions = {}): void {
    this.assertFree(tool.name);
    const aliases = options.aliases ?? [];
    for (const alias of aliases) {
      if (alias === tool.name) continue;
      this.assertFree(alias);
    }
    this.byName.set(tool.name, tool);
    for (const alias of aliases) {
      if (alias !== tool.name) this.aliases.set(alias, tool.name);
    }
  }

  /** The tool registered under `name`, or under the name `name` is an alias of. */
  get(name: string): Tool | undefined {
    const tool = this.byName.get(name);
    if (tool) return tool;
    const canonical = this.aliases.get(name);
    return canonical === undefined ? undefined : this.byName.get(canonical);
  }

  /** Removes every tool `keep` rejects, with its aliases (settings that leave tools out). */
  retain(keep: (tool: Tool) => boolean): void {
    for (const [name, tool] of this.byName) {
      if (keep(tool)) continue;
      this.byName.delete(name);
      for (const [alias, target] of this.aliases) {
        if (target === name) this.aliases.delete(alias);
      }
    }
  }

  /** Lets every tool release what it holds (background processes, connections); never throws. */
  async dispose(): Promise<void> {
    await Promise.allSettled(
      this.tools().map((tool) => (tool.dispose ? tool.dispose() : Promise.resolve())),
    );
  }

  /** Every tool, in registration order. */
  tools(): Tool[] {
    return [...this.byName.values()];
  }

  /** Every tool's name (aliases excluded), in registration order. */
  names(): string[] {
    return [...this.byName.keys()];
  }

  /** What the model is offered: `tools: [{functionDeclarations: registry.declarations()}]`. */
  declarations(filter?: (tool: Tool) => boolean): FunctionDeclaration[] {
    return this.tools()
      .filter((tool) => tool.undeclared !== true && (filter ? filter(tool) : true))
      .map((tool) => tool.declaration());
  }

  /** A new registry with the tools `keep` accepts, under the same names and aliases. */
  subset(keep: (tool: Tool) => boolean): ToolRegistry {
    const subset = new ToolRegistry();
    for (const tool of this.tools()) {
      if (!keep(tool)) continue;
      const aliases = [...this.aliases].filter(([, target]) => target === tool.name);
      subset.register(tool, { aliases: aliases.map(([alias]) => alias) });
    }
    return subset;
  }

  /**
   * What the model reads after calling a tool that does not exist, with the registered names
   * closest by edit distance: `Tool "X" not found. Did you mean one of: "a", "b", "c"?`.
   */
  notFoundMessage(name: string): string {
    const closest = this.names()
      .map((candidate, index) => ({ candidate, index, distance: editDistance(name, candidate) }))
      // Ties keep registration order, so the message is stable.
      .sort((a, b) => a.distance - b.distance || a.index - b.index)
      .slice(0, SUGGESTION_COUNT)
      .map(({ candidate }) => `"${candidate}"`);
    const base = `Tool "${name}" not found.`;
    if (closest.length === 0) return base;
    if (closest.length === 1) return `${base} Did you mean ${closest.join('')}?`;
    return `${base} Did you mean one of: ${closest.join(', ')}?`;
  }

  private assertFree(name: string): void {
    if (this.byName.has(name) || this.aliases.has(name)) {
      throw new Error(`A tool named "${name}" is already registered.`);
    }
  }
}

/** Levenshtein distance: single-character insertions, deletions and substitutions. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const deletion = (previous[j] ?? 0) + 1;
      const insertion = (current[j - 1] ?? 0) + 1;
      current.push(Math.min(substitution, deletion, insertion));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
