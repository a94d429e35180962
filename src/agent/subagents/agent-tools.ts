/**
 * Which of the session's tools a subagent gets. Its definition names them (aliases and the Gemini
 * CLI's `*`, `mcp_*`, `mcp_<server>_*` wildcards) or leaves them out for all of them; either way
 * only the tools the main agent may share are candidates, so a subagent never gets the run's
 * result tools or another subagent (no recursion, as in the Gemini CLI).
 */
import type { ToolRegistry } from '../../tools/registry.js';
import type { Tool } from '../../tools/tool-types.js';
import { isReadOnlyTool } from '../../tools/tool-types.js';

export interface AgentToolSelection {
  tools: Tool[];
  /** Names in the definition that match no shareable tool (left out, reported once). */
  unknown: string[];
}

/** The shareable tools `names` select, in the session's order; undefined selects all of them. */
export function selectAgentTools(
  names: readonly string[] | undefined,
  shareable: ToolRegistry,
): AgentToolSelection {
  const all = shareable.tools();
  if (names === undefined) return { tools: all, unknown: [] };
  const chosen = new Set<string>();
  const unknown: string[] = [];
  for (const entry of names) {
    const matches = matching(entry, all, shareable);
    if (matches.length === 0) unknown.push(entry);
    for (const tool of matches) chosen.add(tool.name);
  }
  return { tools: all.filter((tool) => chosen.has(tool.name)), unknown };
}

function matching(entry: string, all: readonly Tool[], shareable: ToolRegistry): Tool[] {
  if (entry === '*') return [...all];
  if (entry === 'mcp_*') return all.filter((tool) => tool.serverName !== undefined);
  const server = /^mcp_(.+)_\*$/.exec(entry)?.[1];
  if (server !== undefined) return all.filter((tool) => tool.serverName === server);
  const tool = shareable.get(entry);
  return tool ? [tool] : [];
}

/** A subagent whose tools all only observe is itself a read-only call (it runs in parallel). */
export function onlyReads(tools: readonly Tool[]): boolean {
  return tools.every((tool) => isReadOnlyTool(tool));
}
