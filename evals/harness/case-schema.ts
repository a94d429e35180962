/**
 * The formats of the eval cases (docs/evals.md describes them for people): a review case's
 * `case.json`, a fix case's `case.json` and a triage case's file. Strict objects, so a misspelt
 * key is an error rather than a field silently ignored; every message says what was expected.
 */
import { z } from 'zod';
import { REVIEW_CATEGORIES } from './eval-types.js';

/** A path inside the case's repository, as git names it. */
const repoPath = z
  .string()
  .min(1, 'expected a path relative to the repository root')
  .refine(
    (value) =>
      !value.startsWith('/') &&
      !value.includes('\\') &&
      !value.split('/').some((part) => part === '..' || part === '.' || part === ''),
    'expected a path relative to the repository root, with / between folders and no "." or ".." part',
  );

const positiveLine = z
  .int('expected a line number (an integer)')
  .positive('expected a line number of 1 or more');

export const goldenFindingSchema = z
  .strictObject({
    path: repoPath,
    startLine: positiveLine,
    endLine: positiveLine,
    category: z.enum(REVIEW_CATEGORIES, {
      error: `expected one of ${REVIEW_CATEGORIES.join(', ')}`,
    }),
    statement: z.string().trim().min(1, 'expected a short statement of the defect'),
    keywords: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'expected a non-empty keyword')
          .refine((word) => word === word.toLowerCase(), 'expected a lowercase keyword'),
      )
      .min(1, 'expected at least one keyword, one of which a matching finding must contain'),
  })
  .refine((golden) => golden.endLine >= golden.startLine, {
    message: 'expected endLine at or after startLine',
    path: ['endLine'],
  });

export const REVIEW_LANGUAGES = ['typescript', 'javascript', 'python', 'go'] as const;
export const FIX_LANGUAGES = ['javascript', 'typescript', 'python'] as const;

export const reviewCaseSchema = z.strictObject({
  language: z.enum(REVIEW_LANGUAGES, { error: `expected one of ${REVIEW_LANGUAGES.join(', ')}` }),
  title: z.string().trim().min(1, 'expected the pull request title'),
  body: z.string({ error: 'expected the pull request description (a string; may be "")' }),
  deleted: z.array(repoPath).optional(),
  golden: z.array(goldenFindingSchema, {
    error: 'expected a list of golden findings ([] for a clean pull request)',
  }),
});

const glob = z.string().trim().min(1, 'expected a glob such as "src/**"');

export const fixCaseSchema = z.strictObject({
  language: z.enum(FIX_LANGUAGES, { error: `expected one of ${FIX_LANGUAGES.join(', ')}` }),
  issue: z.strictObject({
    number: z.int('expected the issue number (an integer)').positive('expected 1 or more'),
    title: z.string().trim().min(1, 'expected the issue title'),
    body: z.string({ error: 'expected the issue text (a string)' }),
  }),
  instruction: z
    .string()
    .trim()
    .min(1, 'expected what follows "/gemini " in the comment, e.g. "fix this issue"'),
  test: z.strictObject({
    command: z
      .string()
      .trim()
      .min(1, 'expected the command that runs the tests, e.g. "node --test"'),
    allowedCommands: z
      .array(z.string().trim().min(1, 'expected a command'))
      .min(1, 'expected the commands the agent may run, e.g. ["node --test"]'),
  }),
  mayChange: z
    .array(glob)
    .min(1, 'expected the globs the change must stay within, e.g. ["src/**"]'),
  tests: z.array(glob).min(1, 'expected the globs of the case\'s own tests, e.g. ["test/**"]'),
});

export const repositoryLabelSchema = z.strictObject({
  name: z.string().trim().min(1, 'expected the label name'),
  description: z.string().optional(),
});

export const triageCaseSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'expected the issue title'),
    body: z.string({ error: 'expected the issue text (a string)' }),
    labels: z
      .array(repositoryLabelSchema)
      .min(1, "expected the repository's labels, each {name, description}"),
    expected: z.array(z.string().trim().min(1, 'expected a label name')),
  })
  .superRefine((triage, context) => {
    const names = new Set(triage.labels.map((label) => label.name));
    for (const [index, name] of triage.expected.entries()) {
      if (!names.has(name)) {
        context.addIssue({
          code: 'custom',
          path: ['expected', index],
          message: `expected one of the case's labels, but "${name}" is not among them`,
        });
      }
    }
    if (names.size !== triage.labels.length) {
      context.addIssue({ code: 'custom', path: ['labels'], message: 'expected each label once' });
    }
  });

export type ReviewCase = z.infer<typeof reviewCaseSchema>;
export type FixCase = z.infer<typeof fixCaseSchema>;
export type TriageCase = z.infer<typeof triageCaseSchema>;

/** Case ids: lowercase kebab-case; review and fix ids start with their language's prefix. */
export const LANGUAGE_PREFIXES: Record<string, string> = {
  typescript: 'ts',
  javascript: 'js',
  python: 'py',
  go: 'go',
};

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What is wrong with a case id, or undefined. */
export function caseIdProblem(
  kind: 'review' | 'fix' | 'triage',
  id: string,
  language?: string,
): string | undefined {
  if (!KEBAB.test(id))
    return `expected a lowercase kebab-case id, such as "ts-path-traversal", not "${id}"`;
  if (kind === 'triage') {
    return /^triage-\d{2,}-/.test(id)
      ? undefined
      : `expected a triage id such as "triage-01-empty-config-crash", not "${id}"`;
  }
  const prefix = language === undefined ? undefined : LANGUAGE_PREFIXES[language];
  if (prefix !== undefined && !id.startsWith(`${prefix}-`)) {
    return `expected the id of a ${language ?? ''} case to start with "${prefix}-", not "${id}"`;
  }
  return undefined;
}
