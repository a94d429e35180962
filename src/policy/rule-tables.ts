/**
 * The Gemini CLI's `[[rule]]` tables, plus our additions (pathPattern, excludedPaths, maxCalls,
 * runModes, trust): each table is checked field by field and becomes one rule body, or reports
 * every problem it has. Pure.
 */
import type { PolicyDecision, PolicyRule } from './policy-types.js';
import { compileSafeRegex } from './regex-safety.js';
import {
  checkKeys,
  describeValue,
  hasField,
  isTable,
  readBoolean,
  readChoice,
  readChoiceList,
  readInteger,
  readString,
  readStringList,
  readTable,
  writtenName,
} from './rule-fields.js';
import type { Report, TableContext } from './rule-fields.js';
import { readSafetyChecker, SAFETY_CHECKER_KEY } from './safety-checkers.js';
import type { TomlPath } from './toml-positions.js';
import { toolNameProblem } from './tool-names.js';
import type { RunMode, RunTrust } from '../platform/run-mode.js';
import { RUN_MODES, RUN_TRUSTS } from '../platform/run-mode.js';

/** The Gemini CLI's approval modes (`modes`); this product always runs in `default`. */
export const APPROVAL_MODES = ['default', 'autoEdit', 'plan', 'yolo'] as const;

export const SHELL_TOOL_NAME = 'run_shell_command';

const DECISIONS: readonly PolicyDecision[] = ['allow', 'deny', 'ask_user'];

/**
 * Tools known by more than one name (the spec's and the current Gemini CLI's). A rule naming
 * either applies to the tool under both, whichever name the call arrives with.
 */
const TOOL_NAME_GROUPS: readonly (readonly string[])[] = [['search_file_content', 'grep_search']];

export const RULE_FIELDS = [
  'toolName',
  'mcpName',
  'argsPattern',
  'commandPrefix',
  'commandRegex',
  'decision',
  'priority',
  'modes',
  'interactive',
  'toolAnnotations',
  'allowRedirection',
  'denyMessage',
  'pathPattern',
  'excludedPaths',
  'maxCalls',
  'runModes',
  'trust',
] as const;

/** The Gemini CLI's older snake_case spellings, and the spec's `excluded_paths`. */
export const RULE_ALIASES: Readonly<Record<string, string>> = {
  allow_redirection: 'allowRedirection',
  deny_message: 'denyMessage',
  excluded_paths: 'excludedPaths',
};

/** A rule as read from a table; the loader adds its id, source and final priority. */
export type RuleBody = Omit<PolicyRule, 'id' | 'source' | 'effectivePriority'>;

export type { Report };

/**
 * `[[rule]]` tables. `warn` gets what the Gemini CLI accepts but this agent does not act on: keys
 * it ignores, a rule's own `safety_checker`.
 */
export function readRuleTables(
  value: unknown,
  report: Report,
  warn: Report,
): { path: TomlPath; body?: RuleBody }[] {
  if (!Array.isArray(value)) {
    report(
      ['rule'],
      `rules must be written as [[rule]] tables (an array of tables), but rule is ${describeValue(value)}`,
    );
    return [];
  }
  return value.map((entry: unknown, index) => {
    const path = ['rule', index];
    if (!isTable(entry)) {
      report(path, `each rule must be a table, but rule ${index + 1} is ${describeValue(entry)}`);
      return { path };
    }
    return { path, body: readRule({ table: entry, path, report }, warn) };
  });
}

