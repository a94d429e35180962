/**
 * The A2A `development-tool` extension (spec/002) as it goes over the wire: its URI, the
 * `DevelopmentToolEvent` metadata, the `ToolCall` and `AgentThought` DataParts with the spec's
 * field names, and what a client sends back (`AgentSettings`, `ToolCallConfirmation`).
 */
import type { AgentThought, ToolCallData, ToolCallStatus } from '../../agent/events.js';
import type { FileDiff } from '../../tools/tool-types.js';
import { isRecord } from '../../platform/records.js';

/**
 * The extension's URI, from the spec's sample agent card (§3.1). Its version is the `v0` in the
 * path: "The agent card `uri` field contains an embedded semantic version".
 */
export const DEVELOPMENT_TOOL_URI =
  'https://github.com/google-gemini/gemini-cli/blob/main/docs/a2a/developer-profile/v0/spec.md';

export const DEVELOPMENT_TOOL_DESCRIPTION =
  'An extension for interactive development tasks, enabling features like code generation, tool usage, and real-time status updates.';

/** `DevelopmentToolEvent.DevelopmentToolEventKind`, as the spec's appendix writes the values. */
export type DevelopmentToolEventKind =
  'TOOL_CALL_CONFIRMATION' | 'TOOL_CALL_UPDATE' | 'TEXT_CONTENT' | 'STATE_CHANGE' | 'THOUGHT';

/** `DevelopmentToolEvent`: the metadata of every status update, keyed by the URI. */
export interface DevelopmentToolEvent {
  kind: DevelopmentToolEventKind;
  /** The model used for this event. */
  model: string;
  /** An unexpected error occurred in the agent execution. */
  error?: string;
}

export function eventMetadata(event: DevelopmentToolEvent): Record<string, DevelopmentToolEvent> {
  return { [DEVELOPMENT_TOOL_URI]: event };
}

/** `FileDiff`. */
export interface WireFileDiff {
  file_name: string;
  file_path: string;
  old_content?: string;
  new_content: string;
  formatted_diff?: string;
}

export interface ConfirmationOption {
  id: ConfirmationOptionId;
  name: string;
  description?: string;
}

/** `ConfirmationRequest`; its `details` oneof sits on the object, as proto JSON writes oneofs. */
export type WireConfirmationRequest = { options: ConfirmationOption[] } & (
  | { execute_details: { command: string; working_directory?: string } }
  | { file_edit_details: WireFileDiff }
  | { mcp_details: { server_name: string; tool_name: string } }
  | { generic_details: { description: string } }
);

/** `ToolCall`: the whole object on every update. */
export interface WireToolCall {
  tool_call_id: string;
  status: ToolCallStatus;
  tool_name: string;
  description?: string;
  input_parameters: Record<string, unknown>;
  live_content?: string;
  output?: { text: string } | { diff: WireFileDiff } | { structured_data: Record<string, unknown> };
  error?: { message: string; type?: string };
  confirmation_request?: WireConfirmationRequest;
}

/**
 * The choices a client is offered. `proceed_always` allows, for the rest of this task, the calls
 * the policy would ask about again in the same way (see `alwaysKey`); it never reaches a call
 * the policy denies.
 */
export const CONFIRMATION_OPTIONS = [
  { id: 'proceed_once', name: 'Allow once' },
  {
    id: 'proceed_always',
    name: 'Allow for this task',
    description:
      'Allow this and similar calls (the same tool; for shell commands, the same commands) until the task ends.',
  },
  {
    id: 'cancel',
    name: 'Reject',
    description: 'Skip this call; the agent is told it was rejected.',
  },
] as const;
export type ConfirmationOptionId = (typeof CONFIRMATION_OPTIONS)[number]['id'];

/**
 * The `ToolCall` a client sees: the spec's fields only. `confirmation_request` is there only
 * while the client is asked (the scheduler fills it for every call, the policy answers most).
 */
export function toWireToolCall(
  call: ToolCallData,
  options: { askingClient: boolean },
): WireToolCall {
  const wire: WireToolCall = {
    tool_call_id: call.tool_call_id,
    status: call.status,
    tool_name: call.tool_name,
    ...(call.description === undefined ? {} : { description: call.description }),
    input_parameters: call.input_parameters,
    ...(call.live_content === undefined ? {} : { live_content: call.live_content }),
  };
  if (call.status === 'SUCCEEDED' && call.output !== undefined) {
    wire.output = wireOutput(call.output);
  }
  if ((call.status === 'FAILED' || call.status === 'CANCELLED') && call.error !== undefined) {
    wire.error = {
      message: call.error.message,
      ...(call.error.type ? { type: call.error.type } : {}),
    };
  }
  // "Populated while status is PENDING" (spec/002), and only while the client is the one asked.
  if (
    options.askingClient &&
    call.status === 'PENDING' &&
    call.confirmation_request !== undefined
  ) {
    wire.confirmation_request = {
      options: CONFIRMATION_OPTIONS.map((option) => ({ ...option })),
      ...call.confirmation_request.details,
    };
  }
  return wire;
}

