/**
 * What a run mode adds around the agent session. Before it: the tools the model hands its result
 * in with, and the prompt's goal and hand-in rules. After it: trusted code that checks what the
 * tools collected (or what the workspace holds) and writes it to GitHub — a review, labels, a
 * commit and pull request — and says in the final report what it did.
 */
import type { SessionPrompt } from '../custom-commands/injection-services.js';
import type { SessionEndReason } from '../agent/events.js';
import type { AgentDefinition } from '../agent/subagents/agent-definition.js';
import type { ResultSection } from '../report/progress-comment.js';
import type { Tool } from '../tools/tool-types.js';

/** Outputs a mode sets besides the common ones (action.yml declares each). */
export type ModeOutputName =
  'review_url' | 'branch_name' | 'commit_sha' | 'pr_number' | 'pr_url' | 'labels';

/** How the session went, as the mode's publishing step needs to know it. */
export interface SessionSummary {
  /** The session ended with the model's answer (not a budget, an error or a crash). */
  completed: boolean;
  /** The model's final text. */
  summary: string;
  /**
   * Whether the report shows a diff of what the session left in the workspace (what publishing
   * would accept); unknown when not given.
   */
  changed?: boolean;
}

export interface ModeResult {
  /** Sections for the final comment and the job summary, in order. */
  sections: ResultSection[];
  outputs: Partial<Record<ModeOutputName, string>>;
  /** Links for the final comment's footer (the review, the branch, the pull request). */
  links: { label: string; url: string }[];
  /** Set when publishing failed: the run fails with this (redacted) message. */
  error?: string;
}

/** How the sessions of a run ended, when a plan runs them itself. */
export interface SessionsOutcome {
  reason: SessionEndReason;
  error?: string | undefined;
  summary: string;
}

/** Runs one agent session on `prompt` with `extraTools` beside the built-ins (and `agents`). */
export type SessionRunner = (
  /** The task, or a custom command's expansion built once the session's tools exist. */
  prompt: SessionPrompt,
  extraTools: Tool[],
  agents?: readonly AgentDefinition[],
) => Promise<{ reason: SessionEndReason; response: string; error?: string | undefined }>;

export interface ModePlan {
  /** Tools beside the built-ins, registered for this run only. */
  extraTools: Tool[];
  /** Subagents of the mode (the review's reviewers), offered before the repository's. */
  agents?: AgentDefinition[];
  /**
   * Runs the sessions itself instead of one session on the task prompt (a scheduled triage runs
   * one per batch of issues).
   */
  run?: (runSession: SessionRunner) => Promise<SessionsOutcome>;
  /** Replaces the mode's goal line in the task prompt. */
  goal?: string;
  /** How to hand in the result, placed in the prompt before the GitHub data. */
  handIn?: string;
  /** After the session, whatever its end: publish what is worth publishing and report it. */
  finish(session: SessionSummary): Promise<ModeResult>;
  /**
   * For a run that ends early (cancelled, timed out, stopped by a newer run): keeps the work so
   * far by the same trusted publishing, marked work in progress — pushed where the run may push
   * (a draft pull request only where it would have opened one), else a patch. Absent for modes
   * that publish no change of the workspace.
   */
  keepWork?: (session: SessionSummary) => Promise<ModeResult>;
}

/** The plan of a mode with nothing to publish (the session's answer is the result). */
export const answerOnlyPlan: ModePlan = {
  extraTools: [],
  finish: () => Promise.resolve({ sections: [], outputs: {}, links: [] }),
};

/** Before the session, a mode may decide there is nothing to do (a draft, nothing new). */
export type ModePreparation = { skip: string } | { plan: ModePlan };
