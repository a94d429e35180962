/**
 * A rule's tool name checked against the names a tool can have: this product's built-in tools and
 * their other names, its own tools and agents, and the Gemini CLI's built-in tools
 * (tools/reserved-names.ts). A name one typing mistake away from one of those (`run_shel_command`,
 * `Read_File`) is a misspelling: the rule would match no call, and a deny rule that matches
 * nothing lets through what it was written to stop. So it is a problem of the file, reported at
 * the name with what it was most likely meant as, wherever policies load (`policy check`, the CLI,
 * `run`, `serve`, the Action).
 *
 * Names of tools the run's configuration brings are not known here, so only near misses are
 * refused: MCP tools (`mcp_<server>_<tool>`, `server__tool`, or any name with `mcpName`) and
 * wildcards are never checked, and any other name (an extension's, a discovered tool's, an agent
 * from `.gemini/agents/`) passes unless it is that close to a known one. Pure.
 */
import { RESERVED_TOOL_NAMES } from '../tools/reserved-names.js';
import { editDistance } from '../tools/registry.js';
import { closestName } from './rule-fields.js';

const KNOWN_NAMES: readonly string[] = RESERVED_TOOL_NAMES.map((reserved) => reserved.name);
const KNOWN = new Set(KNOWN_NAMES);

function fold(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

/** The known name `name` misspells, if it is a near miss of one (and not that name itself). */
export function misspeltToolName(name: string): string | undefined {
  if (KNOWN.has(name) || name.includes('*')) return undefined;
  if (name.startsWith('mcp_') || name.includes('__')) return undefined;
  const closest = closestName(name, KNOWN_NAMES);
  if (closest === undefined) return undefined;
  const folded = fold(name);
  const target = fold(closest);
  // Another case or separator, a shortened name (`run_shell`), or one or two typing mistakes in a
  // long name: close enough that no configured tool is likely to be named so.
  if (folded === target) return closest;
  if (folded.length >= 5 && target.startsWith(folded)) return closest;
  const allowed = folded.length >= 10 ? 2 : 1;
  return editDistance(folded, target) <= allowed ? closest : undefined;
}

/** The problem with naming `name` in `where` (`toolName`, `[tools.x]`), if it is misspelt. */
export function toolNameProblem(name: string, where: string): string | undefined {
  const meant = misspeltToolName(name);
  if (meant === undefined) return undefined;
  return (
    `${where} names "${name}", which is no tool's name; did you mean "${meant}"? ` +
    'A rule for a name no tool has never applies (MCP tools are named mcp_<server>_<tool>, or ' +
    'set mcpName).'
  );
}
