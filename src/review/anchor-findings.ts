/**
 * Fitting the model's findings onto the pull request's diff before anything is posted: GitHub
 * rejects a whole review when one comment sits on a line the diff does not show, so each finding
 * is kept as reported, moved a little when it is just off (a line beside a hunk, a range running
 * into the next hunk), or left out of the inline comments with a reason — such findings are then
 * listed in the review's summary, never lost.
 */
import type { DiffFile, DiffIndex, DiffSide, LineRange } from './diff-hunks.js';
import { formatRanges, hunkAt, rangesOf } from './diff-hunks.js';
import type { PlacementCheck, ReviewFinding } from './review-types.js';

/** A finding that can be posted as an inline comment, at the position it now has. */
export interface PlacedFinding extends ReviewFinding {
  /** What re-anchoring changed; empty when placed as reported. */
  adjustments: string[];
  /**
   * The suggestion can be posted as a GitHub suggestion: on the RIGHT side, replacing exactly
   * the lines the model meant. Otherwise it is shown as plain code.
   */
  suggestionApplies: boolean;
  /** As the model reported it. */
  original: ReviewFinding;
}

/** A finding that stays out of the inline comments, and why. */
export interface UnplacedFinding {
  finding: ReviewFinding;
  reason: string;
}

export interface AnchoredFindings {
  placed: PlacedFinding[];
  unplaced: UnplacedFinding[];
}

export interface AnchorOptions {
  /** How far a line may be moved onto the nearest commentable line. Default 3. */
  maxShift?: number;
}

const DEFAULT_MAX_SHIFT = 3;

export type AnchorOutcome = { placed: PlacedFinding } | { unplaced: UnplacedFinding };

export function anchorFinding(
  finding: ReviewFinding,
  index: DiffIndex,
  options: AnchorOptions = {},
): AnchorOutcome {
  const maxShift = options.maxShift ?? DEFAULT_MAX_SHIFT;
  const unplaced = (reason: string): AnchorOutcome => ({ unplaced: { finding, reason } });
  const file = index.find(finding.path);
  if (!file) return unplaced(`${finding.path} is not one of the files this pull request changes.`);
  if (!file.hasPatch) {
    return unplaced(
      `${file.path} has no diff lines GitHub can comment on (a binary file, a diff too large to show, or a rename without changes).`,
    );
  }
  const { side } = finding;
  const ranges = rangesOf(file, side);
  if (ranges.length === 0) {
    const other = side === 'RIGHT' ? 'LEFT' : 'RIGHT';
    const why = side === 'RIGHT' ? 'the file was deleted' : 'the file is new';
    return unplaced(`${file.path} has no ${side} side (${why}); use side ${other}.`);
  }

  const adjustments: string[] = [];
  if (file.path !== finding.path) {
    adjustments.push(`${finding.path} is ${file.path} in this diff.`);
  }
  let start = finding.startLine;
  let line = finding.line;
  if (start !== undefined && start > line) [start, line] = [line, start];
  if (start === line) start = undefined;
  const reportedEnd = line;

  let lineMoved = false;
  if (!hunkAt(file, side, line)) {
    const nearest = nearestLine(ranges, line, maxShift);
    if (nearest === undefined) {
      return unplaced(notOnDiff(file, side, line, ranges));
    }
    adjustments.push(`line ${line} is not in the diff; placed on line ${nearest}.`);
    line = nearest;
    lineMoved = true;
  }

  let rangeCut = false;
  const hunk = hunkAt(file, side, line);
  if (start !== undefined && hunk) {
    const from = start;
    if (start < hunk.start) start = hunk.start;
    if (start >= line) start = undefined;
    if (start !== from) {
      rangeCut = true;
      adjustments.push(
        `lines ${from}-${reportedEnd} are not all in one hunk of the diff; the comment covers ${start === undefined ? `line ${line}` : `lines ${start}-${line}`}.`,
      );
    }
  }

  const { suggestion } = finding;
  let suggestionApplies = suggestion !== undefined;
  if (suggestion !== undefined && side === 'LEFT') {
    suggestionApplies = false;
    adjustments.push('a suggestion can only replace RIGHT-side lines; it is shown as plain code.');
  } else if (suggestion !== undefined && (lineMoved || rangeCut)) {
    suggestionApplies = false;
    adjustments.push(
      'the suggestion no longer replaces the lines you meant; it is shown as plain code.',
    );
  }

  return {
    placed: {
      ...finding,
      path: file.path,
      line,
      startLine: start,
      adjustments,
      suggestionApplies,
      original: finding,
    },
  };
}

/** Each finding kept, moved or left out, in the order given. */
export function anchorFindings(
  findings: readonly ReviewFinding[],
  index: DiffIndex,
  options: AnchorOptions = {},
): AnchoredFindings {
  const result: AnchoredFindings = { placed: [], unplaced: [] };
  for (const finding of findings) {
    const outcome = anchorFinding(finding, index, options);
    if ('placed' in outcome) result.placed.push(outcome.placed);
    else result.unplaced.push(outcome.unplaced);
  }
  return result;
}

/** The same checks for `submit_review`, so the model hears about problems while it can fix them. */
export function placementCheck(index: DiffIndex, options: AnchorOptions = {}): PlacementCheck {
  return (finding) => {
    const outcome = anchorFinding(finding, index, options);
    return 'placed' in outcome
      ? { placed: true, notes: outcome.placed.adjustments }
      : { placed: false, notes: [outcome.unplaced.reason] };
  };
}

/** The closest commentable line within `maxShift`; the earlier one on a tie. */
function nearestLine(
  ranges: readonly LineRange[],
  line: number,
  maxShift: number,
): number | undefined {
  const inRanges = (candidate: number) =>
    candidate > 0 && ranges.some((range) => range.start <= candidate && candidate <= range.end);
  for (let distance = 1; distance <= maxShift; distance++) {
    if (inRanges(line - distance)) return line - distance;
    if (inRanges(line + distance)) return line + distance;
  }
  return undefined;
}

function notOnDiff(file: DiffFile, side: DiffSide, line: number, ranges: LineRange[]): string {
  let reason = `line ${line} (${side}) is not in the diff; lines you may comment on in ${file.path} (${side}): ${formatRanges(ranges)}.`;
  // The commonest mix-up: a removed line's old number given without side LEFT, or the reverse.
  const otherSide = side === 'RIGHT' ? 'LEFT' : 'RIGHT';
  const onOther = file.hunks.some((hunk) =>
    (side === 'RIGHT' ? hunk.removed : hunk.added).includes(line),
  );
  if (onOther) {
    reason += ` If you meant the ${side === 'RIGHT' ? 'removed' : 'added'} line ${line}, use side ${otherSide}.`;
  }
  return reason;
}
