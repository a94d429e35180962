/**
 * Which servers are started and which of their tools are offered, by the settings' lists, with
 * the Gemini CLI's semantics: exclusions win over inclusions, and an `includeTools` entry may
 * carry arguments (`name(args)`), which name the tool.
 */
import type { McpServerSettings } from '../../config/settings-types.js';

/** Whether the server's settings let its tool (by the server's own name) be offered. */
export function isMcpToolEnabled(
  toolName: string,
  settings: Pick<McpServerSettings, 'includeTools' | 'excludeTools'>,
): boolean {
  if (settings.excludeTools?.includes(toolName)) return false;
  const include = settings.includeTools;
  if (include === undefined) return true;
  return include.some((entry) => entry === toolName || entry.startsWith(`${toolName}(`));
}

/**
 * Why a server is not started (`mcp.excluded` names it, or `mcp.allowed` is set and does not), or
 * undefined when it is started.
 */
export function mcpServerDisabledReason(
  serverName: string,
  lists: { allowed?: readonly string[]; excluded?: readonly string[] },
): string | undefined {
  if (lists.excluded?.includes(serverName)) return 'it is listed in mcp.excluded';
  if (lists.allowed !== undefined && !lists.allowed.includes(serverName)) {
    return 'it is not listed in mcp.allowed';
  }
  return undefined;
}
