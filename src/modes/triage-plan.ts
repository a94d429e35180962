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
import { createLabelCollector } from '../tools/set-labels.js';
import type { AppliedLabels, LabelSink } from '../triage/apply-labels.js';
import { applyLabels } from '../triage/apply-labels.js';
import { listRepositoryLabels } from '../triage/repository-labels.js';
import type { TriageBatchSession, TriageSessionOutcome } from '../triage/scheduled-triage.js';
import { runScheduledTriage } from '../triage/scheduled-triage.js';
import { singleIssueTriageGoal } from '../triage/triage-instructions.js';
import type { ModePreparation, ModeResult } from './mode-plan.js';

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

/** Runs every batch through `runSession`; the report covers all of them. */
export async function runScheduledTriageBatches(
  input: ScheduledTriageInput,
  runSession: (session: TriageBatchSession) => Promise<TriageSessionOutcome>,
): Promise<ModeResult & { note: string | undefined; failed: boolean }> {
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
  const failed = report.batches.some(
    (batch) =>
      batch.error !== undefined ||
      (batch.outcome !== undefined && batch.outcome.reason !== 'completed'),
  );
  return {
    ...result,
    sections: [intro, ...(report.note ? [report.note] : []), ...result.sections],
    note: report.note,
    failed,
  };
}

/** One line per issue: what was added, what was left out, the note's link. */
function labelsResult(applied: readonly AppliedLabels[]): ModeResult {
  const lines = applied.map((entry) => {
    const added =
      entry.added.length > 0
        ? entry.added.map((label) => codeSpan(label, { maxLength: 80 })).join(', ')
        : 'no new labels';
    const parts = [`- #${entry.issueNumber}: ${added}`];
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
