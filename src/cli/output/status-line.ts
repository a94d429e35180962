/**
 * The live status line of a terminal run: one line at the bottom of the terminal saying which
 * turn the agent is on, what it is doing (the tool running and its one-line description), how
 * long it has run and the tokens used so far. Lines that are final (a finished tool call, the
 * model's text) are printed above it, so the scrollback reads exactly as without it.
 *
 * Three layers, each testable alone: a pure fold of the AgentEvent stream (`applyStatusEvent`), a
 * pure renderer limited to the terminal's width (`renderStatusLine`), and the writer that redraws
 * the line in place on a terminal (`createTerminalProgress`). Off a terminal the writer does
 * nothing at all, so piped and CI output stays plain lines without a single control character.
 */
import type { AgentEvent, AgentEventListener, ToolCallData } from '../../agent/events.js';
import { displayWidth, printableOneLine, truncateToWidth } from './terminal-text.js';
import type { TextSink } from '../../platform/logger.js';
import { rawSink } from '../../platform/logger.js';
import { neutralText } from '../../platform/text.js';

export interface RunningCall {
  id: string;
  name: string;
  description?: string;
  executing: boolean;
}

export interface StatusState {
  /** Milliseconds since the epoch when the run started (the elapsed clock counts from here). */
  startedAt: number;
  /** The model request in progress, from 1; 0 before the first. */
  turn: number;
  /** What the model is doing when no tool runs. */
  activity: 'starting' | 'waiting' | 'thinking' | 'writing';
  /** The subject of the model's latest thought in this turn. */
  thought?: string;
  /** Tool calls asked for and not yet finished, in the order the model asked for them. */
  calls: RunningCall[];
  inputTokens: number;
  outputTokens: number;
  ended: boolean;
}

export function initialStatusState(startedAt: number): StatusState {
  return {
    startedAt,
    turn: 0,
    activity: 'starting',
    calls: [],
    inputTokens: 0,
    outputTokens: 0,
    ended: false,
  };
}

/** The state after `event`; never mutates `state`. */
export function applyStatusEvent(state: StatusState, event: AgentEvent): StatusState {
  const next: StatusState = { ...state, turn: Math.max(state.turn, event.turn) };
  // A new model request starts a new activity; the last turn's thought no longer applies.
  if (next.turn !== state.turn) {
    next.activity = 'waiting';
    delete next.thought;
  }
  switch (event.kind) {
    case 'state_change':
      if (event.final) return { ...next, ended: true, calls: [] };
      if (event.state === 'working' && next.activity === 'starting') next.activity = 'waiting';
      return next;
    case 'thought':
      return { ...next, activity: 'thinking', thought: event.thought.subject };
    case 'text_content':
      return { ...next, activity: 'writing' };
    case 'token_usage':
      return {
        ...next,
        inputTokens: event.total.input_tokens,
        outputTokens: event.total.output_tokens,
      };
    case 'tool_call_update':
      return { ...next, calls: updateCalls(state.calls, event.tool_call) };
    default:
      return next;
  }
}

function updateCalls(calls: RunningCall[], data: ToolCallData): RunningCall[] {
  const others = calls.filter((call) => call.id !== data.tool_call_id);
  if (data.status !== 'PENDING' && data.status !== 'EXECUTING') return others;
  const call: RunningCall = {
    id: data.tool_call_id,
    name: data.tool_name,
    executing: data.status === 'EXECUTING',
    ...(data.description ? { description: data.description } : {}),
  };
  const index = calls.findIndex((existing) => existing.id === data.tool_call_id);
  if (index === -1) return [...calls, call];
  return calls.map((existing, i) => (i === index ? call : existing));
}

const SEPARATOR = ' · ';
/** Below this many columns for the activity, the line is cut at its end instead. */
const MIN_ACTIVITY_WIDTH = 12;

/**
 * The status line as plain text (no escape codes), at most `columns - 1` wide: writing into a
 * terminal's last column makes some terminals wrap, which would break the in-place redraw.
 */
