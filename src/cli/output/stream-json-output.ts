/**
 * `--output-format stream-json`: one JSON object a line with the Gemini CLI's event names
 * (`init`, `message`, `tool_use`, `tool_result`, `error`, `result`), so tools that read its
 * stream read ours. What a subagent does is on lines of their own with `parent_tool_id` (the
 * call that runs it) and `agent_name`; a reader that only wants the main agent skips those.
 * Each line is written with every character a terminal acts on escaped (`inertJson`).
 */
import type { AgentEvent, ToolCallData } from '../../agent/events.js';
import type { SessionStatsCollector } from '../../report/session-stats.js';
import type { TextSink } from '../../platform/logger.js';
import { inertJson } from '../../platform/text.js';
import type { CliOutput, SessionOutcome } from './types.js';

export function createStreamJsonOutput(options: {
  stdout: TextSink;
  prompt: string;
  stats: SessionStatsCollector;
  now?: () => Date;
}): CliOutput {
  const { stdout, prompt, stats } = options;
  const now = options.now ?? (() => new Date());
  const announced = new Set<string>();
  const line = (event: Record<string, unknown>) =>
    stdout.write(`${inertJson({ ...event, timestamp: now().toISOString() })}\n`);

  /**
   * A subagent's calls carry the id of the call that runs it (`parent_tool_id`) and an id made
   * unique with it, since each session numbers its calls on its own.
   */
  const onToolCall = (call: ToolCallData, parent?: { id: string; agent: string }) => {
    const toolId = parent ? `${parent.id}/${call.tool_call_id}` : call.tool_call_id;
    const nesting = parent ? { parent_tool_id: parent.id, agent_name: parent.agent } : {};
    if (!announced.has(toolId)) {
      announced.add(toolId);
      line({
        type: 'tool_use',
        tool_name: call.tool_name,
        tool_id: toolId,
        parameters: call.input_parameters,
        ...nesting,
      });
    }
    if (call.status === 'SUCCEEDED') {
      const output = outputText(call.output);
      line({ type: 'tool_result', tool_id: toolId, status: 'success', output, ...nesting });
    } else if (call.status === 'FAILED' || call.status === 'CANCELLED') {
      line({
        type: 'tool_result',
        tool_id: toolId,
        status: 'error',
        error: {
          type: call.error?.type ?? (call.status === 'CANCELLED' ? 'cancelled' : 'error'),
          message: call.error?.message ?? 'The tool call did not complete.',
        },
        ...(call.confirmation_outcome ? { decision: call.confirmation_outcome } : {}),
        ...nesting,
      });
    }
  };

  /** What a subagent did, under the call that runs it: its text, its calls, its warnings. */
  const onNested = (event: Extract<AgentEvent, { kind: 'subagent_event' }>) => {
    const parent = { id: event.parent_call_id, agent: event.agent_name };
    const inner = event.event;
    const nesting = { parent_tool_id: parent.id, agent_name: parent.agent };
    if (inner.kind === 'tool_call_update') onToolCall(inner.tool_call, parent);
    else if (inner.kind === 'text_content') {
      line({ type: 'message', role: 'assistant', content: inner.text, delta: true, ...nesting });
    } else if (inner.kind === 'warning') {
      line({ type: 'error', severity: 'warning', message: inner.message, ...nesting });
    }
  };

  const listener = (event: AgentEvent) => {
    switch (event.kind) {
      case 'state_change':
        if (event.state === 'submitted') {
          line({ type: 'init', session_id: event.session_id, model: event.model });
          line({ type: 'message', role: 'user', content: prompt });
        }
        break;
      case 'text_content':
        line({ type: 'message', role: 'assistant', content: event.text, delta: true });
        break;
      case 'tool_call_update':
        onToolCall(event.tool_call);
        break;
      case 'warning':
        line({ type: 'error', severity: 'warning', message: event.message });
        break;
      case 'subagent_event':
        onNested(event);
        break;
      default:
        break;
    }
  };

  return {
    listener,
    finish(outcome: SessionOutcome) {
      line({
        type: 'result',
        status: outcome.reason === 'completed' ? 'success' : 'error',
        ...(outcome.reason === 'completed'
          ? {}
          : { error: { type: outcome.reason, message: outcome.error ?? outcome.reason } }),
        stats: stats.streamStats(),
      });
    },
    failBeforeStart(error) {
      line({ type: 'error', severity: 'error', message: error.message });
      line({
        type: 'result',
        status: 'error',
        error: { type: error.type, message: error.message },
      });
    },
  };
}

/** The text form of a tool's display: the text, the unified diff, or the todo list. */
function outputText(output: ToolCallData['output']): string {
  if (!output) return '';
  if ('text' in output) return output.text;
  if ('diff' in output) return output.diff.fileDiff;
  return output.structured_data.todos
    .map((todo) => `[${todo.status}] ${todo.description}`)
    .join('\n');
}
