/**
 * Which tools a session offers, from the settings' `tools.core` (only these built-ins) and
 * `tools.exclude` (never these, built-in or extension). Entries may carry arguments —
 * `run_shell_command(git)` — as in the Gemini CLI; the tool name before the parenthesis decides
 * here, and the shell command restrictions become policy rules (see policy-setup.ts).
 */
import type { AgentSettings } from '../config/settings-types.js';

/** `run_shell_command(git status)` → `run_shell_command`. */
export function toolNameOf(entry: string): string {
  const open = entry.indexOf('(');
  return (open < 0 ? entry : entry.slice(0, open)).trim();
}

/** The arguments of an entry (`git status` for `run_shell_command(git status)`), if any. */
export function toolArgumentOf(entry: string): string | undefined {
  const match = /^[^(]*\((.*)\)\s*$/s.exec(entry);
  const inside = match?.[1]?.trim();
  return inside === undefined || inside === '' ? undefined : inside;
}

/**
 * Whether a tool is offered. `builtin` says whether it is one of the built-in tools, which
 * `tools.core` restricts (extension tools are chosen by their own settings).
 */
export function isToolSelected(
  tool: { name: string; builtin: boolean },
  settings: Pick<AgentSettings, 'coreTools' | 'excludeTools'>,
): boolean {
  const excluded = (settings.excludeTools ?? [])
    .filter((entry) => toolArgumentOf(entry) === undefined)
    .map(toolNameOf);
  if (excluded.includes(tool.name)) return false;
  if (!tool.builtin || settings.coreTools === undefined) return true;
  return settings.coreTools.map(toolNameOf).includes(tool.name);
}