export function renderStatusLine(
  state: StatusState,
  options: { columns: number; now: number },
): string {
  const width = Math.max(0, Math.floor(options.columns) - 1);
  const { main, suffix } = describeActivity(state);
  const before = state.turn > 0 ? [`turn ${state.turn}`] : [];
  const after = [formatElapsed(options.now - state.startedAt)];
  if (state.inputTokens > 0 || state.outputTokens > 0) {
    after.push(`${formatCount(state.inputTokens)} in / ${formatCount(state.outputTokens)} out`);
  }
  const fixed = [...before, ...after].join(SEPARATOR) + SEPARATOR;
  const room = width - displayWidth(fixed) - displayWidth(suffix);
  // The activity gives way first, so the turn, the clock and the tokens stay readable.
  if (room >= MIN_ACTIVITY_WIDTH) {
    return [...before, truncateToWidth(main, room) + suffix, ...after].join(SEPARATOR);
  }
  return truncateToWidth([...before, main + suffix, ...after].join(SEPARATOR), width);
}

function describeActivity(state: StatusState): { main: string; suffix: string } {
  const shown = state.calls.find((call) => call.executing) ?? state.calls[0];
  if (shown) {
    const description = shown.description ? `: ${printableOneLine(shown.description)}` : '';
    const more = state.calls.length - 1;
    return {
      main: printableOneLine(shown.name) + description,
      suffix: more > 0 ? ` (+${more} more)` : '',
    };
  }
  switch (state.activity) {
    case 'starting':
      return { main: 'starting', suffix: '' };
    case 'waiting':
      return { main: 'waiting for the model', suffix: '' };
    case 'thinking':
      return {
        main: state.thought ? `thinking: ${printableOneLine(state.thought)}` : 'thinking',
        suffix: '',
      };
    case 'writing':
      return { main: 'writing', suffix: '' };
  }
}

export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${pad(seconds % 60)}s`;
  return `${Math.floor(minutes / 60)}h ${pad(minutes % 60)}m`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function formatCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${trimZero((count / 1000).toFixed(count < 10_000 ? 1 : 0))}k`;
  return `${trimZero((count / 1_000_000).toFixed(1))}M`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/** A repeating timer as `setInterval` returns it; `unref` lets the process exit while it runs. */
export interface IntervalHandle {
  unref?(): unknown;
}

export interface TerminalProgressOptions {
  /**
   * Where the status line is drawn (the stream that carries progress: stderr for `-p`). Given a
   * neutral sink (logger.ts), the status line writes its own escape codes to the stream below.
   */
  stream: TextSink;
  /** Whether `stream` is a terminal; read from `stream.isTTY` when not given. */
  isTTY?: boolean;
  /** The terminal's width, read on every redraw so a resize is followed; else `stream.columns`. */
  columns?: number | (() => number | undefined);
  /** `TERM=dumb` turns the status line off; a non-empty `NO_COLOR` keeps it uncoloured. */
  env?: Record<string, string | undefined>;
  now?: () => number;
  setInterval?: (callback: () => void, ms: number) => IntervalHandle;
  clearInterval?: (handle: IntervalHandle) => void;
  /** The shortest time between two redraws of the status line itself. */
  minRedrawMs?: number;
}

export interface TerminalProgress {
  /** Feed it every event of the session; the final state change clears the line and stops. */
  readonly listener: AgentEventListener;
  /** True when a status line is drawn (a terminal that can redraw in place). */
  readonly live: boolean;
  /**
   * A sink for final lines: when `sink` shows on the same terminal (it is `stream`, or a
   * terminal itself), each write first clears the status line, which is drawn again below it.
   * Any other sink (a redirected stdout) is returned as it is. The text of a neutral sink stays
   * neutral: only the status line's own bytes are written around it.
   */
  above(sink: TextSink): TextSink;
  /** Clears the status line and stops the clock; safe to call more than once. */
  stop(): void;
}

const CLEAR_LINE = '\r\u001b[K';
const DEFAULT_COLUMNS = 80;

/**
 * The live status line for a run in a terminal. Off a terminal (or with `TERM=dumb`) it is
 * inert: the listener ignores events and `above` hands sinks back untouched.
 */
