/**
 * Reading policy files from disk: each file (or each `.toml` file of a directory) is parsed at its
 * tier, every problem of every file is reported in one {@link PolicyFileError}, and the rules come
 * out in the order the engine tries them: highest final priority first, ties in file order and
 * then in the order written. This is the policy's only I/O.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import { checkPolicy } from './parse-policy.js';
import { formatProblem, PolicyFileError } from './policy-file-error.js';
import { POLICY_LIMITS } from './policy-limits.js';
import type { PolicyProblem } from './policy-file-error.js';
import type { PolicyRule, PolicyTier } from './policy-types.js';

export { describeRule, ruleLocation, ruleOrigin, formatPriority } from './describe-rule.js';

export interface PolicyFileSpec {
  /** A TOML file, or a directory whose `*.toml` files are read in name order. */
  path: string;
  tier: PolicyTier;
  /** Name used in rule sources and messages instead of the path (e.g. `preset:edit`). */
  label?: string;
}

export interface LoadedPolicyFile {
  /** The file as read. */
  path: string;
  /** The name rules and messages use for it. */
  file: string;
  tier: PolicyTier;
  ruleCount: number;
}

export interface LoadedPolicy {
  /** Highest `effectivePriority` first; equal ones keep file order, then source order. */
  rules: PolicyRule[];
  files: LoadedPolicyFile[];
  /** What loaded but is not acted on, as `file:line:column: message` lines. */
  warnings: string[];
}

export async function loadPolicyFiles(specs: readonly PolicyFileSpec[]): Promise<LoadedPolicy> {
  const files: LoadedPolicyFile[] = [];
  const rules: PolicyRule[] = [];
  const problems: PolicyProblem[] = [];
  const warnings: string[] = [];
  for (const spec of specs) {
    for (const file of await expand(spec)) {
      const text = await readPolicyText(file.path, file.file);
      const checked = checkPolicy(text, { file: file.file, tier: spec.tier });
      problems.push(...checked.problems);
      warnings.push(...checked.warnings.map(formatProblem));
      rules.push(...checked.rules);
      files.push({ ...file, tier: spec.tier, ruleCount: checked.rules.length });
    }
  }
  if (problems.length > 0) throw new PolicyFileError(problems);
  return { rules: sortRules(rules), files, warnings };
}

/** Several loaded policies as one (e.g. a preset and the repository's files). */
export function mergePolicies(...policies: readonly LoadedPolicy[]): LoadedPolicy {
  return {
    rules: sortRules(policies.flatMap((policy) => policy.rules)),
    files: policies.flatMap((policy) => policy.files),
    warnings: policies.flatMap((policy) => policy.warnings),
  };
}

/** Highest final priority first; `sort` is stable, so equal priorities keep the given order. */
export function sortRules(rules: readonly PolicyRule[]): PolicyRule[] {
  return [...rules].sort((a, b) => b.effectivePriority - a.effectivePriority);
}

async function expand(spec: PolicyFileSpec): Promise<{ path: string; file: string }[]> {
  const label = spec.label ?? spec.path;
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(spec.path)).isDirectory();
  } catch (error) {
    throw unreadable(spec.path, label, error);
  }
  if (!isDirectory) return [{ path: spec.path, file: label }];
  const names = (await readdir(spec.path)).filter((name) => name.endsWith('.toml')).sort();
  if (names.length > POLICY_LIMITS.maxFilesPerDirectory) {
    throw new ConfigurationError(
      `expected at most ${POLICY_LIMITS.maxFilesPerDirectory} policy files in one directory; it has ${names.length}.`,
      { file: label },
    );
  }
  return names.map((name) => ({ path: join(spec.path, name), file: join(label, name) }));
}

async function readPolicyText(path: string, label: string): Promise<string> {
  try {
    // A byte-order mark is not TOML, and editors do not count it as a column.
    return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw unreadable(path, label, error);
  }
}

function unreadable(path: string, label: string, error: unknown): ConfigurationError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message =
    code === 'ENOENT'
      ? `policy file not found: expected a TOML policy file at ${path}`
      : code === 'EISDIR'
        ? `policy file is a directory: expected a TOML policy file at ${path}`
        : `cannot read policy file ${path}: ${errorMessage(error)}`;
  return new ConfigurationError(message, { file: label }, { cause: error });
}
