/**
 * The progress comment's view of a run, folded from the AgentEvent stream: where the run is,
 * the agent's todo list, every tool call with its policy decision and a one-line result, the
 * model's text and the tokens used. Pure: `applyEvent` returns a new state and never mutates.
 * Text kept here is raw; the renderers redact and escape it.
 */
import type {
  AgentEvent,
  AgentThought,
  SessionEndReason,
  TodoItem,
  TokenUsage,
  ToolCallData,
} from '../agent/events.js';
import { emptyUsage } from '../agent/events.js';
import { addUsage } from '../agent/budgets.js';
import type { CostTally } from '../model/model-cost.js';
import { addRequestCost } from '../model/model-cost.js';
import type { ToolKind } from '../tools/tool-types.js';

export type RunStatus = 'working' | 'finished' | 'failed';

/** What a reader needs to know about a call; `denied` is a refusal by the policy. */
export type ToolCallState = 'pending' | 'running' | 'done' | 'failed' | 'denied' | 'cancelled';

export interface ToolCallView {
  id: string;
  name: string;
  kind?: ToolKind;
  serverName?: string;
  /** The tool's one-line description of this call (e.g. the command it runs). */
  description?: string;
  state: ToolCallState;
  /** The policy's answer, when it was asked. */
  decision?: 'allow' | 'deny' | 'cancel';
  /** The rule that decided, e.g. `policy.toml:12:1 (user, priority 3.100)`. */
  decidedBy?: string;
  /** Why the policy refused, for a denied call. */
  denialReason?: string;
  /** One line: the first line of the output, the size of an edit, or the error. */
  result?: string;
  /** The last line of output while the call runs. */
  liveOutput?: string;
  /** The model turn that asked for the call. */
  turn: number;
  /** Milliseconds since the epoch of the first update seen. */
  startedAt: number;
  durationMs?: number;
  /** For a subagent's call: what the subagent is doing, and what it cost. */
  subagent?: SubagentView;
}

/** A subagent's session as the progress comment shows it, under the call that runs it. */
export interface SubagentView {
  name: string;
  status: RunStatus;
  /** Its model requests so far. */
  turn: number;
  /** Its own calls, in the order it asked for them. */
  calls: ToolCallView[];
  usage: TokenUsage;
  endReason?: SessionEndReason;
}

export interface ProgressState {
  status: RunStatus;
  model?: string;
  /** Milliseconds since the epoch of the first and the final event. */
  startedAt?: number;
  endedAt?: number;
  turn: number;
  todos: TodoItem[];
  /** In the order the model asked for them. */
  toolCalls: ToolCallView[];
  /** The model's latest thought while it works (cleared when the run ends). */
  thought?: AgentThought;
  /** The model's text, one entry per turn that had any. */
  texts: { turn: number; text: string }[];
  usage: TokenUsage;
  endReason?: SessionEndReason;
  /** The session's explanation of a stop (a budget, an error). */
  endMessage?: string;
  /** Set when the session went on with the fallback model: which, and why. */
  modelFallback?: string;
  /**
   * What the run says about its models once (a model being shut down, a model that answered in
   * another's place), the main agent's and its subagents' alike.
   */
  modelNotices?: string[];
  /**
   * What the run's model requests cost, by model (from list prices): every request of the run
   * once, the subagents' and the tools' included, as the main session reports them.
   */
  cost?: CostTally;
}

export function initialProgressState(): ProgressState {
  return { status: 'working', turn: 0, todos: [], toolCalls: [], texts: [], usage: emptyUsage() };
}

/** The state after `event`. */
export function applyEvent(state: ProgressState, event: AgentEvent): ProgressState {
  const time = Date.parse(event.timestamp);
  const next: ProgressState = {
    ...state,
    startedAt: state.startedAt ?? time,
    turn: Math.max(state.turn, event.turn),
  };
  switch (event.kind) {
    case 'state_change':
      next.model = event.model;
      if (event.final) {
        next.status = event.state === 'completed' ? 'finished' : 'failed';
        next.endedAt = time;
        delete next.thought;
        if (event.reason !== undefined) next.endReason = event.reason;
        if (event.message !== undefined) next.endMessage = event.message;
      }
      return next;
    case 'todo_update':
      next.todos = event.todos.map((todo) => ({ ...todo }));
      return next;
    case 'thought':
      next.thought = { ...event.thought };
      return next;
    case 'text_content':
      next.texts = appendText(state.texts, event.turn, event.text);
      return next;
    case 'token_usage':
      next.usage = { ...event.total };
      return next;
    case 'tool_call_update':
      next.toolCalls = upsertCall(state.toolCalls, event.tool_call, event.turn, time);
      return next;
    case 'warning':
      if (event.code === 'model_fallback') next.modelFallback = event.message;
      return withModelNotice(next, event);
    case 'model_call':
      // Only the top-level report counts: a subagent's requests reach its parent's stream too.
      if (event.call.cost !== undefined)
        next.cost = addRequestCost(state.cost ?? {}, event.call.cost);
      return next;
    case 'subagent_event':
      next.toolCalls = withSubagentEvent(state.toolCalls, event);
      return withModelNotice(next, event.event);
    default:
      return next;
  }
}

