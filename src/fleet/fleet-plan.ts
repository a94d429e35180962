/**
 * A fleet plan: the repositories a campaign runs on, in chunks a workflow matrix can take, and
 * the ones left out with the reason for each. Building it is pure (what GitHub said goes in as
 * data), so the rules — archived and forks out, a repository already holding the campaign's open
 * pull request out, a stable order, at most 256 a chunk — are tested without any HTTP.
 */
import { z } from 'zod';
import { UsageError } from '../platform/errors.js';

/** GitHub's limit: "A matrix will generate a maximum of 256 jobs per workflow run." */
export const MAX_CHUNK_SIZE = 256;
export const FLEET_PLAN_VERSION = 1;

/** A repository as the plan needs it: its name as GitHub spells it, and what may exclude it. */
export interface FleetCandidate {
  /** `owner/name`. */
  repository: string;
  archived: boolean;
  fork: boolean;
}

export const EXCLUSION_REASONS = ['archived', 'fork', 'open-pull-request', 'not-found'] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

const matrixEntrySchema = z
  .object({
    repository: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
    owner: z.string().min(1),
    name: z.string().min(1),
  })
  .strict();
export type FleetMatrixEntry = z.infer<typeof matrixEntrySchema>;

const exclusionSchema = z
  .object({
    repository: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
    reason: z.enum(EXCLUSION_REASONS),
    /** The reason in words, for the listing and the report. */
    detail: z.string(),
    /** The campaign's open pull request, for `open-pull-request`. */
    pullRequestUrl: z.string().optional(),
  })
  .strict();
export type FleetExclusion = z.infer<typeof exclusionSchema>;

/** The plan as `plan.json` and the `plan` output hold it; `fleet report --plan` reads it back. */
export const fleetPlanSchema = z
  .object({
    version: z.literal(FLEET_PLAN_VERSION),
    campaign: z.string().min(1),
    /** The campaign's branch in every repository (`<prefix>campaign-<key>`). */
    branch: z.string().min(1),
    chunkSize: z.number().int().min(1).max(MAX_CHUNK_SIZE),
    /** Repositories in all chunks. */
    repositories: z.number().int().nonnegative(),
    chunks: z.array(z.array(matrixEntrySchema)),
    excluded: z.array(exclusionSchema),
  })
  .strict();
export type FleetPlan = z.infer<typeof fleetPlanSchema>;

/** `--chunk-size`: 1 to 256; the flag's text as given. */
export function parseChunkSize(value: string | undefined): number {
  if (value === undefined) return MAX_CHUNK_SIZE;
  const size = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(size >= 1)) {
    throw new UsageError(`--chunk-size expects a whole number from 1 to 256, got "${value}".`);
  }
  if (size > MAX_CHUNK_SIZE) {
    throw new UsageError(
      `--chunk-size ${value} is over ${MAX_CHUNK_SIZE}, the most jobs GitHub Actions runs from one matrix; run the other chunks with --chunk.`,
    );
  }
  return size;
}

/** `--chunk`: a chunk's number, from 0. Checked against the plan by {@link chunkMatrix}. */
export function parseChunkIndex(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^\d+$/.test(value)) {
    throw new UsageError(`--chunk expects a chunk's number counted from 0, got "${value}".`);
  }
  return Number(value);
}

/** Case-insensitive order by full name, the way GitHub compares names; ties by exact text. */
function byName(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The candidates left after archived repositories and forks (unless `includeForks`) are taken
 * out: the ones whose open pull requests are worth asking about.
 */
export function screenCandidates(
  candidates: readonly FleetCandidate[],
  options: { includeForks: boolean },
): { remaining: FleetCandidate[]; excluded: FleetExclusion[] } {
  const remaining: FleetCandidate[] = [];
  const excluded: FleetExclusion[] = [];
  for (const candidate of candidates) {
    if (candidate.archived) {
      excluded.push({
        repository: candidate.repository,
        reason: 'archived',
        detail: 'archived (read-only)',
      });
    } else if (candidate.fork && !options.includeForks) {
      excluded.push({
        repository: candidate.repository,
        reason: 'fork',
        detail: 'a fork (--include-forks takes forks in)',
      });
    } else {
      remaining.push(candidate);
    }
  }
  return { remaining, excluded };
}

export interface PlanInput {
  campaign: string;
  branch: string;
  chunkSize: number;
  includeForks: boolean;
  candidates: readonly FleetCandidate[];
  /** Repositories of a repos file GitHub did not show (404: missing, or the token cannot see). */
  notFound: readonly string[];
  /** Repository → the URL of its open pull request from the campaign's branch. */
  openPullRequests: ReadonlyMap<string, string>;
}

/** The whole plan: included repositories chunked in a stable order, every exclusion explained. */
export function buildPlan(input: PlanInput): FleetPlan {
  if (!(input.chunkSize >= 1 && input.chunkSize <= MAX_CHUNK_SIZE)) {
    throw new UsageError(`--chunk-size must be from 1 to ${MAX_CHUNK_SIZE}.`);
  }
  const { remaining, excluded } = screenCandidates(input.candidates, input);
  const included: FleetMatrixEntry[] = [];
  for (const candidate of remaining) {
    const pull = input.openPullRequests.get(candidate.repository);
    if (pull !== undefined) {
      excluded.push({
        repository: candidate.repository,
        reason: 'open-pull-request',
        detail: `already has the campaign's open pull request ${pull}`,
        pullRequestUrl: pull,
      });
      continue;
    }
    const [owner = '', name = ''] = candidate.repository.split('/');
    included.push({ repository: candidate.repository, owner, name });
  }
  for (const repository of input.notFound) {
    excluded.push({
      repository,
      reason: 'not-found',
      detail: 'not found, or the token has no access to it',
    });
  }
  included.sort((a, b) => byName(a.repository, b.repository));
  excluded.sort((a, b) => byName(a.repository, b.repository));
  const chunks: FleetMatrixEntry[][] = [];
  for (let start = 0; start < included.length; start += input.chunkSize) {
    chunks.push(included.slice(start, start + input.chunkSize));
  }
  return {
    version: FLEET_PLAN_VERSION,
    campaign: input.campaign,
    branch: input.branch,
    chunkSize: input.chunkSize,
    repositories: included.length,
    chunks,
    excluded,
  };
}

/**
 * Chunk `index`'s matrix. A plan with nothing to run has no chunks: chunk 0 is then empty (the
 * workflow skips its run job on count 0); past the last chunk is a usage error.
 */
export function chunkMatrix(plan: FleetPlan, index: number): { include: FleetMatrixEntry[] } {
  if (index === 0 && plan.chunks.length === 0) return { include: [] };
  const chunk = plan.chunks[index];
  if (chunk === undefined) {
    throw new UsageError(
      `--chunk ${index} is past the plan's last chunk: it has ${plan.chunks.length} (0 to ${plan.chunks.length - 1}).`,
    );
  }
  return { include: chunk };
}
