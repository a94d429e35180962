/**
 * The real scoring and report behind the runner's {@link Scoring} interface: the scorers,
 * the bootstrap, the markdown and SVG renderers, the regression check and the results schema.
 */
import type { Scoring } from './scoring.js';
import type { EvalResults } from './results-schema.js';
import { evalResultsSchema } from './results-schema.js';
import type { ReviewCaseDetail } from './score-review.js';
import { scoreReviewCase } from './score-review.js';
import type { FixCaseDetail } from './score-fix.js';
import { scoreFixCase } from './score-fix.js';
import type { TriageCaseDetail } from './score-triage.js';
import { scoreTriageCase } from './score-triage.js';
import { aggregateScores } from './aggregate.js';
import { renderMarkdown } from './report-markdown.js';
import { renderChart } from './report-chart.js';
import { compareResults, formatRegressions } from './compare.js';

export const defaultScoring: Scoring<EvalResults> = {
  review: scoreReviewCase,
  fix: scoreFixCase,
  triage: scoreTriageCase,
  // The details are the ones the functions above returned, in the runner's arrays per kind.
  aggregate: (details) =>
    aggregateScores({
      review: details.review as ReviewCaseDetail[],
      fix: details.fix as FixCaseDetail[],
      triage: details.triage as TriageCaseDetail[],
    }),
  check: (document) => evalResultsSchema.parse(document),
  markdown: renderMarkdown,
  chart: (results) => renderChart([...results]),
  compare: (previous, current, previousFile) => {
    const comparison = compareResults(previous, current);
    return {
      count: comparison.regressions.length,
      text: formatRegressions(comparison, previousFile),
    };
  },
};
