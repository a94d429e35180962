/**
 * What the Action's run is given and what it gives back: its dependencies (the runner's
 * environment and `@actions/core`, or their stand-ins in `gemini-agent run` and the tests), its
 * result and its outputs. Every phase of the run speaks these.
 */
import type { CreateOctokitOptions, GitHubClient } from '../github/octokit.js';
import type { ArtifactUploader } from '../github/run-artifact.js';
import type { ContentGenerator } from '../model/content-generator.js';
import type { CreateContentGeneratorOptions } from '../model/create-content-generator.js';
import type { ModelAuth } from '../model/model-auth.js';
import type { RetryOptions } from '../model/retry.js';
import type { Logger } from '../platform/logger.js';
import type { JobSummaryWriter } from '../report/job-summary.js';
import type { ModeOutputName } from '../modes/mode-plan.js';
import type { FindNewerRun } from './newer-run-seam.js';
import type { JobTimeLimit } from './job-time-limit.js';
import type { RunStopController } from './run-stop.js';
import type { ReplayComparison } from '../session-setup/replay-divergence.js';

/** `cancelled`: the run ended before it finished (cancelled, timed out, or stopped by a newer run). */
export type ActionConclusion = 'success' | 'failure' | 'skipped' | 'cancelled';

export interface ActionDeps {
  env: NodeJS.ProcessEnv;
  /** An input's value, `''` when unset (`core.getInput`). */
  getInput: (name: string) => string;
  setOutput: (name: string, value: string) => void;
  /** Masks a value in the runner's log (`core.setSecret`). */
  setSecret: (value: string) => void;
  /** Marks the step failed with a message (`core.setFailed`). */
  setFailed: (message: string) => void;
  summary: JobSummaryWriter;
  logger: Logger;
  /** Reads the JSON at `GITHUB_EVENT_PATH`; default reads and parses the file. */
  readEventPayload?: (eventPath: string) => Promise<unknown>;
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /** Default {@link createOctokit}; tests lower retries and turn throttling off. */
  createOctokit?: (options: CreateOctokitOptions) => GitHubClient;
  /** Default {@link createContentGenerator}. */
  createModel?: (
    auth: ModelAuth,
    options: CreateContentGeneratorOptions,
  ) => Promise<ContentGenerator>;
  /** Extra model retry options (tests make the waits instant). */
  modelRetry?: Omit<RetryOptions, 'onRetry'>;
  /**
   * How this entry point lets a shell command run, in messages that say so; default the Action's
   * "for this workflow (allowed_commands, or a policy file)" (`gemini-agent run` names its flags).
   */
  allowCommandHint?: string;
  /**
   * A replayed model's comparison with its recording (`gemini-agent run --replay`): the sessions
   * warn of tool calls that fail where the recorded ones did not.
   */
  replay?: ReplayComparison;
  /**
   * Where git pushes the agent's branch and looks for an earlier one; default
   * `${GITHUB_SERVER_URL}/<owner>/<repo>.git`. Tests point it at a local bare repository.
   */
  gitRemoteUrl?: string;
  /** The least time between two edits of the progress comment; default 3 s. */
  commentIntervalMs?: number;
  /** Uploads the run's record; default @actions/artifact with the run's environment. */
  uploadArtifact?: ArtifactUploader;
  /** How long the final comment waits for that upload; default 2 minutes. */
  artifactTimeoutMs?: number;
  /**
   * How to choose a run without a sandbox, for the notice given when none could be set up;
   * default the Action input's wording (`gemini-agent run` names its `--input`).
   */
  sandboxSilence?: string;
  /**
   * Keeps a value for the post step (`core.saveState`); without it nothing is kept, and the post
   * step only cleans up.
   */
  saveState?: (name: string, value: string) => void;
  /**
   * What ends the run early: the runner's signals (main.ts listens for them) or a caller. Default
   * a stop only the run's own time limit uses.
   */
  stop?: RunStopController;
  /**
   * Finds a newer run of the same work (a newer review of the same pull request) once the run
   * is told to stop, so the run says it was stopped by that run. Default none: a stop is a cancel.
   */
  findNewerRun?: FindNewerRun;
  /**
   * The session's time limit in milliseconds; default the `timeout_minutes` input. End-to-end
   * tests set a few seconds here (main.ts reads it from `GEMINI_AGENT_TEST_TIMEOUT_MS`).
   */
  sessionTimeoutMs?: number;
  /** The job's own time limit, for the warning at start; default read from the workflow file. */
  readJobTimeLimit?: () => Promise<JobTimeLimit | undefined>;
  /**
   * How long an ending may take from the first signal before the step gives up on what is left;
   * default 6.5 s, inside the runner's 7.5 s before SIGTERM.
   */
  endingBudgetMs?: number;
}

export interface ActionResult {
  conclusion: ActionConclusion;
  /** The outputs as set (already redacted). */
  outputs: Record<string, string>;
  /** Why the run failed or was skipped. */
  error?: string;
  /** The run failed for want of model credentials (`gemini-agent run` then exits 41). */
  authentication?: boolean;
}

/** The outputs action.yml declares. */
export type OutputName =
  | 'conclusion'
  | 'summary'
  | 'transcript_file'
  | 'comment_url'
  | 'input_tokens'
  | 'output_tokens'
  | 'cached_input_tokens'
  | 'thought_tokens'
  | 'cost_usd'
  | 'tool_calls'
  | 'error'
  | 'fleet_result'
  | ModeOutputName;
