/**
 * What the rest of the program sees of telemetry: a listener per session and a bounded shutdown.
 * Nothing here loads OpenTelemetry; `start-telemetry.ts` does that, and only when telemetry is on.
 */
import type { AgentEventListener } from '../agent/events.js';
import type { ModelAuth } from '../model/model-auth.js';

export interface Telemetry {
  /**
   * The listener for one session's events, given the prompt the session runs (its text leaves
   * only with `logPrompts`). Pass it to the session beside the other listeners.
   */
  observeSession(prompt: string): AgentEventListener;
  /**
   * Sends what is left and stops: at most the export time limit and a second, never a throw.
   * A failed export has then been reported once, as a warning.
   */
  shutdown(): Promise<void>;
}

/** The GitHub run the signals belong to; from the workflow's environment and the trigger. */
export interface GitHubRunFacts {
  /** `owner/name`. */
  repository?: string;
  workflow?: string;
  runId?: string;
  runAttempt?: string;
  eventName?: string;
  issueNumber?: number;
  pullRequestNumber?: number;
}

/** What the signals say about the run besides its events (the `gemini_cli.config` event, the resource). */
export interface TelemetryRun {
  /** This program's version (`service.version`). */
  version: string;
  sessionId: string;
  authType: ModelAuth['type'];
  model: string;
  /** The run mode: invoke, review, triage, maintenance (the CLI's `--mode`). */
  mode: string;
  /** `text`, `json` or `stream-json` for the CLI; `github` for the Action. */
  outputFormat: string;
  debug: boolean;
  sandboxEnabled: boolean;
  mcpServers: readonly string[];
  /** `tools.core` of the settings, when set. */
  coreTools?: readonly string[];
  github: GitHubRunFacts;
}

/** The run facts the workflow's environment holds (none outside GitHub Actions). */
export function githubFactsFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): GitHubRunFacts {
  const read = (name: string) => env[name]?.trim() || undefined;
  return {
    repository: read('GITHUB_REPOSITORY'),
    workflow: read('GITHUB_WORKFLOW'),
    runId: read('GITHUB_RUN_ID'),
    runAttempt: read('GITHUB_RUN_ATTEMPT'),
    eventName: read('GITHUB_EVENT_NAME'),
  };
}
