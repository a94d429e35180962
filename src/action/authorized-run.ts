/**
 * What the stages of an authorized run share and never change: its dependencies, inputs, client,
 * trigger and trust, the redaction of everything that leaves the run, the outputs, and the stop
 * that may end it early (run-stop.ts).
 */
import type { ActionInputs } from './action-inputs.js';
import type { GitHubClient } from '../github/octokit.js';
import type { Trigger } from '../github/trigger.js';
import type { Logger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import type { EarlyEnd } from '../report/early-end.js';
import type { RunStop } from './run-stop.js';
import type { ActionDeps, ActionResult, OutputName } from './types.js';

export interface AuthorizedRun {
  deps: ActionDeps;
  inputs: ActionInputs;
  octokit: GitHubClient;
  trigger: Trigger;
  trust: 'maintainer' | 'automatic';
  /** The pull request's head is a fork's (or unknown): its code must not run. */
  forkHead: boolean;
  redact: Redact;
  logger: Logger;
  outputs: Record<string, string>;
  setOutput: (name: OutputName, value: string) => void;
  /** Adds a value to what every outgoing text is redacted of (and masks it in the log). */
  registerSecret: (value: string) => void;
  /** Ends the run quietly as skipped: a log line and one job-summary line. */
  skip: (reason: string) => Promise<ActionResult>;
  /** Ends the run as failed before anything was posted: the error output and the job summary. */
  fail: (message: string) => Promise<ActionResult>;
  /** Tells the stages that the run is ending early (a cancel, a time limit, a newer run). */
  stop: RunStop;
  /** Ends the run early; the first call decides how, a later one hurries the ending. */
  end: (ending: EarlyEnd) => void;
}
