/**
 * The `AgentExecutor` the A2A request handler drives: one agent session per task, its events
 * published on the task's bus as the development-tool extension shapes them.
 *
 * A call of `execute` lasts until the task pauses or ends. It pauses when the policy wants a
 * person to confirm a call: the client gets the pending `ToolCall` with its confirmation request
 * and `input-required`, and the session waits. The client's `ToolCallConfirmation`, sent to the
 * same task, is the next `execute` call: it answers the question and the session goes on.
 *
 * A completed task's conversation is kept per context, so a new task in the same context (or a
 * message to the completed task, which the request handler turns into one) continues it.
 */
import type { Content } from '@google/genai';
import { TaskState } from '@a2a-js/sdk';
import type { Message } from '@a2a-js/sdk';
import { RequestMalformedError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { AgentEvent } from '@a2a-js/sdk/server';
import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import type { ConfirmationQuestion } from '../../agent/confirmer.js';
import type { AgentEventListener, Cancellation } from '../../agent/events.js';
import { cancellationReason } from '../../agent/events.js';
import type { SessionResult } from '../../agent/session.js';
import { errorMessage } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { Redact } from '../../platform/redaction.js';
import type { AskUser } from '../../policy/policy-confirmer.js';
import type { AgentRun } from '../../session-setup/run-agent.js';
import type { TaskIds } from './a2a-objects.js';
import { messageData, messageText, submittedTask } from './a2a-objects.js';
import { ClientConfirmations } from './client-confirmations.js';
import type { ToolCallConfirmation } from './development-tool.js';
import {
  DEVELOPMENT_TOOL_URI,
  readToolCallConfirmation,
  readWorkspacePath,
} from './development-tool.js';
import { TaskEvents } from './task-events.js';
import type { Workspaces } from './workspaces.js';
import { WorkspaceRefused } from './workspaces.js';
import { describeCancellation } from '../run-stop.js';

/** What one turn of a task needs to run: the session is built by the server's composition. */
export interface TurnRequest {
  taskId: string;
  workspace: string;
  prompt: string;
  /** The context's conversation so far, when the task continues one. */
  history?: readonly Content[];
  askUser: AskUser;
  onEvent: AgentEventListener;
  signal: AbortSignal;
}

/**
 * A started turn; `notices` are what the task must tell its client beside the session's events
 * (configuration left out because an earlier session wrote it); `describeChanges`, once the
 * session ended, the lines that list the files it left changed in its workspace.
 */
export type StartTurn = (turn: TurnRequest) => Promise<StartedTurn>;

export type StartedTurn = AgentRun & {
  notices?: readonly string[];
  describeChanges?: () => Promise<readonly string[]>;
};

export interface TaskExecutorOptions {
  workspaces: Workspaces;
  startTurn: StartTurn;
  redact: Redact;
  /** How long a confirmation may wait for the client before the task is cancelled. */
  confirmationTimeoutMs: number;
  /** The model named in events until a session names its own. */
  model: string;
  logger: Logger;
}

/** How long a cancelled session may take to stop its tools and let go of the sandbox. */
const STOP_GRACE_MS = 15_000;
/** Conversations kept for continuation; the oldest is forgotten first. */
const MAX_CONVERSATIONS = 100;

interface RunningTask {
  ids: TaskIds;
  workspace: string;
  events: TaskEvents;
  confirmations: ClientConfirmations;
  controller: AbortController;
  /** The bus of the current `execute` call. */
  bus: ExecutionEventBus;
  /** Lets the current `execute` call return (the task paused or ended). */
  letGo: () => void;
  /** Settles once the session ended and let go of its tools, sandbox and workspace. */
  done: Promise<void>;
  markDone: () => void;
  /** Set once the task is being cancelled: nothing but the canceled state is published. */
  cancelReason?: string;
  /** By what and when, for a task cancelled by its client or by the server stopping. */
  cancellation?: Cancellation;
  /** The files the session left changed, listed once it ended (see `StartedTurn`). */
  describeChanges?: () => Promise<readonly string[]>;
  /** Told to the client when the turn starts and again with the task's final state. */
  notices: readonly string[];
}

interface Conversation {
  workspace: string;
  history: readonly Content[];
}

/**
 * A new task's workspace, claimed when its request was admitted and handed to the task when it
 * starts. Claiming at admission is what makes a second request for a busy workspace a JSON-RPC
 * error: between admission and the task's start the SDK awaits, and a check without a claim let
 * two requests through, the loser then failing as a task.
 */
export interface WorkspaceReservation {
  workspace: string;
  /** Gives the workspace back unless a task took it (a refused or abandoned request). */
  cancel(): void;
}

const ADMISSION_HOLDER = 'starting:';

/** The holder name of a workspace claimed for a request that has no task yet. */
function admissionHolder(messageId: string): string {
  return `${ADMISSION_HOLDER}${messageId}`;
}

export class DevelopmentToolExecutor implements AgentExecutor {
  private readonly tasks = new Map<string, RunningTask>();
  /** Workspaces claimed at admission, by the message id of the request, until its task starts. */
  private readonly reservations = new Map<string, { workspace: string; holder: string }>();
  private readonly conversations = new Map<string, Conversation>();
  private readonly contextOfTask = new Map<string, string>();
  /**
   * Ends a task through the request handler, so the task store records it too (the handler is
   * built after the executor and sets this).
   */
  cancelThroughHandler: ((taskId: string) => Promise<unknown>) | undefined;

  constructor(private readonly options: TaskExecutorOptions) {}

  // --- admission: checked before the request handler takes a message, so a refusal is a
  // JSON-RPC error and not a failed task. ---

  /**
   * Refuses a new task whose workspace is not allowed or is busy, and otherwise claims the
   * workspace for it at once (the task takes the claim over when it starts).
   */
  async admitNewTask(message: Message): Promise<WorkspaceReservation> {
    const workspace = await this.workspaceFor(message);
    const { messageId } = message;
    if (this.reservations.has(messageId)) {
      throw new RequestMalformedError(
        `A request with message id ${messageId} is already being started; give every message its own id.`,
      );
    }
    const holder = admissionHolder(messageId);
    const workspaces = this.options.workspaces;
    if (!workspaces.claim(workspace, holder)) {
      throw new UnsupportedOperationError(
        busyMessage(workspace, workspaces.holder(workspace) ?? 'another task'),
      );
    }
    this.reservations.set(messageId, { workspace, holder });
    return {
      workspace,
      cancel: () => {
        if (this.reservations.get(messageId)?.holder !== holder) return;
        this.reservations.delete(messageId);
        workspaces.release(workspace, holder);
      },
    };
  }

  /** Refuses a message to a paused task that does not answer its pending confirmation. */
  admitAnswer(taskId: string, message: Message): void {
    this.answerIn(taskId, message);
  }

  // --- AgentExecutor ---

  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = context;
    this.contextOfTask.set(taskId, contextId);
    const extension = context.context.requestedExtensions?.includes(DEVELOPMENT_TOOL_URI) ?? false;
    if (extension) context.context.addActivatedExtension(DEVELOPMENT_TOOL_URI);
    const running = this.tasks.get(taskId);
    if (running !== undefined) {
      await this.resume(running, context, bus);
      return;
    }
    await this.start(context, bus, extension);
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const task = this.tasks.get(taskId);
    const ids = task?.ids ?? { taskId, contextId: this.contextOfTask.get(taskId) ?? '' };
    const reason = task?.cancelReason ?? 'The task was cancelled.';
    let more: readonly string[] = [];
    if (task !== undefined) {
      // Without a reason of the server's own, it is the client's `tasks/cancel`.
      if (task.cancelReason === undefined) {
        task.cancellation ??= describeCancellation('client', new Date(), 'The task');
      }
      task.cancelReason = reason;
      // The cancellation rides on the abort, so the session's last event says by what and when.
      task.controller.abort(
        task.cancellation === undefined ? reason : cancellationReason(task.cancellation),
      );
      // The canceled state is published once the model request and every tool process stopped.
      const stopped = await settlesWithin(task.done, STOP_GRACE_MS);
      if (!stopped) {
        this.options.logger.warning(
          `Task ${taskId} did not stop within ${STOP_GRACE_MS / 1000} s of being cancelled.`,
        );
      }
      more = await this.leftBehind(task);
    }
    const events =
      task?.events ??
      new TaskEvents({
        ids,
        extension: false,
        redact: this.options.redact,
        model: this.options.model,
      });
    bus.publish(
      AgentEvent.statusUpdate(
        events.stateChange(TaskState.TASK_STATE_CANCELED, { text: reason, more }),
      ),
    );
    task?.letGo();
  }

  /**
   * Stops every running task (the server is shutting down): each ends `canceled` through the
   * request handler, so its store and its client's stream get the final state, with `reason`
   * and the cancellation. Resolves once their tools stopped.
   */
  async stopAll(reason: string, cancellation?: Cancellation): Promise<void> {
    const running = [...this.tasks.values()];
    await Promise.all(
      running.map(async (task) => {
        task.cancelReason ??= reason;
        if (cancellation !== undefined) task.cancellation ??= cancellation;
        const cancel = this.cancelThroughHandler;
        if (cancel !== undefined) {
          await cancel(task.ids.taskId).catch((error: unknown) => {
            this.options.logger.warning(
              `Task ${task.ids.taskId} could not be cancelled: ${errorMessage(error)}`,
            );
          });
        }
        // A task paused for a confirmation has no execution for the handler to cancel.
        task.controller.abort(
          task.cancellation === undefined ? reason : cancellationReason(task.cancellation),
        );
        await settlesWithin(task.done, STOP_GRACE_MS);
      }),
    );
  }

  /** How many tasks are running or waiting for a confirmation. */
  runningTasks(): number {
    return this.tasks.size;
  }

  /**
   * What a cancelled task tells its client and the server log after its reason: by what and
   * when, and the files its session left changed in the workspace (kept, never committed).
   */
  private async leftBehind(task: RunningTask): Promise<string[]> {
    const changes = await (task.describeChanges?.() ?? Promise.resolve([])).catch(
      (error: unknown) => [`The changed files could not be listed: ${errorMessage(error)}`],
    );
    const lines = [
      ...(task.cancellation === undefined ? [] : [task.cancellation.message]),
      ...changes,
    ];
    if (lines.length > 0) this.options.logger.info(`Task ${task.ids.taskId}: ${lines.join('\n')}`);
    return lines.length === 0 ? [] : [lines.join('\n')];
  }

  // --- a task's life ---

  private async start(context: RequestContext, bus: ExecutionEventBus, extension: boolean) {
    const ids = { taskId: context.taskId, contextId: context.contextId };
    const message = context.userMessage;
    const conversation = this.conversations.get(ids.contextId);
    // The workspace admission claimed for this request, taken over before anything is awaited.
    const workspace =
      this.takeReservation(message.messageId, ids.taskId) ??
      (await this.claimUnadmitted(message, conversation, ids.taskId));
    bus.publish(AgentEvent.task(context.task ?? submittedTask(ids, message)));
    const events = new TaskEvents({
      ids,
      extension,
      redact: this.options.redact,
      model: this.options.model,
    });
    let markDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      markDone = resolve;
    });
    const task: RunningTask = {
      ids,
      workspace,
      events,
      controller: new AbortController(),
      bus,
      letGo: () => undefined,
      done,
      markDone,
      notices: [],
      confirmations: new ClientConfirmations({
        canAsk: extension,
        timeoutMs: this.options.confirmationTimeoutMs,
        onAsk: (question) => {
          this.ask(task, question);
        },
        onTimeout: (question) => {
          this.timedOut(task, question);
        },
      }),
    };
    const paused = this.pause(task);
    this.tasks.set(ids.taskId, task);
    let run: StartedTurn;
    try {
      run = await this.options.startTurn({
        taskId: ids.taskId,
        workspace,
        prompt: messageText(message),
        ...(conversation === undefined ? {} : { history: conversation.history }),
        askUser: task.confirmations.askUser,
        onEvent: (event) => {
          if (task.cancelReason !== undefined) return;
          for (const update of task.events.fromAgentEvent(event)) {
            task.bus.publish(AgentEvent.statusUpdate(update));
          }
        },
        signal: task.controller.signal,
      });
    } catch (error) {
      // The session could not start (a workspace setting, an unknown command, a custom
      // command's `!{…}` block the policy refused): the task fails with why, as the extension
      // shapes every state change.
      this.tasks.delete(ids.taskId);
      this.options.workspaces.release(workspace, ids.taskId);
      task.markDone();
      // A cancelled task's end is published by `cancelTask`, which lets this call return.
      if (task.cancelReason !== undefined) {
        await paused;
        return;
      }
      const message = errorMessage(error);
      bus.publish(
        AgentEvent.statusUpdate(
          events.stateChange(TaskState.TASK_STATE_FAILED, { text: message, error: message }),
        ),
      );
      return;
    }
    task.notices = run.notices ?? [];
    if (run.describeChanges !== undefined) task.describeChanges = run.describeChanges;
    for (const notice of task.notices) {
      if (task.cancelReason !== undefined) break;
      bus.publish(
        AgentEvent.statusUpdate(events.stateChange(TaskState.TASK_STATE_WORKING, { text: notice })),
      );
    }
    run.result.then(
      (result) => {
        this.finish(task, result);
      },
      (error: unknown) => {
        this.finish(task, undefined, error);
      },
    );
    await paused;
  }

  /** The workspace admission claimed for the message, now held by the task. */
  private takeReservation(messageId: string, taskId: string): string | undefined {
    const reservation = this.reservations.get(messageId);
    if (reservation === undefined) return undefined;
    this.reservations.delete(messageId);
    const { workspace, holder } = reservation;
    return this.options.workspaces.transfer(workspace, holder, taskId) ? workspace : undefined;
  }

  /** A task that did not come through admission (not a path the request handler takes). */
  private async claimUnadmitted(
    message: Message,
    conversation: Conversation | undefined,
    taskId: string,
  ): Promise<string> {
    const workspace = await this.workspaceFor(message, conversation);
    if (!this.options.workspaces.claim(workspace, taskId)) {
      const holder = this.options.workspaces.holder(workspace) ?? 'another task';
      throw new UnsupportedOperationError(busyMessage(workspace, holder));
    }
    return workspace;
  }

  /** The answer to the pending confirmation arrived: the session goes on. */
  private async resume(task: RunningTask, context: RequestContext, bus: ExecutionEventBus) {
    task.bus = bus;
    bus.publish(AgentEvent.task(context.task ?? submittedTask(task.ids, context.userMessage)));
    let answer: ToolCallConfirmation;
    try {
      answer = this.answerIn(context.taskId, context.userMessage);
    } catch (error) {
      // Admission checked it; an answer that raced another one leaves the question standing.
      const state = TaskState.TASK_STATE_INPUT_REQUIRED;
      bus.publish(
        AgentEvent.statusUpdate(task.events.stateChange(state, { text: errorMessage(error) })),
      );
      return;
    }
    const paused = this.pause(task);
    bus.publish(AgentEvent.statusUpdate(task.events.stateChange(TaskState.TASK_STATE_WORKING)));
    task.confirmations.answer(answer);
    await paused;
  }

  /** A call waits for the client: show it, then pause the task. */
  private ask(task: RunningTask, question: ConfirmationQuestion): void {
    if (task.cancelReason !== undefined) return;
    const request = task.events.confirmationRequest(question.callId);
    if (request !== undefined) task.bus.publish(AgentEvent.statusUpdate(request));
    task.bus.publish(
      AgentEvent.statusUpdate(task.events.stateChange(TaskState.TASK_STATE_INPUT_REQUIRED)),
    );
    task.letGo();
  }

  private timedOut(task: RunningTask, question: ConfirmationQuestion): void {
    const seconds = Math.round(this.options.confirmationTimeoutMs / 1000);
    task.cancelReason = `Nobody confirmed the call of ${question.toolName} within ${seconds} s, so the task was cancelled.`;
    const cancel = this.cancelThroughHandler;
    if (cancel === undefined) {
      task.controller.abort(task.cancelReason);
      return;
    }
    cancel(task.ids.taskId).catch((error: unknown) => {
      this.options.logger.warning(
        `Task ${task.ids.taskId} could not be cancelled after its confirmation timed out: ${errorMessage(error)}`,
      );
    });
  }

  /** The session ended and let go of everything: the task's final state. */
  private finish(task: RunningTask, result: SessionResult | undefined, failure?: unknown): void {
    const { taskId, contextId } = task.ids;
    task.confirmations.dispose();
    this.tasks.delete(taskId);
    this.options.workspaces.release(task.workspace, taskId);
    task.markDone();
    // A cancelled task's end is published by `cancelTask`.
    if (task.cancelReason !== undefined) return;
    const notes = task.notices.length === 0 ? {} : { text: task.notices.join('\n') };
    if (result?.reason === 'completed') {
      this.remember(contextId, { workspace: task.workspace, history: result.history });
      task.bus.publish(
        AgentEvent.statusUpdate(task.events.stateChange(TaskState.TASK_STATE_COMPLETED, notes)),
      );
    } else {
      const message =
        result?.error ??
        (failure === undefined
          ? `The session ended: ${result?.reason ?? 'unknown'}.`
          : errorMessage(failure));
      task.bus.publish(
        AgentEvent.statusUpdate(
          task.events.stateChange(TaskState.TASK_STATE_FAILED, { text: message, error: message }),
        ),
      );
    }
    task.letGo();
  }

  private pause(task: RunningTask): Promise<void> {
    return new Promise((resolve) => {
      task.letGo = resolve;
    });
  }

  private remember(contextId: string, conversation: Conversation): void {
    this.conversations.delete(contextId);
    this.conversations.set(contextId, conversation);
    const oldest = this.conversations.keys().next().value;
    if (this.conversations.size > MAX_CONVERSATIONS && oldest !== undefined) {
      this.conversations.delete(oldest);
    }
  }

  /**
   * The workspace `AgentSettings` in `metadata` names (inside a root), else the default one; a
   * JSON-RPC error for any other.
   */
  async requestedWorkspace(metadata: Record<string, unknown> | undefined): Promise<string> {
    return (await this.namedWorkspace(metadata)) ?? this.options.workspaces.defaultWorkspace;
  }

  private async namedWorkspace(
    metadata: Record<string, unknown> | undefined,
  ): Promise<string | undefined> {
    const requested = readWorkspacePath(metadata);
    if (typeof requested === 'object') throw new RequestMalformedError(requested.problem);
    if (requested === undefined) return undefined;
    try {
      return await this.options.workspaces.resolve(requested);
    } catch (error) {
      if (error instanceof WorkspaceRefused) throw new RequestMalformedError(error.message);
      throw error;
    }
  }

  /**
   * The workspace a new task works in: its context's, else the one `AgentSettings` names (inside
   * a root), else the default one.
   */
  private async workspaceFor(message: Message, conversation?: Conversation): Promise<string> {
    const known = conversation ?? this.conversations.get(message.contextId);
    const workspace = await this.namedWorkspace(message.metadata);
    if (known === undefined) return workspace ?? this.options.workspaces.defaultWorkspace;
    if (workspace !== undefined && workspace !== known.workspace) {
      throw new RequestMalformedError(
        `This context works in ${known.workspace}; start a new context (no contextId) to work in ${workspace}.`,
      );
    }
    return known.workspace;
  }

  /** The message's answer to the task's pending confirmation, or why it is not one. */
  private answerIn(taskId: string, message: Message): ToolCallConfirmation {
    const pending = this.tasks.get(taskId)?.confirmations;
    const question = pending?.pending;
    if (pending === undefined || question === undefined) {
      throw new UnsupportedOperationError(`Task ${taskId} is not waiting for a confirmation.`);
    }
    const answers = messageData(message)
      .map(readToolCallConfirmation)
      .filter((answer) => answer !== undefined);
    const expected = `Task ${taskId} is waiting for the confirmation of tool call ${question.callId} (${question.toolName}): send a DataPart ToolCallConfirmation {"tool_call_id": "${question.callId}", "selected_option_id": "proceed_once" | "proceed_always" | "cancel"}.`;
    const [answer, ...more] = answers;
    if (answer === undefined) throw new RequestMalformedError(expected);
    if (more.length > 0) {
      throw new RequestMalformedError(`Send one ToolCallConfirmation at a time. ${expected}`);
    }
    if ('problem' in answer) throw new RequestMalformedError(`${answer.problem}. ${expected}`);
    const problem = pending.problemWith(answer);
    if (problem !== undefined) throw new RequestMalformedError(`${problem}. ${expected}`);
    return answer;
  }
}

function busyMessage(workspace: string, holder: string): string {
  const task = holder.startsWith(ADMISSION_HOLDER)
    ? `a task that is starting (message ${holder.slice(ADMISSION_HOLDER.length)})`
    : `task ${holder}`;
  return `The workspace ${workspace} is busy with ${task}: one task works in a workspace at a time. Send this again when that task has ended, or cancel it (tasks/cancel, CancelTask).`;
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
