import type { ConfirmationDetails, ToolKind } from '../tools/tool-types.js';
import type { ConfirmationOutcome } from './events.js';

/** A tool call waiting for approval, with what a human would have been shown. */
export interface ConfirmationQuestion {
  callId: string;
  toolName: string;
  kind: ToolKind;
  serverName?: string;
  args: Record<string, unknown>;
  /** Paths the call touches (for path rules). */
  locations: string[];
  details: ConfirmationDetails;
  /** The subagent making the call; absent for the main agent's calls. */
  subagent?: string;
}

/**
 * Answers every confirmation in place of a human. In CI nobody can answer, so the policy-backed
 * confirmer turns "ask the user" into a denial the model can read.
 */
export interface Confirmer {
  confirm(question: ConfirmationQuestion, signal: AbortSignal): Promise<ConfirmationOutcome>;
}

export const allowAllConfirmer: Confirmer = {
  confirm: () => Promise.resolve({ decision: 'allow', decided_by: 'allow-all' }),
};

export const denyAllConfirmer: Confirmer = {
  confirm: () =>
    Promise.resolve({
      decision: 'deny',
      reason: 'Every tool call is denied in this run.',
      decided_by: 'deny-all',
    }),
};