export function createTerminalProgress(options: TerminalProgressOptions): TerminalProgress {
  // The status line's escape codes are the program's own formatting: they go to the stream below
  // a neutral wrapper, and the text written above the line is made neutral here instead.
  const stream = rawSink(options.stream);
  const env = options.env ?? {};
  const live = (options.isTTY ?? isTerminal(stream)) && env.TERM !== 'dumb';
  const colour = !env.NO_COLOR;
  const now = options.now ?? Date.now;
  const startTimer = options.setInterval ?? ((callback, ms) => setInterval(callback, ms));
  // Only ever given the handles the default above created.
  const stopTimer =
    options.clearInterval ??
    ((handle) => {
      clearInterval(handle as NodeJS.Timeout);
    });
  const minRedrawMs = options.minRedrawMs ?? 100;

  let state = initialStatusState(now());
  let timer: IntervalHandle | undefined;
  let stopped = !live;
  /** The text of the status line on screen, if one is. */
  let shown: string | undefined;
  let lastDrawAt = Number.NEGATIVE_INFINITY;
  /** Whether the cursor is at the start of a line; a status line drawn mid-line would split it. */
  let atLineStart = true;

  const columns = (): number => {
    const value =
      typeof options.columns === 'function'
        ? options.columns()
        : (options.columns ?? terminalColumns(stream));
    return value !== undefined && value > 0 ? value : DEFAULT_COLUMNS;
  };

  /** The status line's bytes, or undefined when it need not be drawn now. */
  const frame = (force: boolean): string | undefined => {
    if (stopped || !atLineStart) return undefined;
    const time = now();
    if (!force && time - lastDrawAt < minRedrawMs) return undefined;
    const line = renderStatusLine(state, { columns: columns(), now: time });
    if (line === shown) return undefined;
    shown = line;
    lastDrawAt = time;
    return `\r${colour ? `\u001b[2m${line}\u001b[22m` : line}\u001b[K`;
  };

  const draw = (force: boolean) => {
    const bytes = frame(force);
    if (bytes !== undefined) stream.write(bytes);
  };

  const clear = (): string => {
    if (shown === undefined) return '';
    shown = undefined;
    return CLEAR_LINE;
  };

  const stop = () => {
    if (timer !== undefined) stopTimer(timer);
    timer = undefined;
    if (stopped) return;
    const bytes = clear();
    if (bytes) stream.write(bytes);
    stopped = true;
  };

  const listener: AgentEventListener = (event) => {
    if (stopped) return;
    state = applyStatusEvent(state, event);
    if (state.ended) {
      stop();
      return;
    }
    if (timer === undefined) {
      // The clock must move while a long tool runs and no event comes; the same tick draws a
      // change that the redraw limit held back.
      timer = startTimer(() => {
        draw(false);
      }, minRedrawMs);
      timer.unref?.();
    }
    draw(false);
  };

  const above = (given: TextSink): TextSink => {
    const sink = rawSink(given);
    if (!live || (sink !== stream && !isTerminal(sink))) return given;
    const clean = sink === given ? (text: string) => text : neutralText;
    return {
      write(raw: string) {
        const text = clean(raw);
        if (stopped) return sink.write(text);
        const wasShown = shown !== undefined;
        const cleared = clear();
        if (text !== '') atLineStart = text.endsWith('\n');
        // The line that was on screen comes back at once below the new text; one write to one
        // stream, so the terminal never shows a frame without it.
        const restored = frame(wasShown) ?? '';
        if (sink === stream) return stream.write(cleared + text + restored);
        if (cleared) stream.write(cleared);
        const result = sink.write(text);
        if (restored) stream.write(restored);
        return result;
      },
    };
  };

  return { listener, live, above, stop };
}

function isTerminal(sink: TextSink): boolean {
  return 'isTTY' in sink && sink.isTTY === true;
}

function terminalColumns(sink: TextSink): number | undefined {
  return 'columns' in sink && typeof sink.columns === 'number' ? sink.columns : undefined;
}
