/**
 * Stage "session": the policy, the model and the agent run the task — one session on the task
 * prompt (or a custom command's expansion), or the sessions a plan runs itself (a scheduled
 * triage). Every event goes into the record as it comes (run-record.ts), and the answer and the
 * patch are kept on the runner as they change (live-record.ts). The run's stop aborts the model
 * request and the tools.
 */
import { expandCommand } from '../custom-commands/expand-command.js';
import type { SessionPrompt } from '../custom-commands/injection-services.js';
import { findInvocation } from '../custom-commands/run-commands.js';
import { buildTaskPrompt } from '../github/prompt.js';
import { commandLine } from '../report/command-lines.js';
import { finalText } from '../report/progress-state.js';
import type { EarlyEnd } from '../report/early-end.js';
import type { AuthorizedRun } from './authorized-run.js';
import { gitSafeDuringSession, startLiveRecord } from './live-record.js';
import type { RunHeld, RunRecord } from './run-record.js';
import { recordEvent } from './run-record.js';
import { RunStopped } from './run-stop.js';
import { sessionRunner, sessionTimeoutMs } from './session-runner.js';
import type { Prepared } from './stage-context.js';

export async function sessionStage(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
  prepared: Prepared,
): Promise<void> {
  const { trigger, trust } = run;
  const { plan, context } = prepared;
  const workspaceRoot = run.deps.env.GITHUB_WORKSPACE ?? process.cwd();
  const sandboxProbe = held.sandboxProbe;
  if (sandboxProbe === undefined) throw new Error('the sandbox was not set up');
  held.live = startLiveRecord(run, record, {
    root: workspaceRoot,
    baseline: prepared.baseline,
    gitSafeNow: () => gitSafeDuringSession(sandboxProbe),
  });
  const runner = await sessionRunner(run, {
    sandboxProbe,
    sessionId: record.sessionId,
    workspaceRoot,
    launchDirectory: held.launchDirectory,
    signal: AbortSignal.any([run.stop.signal, held.stopDuplicate.signal]),
    onEvent: (event) => {
      recordEvent(run, record, held, event);
    },
  });
  record.sandboxLine = runner.sandboxLine;
  record.summaryLines = runner.summaryLines;
  held.telemetry = runner.telemetry;
  const promptOptions = {
    mode: trigger.mode,
    actor:
      trigger.instructionSource === 'command' && trust === 'maintainer'
        ? trigger.actor?.login
        : undefined,
    goal: plan.goal,
    handIn: plan.handIn,
  };
  // `/gemini /name args` (or a prompt input starting with `/name`) runs a custom command; its
  // `!{…}` and `@{…}` are expanded through the session's policy and tools.
  const invoked =
    trigger.instructionSource === 'default'
      ? undefined
      : findInvocation(trigger.instruction, runner.commands);
  if (invoked !== undefined) record.summaryLines.push(commandLine(invoked.command));
  // Built only for a single session: a plan that runs its own sessions writes their prompts.
  const taskPrompt = (): SessionPrompt =>
    invoked === undefined
      ? buildTaskPrompt(context, trigger.instruction, promptOptions)
      : async (services) =>
          buildTaskPrompt(
            context,
            await expandCommand(invoked.command, invoked.invocation, services),
            promptOptions,
          );
  const session = plan.run
    ? await plan.run(runner.run)
    : await runner.run(taskPrompt(), plan.extraTools, plan.agents).then((ended) => ({
        ...ended,
        summary: ended.response.trim() || finalText(record.progress),
      }));
  // The session's own budget ran out before the run's timer fired: the same calm ending.
  if (session.reason === 'timeout' && run.stop.ending === undefined) {
    run.end(timedOut(run));
  }
  // A run that is ending reports from its record (finalise-early.ts), which may already be under
  // way: a session that ends late must not change it.
  if (run.stop.ending !== undefined) throw new RunStopped(run.stop.ending);
  record.outcome = {
    reason: session.reason,
    summary: session.summary,
    ...(session.error !== undefined ? { error: session.error } : {}),
  };
}

/** How the run's `timeout_minutes` ends it. */
function timedOut(run: AuthorizedRun): EarlyEnd {
  const now = run.deps.now ?? Date.now;
  return {
    kind: 'timed-out',
    at: now(),
    limit:
      run.deps.sessionTimeoutMs === undefined
        ? `timeout_minutes (${run.inputs.timeoutMinutes})`
        : `the session's time limit (${run.deps.sessionTimeoutMs} ms)`,
  };
}

/**
 * The run's `timeout_minutes`: from the session's start, the run ends as timed out — calmly, by
 * the same path as a cancel (finalise-early.ts), but with the time to push the work so far. The
 * agent's own budget has the same limit; whichever notices first ends the session.
 */
export function startTimeLimit(run: AuthorizedRun): { start(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    start() {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        if (run.stop.ending === undefined) {
          run.logger.warning(
            `The session reached its time limit (timeout_minutes): stopping the agent and keeping its work.`,
          );
          run.end(timedOut(run));
        }
      }, sessionTimeoutMs(run));
      timer.unref();
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}
