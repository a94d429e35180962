/**
 * `invoke_agent{agent_name, prompt}`: how the Gemini CLI has called subagents since 0.39 (one
 * tool for all of them), accepted so prompts and habits written for it keep working. It is never
 * declared — each subagent is offered as a tool of its own — and a call runs the named agent's
 * tool, with `prompt` passed as that agent's only input (`query` for agents from Markdown files),
 * or as `prompt` when it has several. The policy judges it under both names (`agent-names.ts`).
 */
import type { FunctionDeclaration } from '@google/genai';
import { toModelJsonSchema } from '../../tools/define-tool.js';
import { INVOKE_AGENT_TOOL_NAME } from '../../tools/reserved-names.js';
import type { BuildError, Tool, ToolInvocation } from '../../tools/tool-types.js';
import { isBuildError } from '../../tools/tool-types.js';
import { z } from 'zod';

export { INVOKE_AGENT_TOOL_NAME };

const parameters = z.object({
  agent_name: z.string().describe('Name of the subagent to invoke'),
  prompt: z.string().describe('The complete task for the subagent, with all the context it needs.'),
});
type InvokeAgentParams = z.infer<typeof parameters>;

/** `agents`: each subagent's tool and the names of its inputs. */
export function createInvokeAgentTool(
  agents: ReadonlyMap<string, { tool: Tool; inputNames: readonly string[] }>,
): Tool<InvokeAgentParams> {
  const parametersJsonSchema = toModelJsonSchema(parameters);
  const description = 'Invoke a subagent to perform a specific task or investigation.';
  return {
    name: INVOKE_AGENT_TOOL_NAME,
    displayName: 'Invoke Subagent',
    description,
    kind: 'agent',
    parametersJsonSchema,
    undeclared: true,
    declaration: (): FunctionDeclaration => ({
      name: INVOKE_AGENT_TOOL_NAME,
      description,
      parametersJsonSchema,
    }),
    build(args): ToolInvocation<InvokeAgentParams> | BuildError {
      const parsed = parameters.safeParse(args);
      if (!parsed.success) {
        return {
          error: `Invalid parameters for ${INVOKE_AGENT_TOOL_NAME}: expected agent_name and prompt (strings).`,
          type: 'invalid_tool_params',
        };
      }
      const params = parsed.data;
      const agent = agents.get(params.agent_name);
      if (agent === undefined) {
        const names = [...agents.keys()].map((name) => `'${name}'`).join(', ');
        return {
          error: `Subagent '${params.agent_name}' not found.${names === '' ? '' : ` Available: ${names}.`}`,
          type: 'tool_not_registered',
        };
      }
      const only = agent.inputNames.length === 1 ? agent.inputNames[0] : undefined;
      const inner = agent.tool.build({ [only ?? 'prompt']: params.prompt });
      if (isBuildError(inner)) return inner;
      // The policy judges the call as written (with agent_name); the agent's own call runs it.
      return {
        params,
        describe: () => inner.describe(),
        locations: () => inner.locations(),
        confirmationDetails: (signal) => inner.confirmationDetails(signal),
        execute: (signal, onOutput, call) => inner.execute(signal, onOutput, call),
      };
    },
  };
}
