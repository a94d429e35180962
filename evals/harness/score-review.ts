/**
 * Scores one review case: which posted findings match which golden ones, and the true positives,
 * false positives and false negatives that follow, overall and per category. Pure: the runner
 * reads `review.json` and the case, this only compares them.
 *
 * A posted finding matches a golden one when the path is equal, its RIGHT-side line range
 * `[startLine ?? line, line]` overlaps the golden `[startLine - 2, endLine + 2]` (a reviewer who
 * points a line or two off still found the defect), and its body contains one of the golden
 * keywords, case-insensitively (it names the defect, not just the place). Matching is one-to-one:
 * each golden finding is taken at most once, by the candidate pair with the largest overlap first,
 * then in the order posted. A LEFT-side finding is on base lines, which golden ranges never are, so
 * it never matches.
 */
import { REVIEW_CATEGORIES } from './eval-types.js';
import type { GoldenFinding, PostedFinding, ReviewCategory, ReviewOutcome } from './eval-types.js';

/** Lines a posted range may lie off a golden one and still match, on either side. */
export const LINE_TOLERANCE = 2;

/** Why a posted finding matched nothing, from the closest miss: the first check it failed. */
export type MissReason =
  'left-side' | 'wrong-file' | 'no-line-overlap' | 'no-keyword' | 'golden-already-matched';

export interface CategoryCounts {
  tp: number;
  fp: number;
  fn: number;
}

export interface PostedVerdict {
  /** Index in the outcome's `posted`. */
  index: number;
  path: string;
  line: number;
  startLine?: number;
  side: 'LEFT' | 'RIGHT';
  /** Index of the golden finding it matched, or null. */
  golden: number | null;
  /** Why it matched nothing (absent when it matched). */
  reason?: MissReason;
  /**
   * The category it counts in: its golden finding's, or for an unmatched one the category of the
   * golden finding its location overlaps; otherwise uncategorized (counts only overall).
   */
  category: ReviewCategory | 'uncategorized';
}

export interface GoldenVerdict {
  index: number;
  path: string;
  startLine: number;
  endLine: number;
  category: ReviewCategory;
  /** Index of the posted finding that matched it, or null (a false negative). */
  posted: number | null;
}

export interface ReviewCaseDetail {
  id: string;
  /** A clean pull request: no golden findings, so every posted finding is a false positive. */
  clean: boolean;
  tp: number;
  fp: number;
  fn: number;
  /** tp / (tp + fp); null when nothing was posted. */
  precision: number | null;
  /** tp / (tp + fn); null on a clean pull request. */
  recall: number | null;
  /** 2tp / (2tp + fp + fn); null only when nothing was posted on a clean pull request. */
  f1: number | null;
  /** Every category, zeros included; an uncategorized false positive is in none of them. */
  byCategory: Record<ReviewCategory, CategoryCounts>;
  uncategorizedFalsePositives: number;
  /** Posted findings on a clean pull request (0 on any other). */
  cleanFalsePositives: number;
  posted: PostedVerdict[];
  golden: GoldenVerdict[];
}

/** Lines shared by two inclusive ranges; 0 when they do not meet. */
function overlap(a: [number, number], b: [number, number]): number {
  return Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]) + 1);
}

function postedRange(finding: PostedFinding): [number, number] {
  const start = finding.startLine ?? finding.line;
  return [Math.min(start, finding.line), Math.max(start, finding.line)];
}

function goldenWindow(golden: GoldenFinding): [number, number] {
  return [golden.startLine - LINE_TOLERANCE, golden.endLine + LINE_TOLERANCE];
}

/** Lines of the posted finding within the golden window (0: it is elsewhere or on the LEFT). */
function locationOverlap(posted: PostedFinding, golden: GoldenFinding): number {
  if (posted.side === 'LEFT' || posted.path !== golden.path) return 0;
  return overlap(postedRange(posted), goldenWindow(golden));
}

