import { describe, expect, it } from 'vitest';
import { atLeast, filterFindings } from '../../src/review/review-filter.js';
import type { ReviewFinding, Severity } from '../../src/review/review-types.js';

function finding(severity: Severity, body: string, line = 1): ReviewFinding {
  return {
    path: 'a.ts',
    line,
    startLine: undefined,
    side: 'RIGHT',
    severity,
    body,
    suggestion: undefined,
  };
}

describe('filterFindings', () => {
  it('drops findings below the minimum severity and counts them', () => {
    const result = filterFindings(
      [finding('low', 'a'), finding('high', 'b'), finding('medium', 'c'), finding('critical', 'd')],
      { minSeverity: 'medium', maxFindings: 25 },
    );
    expect(result.kept.map((item) => item.body)).toEqual(['d', 'b', 'c']);
    expect(result.belowSeverity).toBe(1);
    expect(result.overCap).toBe(0);
  });

  it('keeps the most severe first when capped, in the model order within a severity', () => {
    const result = filterFindings(
      [
        finding('medium', 'm1'),
        finding('high', 'h1'),
        finding('low', 'l1'),
        finding('high', 'h2'),
        finding('medium', 'm2'),
      ],
      { minSeverity: 'low', maxFindings: 3 },
    );
    expect(result.kept.map((item) => item.body)).toEqual(['h1', 'h2', 'm1']);
    expect(result.overCap).toBe(2);
  });

  it('removes identical findings, keeping the more severe copy', () => {
    const result = filterFindings(
      [
        finding('low', 'Off by one.'),
        finding('high', 'Off  by one. '),
        finding('high', 'Off by one.', 2),
      ],
      { minSeverity: 'low', maxFindings: 25 },
    );
    expect(result.kept.map((item) => [item.severity, item.line])).toEqual([
      ['high', 1],
      ['high', 2],
    ]);
    expect(result.duplicates).toBe(1);
  });

  it('a cap of 0 keeps none', () => {
    const result = filterFindings([finding('critical', 'x')], {
      minSeverity: 'low',
      maxFindings: 0,
    });
    expect(result.kept).toEqual([]);
    expect(result.overCap).toBe(1);
  });
});

describe('atLeast', () => {
  it('orders critical > high > medium > low', () => {
    expect(atLeast('critical', 'high')).toBe(true);
    expect(atLeast('high', 'high')).toBe(true);
    expect(atLeast('medium', 'high')).toBe(false);
    expect(atLeast('low', 'low')).toBe(true);
  });
});
