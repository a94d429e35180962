/**
 * The findings a review run posted: the inline comments of `out/review.json` (and of any later
 * `review-2.json`…, should the run post more than one review), as the scorer reads them.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PostedFinding } from './eval-types.js';

interface ReviewFileComment {
  path?: unknown;
  line?: unknown;
  start_line?: unknown;
  side?: unknown;
  body?: unknown;
}

/** The posted inline comments; undefined when the run posted no review at all. */
export async function collectReview(outDir: string): Promise<PostedFinding[] | undefined> {
  const names = (await readdir(outDir).catch(() => [] as string[]))
    .filter((name) => /^review(-\d+)?\.json$/.test(name))
    .sort((a, b) => reviewOrdinal(a) - reviewOrdinal(b));
  if (names.length === 0) return undefined;
  const posted: PostedFinding[] = [];
  for (const name of names) {
    const review = JSON.parse(await readFile(path.join(outDir, name), 'utf8')) as {
      comments?: ReviewFileComment[];
    };
    for (const comment of review.comments ?? []) {
      if (typeof comment.path !== 'string' || typeof comment.body !== 'string') continue;
      if (typeof comment.line !== 'number') continue;
      posted.push({
        path: comment.path,
        line: comment.line,
        ...(typeof comment.start_line === 'number' ? { startLine: comment.start_line } : {}),
        ...(comment.side === 'LEFT' || comment.side === 'RIGHT' ? { side: comment.side } : {}),
        body: comment.body,
      });
    }
  }
  return posted;
}

function reviewOrdinal(name: string): number {
  const match = /^review-(\d+)\.json$/.exec(name);
  return match === null ? 1 : Number(match[1]);
}
