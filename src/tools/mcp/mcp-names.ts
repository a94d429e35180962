/**
 * The names MCP tools are offered to the model under. The Gemini API accepts function names of
 * `[A-Za-z0-9_.-]` up to 63 characters in practice, so a server's own name is made to fit; a name
 * that is already taken (by a built-in tool or another server's tool) is qualified with the
 * server's name as `server__tool`, as the Gemini CLI does.
 */

import { describeReservedName, reservedToolName } from '../reserved-names.js';

/** Longer names are cut in the middle (28 + `___` + 32 characters). */
const MAX_NAME_LENGTH = 63;
const HEAD_LENGTH = 28;
const TAIL_LENGTH = 32;

/** Between the server's name and the tool's in a qualified name. */
export const QUALIFIED_NAME_SEPARATOR = '__';

/**
 * A name the Gemini API accepts: every character outside `[A-Za-z0-9_.-]` becomes `_`, and a name
 * over 63 characters keeps its first 28 and last 32 characters around `___`.
 */
export function sanitizeMcpToolName(name: string): string {
  const valid = name.replace(/[^A-Za-z0-9_.-]/g, '_');
  if (valid.length <= MAX_NAME_LENGTH) return valid;
  return `${valid.slice(0, HEAD_LENGTH)}___${valid.slice(-TAIL_LENGTH)}`;
}

/** `server__tool`, sanitized as a whole. */
export function qualifiedMcpToolName(serverName: string, toolName: string): string {
  return sanitizeMcpToolName(`${serverName}${QUALIFIED_NAME_SEPARATOR}${toolName}`);
}

/** One tool a server offers, identified by the server's name and the server's own tool name. */
export interface McpToolIdentity {
  serverName: string;
  toolName: string;
}

export type ExposedName<T extends McpToolIdentity> =
  { tool: T; name: string; qualified: boolean } | { tool: T; name: undefined; reason: string };

/**
 * The name each tool is offered under, in the order given (servers in settings order, each
 * server's tools in its listing order).
 *
 * A tool keeps its sanitized plain name unless a tool of the session (`reserved`), a reserved name
 * in any spelling (../reserved-names.ts: `complete_task`, `Run-Shell-Command`), or a tool of another
 * server has the same one; then every tool sharing that name is qualified (`server__tool`), so
 * which server's tool answers to a name never depends on which server happened to connect first.
 * Two tools of one server whose names sanitize alike, or a qualified name that is still taken,
 * cannot both be offered: the later one is left out with the reason, as is a tool whose
 * qualified name is itself reserved.
 */
export function assignExposedNames<T extends McpToolIdentity>(
  tools: readonly T[],
  reserved: ReadonlySet<string>,
): ExposedName<T>[] {
  const serversByPlainName = new Map<string, Set<string>>();
  for (const tool of tools) {
    const plain = sanitizeMcpToolName(tool.toolName);
    const servers = serversByPlainName.get(plain) ?? new Set<string>();
    servers.add(tool.serverName);
    serversByPlainName.set(plain, servers);
  }

  const taken = new Set(reserved);
  return tools.map((tool): ExposedName<T> => {
    const plain = sanitizeMcpToolName(tool.toolName);
    const shared =
      reserved.has(plain) ||
      reservedToolName(plain) !== undefined ||
      (serversByPlainName.get(plain)?.size ?? 0) > 1;
    const name = shared ? qualifiedMcpToolName(tool.serverName, tool.toolName) : plain;
    const clash = reservedToolName(name);
    if (clash !== undefined) {
      return { tool, name: undefined, reason: describeReservedName(name, clash) };
    }
    if (taken.has(name)) {
      return {
        tool,
        name: undefined,
        reason: `its name "${name}" is already taken by another tool`,
      };
    }
    taken.add(name);
    return { tool, name, qualified: shared };
  });
}
