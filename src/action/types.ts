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

export type ActionConclusion = 'success' | 'failure' | 'skipped';

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
}

export interface ActionResult {
  conclusion: ActionConclusion;
  /** The outputs as set (already redacted). */
  outputs: Record<string, string>;
  /** Why the run failed or was skipped. */
  error?: string;
}

/** The outputs action.yml declares. */
export type OutputName =
  | 'conclusion'
  | 'summary'
  | 'transcript_file'
  | 'comment_url'
  | 'input_tokens'
  | 'output_tokens'
  | 'tool_calls'
  | 'error'
  | ModeOutputName;
