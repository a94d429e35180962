/**
 * A subagent offered to the main agent as a tool of its own, as the Gemini CLI's documentation
 * describes it: the agent's name, description and input schema are the tool's. Calling it runs
 * the agent with the executor; what it hands in (or why it stopped, and what it cost) is the
 * call's result. The tool's kind is `agent`; it is read-only — several calls of one turn run in
 * parallel — when every tool the agent may use is.
 */
import { ellipsize, formatDuration, oneLine } from '../../platform/text.js';
import { defineTool } from '../../tools/define-tool.js';
import type { Tool } from '../../tools/tool-types.js';
import type { AgentDefinition } from './agent-definition.js';
import type { AgentExecutor, AgentRunResult } from './agent-executor.js';
import { groupedPlural } from '../../platform/text.js';

export function createSubagentTool(definition: AgentDefinition, executor: AgentExecutor): Tool {
  const label = definition.displayName ?? definition.name;
  const tool = defineTool({
    name: definition.name,
    displayName: label,
    description: definition.description,
    kind: 'agent',
    parameters: definition.inputSchema,
    invocation(params) {
      const about = gist(params);
      const description = about === '' ? label : `${label}: ${about}`;
      return {
        describe: () => description,
        locations: () => [],
        confirmationDetails: () =>
          Promise.resolve({
            type: 'info',
            title: `Run the subagent ${definition.name}`,
            prompt: description,
          }),
        async execute(signal, _onOutput, call) {
          const result = await executor.run(definition, params, {
            signal,
            // Without a caller's id (a direct call in a test) its events still nest somewhere.
            parentCallId: call?.callId ?? `${definition.name}-call`,
          });
          const display = `${result.reason === 'completed' ? 'Result handed in' : `Stopped: ${result.error ?? result.reason}`} (${costLine(result)})`;
          if (result.reason === 'completed') {
            return {
              llmContent: `Subagent '${definition.name}' finished and handed in its result:\n\n${result.text}`,
              returnDisplay: display,
            };
          }
          return {
            llmContent: result.text,
            returnDisplay: display,
            error: { message: result.text, type: 'execution_failed' },
          };
        },
      };
    },
  });
  return { ...tool, readOnly: executor.isReadOnly(definition) };
}

/** `3 turns · 5 tool calls · 12,345 tokens · 41s`: what a subagent's run cost. */
export function costLine(
  result: Pick<AgentRunResult, 'turns' | 'toolCalls' | 'usage' | 'durationMs'>,
): string {
  return [
    groupedPlural(result.turns, 'turn'),
    groupedPlural(result.toolCalls, 'tool call'),
    groupedPlural(result.usage.total_tokens, 'token'),
    formatDuration(result.durationMs),
  ].join(' · ');
}

/** What the call is about, on one line: its first text input, or its inputs (`group 2`). */
function gist(params: Record<string, unknown>): string {
  const text = Object.values(params).find((value): value is string => typeof value === 'string');
  const value =
    text ??
    Object.entries(params)
      .map(([key, input]) => `${key} ${JSON.stringify(input)}`)
      .join(', ');
  const line = oneLine(value);
  return ellipsize(line, 100);
}
