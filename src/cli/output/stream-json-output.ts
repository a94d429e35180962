/**
 * `--output-format stream-json`: one JSON object a line with the Gemini CLI's event names
 * (`init`, `message`, `tool_use`, `tool_result`, `error`, `result`), so tools that read its
 * stream read ours.
 */
import type { AgentEvent, ToolCallData } from '../../agent/events.js';
import type { SessionStatsCollector } from '../../report/session-stats.js';
import type { CliOutput, SessionOutcome, TextSink } from './types.js';

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
    stdout.write(`${JSON.stringify({ ...event, timestamp: now().toISOString() })}\n`);

  const onToolCall = (call: ToolCallData) => {
    if (!announced.has(call.tool_call_id)) {
      announced.add(call.tool_call_id);
      line({
        type: 'tool_use',
        tool_name: call.tool_name,
        tool_id: call.tool_call_id,
        parameters: call.input_parameters,
      });
    }
    if (call.status === 'SUCCEEDED') {
      const output = outputText(call.output);
      line({ type: 'tool_result', tool_id: call.tool_call_id, status: 'success', output });
    } else if (call.status === 'FAILED' || call.status === 'CANCELLED') {
      line({
        type: 'tool_result',
        tool_id: call.tool_call_id,
        status: 'error',
        error: {
          type: call.error?.type ?? (call.status === 'CANCELLED' ? 'cancelled' : 'error'),
          message: call.error?.message ?? 'The tool call did not complete.',
        },
        ...(call.confirmation_outcome ? { decision: call.confirmation_outcome } : {}),
      });
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
