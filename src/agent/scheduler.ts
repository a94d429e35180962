/**
 * Runs one turn's tool calls. Each call moves validating → awaiting_approval → scheduled →
 * executing → successful | errored | cancelled, and every step is reported as a whole
 * `ToolCallData` (spec/002). Consecutive read-only calls run in parallel; any other call runs
 * alone, in order, so a read after an edit sees the edit. A failing tool never throws out of
 * here: its failure becomes a `functionResponse` the model reads.
 */
import type { Content, Part } from '@google/genai';
import { errorCode, errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { ToolRegistry } from '../tools/registry.js';
import type {
  BuildError,
  ConfirmationDetails,
  Tool,
  ToolDisplay,
  ToolErrorType,
  ToolInvocation,
  ToolResult,
} from '../tools/tool-types.js';
import { isBuildError, isReadOnlyTool, isTodoList } from '../tools/tool-types.js';
import type { Confirmer } from './confirmer.js';
import type {
  ConfirmationOutcome,
  ConfirmationRequestData,
  ToolCallData,
  ToolCallPhase,
} from './events.js';
import { statusOfPhase } from './events.js';
import { convertToFunctionResponse, errorResponsePart, withError } from './function-response.js';

export interface ToolCallRequest {
  callId: string;
  name: string;
  args: Record<string, unknown>;
  /**
   * Why the model's arguments were taken away before the call got here (they passed a limit of
   * response-limits.ts): the call fails as invalid parameters without reaching its tool.
   */
  refusedArguments?: string;
}

export interface CompletedToolCall {
  request: ToolCallRequest;
  status: 'successful' | 'errored' | 'cancelled';
  /** For failures too: `error` is set then. */
  result: ToolResult;
  /** This call's functionResponse part(s), in the order the model must receive them. */
  responseParts: Part[];
  durationMs: number;
  tool?: Tool;
  /** The session must stop (the disk is full); every other failure goes back to the model. */
  fatal?: boolean;
}

export interface ToolSchedulerOptions {
  registry: ToolRegistry;
  confirmer: Confirmer;
  logger: Logger;
  /** Receives the whole call object on every change (spec/002). */
  onUpdate: (call: ToolCallData) => void;
  /** Live output is reported at most once per this many milliseconds. Default 1000. */
  liveOutputIntervalMs?: number;
  now?: () => number;
  /**
   * Runs `callback` after `delayMs` to report live output that was held back by the interval;
   * returns a function that cancels it. Default: `setTimeout`.
   */
  setTimer?: (callback: () => void, delayMs: number) => () => void;
}

/** The denial text the model reads; the policy's reason follows it. */
export const POLICY_DENIAL_PREFIX = 'Tool execution denied by policy.';

const CONFIRMATION_OPTIONS = [
  { id: 'proceed_once', name: 'Allow Once' },
  { id: 'cancel', name: 'Reject' },
];

interface CallState {
  request: ToolCallRequest;
  data: ToolCallData;
  startedAt: number;
  tool?: Tool;
  completed?: CompletedToolCall;
}

interface ReadyCall extends CallState {
  tool: Tool;
  /** Replaced when a person changes the content of an edit before approving it. */
  invocation: ToolInvocation;
}

export class ToolScheduler {
  private readonly now: () => number;
  private readonly liveInterval: number;
  private readonly setTimer: (callback: () => void, delayMs: number) => () => void;

  constructor(private readonly options: ToolSchedulerOptions) {
    this.now = options.now ?? Date.now;
    this.liveInterval = options.liveOutputIntervalMs ?? 1000;
    this.setTimer = options.setTimer ?? defaultTimer;
  }

  /** Runs the calls and returns them completed, in request order. */
  async run(requests: ToolCallRequest[], signal: AbortSignal): Promise<CompletedToolCall[]> {
    const calls = requests.map((request) => this.validate(request));
    const ready = calls.filter((call): call is ReadyCall => isReady(call));

    for (const group of executionGroups(ready)) {
      const approved: ReadyCall[] = [];
      for (const call of group) {
        if (signal.aborted) break;
        if (await this.approve(call, signal)) approved.push(call);
      }
      if (signal.aborted) break;
      await Promise.all(approved.map((call) => this.execute(call, signal)));
    }
    // Whatever has not finished by now was stopped by the signal before it could start.
    return calls.map((call) => call.completed ?? this.cancel(call, cancellationReason(signal)));
  }

  private validate(request: ToolCallRequest): CallState | ReadyCall {
    const call: CallState = {
      request,
      startedAt: this.now(),
      data: {
        tool_call_id: request.callId,
        status: 'PENDING',
        phase: 'validating',
        tool_name: request.name,
        input_parameters: request.args,
      },
    };
    const tool = this.options.registry.get(request.name);
    if (!tool) {
      this.emit(call);
      this.fail(call, {
        message: this.options.registry.notFoundMessage(request.name),
        type: 'tool_not_registered',
      });
      return call;
    }
    call.tool = tool;
    Object.assign(call.data, {
      tool_name: tool.name,
      kind: tool.kind,
      ...(tool.serverName === undefined ? {} : { server_name: tool.serverName }),
    });
    let built: ReturnType<Tool['build']>;
    if (request.refusedArguments !== undefined) {
      built = {
        error: `Invalid parameters for ${tool.name}: ${request.refusedArguments} Call the tool again with arguments within the limit.`,
        type: 'invalid_tool_params',
      };
    } else {
      try {
        built = tool.build(request.args);
      } catch (error) {
        built = { error: errorMessage(error), type: 'invalid_tool_params' };
      }
    }
    if (isBuildError(built)) {
      this.emit(call);
      this.fail(call, { message: built.error, type: built.type });
      return call;
    }
    const description = attempt(() => built.describe());
    if (description !== undefined) call.data.description = description;
    this.emit(call);
    return { ...call, tool, invocation: built };
  }

  /**
   * Asks the confirmer; true when the call may run. An approval that comes with changed file
   * content rebuilds the call with it and asks again, so what runs is what was judged last.
   */
  private async approve(call: ReadyCall, signal: AbortSignal): Promise<boolean> {
    for (let round = 1; ; round++) {
      const details = await this.confirmationDetails(call, signal);
      if (details === undefined) return false;
      const outcome = await this.confirm(call, details, signal);
      if (signal.aborted) return false;
      if (outcome.decision === 'cancel') {
        this.cancel(call, outcome.reason ?? 'The call was rejected.');
        return false;
      }
      if (outcome.decision === 'deny') {
        const { reason } = outcome;
        const message = reason ? `${POLICY_DENIAL_PREFIX} ${reason}` : POLICY_DENIAL_PREFIX;
        this.fail(call, { message, type: 'policy_violation' });
        return false;
      }
      if (outcome.modified_content === undefined) break;
      // Changed content is taken once: a confirmer that keeps changing it has not approved.
      const rebuilt =
        round === 1 ? this.withModifiedContent(call, details, outcome.modified_content) : undefined;
      if (rebuilt === undefined) {
        this.fail(call, {
          message: `${POLICY_DENIAL_PREFIX} The changed content of this call could not be applied.`,
          type: 'policy_violation',
        });
        return false;
      }
      if ('error' in rebuilt) {
        this.fail(call, { message: rebuilt.error, type: rebuilt.type });
        return false;
      }
      call.invocation = rebuilt;
      call.data.input_parameters = rebuilt.params as Record<string, unknown>;
      const description = attempt(() => rebuilt.describe());
      if (description !== undefined) call.data.description = description;
    }
    this.setPhase(call, 'scheduled');
    return true;
  }

  /** What a human would be asked, now shown on the call; undefined when the call already ended. */
  private async confirmationDetails(
    call: ReadyCall,
    signal: AbortSignal,
  ): Promise<ConfirmationDetails | undefined> {
    let details: ConfirmationDetails;
    try {
      details = await call.invocation.confirmationDetails(signal);
    } catch (error) {
      if (!signal.aborted) {
        this.fail(call, { message: errorMessage(error), type: 'execution_failed' });
      }
      return undefined;
    }
    this.setPhase(call, 'awaiting_approval', {
      confirmation_request: toConfirmationRequest(details),
    });
    return details;
  }

  private async confirm(
    call: ReadyCall,
    details: ConfirmationDetails,
    signal: AbortSignal,
  ): Promise<ConfirmationOutcome> {
    try {
      const outcome = await this.options.confirmer.confirm(
        {
          callId: call.request.callId,
          toolName: call.tool.name,
          kind: call.tool.kind,
          ...(call.tool.serverName === undefined ? {} : { serverName: call.tool.serverName }),
          // The validated parameters, under their canonical names: what the policy judges is
          // exactly what `execute` will use (an alias such as `dir_path` is already mapped).
          args: call.invocation.params as Record<string, unknown>,
          locations: attempt(() => call.invocation.locations()) ?? [],
          details,
        },
        signal,
      );
      call.data.confirmation_outcome = outcome;
      return outcome;
    } catch (error) {
      // Fail closed: a confirmer that cannot answer has not allowed anything.
      return { decision: 'deny', reason: `The confirmation failed: ${errorMessage(error)}` };
    }
  }

  /** The call rebuilt with the content a person wrote in place of the proposed edit. */
  private withModifiedContent(
    call: ReadyCall,
    details: ConfirmationDetails,
    newContent: string,
  ): ToolInvocation | BuildError | undefined {
    const { tool } = call;
    if (details.type !== 'edit' || tool.withModifiedContent === undefined) return undefined;
    try {
      const args = tool.withModifiedContent(call.invocation.params, {
        originalContent: details.originalContent,
        newContent,
      });
      return tool.build(args);
    } catch (error) {
      return { error: errorMessage(error), type: 'invalid_tool_params' };
    }
  }

  private async execute(call: ReadyCall, signal: AbortSignal): Promise<void> {
    this.setPhase(call, 'executing');
    const live = new LiveOutput({
      interval: this.liveInterval,
      now: this.now,
      setTimer: this.setTimer,
      report: (text) => {
        call.data.live_content = text;
        this.emit(call);
      },
    });
    let result: ToolResult;
    try {
      result = await call.invocation.execute(
        signal,
        (output) => {
          live.update(output);
        },
        { callId: call.request.callId },
      );
    } catch (error) {
      live.finish();
      if (signal.aborted) {
        this.cancel(call, cancellationReason(signal));
        return;
      }
      const diskFull = errorCode(error) === 'ENOSPC';
      this.fail(call, {
        message: errorMessage(error),
        type: diskFull ? 'no_space_left' : 'execution_failed',
      });
      return;
    }
    live.finish();
    if (signal.aborted) {
      this.cancel(call, cancellationReason(signal), result);
    } else if (result.error) {
      this.fail(call, result.error, result);
    } else {
      delete call.data.live_content;
      call.data.output = displayOutput(result.returnDisplay);
      this.complete(call, 'successful', result, [
        ...convertToFunctionResponse(call.request.callId, call.request.name, result.llmContent),
      ]);
    }
  }

  private fail(
    call: CallState,
    error: { message: string; type: ToolErrorType },
    result?: ToolResult,
  ): CompletedToolCall {
    delete call.data.live_content;
    call.data.error = { message: error.message, type: error.type };
    const completed = this.complete(
      call,
      'errored',
      result ?? { llmContent: error.message, returnDisplay: error.message, error },
      [errorResponsePart(call.request.callId, call.request.name, error.message)],
    );
    if (error.type === 'no_space_left') completed.fatal = true;
    return completed;
  }

  /**
   * A call stopped by the signal (or rejected by a person before it ran); output a tool produced
   * before it stopped is still sent.
   */
  private cancel(call: CallState, reason: string, partial?: ToolResult): CompletedToolCall {
    const message = `[Operation Cancelled] Reason: ${reason}`;
    const error = { message, type: 'cancelled' as const };
    delete call.data.live_content;
    call.data.error = error;
    if (!partial || partial.error) {
      return this.complete(
        call,
        'cancelled',
        { llmContent: message, returnDisplay: partial?.returnDisplay ?? message, error },
        [errorResponsePart(call.request.callId, call.request.name, message)],
      );
    }
    const { callId, name } = call.request;
    const marked = withError(
      convertToFunctionResponse(callId, name, partial.llmContent),
      callId,
      name,
      message,
    );
    return this.complete(call, 'cancelled', { ...partial, error }, marked);
  }

  private complete(
    call: CallState,
    status: CompletedToolCall['status'],
    result: ToolResult,
    responseParts: Part[],
  ): CompletedToolCall {
    const durationMs = Math.max(0, this.now() - call.startedAt);
    call.data.duration_ms = durationMs;
    const completed: CompletedToolCall = {
      request: call.request,
      status,
      result,
      responseParts,
      durationMs,
      ...(call.tool ? { tool: call.tool } : {}),
    };
    call.completed = completed;
    this.setPhase(call, status);
    return completed;
  }

  private setPhase(call: CallState, phase: ToolCallPhase, changes: Partial<ToolCallData> = {}) {
    Object.assign(call.data, changes, { phase, status: statusOfPhase(phase) });
    this.emit(call);
  }

  private emit(call: CallState): void {
    const { data } = call;
    this.options.logger.debug(`tool call ${data.tool_call_id} (${data.tool_name}): ${data.phase}`);
    try {
      // A copy, so a listener that keeps it sees this update and not later ones.
      this.options.onUpdate({ ...data });
    } catch (error) {
      this.options.logger.warning(`A tool call listener failed: ${errorMessage(error)}`);
    }
  }
}

/** The user turn that answers the model's function calls, parts in request order. */
export function toFunctionResponseContent(completed: CompletedToolCall[]): Content {
  return { role: 'user', parts: completed.flatMap((call) => call.responseParts) };
}

function isReady(call: CallState | ReadyCall): call is ReadyCall {
  return 'invocation' in call && call.completed === undefined;
}

/**
 * Consecutive read-only calls share a group (run together); every other call is alone. A subagent
 * whose tools are all read-only is a read-only call: several of them in one turn run in parallel.
 */
function executionGroups(calls: ReadyCall[]): ReadyCall[][] {
  const groups: ReadyCall[][] = [];
  let reads: ReadyCall[] | undefined;
  for (const call of calls) {
    if (isReadOnlyTool(call.tool)) {
      if (!reads) {
        reads = [];
        groups.push(reads);
      }
      reads.push(call);
    } else {
      reads = undefined;
      groups.push([call]);
    }
  }
  return groups;
}

function toConfirmationRequest(details: ConfirmationDetails): ConfirmationRequestData {
  const options = CONFIRMATION_OPTIONS.map((option) => ({ ...option }));
  switch (details.type) {
    case 'edit':
      return {
        options,
        details: {
          file_edit_details: {
            file_name: details.fileName,
            file_path: details.filePath,
            ...(details.originalContent === null ? {} : { old_content: details.originalContent }),
            new_content: details.newContent,
            formatted_diff: details.fileDiff,
          },
        },
      };
    case 'exec':
      return {
        options,
        details: {
          execute_details: {
            command: details.command,
            ...(details.workingDirectory === undefined
              ? {}
              : { working_directory: details.workingDirectory }),
          },
        },
      };
    case 'mcp':
      return {
        options,
        details: { mcp_details: { server_name: details.serverName, tool_name: details.toolName } },
      };
    case 'info':
      return { options, details: { generic_details: { description: details.prompt } } };
  }
}

function displayOutput(display: ToolDisplay): ToolCallData['output'] {
  if (typeof display === 'string') return { text: display };
  return isTodoList(display) ? { structured_data: { todos: display.todos } } : { diff: display };
}

function cancellationReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (typeof reason === 'string' && reason !== '') return reason;
  // `abort()` without a reason gives a generic AbortError, which says nothing useful.
  if (reason instanceof Error && reason.name !== 'AbortError' && reason.message !== '') {
    return reason.message;
  }
  return 'Operation cancelled';
}

