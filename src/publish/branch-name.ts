/**
 * Names of the bot's branches: `<prefix>issue-<n>-<slug>` for work on an issue,
 * `<prefix>pr-<n>-<slug>` for a pull request whose own branch is not pushed to
 * (`push_to_pr_branch: false`), `<prefix>maintenance-<slug>` for scheduled and manual runs,
 * `<prefix>campaign-<key>` for one repository's run of a fleet campaign.
 * The slug comes from untrusted text (an issue title), so it is reduced to lowercase ASCII letters,
 * digits and dashes; the whole name is checked against git's rules for branch names.
 */
import { ConfigurationError } from '../platform/errors.js';

/** The `branch_prefix` input's default. */
export const DEFAULT_BRANCH_PREFIX = 'gemini/';

const SLUG_MAX = 40;

/**
 * Lowercase ASCII words joined by dashes, at most 40 characters, cut at a word boundary where
 * possible; `fallback` when nothing is left (a title in another script, only punctuation).
 */
export function slugify(text: string, fallback = 'changes'): string {
  const ascii = text
    .normalize('NFKD')
    // Accents split off by NFKD.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= SLUG_MAX) return ascii === '' ? fallback : ascii;
  const cut = ascii.slice(0, SLUG_MAX);
  const lastDash = cut.lastIndexOf('-');
  // Cut at the last whole word unless that leaves too little.
  const slug = (lastDash >= SLUG_MAX / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}

/**
 * Why `name` is not a valid branch name by `git check-ref-format --branch` rules, or undefined
 * when it is.
 */
export function branchNameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.startsWith('-')) return 'it starts with "-"';
  if (name === '@' || name.includes('@{')) return 'it contains "@{" or is "@"';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) {
    return 'it starts or ends with "/" or contains "//"';
  }
  if (name.endsWith('.')) return 'it ends with "."';
  if (name.includes('..')) return 'it contains ".."';
  // Control characters, space and the characters git reserves for revision syntax and globs.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name)) {
    return 'it contains a space, a control character or one of ~ ^ : ? * [ \\';
  }
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return 'a part between slashes starts with "."';
    if (part.endsWith('.lock')) return 'a part between slashes ends with ".lock"';
  }
  return undefined;
}

/** Checks the `branch_prefix` input (which may be empty) and returns it. */
export function validateBranchPrefix(prefix: string): string {
  // A prefix is valid when a name that starts with it can be.
  const problem = prefix === '' ? undefined : branchNameProblem(`${prefix}x`);
  if (problem !== undefined || prefix.startsWith('refs/')) {
    throw new ConfigurationError(
      `expected a branch name prefix such as "gemini/" (letters, digits, "-", "_", "." and "/"), got ${JSON.stringify(prefix)}: ${problem ?? 'it starts with "refs/"'}.`,
      { input: 'branch_prefix' },
    );
  }
  return prefix;
}

/** `<prefix>issue-<n>-` — every branch for the issue starts with it, whatever its title became. */
export function issueBranchPrefix(prefix: string, issueNumber: number): string {
  return `${validateBranchPrefix(prefix)}issue-${issueNumber}-`;
}

/** `<prefix>issue-<n>-<slug of the title>`. */
export function issueBranchName(prefix: string, issueNumber: number, title: string): string {
  return checked(`${issueBranchPrefix(prefix, issueNumber)}${slugify(title)}`);
}

/** `<prefix>pr-<n>-` — every branch for the pull request starts with it. */
export function pullRequestBranchPrefix(prefix: string, pullNumber: number): string {
  return `${validateBranchPrefix(prefix)}pr-${pullNumber}-`;
}

/** `<prefix>pr-<n>-<slug of the title>`. */
export function pullRequestBranchName(prefix: string, pullNumber: number, title: string): string {
  return checked(`${pullRequestBranchPrefix(prefix, pullNumber)}${slugify(title)}`);
}

/** `<prefix>maintenance-<slug of the name>`; the name is e.g. the workflow's or the task's. */
export function maintenanceBranchName(prefix: string, name: string): string {
  return checked(`${validateBranchPrefix(prefix)}maintenance-${slugify(name, 'run')}`);
}

/**
 * `<prefix>campaign-<key>`: the one branch (and so the one pull request) a fleet campaign keeps in
 * each repository. The key is already a lowercase slug (fleet/campaign-key.ts checks it), so two
 * campaigns never share a branch.
 */
export function campaignBranchName(prefix: string, key: string): string {
  return checked(`${validateBranchPrefix(prefix)}campaign-${key}`);
}

function checked(name: string): string {
  const problem = branchNameProblem(name);
  // The prefix was checked and the rest is a slug, so this is a bug, not a user error.
  if (problem !== undefined)
    throw new Error(`Generated an invalid branch name ${name}: ${problem}`);
  return name;
}
