// Builds AgentEvent streams the way a session emits them, with a clock the test moves.
import type { AgentEvent, TodoItem, TokenUsage, ToolCallData } from '../../src/agent/events.js';
import { emptyUsage } from '../../src/agent/events.js';

type Body = AgentEvent extends infer E
  ? E extends AgentEvent
    ? Omit<E, 'session_id' | 'timestamp' | 'turn'>
    : never
  : never;

export const START = Date.parse('2025-03-01T10:00:00Z');

export function eventLog() {
  let clock = START;
  let turn = 0;
  const events: AgentEvent[] = [];
  const push = (body: Body) => {
    events.push({
      session_id: 'session-1',
      timestamp: new Date(clock).toISOString(),
      turn,
      ...body,
    });
  };
  const call = (
    id: string,
    name: string,
    fields: Partial<ToolCallData> & Pick<ToolCallData, 'status' | 'phase'>,
  ) => {
    push({
      kind: 'tool_call_update',
      tool_call: { tool_call_id: id, tool_name: name, input_parameters: {}, ...fields },
    });
  };
  return {
    events,
    advance(ms: number) {
      clock += ms;
    },
    nextTurn() {
      turn++;
    },
    started(model = 'gemini-2.5-pro') {
      push({ kind: 'state_change', state: 'submitted', final: false, model });
      push({ kind: 'state_change', state: 'working', final: false, model });
    },
    call,
    todos(todos: TodoItem[]) {
      push({ kind: 'todo_update', todos });
    },
    thought(subject: string) {
      push({ kind: 'thought', thought: { subject, description: '' } });
    },
    text(text: string) {
      push({ kind: 'text_content', text });
    },
    warning(code: Extract<AgentEvent, { kind: 'warning' }>['code'], message: string) {
      push({ kind: 'warning', code, message });
    },
    usage(input: number, output: number) {
      const total: TokenUsage = {
        ...emptyUsage(),
        input_tokens: input,
        output_tokens: output,
        total_tokens: input + output,
      };
      push({ kind: 'token_usage', usage: total, total });
    },
    ended(
      state: 'completed' | 'failed',
      reason: Extract<AgentEvent, { kind: 'state_change' }>['reason'],
      message?: string,
    ) {
      push({
        kind: 'state_change',
        state,
        final: true,
        model: 'gemini-2.5-pro',
        ...(reason === undefined ? {} : { reason }),
        ...(message === undefined ? {} : { message }),
      });
    },
  };
}

/** A redactor like the Action's: known secret values become `***`. */
export function redactor(...secrets: string[]): (text: string) => string {
  return (text) => secrets.reduce((out, secret) => out.split(secret).join('***'), text);
}

/**
 * Whether every code fence is closed and every `<details>` has its `</details>` (outside code),
 * checked independently of the renderer's own tracking.
 */
export function structureProblems(markdown: string): string[] {
  const problems: string[] = [];
  let fence: string | undefined;
  let depth = 0;
  for (const [index, line] of markdown.split('\n').entries()) {
    const run = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (
        run !== undefined &&
        run[0] === fence[0] &&
        run.length >= fence.length &&
        line.trim() === run
      ) {
        fence = undefined;
      }
      continue;
    }
    if (run !== undefined) {
      fence = run;
      continue;
    }
    depth += (line.match(/<details>/g) ?? []).length;
    depth -= (line.match(/<\/details>/g) ?? []).length;
    if (depth < 0) problems.push(`line ${index + 1}: </details> without <details>`);
  }
  if (fence !== undefined) problems.push(`code fence ${fence} left open`);
  if (depth > 0) problems.push(`${depth} <details> left open`);
  return problems;
}