function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

function defaultTimer(callback: () => void, delayMs: number): () => void {
  const handle = setTimeout(callback, delayMs);
  handle.unref();
  return () => {
    clearTimeout(handle);
  };
}

/**
 * Holds back live output that arrives within `interval` of the last report, and reports the
 * latest text once the interval is over (or when the tool finishes), so a chatty command costs
 * at most one update a second while its last line is never lost.
 */
class LiveOutput {
  private lastReport = Number.NEGATIVE_INFINITY;
  private pending: string | undefined;
  private cancelTimer: (() => void) | undefined;
  private finished = false;

  constructor(
    private readonly options: {
      interval: number;
      now: () => number;
      setTimer: (callback: () => void, delayMs: number) => () => void;
      report: (text: string) => void;
    },
  ) {}

  update(text: string): void {
    if (this.finished) return;
    const elapsed = this.options.now() - this.lastReport;
    if (elapsed >= this.options.interval) {
      this.flush(text);
      return;
    }
    this.pending = text;
    this.cancelTimer ??= this.options.setTimer(() => {
      this.cancelTimer = undefined;
      if (!this.finished && this.pending !== undefined) this.flush(this.pending);
    }, this.options.interval - elapsed);
  }

  /** Reports what is still held back; later output is ignored. */
  finish(): void {
    if (this.pending !== undefined) this.flush(this.pending);
    this.finished = true;
  }

  private flush(text: string): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.pending = undefined;
    this.lastReport = this.options.now();
    this.options.report(text);
  }
}
