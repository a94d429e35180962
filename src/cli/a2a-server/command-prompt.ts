/**
 * A task's prompt that invokes a custom command (`/name args`, from a message or from
 * `command/execute`): expanded by the session once its tools exist, so the command's `!{…}`
 * blocks run through the task's policy and sandbox like any tool call.
 *
 * They run before the task's first model request, and the client sees no tool call for them, so
 * it cannot be asked to confirm one: a block the policy would ask about is refused with the
 * policy's reason, which stops the expansion and fails the task with that error. Once the
 * prompt is built, the client is asked about the model's calls as usual.
 */
import type { SessionPrompt } from '../../custom-commands/injection-services.js';
import type { AskUser } from '../../policy/policy-confirmer.js';

export function commandPromptGuard(
  prompt: SessionPrompt,
  askUser: AskUser,
): { prompt: SessionPrompt; askUser: AskUser } {
  if (typeof prompt === 'string') return { prompt, askUser };
  let expanding = false;
  return {
    prompt: async (services) => {
      expanding = true;
      try {
        return await prompt(services);
      } finally {
        expanding = false;
      }
    },
    askUser: (question, verdict, signal) => {
      if (!expanding) return askUser(question, verdict, signal);
      return Promise.resolve({
        decision: 'deny',
        reason: `the policy asks for confirmation of this command (${verdict.reason}), and a command's !{…} blocks run before the task starts, where nobody can confirm them; allow it with --allow-command or a policy rule.`,
        decided_by: verdict.decidedBy,
      });
    },
  };
}
