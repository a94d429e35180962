/**
 * The confirmer of a run: the policy answers every confirmation. Allow runs the call; deny
 * refuses it; ask_user goes to whoever can answer (a person behind an A2A client), and where
 * nobody can, it refuses the call too. The scheduler puts `Tool execution denied by policy.`
 * before the reason given here, so the model reads the Gemini CLI's wording followed by why and
 * what to do instead.
 */
import type { Confirmer, ConfirmationQuestion } from '../agent/confirmer.js';
import type { ConfirmationOutcome } from '../agent/events.js';
import type { PolicyEngine } from './policy-engine.js';
import type {
  PolicyCall,
  PolicyContext,
  PolicyVerdict,
  SubcommandVerdict,
} from './policy-types.js';
import { ruleLocation } from './rule-matching.js';

export interface PolicyConfirmerOptions {
  engine: PolicyEngine;
  context: PolicyContext;
  /** Answers what the policy would ask a person; without it, ask_user is a denial. */
  askUser?: AskUser;
}

/** Asks a person about a call the policy wants confirmed (`verdict.decision` is `ask_user`). */
export type AskUser = (
  question: ConfirmationQuestion,
  verdict: PolicyVerdict,
  signal: AbortSignal,
) => Promise<ConfirmationOutcome>;

/** What the model reads when the policy would have asked a person. */
export function askUserDenial(toolName: string, reason: string): string {
  return [
    `Tool execution for "${toolName}" requires user confirmation, which is not supported in non-interactive mode.`,
    `Nobody can confirm tool calls in this run, so this call will not run: ${reason}`,
    'Do not retry it. Use a tool or command the policy allows instead, or finish and say in your answer what you could not do and why.',
  ].join(' ');
}

export function createPolicyConfirmer(options: PolicyConfirmerOptions): Confirmer {
  return {
    async confirm(question, signal) {
      // A subagent's calls are judged with its name, for rules scoped to it (`subagent = "…"`).
      const context =
        question.subagent === undefined
          ? options.context
          : { ...options.context, subagent: question.subagent };
      const verdict = await options.engine.decide(policyCall(question), context);
      if (verdict.decision === 'ask_user' && options.askUser !== undefined) {
        return options.askUser(question, verdict, signal);
      }
      return outcomeOf(question.toolName, verdict);
    },
  };
}

/** The call as the policy sees it: the validated parameters that will be executed. */
export function policyCall(question: ConfirmationQuestion): PolicyCall {
  return {
    toolName: question.toolName,
    args: question.args,
    kind: question.kind,
    ...(question.serverName === undefined ? {} : { serverName: question.serverName }),
    locations: question.locations,
  };
}

export function outcomeOf(toolName: string, verdict: PolicyVerdict): ConfirmationOutcome {
  const decided_by = verdict.decidedBy;
  switch (verdict.decision) {
    case 'allow':
      return { decision: 'allow', reason: withSubcommands(verdict), decided_by };
    case 'deny':
      return { decision: 'deny', reason: verdict.reason, decided_by };
    case 'ask_user':
      return { decision: 'deny', reason: askUserDenial(toolName, verdict.reason), decided_by };
  }
}

/**
 * An allowed shell command of several sub-commands, with the rule that allowed each, for the
 * transcript. (Denials already name the sub-commands that were refused.)
 */
function withSubcommands(verdict: PolicyVerdict): string {
  const subcommands = verdict.subcommands ?? [];
  if (subcommands.length < 2) return verdict.reason;
  return `${verdict.reason} ${summarizeSubcommands(subcommands)}`;
}

/** `Sub-commands: `git status` allow (policy.toml:3:1); `ls` allow (policy.toml:9:1).` */
export function summarizeSubcommands(subcommands: readonly SubcommandVerdict[]): string {
  const parts = subcommands.map(
    (sub) =>
      `\`${sub.text}\` ${sub.decision} (${sub.decidedBy ?? (sub.rule ? ruleLocation(sub.rule) : 'no rule')})`,
  );
  return `Sub-commands: ${parts.join('; ')}.`;
}
