/**
 * When a review fans out, and how its files are split. The size is the changed lines of the
 * reviewed files (additions and deletions, as their patches show them): that is what a reviewer
 * has to read. SmartBear's study of code review at Cisco found reviewers stop finding defects
 * well beyond 200–400 lines at a time (https://smartbear.com/learn/code-review/
 * best-practices-for-peer-code-review/), so a group aims at 400 lines, and a pull request is
 * split only when it is more than two such groups (above 800 lines by default, the
 * `review_fanout_lines` input): below that one agent holds the whole diff well, and the
 * fan-out's extra sessions would cost more than they find.
 */
import type { PullRequestFile } from './diff-hunks.js';

export const DEFAULT_FANOUT_THRESHOLD = 800;
/** The changed lines one reviewer is given, about. */
export const GROUP_TARGET_LINES = 400;
/** Reviewers running at once; a larger pull request gets larger groups. */
export const MAX_GROUPS = 8;

export interface FileGroup {
  /** From 1. */
  index: number;
  files: PullRequestFile[];
  lines: number;
}

/** Added and removed lines of a file's patch (0 without one: binary, or too large to show). */
export function changedLines(file: PullRequestFile): number {
  if (file.patch === undefined) return 0;
  let count = 0;
  for (const line of file.patch.split('\n')) {
    if (line.startsWith('+') || line.startsWith('-')) count++;
  }
  return count;
}

/**
 * The groups of a pull request above `threshold` changed lines (0: never split), files in path
 * order so a folder stays together; undefined when it stays with one agent (small, or one file
 * carries nearly all of it).
 */
export function planFileGroups(
  files: readonly PullRequestFile[],
  threshold: number,
): FileGroup[] | undefined {
  const sized = files
    .map((file) => ({ file, lines: changedLines(file) }))
    .sort((a, b) =>
      a.file.filename < b.file.filename ? -1 : a.file.filename > b.file.filename ? 1 : 0,
    );
  const total = sized.reduce((sum, entry) => sum + entry.lines, 0);
  if (threshold === 0 || total <= threshold) return undefined;
  const wanted = Math.min(MAX_GROUPS, Math.max(2, Math.ceil(total / GROUP_TARGET_LINES)));
  const target = total / wanted;
  const groups: FileGroup[] = [];
  let current: FileGroup | undefined;
  for (const entry of sized) {
    const full = current !== undefined && current.lines > 0 && current.lines + entry.lines > target;
    if (current === undefined || (full && groups.length < wanted)) {
      current = { index: groups.length + 1, files: [], lines: 0 };
      groups.push(current);
    }
    current.files.push(entry.file);
    current.lines += entry.lines;
  }
  return groups.length < 2 ? undefined : groups;
}