/** The warnings the reports show once each, above the footer. */
const NOTICE_CODES: ReadonlySet<string> = new Set([
  'model_lifecycle',
  'model_routed',
  'replay_diverged',
]);

/** `state` with the event's model notice, if it is one the run has not given yet. */
function withModelNotice(state: ProgressState, event: AgentEvent): ProgressState {
  if (event.kind !== 'warning') return state;
  if (!NOTICE_CODES.has(event.code)) return state;
  const notices = state.modelNotices ?? [];
  if (notices.includes(event.message)) return state;
  return { ...state, modelNotices: [...notices, event.message] };
}

/** The tokens of the whole run: the main agent's and every subagent's. */
export function runUsage(state: ProgressState): TokenUsage {
  return state.toolCalls.reduce(
    (total, call) => (call.subagent ? addUsage(total, call.subagent.usage) : total),
    state.usage,
  );
}

/** A subagent's event, folded into the view of the call that runs it. */
function withSubagentEvent(
  calls: ToolCallView[],
  nested: Extract<AgentEvent, { kind: 'subagent_event' }>,
): ToolCallView[] {
  const index = calls.findIndex((call) => call.id === nested.parent_call_id);
  const parent = calls[index];
  if (parent === undefined) return calls;
  const { event } = nested;
  const previous: SubagentView = parent.subagent ?? {
    name: nested.agent_name,
    status: 'working',
    turn: 0,
    calls: [],
    usage: emptyUsage(),
  };
  const view: SubagentView = { ...previous, turn: Math.max(previous.turn, event.turn) };
  const time = Date.parse(event.timestamp);
  if (event.kind === 'tool_call_update') {
    view.calls = upsertCall(previous.calls, event.tool_call, event.turn, time);
  } else if (event.kind === 'token_usage') {
    view.usage = { ...event.total };
  } else if (event.kind === 'state_change' && event.final) {
    view.status = event.state === 'completed' ? 'finished' : 'failed';
    if (event.reason !== undefined) view.endReason = event.reason;
  }
  const copy = [...calls];
  copy[index] = { ...parent, subagent: view };
  return copy;
}

/** Folds a whole stream (for tests, and for rebuilding a state from a transcript). */
export function progressFromEvents(events: Iterable<AgentEvent>): ProgressState {
  let state = initialProgressState();
  for (const event of events) state = applyEvent(state, event);
  return state;
}

/**
 * The state of a run that ended before its session did (cancelled, timed out, the main step
 * gone): calls still waiting or running are shown as stopped with it, subagents' calls too, and
 * the model's half-finished thought is dropped. Calls that ended keep their result.
 */
export function stoppedEarly(state: ProgressState, why: string): ProgressState {
  const stop = (calls: ToolCallView[]): ToolCallView[] =>
    calls.map((call) => {
      const subagent =
        call.subagent === undefined
          ? undefined
          : {
              ...call.subagent,
              status:
                call.subagent.status === 'working' ? ('failed' as const) : call.subagent.status,
              calls: stop(call.subagent.calls),
            };
      const open = call.state === 'pending' || call.state === 'running';
      const next: ToolCallView = open ? { ...call, state: 'cancelled', result: why } : { ...call };
      delete next.liveOutput;
      if (subagent !== undefined) next.subagent = subagent;
      return next;
    });
  const next: ProgressState = {
    ...state,
    toolCalls: stop(state.toolCalls),
    status: state.status === 'working' ? 'failed' : state.status,
  };
  delete next.thought;
  return next;
}

/** The whole text the model wrote so far, every turn's, as the session's answer joins it. */
export function answerSoFar(state: ProgressState): string {
  return state.texts
    .map((entry) => entry.text.trim())
    .filter((text) => text !== '')
    .join('\n\n');
}

/** The model's last words: the text of the last turn that had any. */
export function finalText(state: ProgressState): string {
  return state.texts.at(-1)?.text.trim() ?? '';
}

function appendText(
  texts: ProgressState['texts'],
  turn: number,
  text: string,
): ProgressState['texts'] {
  const last = texts.at(-1);
  if (last?.turn === turn) return [...texts.slice(0, -1), { turn, text: last.text + text }];
  return [...texts, { turn, text }];
}

