/**
 * The record of one authorized run: what has happened so far, which every stage reads and
 * extends, and from which the run reports — at its normal end (stage-report.ts), at an early end
 * (finalise-early.ts), and, through the state it saves, in the post step (post-run.ts).
 *
 * Beside it, `RunHeld` is what the run holds open while it goes (the transcript file, the comment
 * updater, the sandbox, the hidden checkout credential): the stages open these, and whichever way
 * the run ends lets go of them (`releaseHeld`).
 */
import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../agent/events.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import type { ArtifactOutcome, RunRecordPaths } from '../github/run-artifact.js';
import { artifactName, runRecordPaths } from '../github/run-artifact.js';
import type { CommentTarget, PostedComment } from '../github/sink.js';
import type { Trigger } from '../github/trigger.js';
import type { TriggerClaim } from '../github/trigger-claim.js';
import { runUrl } from '../github/urls.js';
import type { ModeResult } from '../modes/mode-plan.js';
import { errorMessage } from '../platform/errors.js';
import type { PendingSandbox } from '../platform/sandbox/pending-sandbox.js';
import type { CommentUpdater } from '../report/comment-updater.js';
import type { EarlyEnd } from '../report/early-end.js';
import type { FinalOutcome, RenderOptions, ReportLinks } from '../report/progress-comment.js';
import { renderProgressComment } from '../report/progress-comment.js';
import type { ProgressState } from '../report/progress-state.js';
import { applyEvent, initialProgressState } from '../report/progress-state.js';
import { SessionStatsCollector } from '../report/session-stats.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import type { WorkspaceDiff } from '../publish/workspace-diff.js';
import type { ArtifactProgress, SavedRunRecord } from './record-state.js';
import { RUN_RECORD_STATE, encodeRunRecord } from './record-state.js';
import type { AuthorizedRun } from './authorized-run.js';

export interface RunRecord {
  readonly sessionId: string;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  /** The answer, the transcript and an unpushed patch: uploaded together as the run's artifact. */
  readonly files: RunRecordPaths;
  readonly artifactName: string;
  /** The run page, then the artifact and what publishing made (the footer's links). */
  readonly links: ReportLinks;
  readonly render: RenderOptions;
  readonly comment: {
    /** Where the run's comment goes; undefined for runs without an issue or pull request. */
    readonly target: CommentTarget | undefined;
    /** Someone waits on the run: a reaction and a comment that shows the progress. */
    readonly live: boolean;
    /** The comment, once created (and as last written). */
    posted?: PostedComment;
  };
  /** The session's events folded: status, todo list, tool calls, the model's text, tokens. */
  progress: ProgressState;
  readonly stats: SessionStatsCollector;
  /** The mode found nothing to do (the context stage). */
  skipped?: string;
  /** How the session ended, then what publishing made of it (the session and publish stages). */
  outcome?: FinalOutcome;
  /** What the mode published (the publish stage). */
  result: ModeResult;
  /** The job summary's lines on the extensions, the custom command, the configured programs. */
  summaryLines: string[];
  /** The job summary's line on the sandbox, known once its probe ends. */
  sandboxLine?: Promise<string>;
  /** Set when the run ends before it finishes. */
  ending?: EarlyEnd;
  artifact?: ArtifactOutcome;
  /** What has been reported so far (saved for the post step). */
  readonly done: { comment: boolean; artifact: ArtifactProgress };
}

/** What the run holds before any stage has run. */
export function newRunHeld(): RunHeld {
  return {
    reporting: Promise.resolve(),
    claimLost: Promise.resolve(undefined),
    stopDuplicate: new AbortController(),
  };
}

/** What the run holds open while it goes; released however it ends. */
export interface RunHeld {
  transcript?: TranscriptWriter;
  updater?: CommentUpdater;
  /** The reaction and the live comment's creation, going on beside the stages. */
  reporting: Promise<void>;
  sandboxProbe?: PendingSandbox;
  /** On a pull request: the private folder for the base branch's copies. */
  launchDirectory?: string;
  /** Puts back the checkout's stored credential, hidden during the session. */
  restoreCredential?: () => Promise<void>;
  telemetry?: Telemetry;
  /** Writes the answer and the patch as the run goes, and saves the record for the post step. */
  live?: LiveRecord;
  /** Which delivery of the event this run is, and what a re-run continues (trigger-claim.ts). */
  claim?: TriggerClaim;
  /**
   * Why this run is a second delivery of an event another run answers, once its comment is
   * posted and the claim checked again; undefined while the claim is this run's.
   */
  claimLost: Promise<string | undefined>;
  /** Stops the session of a run that lost the claim. */
  stopDuplicate: AbortController;
}