function wireOutput(output: NonNullable<ToolCallData['output']>): WireToolCall['output'] {
  if ('text' in output) return { text: output.text };
  if ('diff' in output) return { diff: wireFileDiff(output.diff) };
  return { structured_data: { ...output.structured_data } };
}

function wireFileDiff(diff: FileDiff): WireFileDiff {
  return {
    file_name: diff.fileName,
    file_path: diff.filePath,
    ...(diff.originalContent === null ? {} : { old_content: diff.originalContent }),
    new_content: diff.newContent,
    formatted_diff: diff.fileDiff,
  };
}

export function wireThought(thought: AgentThought): AgentThought {
  return { subject: thought.subject, description: thought.description };
}

// --- client → agent -------------------------------------------------------------------------

/** `ToolCallConfirmation`, read from a DataPart. */
export interface ToolCallConfirmation {
  toolCallId: string;
  optionId: ConfirmationOptionId;
  /** `modified_details.file_details.new_content`: the file as the person wants it written. */
  newContent?: string;
}

/**
 * Reads a `ToolCallConfirmation` from a DataPart's data: the spec's snake_case names, their
 * proto-JSON camelCase spelling, and the oneof written either flat (`file_details`) or inside
 * `modified_details`. Returns undefined for data that is not a confirmation at all, and a
 * message for one that is malformed.
 */
export function readToolCallConfirmation(
  data: unknown,
): ToolCallConfirmation | { problem: string } | undefined {
  if (!isRecord(data)) return undefined;
  const id = field(data, 'tool_call_id', 'toolCallId');
  const option = field(data, 'selected_option_id', 'selectedOptionId');
  if (id === undefined && option === undefined) return undefined;
  if (typeof id !== 'string' || id === '') {
    return { problem: 'a ToolCallConfirmation needs tool_call_id, the id of the call it answers' };
  }
  const known = CONFIRMATION_OPTIONS.map((choice) => choice.id);
  if (typeof option !== 'string' || !(known as string[]).includes(option)) {
    return {
      problem: `selected_option_id must be one of ${known.join(', ')}, got ${JSON.stringify(option ?? null)}`,
    };
  }
  const modified = field(data, 'modified_details', 'modifiedDetails');
  const fileDetails =
    field(data, 'file_details', 'fileDetails') ??
    (isRecord(modified) ? field(modified, 'file_details', 'fileDetails') : undefined);
  if (fileDetails === undefined)
    return { toolCallId: id, optionId: option as ConfirmationOptionId };
  const newContent = isRecord(fileDetails)
    ? field(fileDetails, 'new_content', 'newContent')
    : undefined;
  if (typeof newContent !== 'string') {
    return {
      problem: 'file_details must carry new_content, the whole file as it should be written',
    };
  }
  if (option === 'cancel') {
    return { problem: 'file_details comes with proceed_once or proceed_always, not cancel' };
  }
  return { toolCallId: id, optionId: option as ConfirmationOptionId, newContent };
}

/**
 * `AgentSettings.workspace_path` from a message's metadata, under the extension's URI (the
 * spec's rule for every custom object in metadata). Undefined when the message names none.
 */
export function readWorkspacePath(
  metadata: Record<string, unknown> | undefined,
): string | { problem: string } | undefined {
  const settings = metadata?.[DEVELOPMENT_TOOL_URI];
  if (settings === undefined) return undefined;
  if (!isRecord(settings)) {
    return { problem: `metadata["${DEVELOPMENT_TOOL_URI}"] must be an AgentSettings object` };
  }
  const workspace = field(settings, 'workspace_path', 'workspacePath');
  if (workspace === undefined) return undefined;
  if (typeof workspace !== 'string' || workspace.trim() === '') {
    return { problem: 'AgentSettings.workspace_path must be an absolute path' };
  }
  return workspace;
}

function field(record: Record<string, unknown>, snake: string, camel: string): unknown {
  return record[snake] ?? record[camel];
}
