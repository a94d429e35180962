/**
 * What one repository's run of a campaign leaves for the fleet's report: a small JSON file the
 * Action writes when its `campaign` input is set (whatever the run's end, failures included), which
 * the `run` job uploads as an artifact and the `report` job reads back. The report trusts nothing
 * in it beyond this shape: each field is checked, and a file that does not parse is reported as
 * that repository's failure, never as a crash of the report.
 */
import path from 'node:path';
import { z } from 'zod';

export const FLEET_RESULT_VERSION = 1;

/** The folder under `RUNNER_TEMP` the Action writes its result into; the workflow uploads it. */
export const FLEET_RESULT_FOLDER = 'gemini-agent-fleet';

/** Links only to web pages: a result comes from a run on a repository that may be hostile. */
const webUrl = z.url({ protocol: /^https?$/ });

export const fleetResultSchema = z
  .object({
    version: z.literal(FLEET_RESULT_VERSION),
    campaign: z.string().min(1),
    /** `owner/name`. */
    repository: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
    conclusion: z.enum(['success', 'failure', 'skipped', 'cancelled']),
    /** The run's one-line outcome: the error, the skip reason, or what was published. */
    summary: z.string().max(2000).optional(),
    prNumber: z.number().int().positive().optional(),
    prUrl: webUrl.optional(),
    branch: z.string().optional(),
    commitSha: z.string().optional(),
    costUsd: z.number().nonnegative().optional(),
    inputTokens: z.number().int().nonnegative().optional(),
    outputTokens: z.number().int().nonnegative().optional(),
    /** The workflow run (with the job when known) that produced it. */
    runUrl: webUrl.optional(),
    finishedAt: z.iso.datetime(),
  })
  .strict();

export type FleetResult = z.infer<typeof fleetResultSchema>;

/** `owner__name.json`: unique per repository, so every job's file can land in one folder. */
export function fleetResultFileName(repository: string): string {
  return `${repository.replace('/', '__')}.json`;
}

export function fleetResultPath(runnerTemp: string, repository: string): string {
  return path.join(runnerTemp, FLEET_RESULT_FOLDER, fleetResultFileName(repository));
}
