/**
 * What the main step leaves its post step (`core.saveState`, the runner's `GITHUB_STATE` file):
 * where the run's record is on the runner, the artifact it goes up as, the comment the run keeps,
 * how the run was ending, and what the main step finished itself. Written as soon as each fact is
 * known and again when it changes (the latest value wins), so a main step killed at any moment
 * still leaves the post step enough to finish: upload the record, end the comment.
 *
 * Nothing secret is in it — paths, names, ids and URLs — and the post step checks its shape
 * before it uses any of it.
 */
import { z } from 'zod';
import type { CommentTarget, PostedComment } from '../github/sink.js';
import type { RunRecordPaths } from '../github/run-artifact.js';
import type { EarlyEnd } from '../report/early-end.js';

/** The state key of the record. */
export const RUN_RECORD_STATE = 'run_record';

/** How far the main step got with the artifact. */
export type ArtifactProgress = 'not started' | 'started' | 'uploaded' | 'skipped';

export interface SavedRunRecord {
  version: 1;
  files: RunRecordPaths;
  artifactName: string;
  /** False when the `upload_artifact` input turned the upload off. */
  upload: boolean;
  runUrl?: string;
  /** Milliseconds since the epoch. */
  startedAt: number;
  /** The login of who asked, for the report's header. */
  actor?: string;
  comment?: {
    target: CommentTarget;
    /** Someone waits on the run: its comment shows the progress and the result. */
    live: boolean;
    /** The comment once created. */
    posted?: PostedComment;
  };
  ending?: EarlyEnd;
  /** What the main step finished itself. */
  done: {
    /** The comment shows the run's result (or the run keeps none). */
    comment: boolean;
    artifact: ArtifactProgress;
    artifactUrl?: string;
  };
}

const repoRef = { owner: z.string().min(1), repo: z.string().min(1) };
const id = z.number().int().positive();
const time = z.number();

const cause = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cancelled'), at: time, signal: z.string().optional() }),
  z.object({ kind: z.literal('timed-out'), at: time, limit: z.string().optional() }),
  z.object({ kind: z.literal('superseded'), at: time, newerRunUrl: z.string().optional() }),
]);

const savedSchema = z.object({
  version: z.literal(1),
  files: z.object({
    dir: z.string().min(1),
    transcript: z.string().min(1),
    answer: z.string().min(1),
    patch: z.string().min(1),
  }),
  artifactName: z.string().min(1),
  upload: z.boolean(),
  runUrl: z.string().optional(),
  startedAt: time,
  actor: z.string().optional(),
  comment: z
    .object({
      target: z.union([
        z.object({ ...repoRef, issueNumber: id }),
        z.object({ ...repoRef, pullNumber: id, inReplyTo: id }),
      ]),
      live: z.boolean(),
      posted: z
        .object({
          ...repoRef,
          kind: z.enum(['issue_comment', 'review_comment']),
          id,
          url: z.string(),
        })
        .optional(),
    })
    .optional(),
  ending: z
    .union([cause, z.object({ kind: z.literal('stopped'), at: time, cause: cause.optional() })])
    .optional(),
  done: z.object({
    comment: z.boolean(),
    artifact: z.enum(['not started', 'started', 'uploaded', 'skipped']),
    artifactUrl: z.string().optional(),
  }),
});

export function encodeRunRecord(record: SavedRunRecord): string {
  return JSON.stringify(record);
}

/**
 * The saved record; `undefined` when the main step saved none (it ended before the run was
 * authorized, or it is not this Action's state). Throws when there is one that does not parse.
 */
export function decodeRunRecord(text: string): SavedRunRecord | undefined {
  if (text.trim() === '') return undefined;
  const parsed = savedSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(
      `the saved run record is not in the expected shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  // Zod keeps absent optional keys out already; the round trip only narrows the type.
  return JSON.parse(JSON.stringify(parsed.data)) as SavedRunRecord;
}