/** One `[[rule]]` table; `undefined` when it has problems (they are reported). */
function readRule(context: TableContext, warn: Report): RuleBody | undefined {
  let problems = 0;
  const report: Report = (path, message) => {
    problems += 1;
    context.report(path, message);
  };
  const rule: TableContext = { ...context, report };
  const at = (key: string) => [...context.path, key];

  checkKeys(rule, {
    known: [...RULE_FIELDS, 'subagent', SAFETY_CHECKER_KEY],
    aliases: RULE_ALIASES,
    where: '[[rule]]',
    explain: (key) => {
      if (key === 'mode') {
        return 'mode belongs to [tools.<name>] tables; in a [[rule]] table write decision = "allow", "deny" or "ask_user"';
      }
      return undefined;
    },
    ignoreUnknown: (path, key) => {
      warn(
        path,
        `the field "${key}" is not a rule condition; it is ignored, as the Gemini CLI ignores it`,
      );
    },
  });
  const subagent = readString(rule, 'subagent', { nonEmpty: true });
  if (hasField(rule, SAFETY_CHECKER_KEY)) {
    readSafetyChecker(
      {
        table: { [SAFETY_CHECKER_KEY]: rule.table[SAFETY_CHECKER_KEY] },
        path: context.path,
        report,
      },
      SAFETY_CHECKER_KEY,
      warn,
    );
  }

  const toolNames = readStringList(rule, 'toolName', {
    noun: 'tool name',
    emptyMessage: 'toolName must list at least one tool; use "*" to match every tool',
    blankMessage: 'toolName must not be empty; use "*" to match every tool',
  });
  const mcpName = readString(rule, 'mcpName', { nonEmpty: true });
  if (toolNames !== undefined && mcpName === undefined && !hasField(rule, 'mcpName')) {
    const listed = Array.isArray(rule.table.toolName);
    toolNames.forEach((name, index) => {
      const problem = toolNameProblem(name, 'toolName');
      if (problem !== undefined)
        report(listed ? [...at('toolName'), index] : at('toolName'), problem);
    });
  }
  const argsPattern = readRegex(rule, 'argsPattern');
  const commandPrefixes = readStringList(rule, 'commandPrefix', {
    noun: 'command prefix',
    emptyMessage: 'commandPrefix must list at least one command',
    blankMessage:
      'commandPrefix entries must not be empty (an empty prefix would match every command)',
  });
  const commandRegex = readRegex(rule, 'commandRegex');
  const decision = readChoice(rule, 'decision', DECISIONS);
  const priority = readInteger(rule, 'priority', {
    min: 0,
    max: 999,
    expected: 'an integer from 0 to 999',
    tooLarge: 'priorities of 1000 and more would reach into the next tier',
  });
  const modes = readChoiceList(rule, 'modes', APPROVAL_MODES);
  const interactive = readBoolean(rule, 'interactive');
  const toolAnnotations = readTable(rule, 'toolAnnotations');
  const allowRedirection = readBoolean(rule, 'allowRedirection', { alias: 'allow_redirection' });
  const denyMessage = readString(rule, 'denyMessage', { alias: 'deny_message' });
  const pathPatterns = readStringList(rule, 'pathPattern', {
    noun: 'glob pattern',
    emptyMessage: 'pathPattern must list at least one glob pattern',
    check: checkPathPattern,
  })?.map((pattern) => pattern.replace(/^(?:\.\/)+/, ''));
  const excludedPaths = readStringList(rule, 'excludedPaths', {
    alias: 'excluded_paths',
    noun: 'glob pattern',
    emptyMessage: `${writtenName(rule, 'excludedPaths', 'excluded_paths')} must list at least one glob pattern`,
  });
  const maxCalls = readInteger(rule, 'maxCalls', {
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    expected: 'a positive integer',
  });
  const runModes = readChoiceList<RunMode>(rule, 'runModes', RUN_MODES, {
    emptyMessage: 'runModes must list at least one run mode (leave it out to match every mode)',
  });
  const trust = readChoiceList<RunTrust>(rule, 'trust', RUN_TRUSTS, {
    emptyMessage:
      'trust must list at least one of "maintainer" or "automatic" (leave it out to match both)',
  });

  const shellField = hasField(rule, 'commandPrefix')
    ? 'commandPrefix'
    : hasField(rule, 'commandRegex')
      ? 'commandRegex'
      : undefined;
  if (shellField) {
    if (hasField(rule, 'commandPrefix') && hasField(rule, 'commandRegex')) {
      report(
        at('commandRegex'),
        'commandPrefix and commandRegex cannot be used in the same rule; write two rules',
      );
    }
    if (hasField(rule, 'argsPattern')) {
      report(
        at('argsPattern'),
        `argsPattern cannot be combined with ${shellField}, which already matches the command; use one of them`,
      );
    }
    if (toolNames && !toolNames.every((name) => name === SHELL_TOOL_NAME)) {
      report(
        at(shellField),
        `${shellField} only applies to ${SHELL_TOOL_NAME}, but toolName is ` +
          `${JSON.stringify(context.table.toolName)}; set toolName = "${SHELL_TOOL_NAME}" or use argsPattern`,
      );
    } else if (mcpName !== undefined) {
      report(
        at(shellField),
        `${shellField} only applies to ${SHELL_TOOL_NAME}, which is not an MCP tool; remove mcpName`,
      );
    }
  }
  if (decision === undefined && !hasField(rule, 'decision')) {
    report(
      context.path,
      `this [[rule]] has no decision; add decision = "allow", "deny" or "ask_user"`,
    );
  }
  if (priority === undefined && !hasField(rule, 'priority')) {
    report(
      context.path,
      'this [[rule]] has no priority; add priority = <an integer from 0 to 999>',
    );
  }
  if (decision !== undefined && decision !== 'allow') {
    if (maxCalls !== undefined) {
      report(
        at('maxCalls'),
        `maxCalls only applies to allow rules, but this rule's decision is "${decision}"`,
      );
    }
    if (excludedPaths !== undefined) {
      const key = writtenName(rule, 'excludedPaths', 'excluded_paths');
      report(
        at(key),
        `${key} only has an effect on allow rules (a matching path turns the allow into ask_user), ` +
          `but this rule's decision is "${decision}"; to deny paths, write a deny rule with pathPattern`,
      );
    }
  }
  if (problems > 0 || decision === undefined || priority === undefined) return undefined;

  const names = qualifyToolNames(
    toolNames ?? (shellField ? [SHELL_TOOL_NAME] : undefined),
    mcpName,
  );
  return {
    ...(names ? { toolNames: names } : {}),
    ...(mcpName !== undefined ? { mcpName } : {}),
    ...(argsPattern ? { argsPattern } : {}),
    ...(commandPrefixes ? { commandPrefixes } : {}),
    ...(commandRegex ? { commandRegex } : {}),
    decision,
    priority,
    ...(modes ? { approvalModes: modes } : {}),
    ...(interactive !== undefined ? { interactive } : {}),
    ...(toolAnnotations ? { toolAnnotations: { ...toolAnnotations } } : {}),
    ...(allowRedirection !== undefined ? { allowRedirection } : {}),
    ...(denyMessage !== undefined ? { denyMessage } : {}),
    ...(pathPatterns ? { pathPatterns } : {}),
    ...(excludedPaths ? { excludedPaths } : {}),
    ...(maxCalls !== undefined ? { maxCalls } : {}),
    ...(runModes ? { runModes } : {}),
    ...(trust ? { trust } : {}),
    ...(subagent !== undefined ? { subagent } : {}),
  };
}

