/**
 * Offers the run's subagents to the main agent: one tool per definition, plus `invoke_agent` for
 * the Gemini CLI's way of calling them. Definitions come in precedence order (built-in first,
 * then the repository's, then extensions'); as in the Gemini CLI the first of a name wins, so a
 * repository file cannot replace a built-in agent, and a later duplicate is reported and left out.
 */
import type { Logger } from '../../platform/logger.js';
import type { ToolRegistry } from '../../tools/registry.js';
import { describeReservedName, reservedToolName } from '../../tools/reserved-names.js';
import type { Tool } from '../../tools/tool-types.js';
import type { AgentDefinition } from './agent-definition.js';
import type { SubagentRuntime } from './agent-executor.js';
import { AgentExecutor } from './agent-executor.js';
import { INVOKE_AGENT_TOOL_NAME, createInvokeAgentTool } from './invoke-agent.js';
import { createSubagentTool } from './subagent-tool.js';

export interface RegisteredSubagents {
  executor: AgentExecutor;
  /** The agents offered, by name, in precedence order. */
  names: string[];
}

export function registerSubagents(
  registry: ToolRegistry,
  definitions: readonly AgentDefinition[],
  options: { runtime: SubagentRuntime; logger: Logger },
): RegisteredSubagents {
  const { logger } = options;
  const executor = new AgentExecutor(options.runtime);
  const chosen = new Map<string, AgentDefinition>();
  for (const definition of definitions) {
    const first = chosen.get(definition.name);
    if (first !== undefined) {
      logger.warning(
        `Duplicate agent name '${definition.name}' (${definition.source}): the definition from ${first.source} is used. Rename one of the agents.`,
      );
      continue;
    }
    // Agent files with a reserved name are refused when they are read; this holds for any
    // definition, whatever it came from.
    const reserved = reservedToolName(definition.name);
    if (registry.get(definition.name) !== undefined || reserved?.kind === 'tool') {
      const why =
        reserved?.kind === 'tool'
          ? describeReservedName(definition.name, reserved)
          : 'a tool of that name exists';
      logger.warning(
        `The agent '${definition.name}' (${definition.source}) is not offered: ${why}. Rename the agent.`,
      );
      continue;
    }
    chosen.set(definition.name, definition);
  }
  const byName = new Map<string, { tool: Tool; inputNames: string[] }>();
  for (const definition of chosen.values()) {
    const unknown = executor.unknownTools(definition);
    if (unknown.length > 0) {
      logger.warning(
        `The agent '${definition.name}' (${definition.source}) names tools this run does not offer it: ${unknown.join(', ')}. It runs without them.`,
      );
    }
    const tool = createSubagentTool(definition, executor);
    registry.register(tool);
    byName.set(definition.name, { tool, inputNames: Object.keys(definition.inputSchema.shape) });
  }
  if (byName.size > 0 && registry.get(INVOKE_AGENT_TOOL_NAME) === undefined) {
    registry.register(createInvokeAgentTool(byName));
  }
  return { executor, names: [...byName.keys()] };
}