function upsertCall(
  calls: ToolCallView[],
  data: ToolCallData,
  turn: number,
  time: number,
): ToolCallView[] {
  const index = calls.findIndex((call) => call.id === data.tool_call_id);
  const previous = index === -1 ? undefined : calls[index];
  const view = toView(data, previous?.turn ?? turn, previous?.startedAt ?? time, time);
  if (previous?.subagent) view.subagent = previous.subagent;
  if (index === -1) return [...calls, view];
  const copy = [...calls];
  copy[index] = view;
  return copy;
}

function toView(data: ToolCallData, turn: number, startedAt: number, now: number): ToolCallView {
  const state = stateOf(data);
  const view: ToolCallView = {
    id: data.tool_call_id,
    name: data.tool_name,
    state,
    turn,
    startedAt,
  };
  if (data.kind !== undefined) view.kind = data.kind;
  if (data.server_name !== undefined) view.serverName = data.server_name;
  if (data.description !== undefined && data.description.trim() !== '') {
    view.description = data.description;
  }
  const outcome = data.confirmation_outcome;
  if (outcome) {
    view.decision = outcome.decision;
    if (outcome.decided_by !== undefined) view.decidedBy = outcome.decided_by;
    if (outcome.decision === 'deny') {
      const reason = outcome.reason ?? data.error?.message;
      if (reason !== undefined) view.denialReason = reason;
    }
  }
  const result = resultOf(data, state);
  if (result !== undefined) view.result = result;
  if (state === 'running' && data.live_content !== undefined) {
    const live = lastLine(data.live_content);
    if (live !== '') view.liveOutput = live;
  }
  const finished = state !== 'pending' && state !== 'running';
  if (data.duration_ms !== undefined) view.durationMs = data.duration_ms;
  else if (finished) view.durationMs = Math.max(0, now - startedAt);
  return view;
}

function stateOf(data: ToolCallData): ToolCallState {
  switch (data.status) {
    case 'PENDING':
      return 'pending';
    case 'EXECUTING':
      return 'running';
    case 'SUCCEEDED':
      return 'done';
    case 'CANCELLED':
      return 'cancelled';
    case 'FAILED':
      return data.confirmation_outcome?.decision === 'deny' ||
        data.error?.type === 'policy_violation'
        ? 'denied'
        : 'failed';
  }
}

function resultOf(data: ToolCallData, state: ToolCallState): string | undefined {
  if (state === 'failed' || state === 'cancelled') {
    const message = data.error?.message;
    return message === undefined ? undefined : firstLine(message);
  }
  if (state !== 'done' || data.output === undefined) return undefined;
  if ('text' in data.output) {
    const line = tapResult(data.output.text) ?? firstLine(data.output.text);
    return line === '' ? undefined : line;
  }
  if ('diff' in data.output) {
    const { diff } = data.output;
    const stat = diff.diffStat;
    if (stat === undefined) return diff.fileName;
    return `${diff.fileName} (+${stat.model_added_lines} −${stat.model_removed_lines})`;
  }
  const todos = data.output.structured_data.todos.length;
  return `${todos} ${todos === 1 ? 'todo' : 'todos'}`;
}

// Outputs can be megabytes; only the first or last few hundred characters are ever shown.
const LINE_WINDOW = 1000;

/** How much of the end of an output is searched for a test run's result lines. */
const TAP_WINDOW = 4000;

/**
 * A test run in TAP (`node --test`, and the runners that write it) starts with its version line,
 * which says nothing; its result is in the `# pass N` / `# fail N` lines at the end: "pass 2 · fail
 * 0" (and skipped, todo or cancelled tests when there are any). Undefined for any other output.
 */
function tapResult(text: string): string | undefined {
  if (!/^TAP version \d+/.test(text.trimStart())) return undefined;
  const tail = text.slice(-TAP_WINDOW);
  const counts = ['pass', 'fail', 'skipped', 'todo', 'cancelled'].flatMap((name) => {
    const match = new RegExp(`^# ${name} (\\d+)\\s*$`, 'm').exec(tail);
    const count = match?.[1];
    // Zero skipped, todo or cancelled tests are not news.
    if (count === undefined || (count === '0' && !['pass', 'fail'].includes(name))) return [];
    return [`${name} ${count}`];
  });
  return counts.some((count) => /^(pass|fail) /.test(count)) ? counts.join(' · ') : undefined;
}

function firstLine(text: string): string {
  const head = text.trimStart().slice(0, LINE_WINDOW);
  return (head.split('\n', 1)[0] ?? '').trim();
}

function lastLine(text: string): string {
  const tail = text.trimEnd().slice(-LINE_WINDOW);
  return tail.slice(tail.lastIndexOf('\n') + 1).trim();
}