function namesDefect(posted: PostedFinding, golden: GoldenFinding): boolean {
  const body = posted.body.toLowerCase();
  return golden.keywords.some((keyword) => body.includes(keyword.toLowerCase()));
}

/** The first check that failed against the golden findings it came closest to. */
function missReason(posted: PostedFinding, golden: readonly GoldenFinding[]): MissReason {
  if (posted.side === 'LEFT') return 'left-side';
  const sameFile = golden.filter((candidate) => candidate.path === posted.path);
  if (sameFile.length === 0) return 'wrong-file';
  const near = sameFile.filter((candidate) => locationOverlap(posted, candidate) > 0);
  if (near.length === 0) return 'no-line-overlap';
  if (!near.some((candidate) => namesDefect(posted, candidate))) return 'no-keyword';
  return 'golden-already-matched';
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

export function emptyCategoryCounts(): Record<ReviewCategory, CategoryCounts> {
  return Object.fromEntries(
    REVIEW_CATEGORIES.map((category) => [category, { tp: 0, fp: 0, fn: 0 }]),
  ) as Record<ReviewCategory, CategoryCounts>;
}

export function scoreReviewCase(o: ReviewOutcome): ReviewCaseDetail {
  // Every pair that would match, best first: largest overlap, then posted order, then golden.
  const pairs: { posted: number; golden: number; overlap: number }[] = [];
  o.posted.forEach((posted, p) => {
    o.golden.forEach((golden, g) => {
      const lines = locationOverlap(posted, golden);
      if (lines > 0 && namesDefect(posted, golden))
        pairs.push({ posted: p, golden: g, overlap: lines });
    });
  });
  pairs.sort((a, b) => b.overlap - a.overlap || a.posted - b.posted || a.golden - b.golden);
  const goldenOf = new Map<number, number>();
  const postedOf = new Map<number, number>();
  for (const pair of pairs) {
    if (goldenOf.has(pair.posted) || postedOf.has(pair.golden)) continue;
    goldenOf.set(pair.posted, pair.golden);
    postedOf.set(pair.golden, pair.posted);
  }

  const byCategory = emptyCategoryCounts();
  let uncategorizedFalsePositives = 0;
  const posted = o.posted.map((finding, index): PostedVerdict => {
    const base = {
      index,
      path: finding.path,
      line: finding.line,
      ...(finding.startLine !== undefined ? { startLine: finding.startLine } : {}),
      side: finding.side ?? 'RIGHT',
    };
    const matched = goldenOf.get(index);
    if (matched !== undefined) {
      const category = (o.golden[matched] as GoldenFinding).category;
      byCategory[category].tp += 1;
      return { ...base, golden: matched, category };
    }
    // Unmatched: the category of the golden finding its location overlaps most, if any.
    let category: ReviewCategory | 'uncategorized' = 'uncategorized';
    let best = 0;
    for (const golden of o.golden) {
      const lines = locationOverlap(finding, golden);
      if (lines > best) [best, category] = [lines, golden.category];
    }
    if (category === 'uncategorized') uncategorizedFalsePositives += 1;
    else byCategory[category].fp += 1;
    return { ...base, golden: null, reason: missReason(finding, o.golden), category };
  });

  const golden = o.golden.map((finding, index): GoldenVerdict => {
    const by = postedOf.get(index) ?? null;
    if (by === null) byCategory[finding.category].fn += 1;
    return {
      index,
      path: finding.path,
      startLine: finding.startLine,
      endLine: finding.endLine,
      category: finding.category,
      posted: by,
    };
  });

  const tp = goldenOf.size;
  const fp = o.posted.length - tp;
  const fn = o.golden.length - tp;
  const clean = o.golden.length === 0;
  return {
    id: o.id,
    clean,
    tp,
    fp,
    fn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
    byCategory,
    uncategorizedFalsePositives,
    cleanFalsePositives: clean ? fp : 0,
    posted,
    golden,
  };
}
