/**
 * The patches of a pull request's files as `diff --git` sections for a prompt, in order, while
 * they fit in a number of characters; the rest are only named. Used by the incremental review's
 * instructions and by the parallel reviewers' tasks. Paths and patches come from GitHub, so they
 * are sanitized here.
 */
import { sanitizeUntrustedCode } from '../github/sanitize.js';
import type { PullRequestFile } from './diff-hunks.js';

export interface PatchesWithin {
  /** One `diff --git` section per file that fit. */
  shown: string[];
  /** The files left out: no patch from GitHub, or no room left. */
  unshown: PullRequestFile[];
}

export function patchesWithin(files: readonly PullRequestFile[], room: number): PatchesWithin {
  let left = room;
  const shown: string[] = [];
  const unshown: PullRequestFile[] = [];
  for (const file of files) {
    const entry =
      file.patch === undefined
        ? undefined
        : `diff --git a/${sanitizeUntrustedCode(file.previous_filename ?? file.filename)} b/${sanitizeUntrustedCode(file.filename)}\n${sanitizeUntrustedCode(file.patch)}`;
    if (entry !== undefined && entry.length <= left) {
      shown.push(entry);
      left -= entry.length;
    } else {
      unshown.push(file);
    }
  }
  return { shown, unshown };
}
