/**
 * `complete_task`: the only way a subagent finishes, as in the Gemini CLI. Its parameter is the
 * agent's output, checked against the output schema when the call is built: output that does not
 * fit goes back to the agent as a failed call saying what is wrong, and the agent carries on
 * until it hands in output that fits (or runs out of turns or time).
 */
import { z } from 'zod';
import { defineTool } from '../../tools/define-tool.js';
import { COMPLETE_TASK_TOOL_NAME } from '../../tools/reserved-names.js';
import type { Tool } from '../../tools/tool-types.js';
import type { AgentOutput } from './agent-definition.js';

export { COMPLETE_TASK_TOOL_NAME };

/** The argument of an agent without an output schema. */
const RESULT_ARGUMENT = 'result';

export interface CompletionRecorder {
  /** Register this with the subagent's session. */
  readonly tool: Tool;
  /** The accepted output; undefined until the agent handed in valid output. */
  output(): { value: unknown } | undefined;
}

export function createCompleteTask(output: AgentOutput | undefined): CompletionRecorder {
  const name = output?.name ?? RESULT_ARGUMENT;
  const schema = output
    ? output.schema.describe(output.description)
    : z.string().describe('Your findings or answer, complete: the caller reads nothing else.');
  let accepted: { value: unknown } | undefined;
  const tool = defineTool({
    name: COMPLETE_TASK_TOOL_NAME,
    displayName: 'CompleteTask',
    description: `Call this tool to hand in your ${output ? 'final answer' : 'findings'} and complete the task. This is the ONLY way to finish: nothing you write outside it reaches the caller. Do not call other tools in the same turn.`,
    // Nothing outside the session changes: it is judged like a read, and may run beside reads.
    kind: 'think',
    parameters: z.object({ [name]: schema }),
    validate(params) {
      const value = params[name];
      if (output === undefined && (typeof value !== 'string' || value.trim() === '')) {
        return {
          message: `Missing required "${RESULT_ARGUMENT}" argument. You must provide your findings when calling ${COMPLETE_TASK_TOOL_NAME}.`,
          type: 'invalid_tool_params',
        };
      }
      return null;
    },
    invocation(params) {
      return {
        describe: () => 'Hand in the result',
        locations: () => [],
        confirmationDetails: () =>
          Promise.resolve({
            type: 'info',
            title: 'Complete the task',
            prompt: 'Hand in the result',
          }),
        execute: () => {
          accepted = { value: params[name] };
          return Promise.resolve({
            llmContent: 'Result handed in; the task is complete.',
            returnDisplay: 'Result handed in',
          });
        },
      };
    },
  });
  return { tool, output: () => accepted };
}
