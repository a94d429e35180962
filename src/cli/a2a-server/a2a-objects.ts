/**
 * Small constructors for the `@a2a-js/sdk` 1.x objects the server publishes. They are ts-proto
 * objects: every field present, oneofs as `{ $case, value }`, states as numeric enums.
 */
import { randomUUID } from 'node:crypto';
import { Role, TaskState } from '@a2a-js/sdk';
import type { Message, Part, Task, TaskStatusUpdateEvent } from '@a2a-js/sdk';

export interface TaskIds {
  taskId: string;
  contextId: string;
}

export function textPart(text: string): Part {
  return {
    content: { $case: 'text', value: text },
    metadata: undefined,
    filename: '',
    mediaType: '',
  };
}

export function dataPart(data: object): Part {
  return {
    content: { $case: 'data', value: data },
    metadata: undefined,
    filename: '',
    mediaType: '',
  };
}

export function agentMessage(ids: TaskIds, parts: Part[]): Message {
  return {
    messageId: randomUUID(),
    contextId: ids.contextId,
    taskId: ids.taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

export function statusUpdate(
  ids: TaskIds,
  state: TaskState,
  options: { parts?: Part[]; metadata?: Record<string, unknown> } = {},
): TaskStatusUpdateEvent {
  return {
    taskId: ids.taskId,
    contextId: ids.contextId,
    status: {
      state,
      message: options.parts === undefined ? undefined : agentMessage(ids, options.parts),
      timestamp: new Date().toISOString(),
    },
    metadata: options.metadata,
  };
}

/** A new task as it is first published: submitted, with the message that started it. */
export function submittedTask(ids: TaskIds, message: Message): Task {
  return {
    id: ids.taskId,
    contextId: ids.contextId,
    status: {
      state: TaskState.TASK_STATE_SUBMITTED,
      message: undefined,
      timestamp: new Date().toISOString(),
    },
    artifacts: [],
    history: [message],
    metadata: undefined,
  };
}

/** The text of a message's text parts, in order. */
export function messageText(message: Message): string {
  return message.parts
    .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/** The data of a message's DataParts, in order. */
export function messageData(message: Message): unknown[] {
  return message.parts.flatMap((part) =>
    part.content?.$case === 'data' ? [part.content.value as unknown] : [],
  );
}
