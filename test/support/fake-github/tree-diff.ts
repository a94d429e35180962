/**
 * The changed files between two trees the fake holds, as the compare endpoint lists them: status,
 * counts and a unified-diff `patch` (three lines of context, git's hunk headers), so a compare of
 * commits created through the API answers what GitHub would.
 */
import type { FlatEntry, GitObjects } from './git-objects.js';
import type { PullFileRecord } from './model.js';

const CONTEXT = 3;
/** Line pairs past which the diff gives up on alignment and replaces the whole file. */
const MAX_CELLS = 4_000_000;

interface Line {
  text: string;
  /** The last line of a file without a final newline. */
  noNewline: boolean;
}

interface Op {
  kind: ' ' | '-' | '+';
  line: Line;
}

function lines(text: string): Line[] {
  if (text === '') return [];
  const parts = text.split('\n');
  const endsWithNewline = parts.at(-1) === '';
  if (endsWithNewline) parts.pop();
  return parts.map((part, index) => ({
    text: part,
    noNewline: !endsWithNewline && index === parts.length - 1,
  }));
}

function same(a: Line, b: Line): boolean {
  return a.text === b.text && a.noNewline === b.noNewline;
}

/** The edit script from `before` to `after` by longest common subsequence. */
function editScript(before: Line[], after: Line[]): Op[] {
  const n = before.length;
  const m = after.length;
  if (n * m > MAX_CELLS) {
    return [
      ...before.map((line) => ({ kind: '-' as const, line })),
      ...after.map((line) => ({ kind: '+' as const, line })),
    ];
  }
  // lcs[i][j]: the common subsequence length of before[i..] and after[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = lcs[i] as Uint32Array;
      const below = lcs[i + 1] as Uint32Array;
      row[j] = same(before[i] as Line, after[j] as Line)
        ? (below[j + 1] ?? 0) + 1
        : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const oldLine = before[i];
    const newLine = after[j];
    if (oldLine && newLine && same(oldLine, newLine)) {
      ops.push({ kind: ' ', line: oldLine });
      i++;
      j++;
    } else if (newLine && (!oldLine || (lcs[i]?.[j + 1] ?? 0) >= (lcs[i + 1]?.[j] ?? 0))) {
      ops.push({ kind: '+', line: newLine });
      j++;
    } else if (oldLine) {
      ops.push({ kind: '-', line: oldLine });
      i++;
    }
  }
  // Git shows a replaced block as its removals, then its additions.
  for (let start = 0; start < ops.length;) {
    let end = start;
    while (end < ops.length && ops[end]?.kind !== ' ') end++;
    const block = ops.slice(start, end);
    const sorted = [
      ...block.filter((op) => op.kind === '-'),
      ...block.filter((op) => op.kind === '+'),
    ];
    ops.splice(start, sorted.length, ...sorted);
    start = end + 1;
  }
  return ops;
}

/** A hunk header's range from the lines before it: empty ranges name the line before them. */
function range(linesBefore: number, count: number): string {
  if (count === 0) return `${linesBefore},0`;
  return count === 1 ? `${linesBefore + 1}` : `${linesBefore + 1},${count}`;
}

/**
 * Git's default hunk heading: the nearest line above the hunk that starts with a letter, `_` or
 * `$`, cut to 80 characters.
 */
function functionLine(oldLines: readonly Line[], linesBefore: number): string {
  for (let index = linesBefore - 1; index >= 0; index--) {
    const text = oldLines[index]?.text ?? '';
    if (/^[A-Za-z_$]/.test(text)) return ` ${text.slice(0, 80).trimEnd()}`;
  }
  return '';
}

/** The hunks of a unified diff, from the first `@@` line; empty when nothing changed. */
export function unifiedPatch(beforeText: string, afterText: string): string {
  const oldLines = lines(beforeText);
  const ops = editScript(oldLines, lines(afterText));
  const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
  const hunks: string[] = [];
  let k = 0;
  while (k < changed.length) {
    const first = changed[k] ?? 0;
    let last = first;
    // Hunks whose context would touch are one hunk, as in git.
    while (k < changed.length && (changed[k] ?? 0) - last - 1 <= 2 * CONTEXT) {
      last = changed[k++] ?? 0;
    }
    const from = Math.max(0, first - CONTEXT);
    const to = Math.min(ops.length - 1, last + CONTEXT);
    const slice = ops.slice(from, to + 1);
    const count = (list: Op[], skip: Op['kind']) => list.filter((op) => op.kind !== skip).length;
    const before = ops.slice(0, from);
    const body = slice.flatMap((op) => [
      `${op.kind}${op.line.text}`,
      ...(op.line.noNewline ? ['\\ No newline at end of file'] : []),
    ]);
    const oldStart = count(before, '+');
    const heading = functionLine(oldLines, oldStart);
    hunks.push(
      `@@ -${range(oldStart, count(slice, '+'))} +${range(count(before, '-'), count(slice, '-'))} @@${heading}`,
      ...body,
    );
  }
  return hunks.join('\n');
}

function isBinary(content: Buffer): boolean {
  return content.includes(0);
}

/** The files that differ between two trees, by path. */
export function diffTrees(
  git: GitObjects,
  beforeTree: string,
  afterTree: string,
): PullFileRecord[] {
  const before = git.flatten(beforeTree);
  const after = git.flatten(afterTree);
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  const files: PullFileRecord[] = [];
  const text = (entry: FlatEntry | undefined) =>
    entry?.type === 'blob' ? (git.blobs.get(entry.sha) ?? Buffer.alloc(0)) : Buffer.alloc(0);
  for (const path of paths) {
    const old = before.get(path);
    const now = after.get(path);
    if (old && now && old.sha === now.sha && old.mode === now.mode) continue;
    const status = !old ? 'added' : !now ? 'removed' : 'modified';
    const oldContent = text(old);
    const newContent = text(now);
    const binary = isBinary(oldContent) || isBinary(newContent);
    const patch = binary ? undefined : unifiedPatch(oldContent.toString(), newContent.toString());
    const counted = (patch ?? '').split('\n');
    files.push({
      filename: path,
      // A mode change alone is `changed`, as GitHub reports it.
      status: status === 'modified' && old?.sha === now?.sha ? 'changed' : status,
      additions: counted.filter((line) => line.startsWith('+')).length,
      deletions: counted.filter((line) => line.startsWith('-')).length,
      ...(patch !== undefined && patch !== '' ? { patch } : {}),
      sha: (now ?? old)?.sha ?? '',
    });
  }
  return files;
}
