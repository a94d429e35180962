/**
 * Policy TOML text → rules. Two formats, which may be mixed in one file:
 *
 * - the Gemini CLI's `[[rule]]` tables (toolName, mcpName, argsPattern, commandPrefix, commandRegex,
 *   decision, priority, modes, interactive, toolAnnotations, allowRedirection, denyMessage) plus our
 *   additions (pathPattern, excludedPaths, maxCalls, runModes, trust);
 * - the spec's `[tools.<name>]` tables (`mode`, `excluded_paths`), each one rule at the fixed
 *   priority {@link TOOLS_TABLE_PRIORITY}.
 *
 * The Gemini CLI's `[[safety_checker]]` tables and keys it ignores in a `[[rule]]` load
 * with a warning saying what they mean here. Anything else is an error: every
 * problem of the file is collected and thrown as one {@link PolicyFileError}, each with the file,
 * line and column of the key (or table) at fault. Pure: no I/O.
 */
import { parse, TomlError } from 'smol-toml';
import { PolicyFileError } from './policy-file-error.js';
import type { PolicyProblem } from './policy-file-error.js';
import { POLICY_LIMITS, policyCountProblem, policyTextProblem } from './policy-limits.js';
import type { PolicyRule, PolicyTier } from './policy-types.js';
import { TIER_BASE } from './policy-types.js';
import { didYouMean } from './rule-fields.js';
import type { TomlTable } from './rule-fields.js';
import { readRuleTables } from './rule-tables.js';
import { readSafetyCheckerTables, SAFETY_CHECKER_KEY } from './safety-checkers.js';
import type { RuleBody } from './rule-tables.js';
import { scanTomlPositions } from './toml-positions.js';
import type { SourcePosition, TomlPath } from './toml-positions.js';
import { readToolsTables } from './tools-tables.js';

export { APPROVAL_MODES, SHELL_TOOL_NAME } from './rule-tables.js';
export { TOOLS_TABLE_PRIORITY } from './tools-tables.js';

export interface PolicySource {
  /** The file name (or label) used in rule sources and error locations. */
  file: string;
  tier: PolicyTier;
}

const TOP_LEVEL_KEYS = ['rule', 'tools', SAFETY_CHECKER_KEY];

interface Draft {
  at: SourcePosition;
  body: RuleBody;
}

/** Parses one policy file; throws a {@link PolicyFileError} listing every problem in it. */
export function parsePolicy(text: string, source: PolicySource): PolicyRule[] {
  const { rules, problems } = checkPolicy(text, source);
  if (problems.length > 0) throw new PolicyFileError(problems);
  return rules;
}

export interface CheckedPolicy {
  rules: PolicyRule[];
  problems: PolicyProblem[];
  /**
   * What loads but is not acted on, as the Gemini CLI loads it: keys it ignores, safety
   * checkers. Each says what it means here.
   */
  warnings: PolicyProblem[];
}

/** Like {@link parsePolicy}, but returns the problems (so a loader can report several files). */
export function checkPolicy(text: string, source: PolicySource): CheckedPolicy {
  let document: TomlTable;
  const tooMuch = policyTextProblem(text, source.file);
  if (tooMuch) return { rules: [], problems: [tooMuch], warnings: [] };
  try {
    document = parse(text, { unsafeKeyBehaviour: 'throw', maxDepth: POLICY_LIMITS.maxDepth });
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = (error.message.split('\n')[0] ?? '').replace(/^Invalid TOML document: /, '');
    const problem = { file: source.file, line: error.line, column: error.column };
    return {
      rules: [],
      problems: [{ ...problem, message: `TOML syntax error: ${reason}` }],
      warnings: [],
    };
  }

  const positions = scanTomlPositions(text);
  const crowded = policyCountProblem(document, positions, source.file);
  if (crowded) return { rules: [], problems: [crowded], warnings: [] };
  const problems: PolicyProblem[] = [];
  const report = (path: TomlPath, message: string) => {
    problems.push({ file: source.file, ...positions.locate(path), message });
  };
  const warnings: PolicyProblem[] = [];
  const warn = (path: TomlPath, message: string) => {
    warnings.push({ file: source.file, ...positions.locate(path), message });
  };
  const drafts: Draft[] = [];
  const add = (path: TomlPath, body: RuleBody | undefined) => {
    if (body) drafts.push({ at: positions.locate(path), body });
  };

  for (const [key, value] of Object.entries(document)) {
    if (key === 'rule') {
      readRuleTables(value, report, warn).forEach(({ path, body }) => {
        add(path, body);
      });
    } else if (key === 'tools') {
      readToolsTables(value, report).forEach(({ path, body }) => {
        add(path, body);
      });
    } else if (key === SAFETY_CHECKER_KEY) {
      readSafetyCheckerTables(value, report, warn);
    } else {
      report(
        [key],
        `unknown top-level key "${key}"; a policy file holds [[rule]] tables and [tools.<name>] ` +
          `tables${didYouMean(key, TOP_LEVEL_KEYS)}`,
      );
    }
  }

  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  warnings.sort((a, b) => a.line - b.line || a.column - b.column);
  drafts.sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
  const rules = drafts.map(({ at, body }, index) => ({
    ...body,
    id: `${source.file}#${index}`,
    effectivePriority: TIER_BASE[source.tier] + body.priority / 1000,
    source: { file: source.file, line: at.line, column: at.column, tier: source.tier },
  }));
  return { rules, problems, warnings };
}