export function newRunRecord(run: AuthorizedRun): RunRecord {
  const { deps, trigger } = run;
  const { env } = deps;
  const now = deps.now ?? Date.now;
  const sessionId = randomUUID();
  const workspaceRoot = env.GITHUB_WORKSPACE ?? process.cwd();
  const links: ReportLinks = {};
  const link = runUrl(env);
  if (link !== undefined) links.runUrl = link;
  const target = commentTarget(trigger);
  return {
    sessionId,
    startedAt: now(),
    files: runRecordPaths(env.RUNNER_TEMP ?? workspaceRoot, sessionId),
    artifactName: artifactName(trigger, sessionId),
    links,
    render: {
      redact: run.redact,
      ...(trigger.actor ? { actor: trigger.actor.login } : {}),
    },
    comment: { target, live: target !== undefined && keepsLiveComment(trigger) },
    progress: initialProgressState(),
    stats: new SessionStatsCollector(),
    result: { sections: [], outputs: {}, links: [] },
    summaryLines: [],
    done: { comment: false, artifact: 'not started' },
  };
}

/** The session's warnings the Action's log repeats: what the run says about its models. */
const LOGGED_WARNINGS: ReadonlySet<string> = new Set([
  'model_fallback',
  'model_lifecycle',
  'model_routed',
]);

/**
 * Folds one of the session's events into the record, the transcript and the live comment; the
 * live record writes the answer and the patch as they change.
 */
export function recordEvent(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
  event: AgentEvent,
): void {
  record.progress = applyEvent(record.progress, event);
  record.stats.listener(event);
  held.transcript?.(event);
  held.live?.observe(event);
  // The comment and the job summary show these; the log names them too.
  const said = event.kind === 'subagent_event' ? event.event : event;
  if (said.kind === 'warning' && LOGGED_WARNINGS.has(said.code)) run.logger.warning(said.message);
  if (record.comment.live && !record.done.comment) {
    held.updater?.update(renderProgressComment(record.progress, record.links, record.render));
  }
}

/** The record as the post step needs it: paths, names, ids and URLs, nothing secret. */
export function savedRecord(run: AuthorizedRun, record: RunRecord): SavedRunRecord {
  const { comment } = record;
  return {
    version: 1,
    files: record.files,
    artifactName: record.artifactName,
    upload: run.inputs.uploadArtifact,
    ...(record.links.runUrl !== undefined ? { runUrl: record.links.runUrl } : {}),
    startedAt: record.startedAt,
    ...(record.render.actor !== undefined ? { actor: record.render.actor } : {}),
    ...(comment.target === undefined
      ? {}
      : {
          comment: {
            target: comment.target,
            live: comment.live,
            ...(comment.posted !== undefined ? { posted: comment.posted } : {}),
          },
        }),
    ...(record.ending !== undefined ? { ending: record.ending } : {}),
    done: {
      comment: record.done.comment,
      artifact: record.done.artifact,
      ...(record.links.artifactUrl !== undefined ? { artifactUrl: record.links.artifactUrl } : {}),
    },
  };
}

/**
 * Saves the record for the post step (`core.saveState`); a later save replaces an earlier one.
 * A failure is a warning: the run goes on, and the post step only cleans up.
 */
export function saveRecord(run: AuthorizedRun, record: RunRecord): void {
  const save = run.deps.saveState;
  if (save === undefined) return;
  try {
    save(RUN_RECORD_STATE, encodeRunRecord(savedRecord(run, record)));
  } catch (error) {
    run.logger.warning(`Could not save the run's record for the post step: ${errorMessage(error)}`);
  }
}

/** Someone waits on the answer: a command, an assignment, or any task that changes code. */
function keepsLiveComment(trigger: Trigger): boolean {
  if ('command' in trigger) return true;
  return trigger.mode === 'invoke' || trigger.mode === 'maintenance';
}

/** Where the run's comment goes; undefined for runs without an issue or pull request. */
function commentTarget(trigger: Trigger): CommentTarget | undefined {
  const repo = { owner: trigger.repo.owner, repo: trigger.repo.name };
  if (trigger.kind === 'pull_request_review_comment') {
    return {
      ...repo,
      pullNumber: trigger.number,
      inReplyTo: trigger.thread.inReplyToId ?? trigger.thread.commentId,
    };
  }
  if (trigger.number === undefined) return undefined;
  return { ...repo, issueNumber: trigger.number };
}

/** The record kept on the runner as the session goes (live-record.ts). */
export interface LiveRecord {
  /** Sees each of the session's events (after the record has folded it in). */
  observe(event: AgentEvent): void;
  /**
   * Stops writing as the run goes, and writes the record's last state: the answer so far and the
   * change now in the workspace, whose patch stays in the record. Resolves with that change.
   */
  settle(): Promise<WorkspaceDiff | undefined>;
  /**
   * Stops writing, and removes the patch written along the way: at a normal end, publishing
   * decides whether the record has one (a pushed change has none).
   */
  discard(): Promise<void>;
}
