/**
 * The diff of a proposed file change, as the policy, the transcript and the progress comment see
 * it: a unified diff with the workspace-relative path in its header (`a/…`, `b/…`, `/dev/null` for
 * a new file, the form `git apply` takes), line and character counts, and the `edit`
 * confirmation built from the same change. Whitespace is significant: a re-indentation is a change
 * a reviewer has to see.
 */
import path from 'node:path';
import type { StructuredPatch } from 'diff';
import { formatPatch, structuredPatch } from 'diff';
import type { ConfirmationDetails, DiffStat, FileDiff } from './tool-types.js';

/** A change to one file, computed before anything is written. */
export interface ProposedChange {
  /** The real path that will be written. */
  absolutePath: string;
  /** Relative to the workspace root (absolute when outside it), as `Workspace.displayPath` gives. */
  displayPath: string;
  /** Null when the file does not exist yet. */
  originalContent: string | null;
  newContent: string;
}

export type EditConfirmation = Extract<ConfirmationDetails, { type: 'edit' }>;

const CONTEXT_LINES = 3;
/**
 * The line diff costs about (file length × changed lines); past this many changed lines it is
 * slow and tells little, so the change is shown as the whole old text replaced by the whole new
 * text, which is still a correct patch.
 */
const MAX_EDIT_LENGTH = 1_000;

const HEADERS = { includeIndex: false, includeUnderline: false, includeFileHeaders: true };

/** The unified diff and its counts for one change. */
export function diffChange(
  displayPath: string,
  originalContent: string | null,
  newContent: string,
): { fileDiff: string; diffStat: DiffStat } {
  const relative = !path.isAbsolute(displayPath);
  const oldName =
    originalContent === null ? '/dev/null' : relative ? `a/${displayPath}` : displayPath;
  const newName = relative ? `b/${displayPath}` : displayPath;
  const before = originalContent ?? '';
  const patch =
    structuredPatch(oldName, newName, before, newContent, undefined, undefined, {
      context: CONTEXT_LINES,
      maxEditLength: MAX_EDIT_LENGTH,
    }) ?? wholeReplacement(oldName, newName, before, newContent);
  return { fileDiff: formatPatch(patch, HEADERS), diffStat: statOf(patch) };
}

/** What the tools return as `returnDisplay` after writing. */
export function buildFileDiff(change: ProposedChange): FileDiff {
  const { fileDiff, diffStat } = diffChange(
    change.displayPath,
    change.originalContent,
    change.newContent,
  );
  return {
    fileName: path.basename(change.absolutePath),
    filePath: change.absolutePath,
    fileDiff,
    originalContent: change.originalContent,
    newContent: change.newContent,
    diffStat,
  };
}

/** What a human would have been asked before the change is written. */
export function buildEditConfirmation(change: ProposedChange, title: string): EditConfirmation {
  const { fileDiff } = diffChange(change.displayPath, change.originalContent, change.newContent);
  return {
    type: 'edit',
    title,
    fileName: path.basename(change.absolutePath),
    filePath: change.absolutePath,
    fileDiff,
    originalContent: change.originalContent,
    newContent: change.newContent,
  };
}

/** Counts `+`/`-` lines and their characters (without the marker or the line break). */
function statOf(patch: StructuredPatch): DiffStat {
  const stat: DiffStat = {
    model_added_lines: 0,
    model_removed_lines: 0,
    model_added_chars: 0,
    model_removed_chars: 0,
  };
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) {
        stat.model_added_lines += 1;
        stat.model_added_chars += line.length - 1;
      } else if (line.startsWith('-')) {
        stat.model_removed_lines += 1;
        stat.model_removed_chars += line.length - 1;
      }
    }
  }
  return stat;
}

function wholeReplacement(
  oldName: string,
  newName: string,
  before: string,
  after: string,
): StructuredPatch {
  const removed = markedLines('-', before);
  const added = markedLines('+', after);
  const count = (lines: string[]) => lines.filter((line) => !line.startsWith('\\')).length;
  return {
    oldFileName: oldName,
    newFileName: newName,
    oldHeader: undefined,
    newHeader: undefined,
    hunks: [
      {
        oldStart: 1,
        oldLines: count(removed),
        newStart: 1,
        newLines: count(added),
        lines: [...removed, ...added],
      },
    ],
  };
}

function markedLines(marker: '+' | '-', text: string): string[] {
  if (text === '') return [];
  const endsWithBreak = text.endsWith('\n');
  const lines = (endsWithBreak ? text.slice(0, -1) : text).split('\n').map((line) => marker + line);
  if (!endsWithBreak) lines.push('\\ No newline at end of file');
  return lines;
}