function readRegex(context: TableContext, key: string): RegExp | undefined {
  const pattern = readString(context, key);
  if (pattern === undefined) return undefined;
  const compiled = compileSafeRegex(pattern);
  if (compiled.ok) return compiled.regex;
  context.report([...context.path, key], `${key} ${JSON.stringify(pattern)} ${compiled.problem}`);
  return undefined;
}

/** Paths are matched workspace-relative, so a pattern that leaves the workspace never matches. */
function checkPathPattern(pattern: string): string | undefined {
  if (/^(?:\/|~|[A-Za-z]:[\\/])/.test(pattern)) {
    return (
      `pathPattern ${JSON.stringify(pattern)} is absolute, but paths are matched relative to the ` +
      `workspace root (e.g. "src/**"); use excludedPaths for paths outside the workspace`
    );
  }
  if (pattern.split('/').includes('..')) {
    return (
      `pathPattern ${JSON.stringify(pattern)} contains "..", but paths are matched relative to the ` +
      `workspace root and never leave it`
    );
  }
  return undefined;
}

/**
 * With `mcpName`, tool names become the MCP tools' full names `mcp_<server>_<tool>` (no toolName:
 * `mcp_<server>_*`, every tool of the server), as the Gemini CLI names them. Names with another
 * spelling also get that spelling.
 */
export function qualifyToolNames(
  names: readonly string[] | undefined,
  mcpName: string | undefined,
): string[] | undefined {
  let result = names ? [...names] : undefined;
  // `mcpName = "*"` (any server) leaves the names as written: there is no one server to qualify with.
  if (mcpName !== undefined && mcpName !== '*') {
    const prefix = `mcp_${mcpName}_`;
    result = (result ?? ['*']).map((name) => (name.startsWith(prefix) ? name : `${prefix}${name}`));
  }
  if (!result) return undefined;
  const expanded = result.flatMap(
    (name) => TOOL_NAME_GROUPS.find((group) => group.includes(name)) ?? [name],
  );
  return [...new Set(expanded)];
}
