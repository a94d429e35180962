/**
 * The calls of one task that the policy wants a person to confirm, asked of the A2A client.
 *
 * Only `ask_user` verdicts come here: what the policy allows runs and what it denies is refused
 * without asking. The client's answer can allow this call (`proceed_once`, possibly with changed
 * file content, which the policy then judges again), allow the calls the policy would ask about
 * in the same way for the rest of this task (`proceed_always`), or skip it (`cancel`). Nothing
 * it sends reaches further than that. A question nobody answers within the timeout ends the
 * task.
 */
import type { ConfirmationQuestion } from '../../agent/confirmer.js';
import type { ConfirmationOutcome } from '../../agent/events.js';
import type { AskUser } from '../../policy/policy-confirmer.js';
import { outcomeOf } from '../../policy/policy-confirmer.js';
import type { ToolCallConfirmation } from './development-tool.js';

export interface ClientConfirmationsOptions {
  /** The client activated the extension, so it can be asked; otherwise ask_user is a denial. */
  canAsk: boolean;
  timeoutMs: number;
  /** A question is waiting: tell the client and pause the task. */
  onAsk(question: ConfirmationQuestion): void;
  /** Nobody answered within the timeout. */
  onTimeout(question: ConfirmationQuestion): void;
}

interface Pending {
  question: ConfirmationQuestion;
  answer(outcome: ConfirmationOutcome): void;
}

const ASKED = 'the client';

export class ClientConfirmations {
  private pendingQuestion: Pending | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** `proceed_always` answers of this task (see `alwaysKey`). */
  private readonly always = new Set<string>();
  /** Content a person wrote for an edit, by call id: the rebuilt call is not asked about again. */
  private readonly approvedContent = new Map<string, string>();

  constructor(private readonly options: ClientConfirmationsOptions) {}

  get pending(): ConfirmationQuestion | undefined {
    return this.pendingQuestion?.question;
  }

  readonly askUser: AskUser = (question, verdict, signal) => {
    if (!this.options.canAsk) return Promise.resolve(outcomeOf(question.toolName, verdict));
    const details = question.details;
    if (
      details.type === 'edit' &&
      this.approvedContent.get(question.callId) === details.newContent
    ) {
      return Promise.resolve({ decision: 'allow', decided_by: `${ASKED} (changed content)` });
    }
    if (this.always.has(alwaysKey(question))) {
      return Promise.resolve({ decision: 'allow', decided_by: `${ASKED} (proceed_always)` });
    }
    return new Promise<ConfirmationOutcome>((resolve) => {
      const settle = (outcome: ConfirmationOutcome) => {
        clearTimeout(this.timer);
        signal.removeEventListener('abort', onAbort);
        this.pendingQuestion = undefined;
        resolve(outcome);
      };
      const onAbort = () => {
        settle({ decision: 'deny', reason: 'The task was cancelled.' });
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      this.pendingQuestion = { question, answer: settle };
      this.timer = setTimeout(() => {
        this.options.onTimeout(question);
      }, this.options.timeoutMs);
      this.timer.unref();
      this.options.onAsk(question);
    });
  };

  /** Why an answer cannot be taken, or undefined when it answers the pending question. */
  problemWith(confirmation: ToolCallConfirmation): string | undefined {
    const pending = this.pendingQuestion?.question;
    if (pending === undefined) return 'no tool call is waiting for a confirmation';
    if (confirmation.toolCallId !== pending.callId) {
      return `the waiting tool call is ${pending.callId} (${pending.toolName}), not ${confirmation.toolCallId}`;
    }
    if (confirmation.newContent !== undefined && pending.details.type !== 'edit') {
      return `file_details only answers a file edit, and ${pending.toolName} is not one`;
    }
    return undefined;
  }

  /** Answers the pending question (checked with `problemWith` first). */
  answer(confirmation: ToolCallConfirmation): void {
    const pending = this.pendingQuestion;
    if (pending === undefined || this.problemWith(confirmation) !== undefined) return;
    const decided_by = `${ASKED} (${confirmation.optionId})`;
    if (confirmation.optionId === 'cancel') {
      pending.answer({ decision: 'cancel', reason: 'The user rejected this call.', decided_by });
      return;
    }
    if (confirmation.optionId === 'proceed_always') this.always.add(alwaysKey(pending.question));
    if (confirmation.newContent === undefined) {
      pending.answer({ decision: 'allow', decided_by });
      return;
    }
    this.approvedContent.set(pending.question.callId, confirmation.newContent);
    pending.answer({ decision: 'allow', decided_by, modified_content: confirmation.newContent });
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

/**
 * What `proceed_always` covers, as in the Gemini CLI: the same shell commands (their first
 * words), the same MCP tool, or the same tool.
 */
export function alwaysKey(question: ConfirmationQuestion): string {
  const { details } = question;
  if (details.type === 'exec') return `${question.toolName}:${details.rootCommand}`;
  if (details.type === 'mcp') return `mcp:${details.serverName}:${details.toolName}`;
  return question.toolName;
}
