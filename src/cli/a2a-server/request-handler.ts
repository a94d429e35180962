/**
 * The SDK's request handler, with the checks a message must pass before it reaches a task:
 * a new task's workspace (inside a root, not in a protected folder, not busy — and then claimed
 * for it at once), a paused task's confirmation, and no second message to a task that is still
 * working. Refusals here are JSON-RPC errors the client reads, not failed tasks.
 *
 * A message to a completed task continues its conversation, as the extension's appendix says
 * ("can be continued by sending another message with the same taskId"). A2A 1.0 keeps terminal
 * tasks immutable (the SDK refuses such a message), so the message becomes a new task in the
 * same context that refers to the old one; the client reads the new task's id from its first
 * event.
 */
import { TaskState } from '@a2a-js/sdk';
import type { SendMessageRequest, StreamResponse } from '@a2a-js/sdk';
import { RequestMalformedError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import type { AgentCard, Message, Task } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { DefaultExecutionEventBusManager, DefaultRequestHandler } from '@a2a-js/sdk/server';
import type { DevelopmentToolExecutor, WorkspaceReservation } from './task-executor.js';

export class DevelopmentToolRequestHandler extends DefaultRequestHandler {
  constructor(
    card: AgentCard,
    private readonly store: TaskStore,
    private readonly executor: DevelopmentToolExecutor,
  ) {
    super(card, store, executor, new DefaultExecutionEventBusManager());
  }

  override async sendMessage(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): Promise<Message | Task> {
    const admitted = await this.admit(params, context);
    try {
      return await super.sendMessage(admitted.params, context);
    } finally {
      // A no-op once the task took the workspace over; gives it back if the SDK refused.
      admitted.reservation?.cancel();
    }
  }

  override async *sendMessageStream(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    const admitted = await this.admit(params, context);
    try {
      yield* super.sendMessageStream(admitted.params, context);
    } finally {
      admitted.reservation?.cancel();
    }
  }

  /**
   * The request as the SDK should handle it; for a new task, with its workspace already claimed
   * (`reservation`), so two requests racing for one workspace cannot both get through.
   */
  private async admit(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): Promise<{ params: SendMessageRequest; reservation?: WorkspaceReservation }> {
    const message = params.message;
    // Malformed requests are the SDK's to refuse.
    if (message === undefined || message.messageId === '') return { params };
    if (message.taskId === '') {
      return { params, reservation: await this.executor.admitNewTask(message) };
    }
    const task = await this.store.load(message.taskId, context);
    switch (task?.status?.state) {
      case TaskState.TASK_STATE_COMPLETED: {
        const continued = continuation(message, task);
        const reservation = await this.executor.admitNewTask(continued);
        return { params: { ...params, message: continued }, reservation };
      }
      case TaskState.TASK_STATE_INPUT_REQUIRED:
        this.executor.admitAnswer(message.taskId, message);
        return { params };
      case TaskState.TASK_STATE_SUBMITTED:
      case TaskState.TASK_STATE_WORKING:
        throw new UnsupportedOperationError(
          `Task ${message.taskId} is still working; send the next message once it asks for input or has ended, or cancel it (tasks/cancel, CancelTask).`,
        );
      default:
        // Unknown, failed, canceled or rejected: the SDK's own refusal says which.
        return { params };
    }
  }
}

/** A message to a completed task, as a new task in its context that refers to it. */
function continuation(message: Message, task: Task): Message {
  if (message.contextId !== '' && message.contextId !== task.contextId) {
    throw new RequestMalformedError(
      `Task ${task.id} belongs to context ${task.contextId}, not ${message.contextId}.`,
    );
  }
  return {
    ...message,
    taskId: '',
    contextId: task.contextId,
    referenceTaskIds: [...message.referenceTaskIds.filter((id) => id !== task.id), task.id],
  };
}
