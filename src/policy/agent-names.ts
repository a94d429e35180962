/**
 * The names a subagent's call answers to in the policy. The Gemini CLI (since 0.39) calls every
 * subagent through one tool, `invoke_agent`, and its policy treats the `agent_name` argument as
 * a second tool name; here each subagent is a tool of its own. Both spellings of a rule hold
 * either way: `toolName = "invoke_agent"` covers every subagent (the presets allow them so), and
 * `toolName = "<agent>"` one of them, whether it is called directly or through `invoke_agent`.
 *
 * An `agent_name` that is a reserved tool name (tools/reserved-names.ts) is no agent's — agent
 * files under such a name are refused — so the call is judged as `invoke_agent` alone: naming
 * `write_file` or `complete_task` there never brings in the rules written for those tools.
 */
import { INVOKE_AGENT_TOOL_NAME } from '../agent/subagents/invoke-agent.js';
import { reservedToolName } from '../tools/reserved-names.js';
import type { ToolKind } from '../tools/tool-types.js';

export function agentNameAliases(
  toolName: string,
  kind: ToolKind,
  args: Readonly<Record<string, unknown>>,
): string[] {
  if (kind !== 'agent') return [];
  if (toolName !== INVOKE_AGENT_TOOL_NAME) return [INVOKE_AGENT_TOOL_NAME];
  const named = args.agent_name;
  if (typeof named !== 'string' || named === '') return [];
  return reservedToolName(named)?.kind === 'tool' ? [] : [named];
}
