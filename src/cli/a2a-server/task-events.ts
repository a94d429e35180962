/**
 * A task's agent events as the extension's `TaskStatusUpdateEvent`s: one per tool call change a
 * client can see (the scheduler's finer phases that look the same on the wire are sent once),
 * one per text chunk and thought, and a `STATE_CHANGE` per task state. Every string is redacted
 * before it leaves.
 *
 * A client that did not activate the extension (the Gemini CLI calling us as a remote subagent)
 * gets the text and the state changes only: its model would otherwise read every DataPart.
 */
import { TaskState } from '@a2a-js/sdk';
import type { Part, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import type { AgentEvent, ToolCallData } from '../../agent/events.js';
import type { Redact } from '../../platform/redaction.js';
import type { TaskIds } from './a2a-objects.js';
import { dataPart, statusUpdate, textPart } from './a2a-objects.js';
import type { DevelopmentToolEventKind } from './development-tool.js';
import { eventMetadata, toWireToolCall, wireThought } from './development-tool.js';

export interface TaskEventsOptions {
  ids: TaskIds;
  /** The client activated the development-tool extension: send DataParts. */
  extension: boolean;
  redact: Redact;
  /** The model until the session names its own. */
  model: string;
}

export class TaskEvents {
  private model: string;
  /**
   * The last ToolCall sent per call id, as JSON without its confirmation request, so an unchanged
   * one is not sent twice (the scheduler's validating, awaiting-approval and scheduled phases all
   * look PENDING on the wire; after a confirmation the call goes on with EXECUTING).
   */
  private readonly sent = new Map<string, string>();
  /** The latest state of every call, for the confirmation request. */
  private readonly calls = new Map<string, ToolCallData>();

  constructor(private readonly options: TaskEventsOptions) {
    this.model = options.model;
  }

  get extension(): boolean {
    return this.options.extension;
  }

  /** The updates one agent event makes; none when the client sees nothing of it. */
  fromAgentEvent(event: AgentEvent): TaskStatusUpdateEvent[] {
    switch (event.kind) {
      case 'state_change':
        this.model = event.model;
        // `submitted` is the task itself; the final state is sent by the task once the session
        // let go of everything.
        return event.state === 'working' ? [this.stateChange(TaskState.TASK_STATE_WORKING)] : [];
      case 'tool_call_update':
        return this.toolCallUpdate(event.tool_call);
      case 'thought':
        if (!this.options.extension) return [];
        return [this.working('THOUGHT', [dataPart(this.redactDeep(wireThought(event.thought)))])];
      case 'text_content':
        return event.text === ''
          ? []
          : [this.working('TEXT_CONTENT', [textPart(this.options.redact(event.text))])];
      default:
        return [];
    }
  }

  /**
   * The pending call, with its `confirmation_request`: the client is asked. This is the call's
   * first update, as the spec's lifecycle has it ("If user permission is required, the
   * `confirmation_request` field will be populated").
   */
  confirmationRequest(callId: string): TaskStatusUpdateEvent | undefined {
    const call = this.calls.get(callId);
    return call === undefined ? undefined : this.toolCall(call, true);
  }

  /**
   * A `STATE_CHANGE`; `text` is its message's first part, `more` the parts after it (a cancelled
   * task's cancellation and the files it left changed).
   */
  stateChange(
    state: TaskState,
    options: { text?: string; error?: string; more?: readonly string[] } = {},
  ): TaskStatusUpdateEvent {
    const texts = [...(options.text === undefined ? [] : [options.text]), ...(options.more ?? [])];
    const error = options.error === undefined ? undefined : this.options.redact(options.error);
    return statusUpdate(this.options.ids, state, {
      ...(texts.length === 0
        ? {}
        : { parts: texts.map((text) => textPart(this.options.redact(text))) }),
      metadata: eventMetadata({
        kind: 'STATE_CHANGE',
        model: this.model,
        ...(error === undefined ? {} : { error }),
      }),
    });
  }

  /**
   * A call is first shown once it is known whether the client is asked about it: while it is
   * validated and judged by the policy it is held back, so the one PENDING update a client sees
   * carries the confirmation request when there is one.
   */
  private toolCallUpdate(call: ToolCallData): TaskStatusUpdateEvent[] {
    const id = call.tool_call_id;
    const held = this.calls.get(id);
    this.calls.set(id, call);
    if (call.phase === 'validating' || call.phase === 'awaiting_approval') return [];
    const updates: TaskStatusUpdateEvent[] = [];
    if (!this.sent.has(id) && held !== undefined && call.status !== 'PENDING') {
      const created = this.toolCall(held, false);
      if (created !== undefined) updates.push(created);
    }
    const update = this.toolCall(call, false);
    if (update !== undefined) updates.push(update);
    return updates;
  }

  private toolCall(call: ToolCallData, askingClient: boolean): TaskStatusUpdateEvent | undefined {
    if (!this.options.extension) return undefined;
    const plain = JSON.stringify(this.redactDeep(toWireToolCall(call, { askingClient: false })));
    if (!askingClient && this.sent.get(call.tool_call_id) === plain) return undefined;
    this.sent.set(call.tool_call_id, plain);
    const wire = this.redactDeep(toWireToolCall(call, { askingClient }));
    return this.working(askingClient ? 'TOOL_CALL_CONFIRMATION' : 'TOOL_CALL_UPDATE', [
      dataPart(wire),
    ]);
  }

  private working(kind: DevelopmentToolEventKind, parts: Part[]): TaskStatusUpdateEvent {
    return statusUpdate(this.options.ids, TaskState.TASK_STATE_WORKING, {
      parts,
      metadata: eventMetadata({ kind, model: this.model }),
    });
  }

  private redactDeep<T>(value: T): T {
    return redactStrings(value, this.options.redact) as T;
  }
}

function redactStrings(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, redact));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactStrings(item, redact)]),
    );
  }
  return value;
}
