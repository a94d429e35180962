/**
 * How much one policy file may hold, checked before its TOML is parsed (size, nesting) and right
 * after (entries, rules). A policy file comes from the repository (or its base branch) or an
 * extension; a real one has tens of rules, at most a few hundred, each naming a few tools or
 * command prefixes. Every rule is tried against every tool call, so a file of a hundred thousand
 * rules would slow each call of the run rather than fail it; these bounds fail it at the file,
 * line and column instead.
 */
import type { TomlLimits } from '../config/toml-limits.js';
import { tomlEntriesProblem, tomlTextProblem } from '../config/toml-limits.js';
import type { PolicyProblem } from './policy-file-error.js';
import type { TomlPositions } from './toml-positions.js';
import { isRecord } from '../platform/records.js';

export const POLICY_LIMITS: TomlLimits & {
  /** `[[rule]]` and `[tools.<name>]` tables of one file. */
  maxRules: number;
  /** Policy files read from one directory. */
  maxFilesPerDirectory: number;
} = {
  maxBytes: 1024 * 1024,
  maxDepth: 32,
  maxEntries: 1000,
  maxRules: 1000,
  maxFilesPerDirectory: 100,
};

/** The size or nesting problem of the file's text, before it is parsed. */
export function policyTextProblem(text: string, file: string): PolicyProblem | undefined {
  const problem = tomlTextProblem(text, POLICY_LIMITS, 'a policy file');
  return problem === undefined ? undefined : { file, ...problem };
}

/**
 * Too many rules in the parsed file, or too many entries in one of its tables or arrays; checked
 * before any rule is read.
 */
export function policyCountProblem(
  document: Readonly<Record<string, unknown>>,
  positions: TomlPositions,
  file: string,
): PolicyProblem | undefined {
  const { maxRules } = POLICY_LIMITS;
  const ruleTables = Array.isArray(document.rule) ? document.rule.length : 0;
  const toolsTables = isRecord(document.tools) ? Object.keys(document.tools) : [];
  const total = ruleTables + toolsTables.length;
  if (total > maxRules) {
    const extra =
      ruleTables > maxRules
        ? ['rule', maxRules]
        : ['tools', toolsTables[maxRules - ruleTables] ?? ''];
    return {
      file,
      ...positions.locate(extra),
      message: `expected at most ${maxRules} rules in one policy file; it has ${total} ([[rule]] and [tools.<name>] tables), and this is one too many. Split them over several files, or name several tools or command prefixes in one rule.`,
    };
  }
  const crowded = tomlEntriesProblem(document, POLICY_LIMITS.maxEntries);
  if (crowded === undefined) return undefined;
  return { file, ...positions.locate(crowded.path), message: crowded.message };
}
