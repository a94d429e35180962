/**
 * Stage "publish": what the mode does with the session's result — a branch and pull request, a
 * review, labels — by trusted code, whatever the session's end (a partial result is still one);
 * and, for a run that ends before it gets there, the work so far kept in the record.
 */
import type { ModePlan } from '../modes/mode-plan.js';
import { codeSpan, linkTarget } from '../report/markdown.js';
import type { EarlyEnd } from '../report/early-end.js';
import { earlyEndTitle } from '../report/early-end.js';
import type { ReportLinks, ResultSection } from '../report/progress-comment.js';
import type { AuthorizedRun } from './authorized-run.js';
import { acceptedChange } from './live-record.js';
import type { RunHeld, RunRecord } from './run-record.js';
import type { Prepared } from './stage-context.js';

export async function publishStage(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
  prepared: Prepared,
): Promise<void> {
  const outcome = record.outcome;
  if (outcome === undefined) throw new Error('the session stage left no outcome');
  const now = run.deps.now ?? Date.now;
  // From here publishing decides what the record keeps of the change.
  await held.live?.discard();
  // The final comment shows only what publishing would accept.
  const workspaceRoot = run.deps.env.GITHUB_WORKSPACE ?? process.cwd();
  const diff = await acceptedChange(run, workspaceRoot, prepared.baseline);
  if (diff !== undefined) outcome.diff = diff;
  const plan: ModePlan = prepared.plan;
  const session = {
    completed: outcome.reason === 'completed',
    summary: outcome.summary ?? '',
    changed: outcome.diff !== undefined && outcome.diff.patch.trim() !== '',
  };
  // The cost cap stops a run whose work was paid for: it is kept as an early end keeps it (a
  // work-in-progress commit where the mode publishes one), not left in the workspace.
  const keepPaidWork = outcome.reason === 'cost_budget' ? plan.keepWork : undefined;
  const result = keepPaidWork ? await keepPaidWork(session) : await plan.finish(session);
  record.result = result;
  outcome.results = result.sections;
  record.links.extra = result.links;
  if (result.error !== undefined && outcome.reason === 'completed') {
    outcome.reason = 'crash';
    outcome.error = result.error;
  }
  outcome.durationMs = now() - record.startedAt;
}

/**
 * The work so far of a run that ends before publishing (stopped early, or a stage failed): the
 * change the agent made, checked as publishing checks it, stays in the record as a patch (so the
 * artifact has it) and goes into the report (the comment shows it when it fits), with a line on
 * where it is. Nothing is pushed. Resolves with whether there was a change.
 */
export async function keepWorkSoFar(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
): Promise<boolean> {
  const outcome = record.outcome;
  // No session began: the agent changed nothing.
  if (held.live === undefined || outcome === undefined) return false;
  const diff = await held.live.settle();
  if (diff === undefined) return false;
  outcome.diff = diff;
  outcome.results = [
    ...(outcome.results ?? []),
    workSoFarSection(record.ending, {
      artifactName: record.artifactName,
      upload: run.inputs.uploadArtifact,
    }),
  ];
  return true;
}

/** Where the unpublished change of a run that ended early is. */
function workSoFarSection(
  ending: EarlyEnd | undefined,
  artifact: { artifactName: string; upload: boolean },
): ResultSection {
  const why =
    ending === undefined
      ? 'the run did not finish'
      : `the run ${earlyEndTitle(ending)} before it finished`;
  return (links: ReportLinks) => {
    const file = codeSpan('changes.patch');
    const where =
      links.artifactUrl !== undefined
        ? `${file} in the [run's artifact](${linkTarget(links.artifactUrl)})`
        : artifact.upload
          ? `${file} in the run's artifact ${codeSpan(artifact.artifactName)}${links.runUrl === undefined ? '' : ` on the [job run](${linkTarget(links.runUrl)})`}`
          : `${file} in the run's record on the runner (\`upload_artifact\` is off)`;
    return `**Changes:** not published, because ${why}. They are kept as a patch: ${where}; the diff is below.`;
  };
}
