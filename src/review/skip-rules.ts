/**
 * Whether a review runs at all, decided before the session starts (no model call is spent on a
 * pull request nobody wants reviewed): drafts, labels such as `no-review`, authors such as a
 * dependency bot, and pull requests that only touch ignored paths (lock files, generated code).
 * Ignored paths are also taken out of the files the model is asked to review.
 */
import picomatch from 'picomatch';
import type { ReviewOptions } from './review-options.js';

export interface ReviewSubject {
  draft: boolean;
  /** The pull request author's login. */
  author: string | undefined;
  labels: readonly string[];
}

export interface SkipRulesInput<F extends { filename: string }> {
  pullRequest: ReviewSubject;
  files: readonly F[];
  options: Pick<ReviewOptions, 'skipDrafts' | 'skipLabels' | 'skipAuthors' | 'ignorePaths'>;
  /**
   * Someone asked for this review (`/gemini review`): drafts, labels and authors do not stop it,
   * since a person decided it is wanted. Ignored paths still apply.
   */
  requested?: boolean;
}

export type SkipDecision<F> =
  | {
      skip: false;
      /** The files to review: the changed files without the ignored ones. */
      files: F[];
      /** The changed files left out by `review_ignore_paths`. */
      ignored: string[];
    }
  | { skip: true; reason: string };

export function decideReviewSkip<F extends { filename: string }>(
  input: SkipRulesInput<F>,
): SkipDecision<F> {
  const { pullRequest, options } = input;
  if (!input.requested) {
    if (pullRequest.draft && options.skipDrafts) {
      return {
        skip: true,
        reason: 'the pull request is a draft (review_skip_drafts).',
      };
    }
    const wanted = new Set(options.skipLabels.map((label) => label.toLowerCase()));
    const label = pullRequest.labels.find((name) => wanted.has(name.toLowerCase()));
    if (label !== undefined) {
      return {
        skip: true,
        reason: `the pull request has the label ${JSON.stringify(label)} (review_skip_labels).`,
      };
    }
    const author = pullRequest.author?.toLowerCase();
    if (
      author !== undefined &&
      options.skipAuthors.some((login) => login.toLowerCase() === author)
    ) {
      return {
        skip: true,
        reason: `the pull request is by ${pullRequest.author ?? ''} (review_skip_authors).`,
      };
    }
  }
  if (input.files.length === 0) {
    return { skip: true, reason: 'the pull request changes no files.' };
  }
  const ignoredBy = ignoreMatcher(options.ignorePaths);
  const files = input.files.filter((file) => !ignoredBy(file.filename));
  const ignored = input.files
    .filter((file) => ignoredBy(file.filename))
    .map((file) => file.filename);
  if (files.length === 0) {
    return {
      skip: true,
      reason: `every changed file matches review_ignore_paths (${input.files.length} file${input.files.length === 1 ? '' : 's'}).`,
    };
  }
  return { skip: false, files, ignored };
}

/**
 * True for a path any of the globs matches. As in `.gitignore`, a glob without a slash matches
 * the file name at any depth (`*.lock`, `package-lock.json`); one with a slash matches the path
 * from the repository root (`dist/**`). Dot files match like any other.
 */
export function ignoreMatcher(globs: readonly string[]): (path: string) => boolean {
  const withSlash = globs.filter((glob) => glob.includes('/'));
  const nameOnly = globs.filter((glob) => !glob.includes('/'));
  const matchPath = withSlash.length > 0 ? picomatch(withSlash, { dot: true }) : () => false;
  const matchName = nameOnly.length > 0 ? picomatch(nameOnly, { dot: true }) : () => false;
  return (path) => matchPath(path) || matchName(path.slice(path.lastIndexOf('/') + 1));
}
