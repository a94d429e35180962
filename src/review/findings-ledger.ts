/**
 * The findings of a fanned-out review, from proposal to verdict: each reviewer subagent proposes
 * candidate findings for its group of files (each gets an id, `F1.1`, `F1.2`, `F2.1`, …), the verifier
 * subagent confirms or drops every one of them with a reason, and after the session trusted code
 * posts only what was confirmed. Precision is enforced here, not asked for: a finding the main
 * agent submits that the verifier did not confirm is left out, and so is everything when the
 * verifier never ran.
 */
import type { ReviewFinding } from './review-types.js';
import { plural } from '../platform/text.js';

export interface CandidateFinding extends ReviewFinding {
  /** `F<group>.<n>`: stable whatever order the parallel reviewers finish in. */
  id: string;
  /** The group of files whose reviewer proposed it. */
  group: number;
}

export interface Verdict {
  id: string;
  verdict: 'confirmed' | 'dropped';
  reason: string;
}

/** What the fan-out came to, for the final report and the review body. */
export interface FanoutTally {
  groups: number;
  /** Groups whose reviewer handed in its findings. */
  reviewed: number;
  proposed: number;
  confirmed: number;
  dropped: number;
  /** Proposed but never judged (the verifier did not run, or ran before they were proposed). */
  unverified: number;
  /** Each dropped candidate with the verifier's reason. */
  droppedReasons: { candidate: CandidateFinding; reason: string }[];
}

export class FindingsLedger {
  private readonly byGroup = new Map<number, CandidateFinding[]>();
  private readonly verdicts = new Map<string, Verdict>();

  constructor(readonly groups: number) {}

  /** Records a group's findings; a group reviewed again replaces its earlier ones. */
  propose(group: number, findings: readonly ReviewFinding[]): CandidateFinding[] {
    for (const old of this.byGroup.get(group) ?? []) this.verdicts.delete(old.id);
    const candidates = findings.map((finding, index) => ({
      ...finding,
      id: `F${group}.${index + 1}`,
      group,
    }));
    this.byGroup.set(group, candidates);
    return candidates;
  }

  /** Every candidate, by group, in the order proposed. */
  candidates(): CandidateFinding[] {
    return [...this.byGroup.keys()]
      .sort((a, b) => a - b)
      .flatMap((group) => this.byGroup.get(group) ?? []);
  }

  /** The verifier's answer: one verdict per candidate (checked by its output schema). */
  judge(verdicts: readonly Verdict[]): void {
    for (const verdict of verdicts) this.verdicts.set(verdict.id, verdict);
  }

  verdictOf(id: string): Verdict | undefined {
    return this.verdicts.get(id);
  }

  /**
   * The submitted findings the verifier confirmed — matched by file, line and side — and the
   * ones it did not, which are not posted.
   */
  keepConfirmed(findings: readonly ReviewFinding[]): {
    kept: ReviewFinding[];
    unconfirmed: ReviewFinding[];
  } {
    const confirmed = new Set(
      this.candidates()
        .filter((candidate) => this.verdicts.get(candidate.id)?.verdict === 'confirmed')
        .map(anchorKey),
    );
    const kept: ReviewFinding[] = [];
    const unconfirmed: ReviewFinding[] = [];
    for (const finding of findings) {
      (confirmed.has(anchorKey(finding)) ? kept : unconfirmed).push(finding);
    }
    return { kept, unconfirmed };
  }

  tally(): FanoutTally {
    const candidates = this.candidates();
    const droppedReasons: FanoutTally['droppedReasons'] = [];
    let confirmed = 0;
    let unverified = 0;
    for (const candidate of candidates) {
      const verdict = this.verdicts.get(candidate.id);
      if (verdict === undefined) unverified++;
      else if (verdict.verdict === 'confirmed') confirmed++;
      else droppedReasons.push({ candidate, reason: verdict.reason });
    }
    return {
      groups: this.groups,
      reviewed: this.byGroup.size,
      proposed: candidates.length,
      confirmed,
      dropped: droppedReasons.length,
      unverified,
      droppedReasons,
    };
  }
}

function anchorKey(finding: Pick<ReviewFinding, 'path' | 'line' | 'side'>): string {
  return `${finding.path}\u0000${finding.side}\u0000${finding.line}`;
}

/** `5 findings proposed by 3 reviewers, 3 confirmed against the code, 2 dropped`. */
export function tallySentence(tally: FanoutTally): string {
  const parts = [
    `${plural(tally.proposed, 'finding')} proposed by ${plural(tally.reviewed, 'reviewer')} of ${plural(tally.groups, 'file group')}`,
    `${tally.confirmed} confirmed against the code`,
    `${tally.dropped} dropped`,
  ];
  if (tally.unverified > 0) parts.push(`${tally.unverified} not verified (not posted)`);
  return parts.join(', ');
}
