/**
 * Where a review comment may go. GitHub only accepts inline comments on lines its diff shows
 * (added, removed or context lines of a hunk) and answers 422 otherwise — the most common way a
 * review fails in real runs, so the fake checks it the same way.
 */

interface PatchLine {
  /** Lines below the first `@@` header, counting later headers too (the API's `position`). */
  position: number;
  oldLine?: number;
  newLine?: number;
  /** Index of this line's hunk header, and of the line itself, in the patch's lines. */
  hunkStart: number;
  index: number;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

function splitLines(patch: string): string[] {
  const lines = patch.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function parsePatch(lines: string[]): PatchLine[] {
  const parsed: PatchLine[] = [];
  let position = 0;
  let oldLine = 0;
  let newLine = 0;
  let hunkStart = -1;
  for (const [index, text] of lines.entries()) {
    const header = HUNK_HEADER.exec(text);
    if (header) {
      if (hunkStart >= 0) position++;
      oldLine = Number(header[1]);
      newLine = Number(header[2]);
      hunkStart = index;
      continue;
    }
    if (hunkStart < 0) continue;
    position++;
    if (text.startsWith('\\')) continue; // "\ No newline at end of file"
    if (text.startsWith('+')) parsed.push({ position, newLine: newLine++, hunkStart, index });
    else if (text.startsWith('-')) parsed.push({ position, oldLine: oldLine++, hunkStart, index });
    else parsed.push({ position, oldLine: oldLine++, newLine: newLine++, hunkStart, index });
  }
  return parsed;
}

export interface DiffAnchor {
  line: number;
  side: 'LEFT' | 'RIGHT';
  position: number;
  /** The hunk from its header down to the commented line, as GitHub shows it with the comment. */
  diffHunk: string;
}

export type AnchorRequest = { line: number; side: 'LEFT' | 'RIGHT' } | { position: number };

/** The diff location of a comment, or undefined when the diff does not show that line. */
export function anchorInPatch(patch: string, request: AnchorRequest): DiffAnchor | undefined {
  const lines = splitLines(patch);
  const found = parsePatch(lines).find((entry) =>
    'position' in request
      ? entry.position === request.position
      : (request.side === 'RIGHT' ? entry.newLine : entry.oldLine) === request.line,
  );
  if (!found) return undefined;
  const side =
    'position' in request ? (found.newLine !== undefined ? 'RIGHT' : 'LEFT') : request.side;
  const line = side === 'RIGHT' ? found.newLine : found.oldLine;
  if (line === undefined) return undefined;
  return {
    line,
    side,
    position: found.position,
    diffHunk: lines.slice(found.hunkStart, found.index + 1).join('\n'),
  };
}

export interface DiffFile {
  filename: string;
  status: string;
  patch?: string;
  previousFilename?: string;
}

/** A `git diff`-style unified diff of the files, as the diff media type returns it. */
export function buildDiff(files: readonly DiffFile[]): string {
  return files
    .map((file) => {
      const from = file.previousFilename ?? file.filename;
      const header = [`diff --git a/${from} b/${file.filename}`];
      if (file.status === 'added') header.push('new file mode 100644');
      if (file.status === 'removed') header.push('deleted file mode 100644');
      if (from !== file.filename) header.push(`rename from ${from}`, `rename to ${file.filename}`);
      if (file.patch === undefined) return `${header.join('\n')}\n`;
      header.push(
        `--- ${file.status === 'added' ? '/dev/null' : `a/${from}`}`,
        `+++ ${file.status === 'removed' ? '/dev/null' : `b/${file.filename}`}`,
      );
      return `${header.join('\n')}\n${splitLines(file.patch).join('\n')}\n`;
    })
    .join('');
}
