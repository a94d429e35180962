/**
 * The run's record kept on the runner as the session goes, not only at its end: the transcript
 * is appended event by event already (agent/transcript.ts); here the answer so far is rewritten
 * when the model's text grows, and the patch of what the agent changed when a call that can change
 * the workspace ends — while git is safe to run beside the agent's commands, that is under a
 * sandbox (`gitSafeDuringSession`). A step killed at any moment thus leaves the post step the work
 * done so far, redacted and checked as publishing would check it (workspace-diff.ts). Without a
 * sandbox the patch is taken once the session has stopped, so a step killed mid-session leaves the
 * transcript and the answer, but no patch.
 */
import { rm, writeFile } from 'node:fs/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AgentEvent } from '../agent/events.js';
import { errorMessage } from '../platform/errors.js';
import type { PendingSandbox } from '../platform/sandbox/pending-sandbox.js';
import type { SessionBaseline } from '../publish/session-baseline.js';
import { workspaceDiff } from '../publish/workspace-diff.js';
import type { WorkspaceDiff } from '../publish/workspace-diff.js';
import { answerSoFar } from '../report/progress-state.js';
import { READ_ONLY_KINDS } from '../tools/tool-types.js';
import type { AuthorizedRun } from './authorized-run.js';
import type { LiveRecord, RunRecord } from './run-record.js';

/** How long the answer file may lag behind the model's text. */
const ANSWER_DELAY_MS = 250;

/** The change in the workspace as publishing would accept it, or undefined when there is none. */
export function acceptedChange(
  run: AuthorizedRun,
  workspaceRoot: string,
  baseline: SessionBaseline | undefined,
): Promise<WorkspaceDiff | undefined> {
  return workspaceDiff(workspaceRoot, {
    baseline,
    checks: {
      allowWorkflowEdits: run.inputs.publish.allowWorkflowEdits,
      knownSecrets: run.inputs.secrets,
    },
  });
}

/** Writes a patch (redacted) into the record; resolves whether one was written. */
export async function writePatch(
  run: AuthorizedRun,
  record: RunRecord,
  diff: WorkspaceDiff | undefined,
): Promise<boolean> {
  if (diff === undefined) return false;
  const text = run.redact(diff.patch);
  await writeFile(record.files.patch, text.endsWith('\n') ? text : `${text}\n`);
  return true;
}

export interface LiveWorkspace {
  root: string;
  baseline: SessionBaseline | undefined;
  /**
   * Whether git may read the workspace while the session runs: true only when no command of the
   * agent can have changed `.git` (see `gitSafeDuringSession`). Otherwise the patch is taken only
   * once the session has stopped (`settle`), when no command of the agent is left to change it.
   */
  gitSafeNow(): Promise<boolean>;
}

/**
 * Whether trusted git may run in the workspace while the agent's commands may still be running.
 * git acts on the repository's configuration — a clean filter, `core.fsmonitor` — so with a
 * command free to rewrite `.git/config` at any moment, even a git that switches off what the
 * session configured (session-baseline.ts) could read a driver set up between its check and its
 * run. Every sandbox keeps `.git` out of the commands' reach (read-only, or another owner);
 * without one, only a run in which no command has started yet is safe. Commands, MCP servers
 * and discovered tools all start through the sandbox, so a probe nothing started means none ran.
 */
export function gitSafeDuringSession(sandbox: PendingSandbox): Promise<boolean> {
  if (!sandbox.isStarted) return Promise.resolve(true);
  return sandbox.answer.then(
    (found) => found.kind !== 'none',
    () => false,
  );
}

export function startLiveRecord(
  run: AuthorizedRun,
  record: RunRecord,
  workspace: LiveWorkspace,
): LiveRecord {
  let stopped = false;
  let answerTimer: NodeJS.Timeout | undefined;
  let patchWanted = false;
  let patching: Promise<void> | undefined;
  let wrotePatch = false;
  let warned = false;
  const warnOnce = (what: string, error: unknown) => {
    if (warned) return;
    warned = true;
    run.logger.warning(`Could not keep the ${what} in the run's record: ${errorMessage(error)}`);
  };

  const writeAnswerNow = () => {
    clearTimeout(answerTimer);
    answerTimer = undefined;
    const answer = run.redact(answerSoFar(record.progress));
    if (answer === '') return;
    try {
      mkdirSync(record.files.dir, { recursive: true });
      writeFileSync(record.files.answer, `${answer}\n`);
    } catch (error) {
      warnOnce('answer', error);
    }
  };

  const refreshPatch = (): Promise<void> => {
    patchWanted = true;
    patching ??= (async () => {
      while (patchWanted && !stopped) {
        patchWanted = false;
        try {
          if (!(await workspace.gitSafeNow())) break;
          const diff = await acceptedChange(run, workspace.root, workspace.baseline);
          // `stop()` may have run while the diff was taken.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
          if (stopped) break;
          if (await writePatch(run, record, diff)) wrotePatch = true;
          else if (wrotePatch) {
            await rm(record.files.patch, { force: true });
            wrotePatch = false;
          }
        } catch (error) {
          warnOnce('patch', error);
        }
      }
      patching = undefined;
    })();
    return patching;
  };

  const stop = async () => {
    stopped = true;
    clearTimeout(answerTimer);
    answerTimer = undefined;
    await patching;
  };

  return {
    observe(event) {
      if (stopped) return;
      if (event.kind === 'text_content') {
        answerTimer ??= setTimeout(writeAnswerNow, ANSWER_DELAY_MS);
        answerTimer.unref();
      } else if (event.kind === 'tool_call_update' && changesWorkspace(event)) {
        void refreshPatch();
      }
    },
    async settle() {
      await stop();
      writeAnswerNow();
      const diff = await acceptedChange(run, workspace.root, workspace.baseline);
      if (await writePatch(run, record, diff)) return diff;
      if (wrotePatch) await rm(record.files.patch, { force: true });
      return undefined;
    },
    async discard() {
      await stop();
      if (wrotePatch) await rm(record.files.patch, { force: true });
    },
  };
}

/** A call that ended and may have changed the workspace (anything but reading and searching). */
function changesWorkspace(event: Extract<AgentEvent, { kind: 'tool_call_update' }>): boolean {
  const { status, kind } = event.tool_call;
  if (status === 'PENDING' || status === 'EXECUTING') return false;
  return kind === undefined || !READ_ONLY_KINDS.has(kind);
}
