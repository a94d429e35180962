/**
 * Everything wrong with one or more policy files, reported at once: a maintainer fixing a policy
 * in CI should not need one run per typo. Each problem is one line `file:line:column: message`.
 */
import { ConfigurationError } from '../platform/errors.js';

export interface PolicyProblem {
  /** The policy file (or its label, e.g. `preset:edit`). */
  file: string;
  line: number;
  column: number;
  /** What is wrong and what was expected, without the location. */
  message: string;
}

export class PolicyFileError extends ConfigurationError {
  override readonly name = 'PolicyFileError';
  /** In the order found: by file, then by position in the file. */
  readonly problems: readonly PolicyProblem[];

  constructor(problems: readonly PolicyProblem[]) {
    const [first] = problems;
    if (!first) throw new Error('PolicyFileError needs at least one problem');
    super(first.message, { file: first.file, line: first.line, column: first.column });
    this.problems = problems;
    // The location of every problem leads its own line, so the message lists them all alike.
    this.message = problems.map(formatProblem).join('\n');
  }
}

export function formatProblem(problem: PolicyProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}
