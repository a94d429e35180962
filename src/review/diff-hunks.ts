/**
 * Which lines of a pull request GitHub accepts review comments on. A comment must sit on a line
 * the diff shows: on the RIGHT side an added or context line (new-file numbers), on the LEFT side
 * a removed or context line (old-file numbers); a multi-line comment must stay within one hunk.
 * Files GitHub sends without a patch (binary, too large, renamed without changes) take none.
 */

export type DiffSide = 'RIGHT' | 'LEFT';

/** Lines `start..end`, both included, 1-based. */
export interface LineRange {
  start: number;
  end: number;
}

export interface DiffHunk {
  /** The `@@ -a,b +c,d @@ …` line. */
  header: string;
  /** Old-file lines the hunk shows (removed and context): commentable on LEFT. */
  left: LineRange | undefined;
  /** New-file lines the hunk shows (added and context): commentable on RIGHT. */
  right: LineRange | undefined;
  /** New-file numbers of the added lines. */
  added: number[];
  /** Old-file numbers of the removed lines. */
  removed: number[];
}

export interface DiffFile {
  path: string;
  /** The old name of a renamed file. */
  previousPath: string | undefined;
  /** GitHub's status: added, removed, modified, renamed, copied, changed, unchanged. */
  status: string;
  /** False when GitHub sent no patch: then no line of the file can be commented on. */
  hasPatch: boolean;
  hunks: DiffHunk[];
}

/** The fields of a GitHub pull request (or compare) file entry that matter here. */
export interface PullRequestFile {
  filename: string;
  status?: string;
  previous_filename?: string | undefined;
  patch?: string | undefined;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * The hunks of a unified diff patch as GitHub sends it (hunks only); a `git diff` header before
 * the first hunk is skipped. Ranges come from the lines actually present, so a cut-off patch
 * never claims lines it does not show.
 */
export function parsePatch(patch: string): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  let hunk: DiffHunk | undefined;
  // Lines of the hunk still expected on each side, and the next line number on each side.
  let oldLeft = 0;
  let newLeft = 0;
  let oldLine = 0;
  let newLine = 0;
  const start = (line: string) => {
    // Outside a hunk: a hunk header, or a file header (`diff --git`, `+++ b/x`) to skip.
    const header = HUNK_HEADER.exec(line);
    if (!header) return;
    hunk = { header: line, left: undefined, right: undefined, added: [], removed: [] };
    hunks.push(hunk);
    oldLine = Number(header[1]);
    newLine = Number(header[3]);
    oldLeft = header[2] === undefined ? 1 : Number(header[2]);
    newLeft = header[4] === undefined ? 1 : Number(header[4]);
  };
  for (const line of patch.replace(/\r\n/g, '\n').split('\n')) {
    if (oldLeft === 0 && newLeft === 0) {
      start(line);
      continue;
    }
    if (!hunk || line.startsWith('\\')) continue; // "\ No newline at end of file"
    const marker = line[0];
    if (marker === '+' && newLeft > 0) {
      hunk.right = extend(hunk.right, newLine);
      hunk.added.push(newLine++);
      newLeft--;
    } else if (marker === '-' && oldLeft > 0) {
      hunk.left = extend(hunk.left, oldLine);
      hunk.removed.push(oldLine++);
      oldLeft--;
    } else if ((marker === ' ' || line === '') && oldLeft > 0 && newLeft > 0) {
      // Context; some tools strip the single space of an empty context line.
      hunk.left = extend(hunk.left, oldLine++);
      hunk.right = extend(hunk.right, newLine++);
      oldLeft--;
      newLeft--;
    } else {
      // A line the header's counts do not allow: the patch is malformed or cut; end the hunk.
      oldLeft = 0;
      newLeft = 0;
      start(line);
    }
  }
  return hunks.filter((found) => found.left !== undefined || found.right !== undefined);
}

function extend(range: LineRange | undefined, line: number): LineRange {
  return range ? { start: range.start, end: line } : { start: line, end: line };
}

export function toDiffFile(file: PullRequestFile): DiffFile {
  const hunks = file.patch === undefined || file.patch === '' ? [] : parsePatch(file.patch);
  return {
    path: file.filename,
    previousPath:
      file.previous_filename !== undefined && file.previous_filename !== file.filename
        ? file.previous_filename
        : undefined,
    status: file.status ?? 'modified',
    hasPatch: hunks.length > 0,
    hunks,
  };
}

/** The commentable lines of one side, sorted, with touching ranges merged. */
export function rangesOf(file: DiffFile, side: DiffSide): LineRange[] {
  const ranges = file.hunks
    .map((hunk) => (side === 'RIGHT' ? hunk.right : hunk.left))
    .filter((range): range is LineRange => range !== undefined)
    .sort((a, b) => a.start - b.start);
  const merged: LineRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** The hunk showing `line` on `side`; a comment range must stay inside it. */
export function hunkAt(file: DiffFile, side: DiffSide, line: number): LineRange | undefined {
  for (const hunk of file.hunks) {
    const range = side === 'RIGHT' ? hunk.right : hunk.left;
    if (range && range.start <= line && line <= range.end) return range;
  }
  return undefined;
}

/** `10–25, 40–52`, for messages to the model and to readers. */
export function formatRanges(ranges: readonly LineRange[]): string {
  return ranges
    .map((range) => (range.start === range.end ? `${range.start}` : `${range.start}–${range.end}`))
    .join(', ');
}

/** The diff of a pull request by path. */
export class DiffIndex {
  readonly files: readonly DiffFile[];
  private readonly byPath = new Map<string, DiffFile>();
  private readonly byPreviousPath = new Map<string, DiffFile>();

  constructor(files: readonly DiffFile[]) {
    this.files = files;
    for (const file of files) {
      this.byPath.set(file.path, file);
      if (file.previousPath !== undefined) this.byPreviousPath.set(file.previousPath, file);
    }
  }

  static fromGitHub(files: readonly PullRequestFile[]): DiffIndex {
    return new DiffIndex(files.map(toDiffFile));
  }

  /**
   * The file a path names: exactly, without a `a/` or `b/` prefix copied from a diff header, or
   * by the old name of a renamed file (comments on it go to the new name).
   */
  find(path: string): DiffFile | undefined {
    const candidates = [path, path.replace(/^\/+/, ''), path.replace(/^[ab]\//, '')];
    for (const candidate of candidates) {
      const found = this.byPath.get(candidate) ?? this.byPreviousPath.get(candidate);
      if (found) return found;
    }
    return undefined;
  }
}
