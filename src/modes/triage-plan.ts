/**
 * Triage around the session: the `set_labels` tool limited to the repository's labels, then the
 * chosen labels (and the optional note) applied by trusted code. A scheduled triage runs one
 * session per batch of unlabelled issues instead of one session on one issue.
 */
import type { GitHubClient } from '../github/octokit.js';
import type { Trigger } from '../github/trigger.js';
import type { Logger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { codeSpan } from '../report/markdown.js';
import { createLabelCollector } from '../triage/set-labels.js';
import type { AppliedLabels, LabelSink } from '../triage/apply-labels.js';
import { applyLabels } from '../triage/apply-labels.js';
import { listRepositoryLabels } from '../triage/repository-labels.js';
import type { TriageBatchSession, TriageSessionOutcome } from '../triage/scheduled-triage.js';
import { runScheduledTriage } from '../triage/scheduled-triage.js';
import { singleIssueTriageGoal } from '../triage/triage-instructions.js';
import type { SessionEndReason } from '../agent/events.js';
import type { ModePlan, ModePreparation, ModeResult } from './mode-plan.js';

export interface TriageOptions {
  /** Post the model's short note beside the labels (`triage_comment`). */
  allowComment: boolean;
  /** Issues per session of a scheduled triage (`triage_batch_size`). */
  batchSize: number;
}

export interface TriagePlanInput {
  trigger: Trigger;
  /** The labels the issue has now. */
  currentLabels: readonly string[];
  options: TriageOptions;
  octokit: GitHubClient;
  sink: LabelSink;
  /** The event's key: a re-run edits the note its first attempt posted (github/trigger-claim.ts). */
  triggerKey?: string | undefined;
  redact: Redact;
  logger: Logger;
}

/** Triage of the trigger's issue (an `issues` event or `/gemini triage`). */
export async function prepareTriage(input: TriagePlanInput): Promise<ModePreparation> {
  const { trigger, options } = input;
  const number = trigger.number;
  if (number === undefined) throw new Error('prepareTriage needs an issue');
  const repo = { owner: trigger.repo.owner, repo: trigger.repo.name };
  const labels = await listRepositoryLabels(input.octokit, repo);
  if (labels.length === 0) {
    return { skip: 'no triage: the repository has no labels to choose from' };
  }
  const collector = createLabelCollector({ labels });
  return {
    plan: {
      extraTools: [collector.tool],
      goal: singleIssueTriageGoal({ allowComment: options.allowComment }),
      async finish() {
        // Labels chosen before a session stopped early are as valid as the rest.
        const applied = await applyLabels(collector.result(), {
          sink: input.sink,
          repo,
          repositoryLabels: labels.map((label) => label.name),
          targets: [{ number, currentLabels: input.currentLabels }],
          redact: input.redact,
          allowComment: options.allowComment,
          triggerKey: input.triggerKey,
          logger: input.logger,
        });
        return labelsResult(applied);
      },
    },
  };
}

export interface ScheduledTriageInput {
  trigger: Trigger;
  options: TriageOptions;
  octokit: GitHubClient;
  sink: LabelSink;
  redact: Redact;
  logger: Logger;
}

/** A scheduled triage: one session per batch of unlabelled issues, each labelled as it ends. */
export function scheduledTriagePlan(input: ScheduledTriageInput): ModePlan {
  let result: ModeResult & { note?: string | undefined; stopped?: boolean } = {
    sections: [],
    outputs: {},
    links: [],
  };
  return {
    extraTools: [],
    async run(runSession) {
      // The first batch that did not complete decides how the run ended; a batch whose session
      // could not start at all ends the triage (the report's note says why).
      let failed: { reason: SessionEndReason; error?: string | undefined } | undefined;
      result = await runScheduledTriageBatches(input, async (batch) => {
        const session = await runSession(batch.prompt, batch.tools);
        if (session.reason !== 'completed') failed ??= session;
        return { reason: session.reason, error: session.error };
      });
      if (failed === undefined && result.note !== undefined && result.stopped) {
        failed = { reason: 'internal_error', error: result.note };
      }
      return {
        reason: failed?.reason ?? 'completed',
        error: failed?.error,
        summary: result.sections.join('\n\n'),
      };
    },
    finish: () => Promise.resolve(result),
  };
}

/** Runs every batch through `runSession`; the report covers all of them. */
export async function runScheduledTriageBatches(
  input: ScheduledTriageInput,
  runSession: (session: TriageBatchSession) => Promise<TriageSessionOutcome>,
): Promise<ModeResult & { note: string | undefined; stopped: boolean }> {
  const report = await runScheduledTriage({
    client: input.octokit,
    repo: { owner: input.trigger.repo.owner, repo: input.trigger.repo.name },
    batchSize: input.options.batchSize,
    runSession,
    sink: input.sink,
    redact: input.redact,
    // The default instruction says only "triage"; a workflow's prompt adds its guidance.
    instruction:
      input.trigger.instructionSource === 'default' ? undefined : input.trigger.instruction,
    allowComment: input.options.allowComment,
    logger: input.logger,
  });
  const applied = report.batches.flatMap((batch) => batch.applied);
  const result = labelsResult(applied);
  const sessions = report.batches.length;
  const intro = `**Scheduled triage:** ${report.listed} unlabelled issue${report.listed === 1 ? '' : 's'}, ${sessions} session${sessions === 1 ? '' : 's'}.`;
  return {
    ...result,
    sections: [intro, ...(report.note ? [report.note] : []), ...result.sections],
    note: report.note,
    stopped: report.batches.some((batch) => batch.error !== undefined),
  };
}

/** One line per issue: what was added, the names dropped as unknown, the note's link. */
function labelsResult(applied: readonly AppliedLabels[]): ModeResult {
  const lines = applied.map((entry) => {
    const added =
      entry.added.length > 0
        ? entry.added.map((label) => codeSpan(label, { maxLength: 80 })).join(', ')
        : 'no new labels';
    const parts = [`- #${entry.issueNumber}: ${added}`];
    const missing = entry.skipped
      .filter((skip) => skip.reason === 'not a repository label')
      .map((skip) => codeSpan(skip.label, { maxLength: 80 }));
    if (missing.length > 0) {
      parts.push(`— left out, not labels of this repository: ${missing.join(', ')}`);
    }
    if (entry.comment) parts.push(`([note](${entry.comment.url}))`);
    if (entry.error !== undefined) parts.push(`— ⚠️ ${entry.error}`);
    return parts.join(' ');
  });
  const errors = applied.filter((entry) => entry.error !== undefined);
  return {
    sections:
      lines.length > 0 ? [`**Labels**\n\n${lines.join('\n')}`] : ['**Labels:** none chosen.'],
    outputs: {
      labels: JSON.stringify(
        Object.fromEntries(applied.map((entry) => [String(entry.issueNumber), entry.added])),
      ),
    },
    links: [],
    ...(errors.length > 0
      ? {
          error: `Could not label ${errors.map((entry) => `#${entry.issueNumber}`).join(', ')}: ${errors[0]?.error ?? ''}`,
        }
      : {}),
  };
}
