/**
 * The spec's `[tools.<name>]` tables (`mode`, `excluded_paths`): each becomes the one rule it
 * stands for, at the fixed priority {@link TOOLS_TABLE_PRIORITY}. Pure.
 */
import type { PolicyDecision } from './policy-types.js';
import {
  checkKeys,
  describeValue,
  hasField,
  isTable,
  readChoice,
  readString,
  readStringList,
  writtenName,
} from './rule-fields.js';
import type { TableContext } from './rule-fields.js';
import { qualifyToolNames, RULE_ALIASES, RULE_FIELDS } from './rule-tables.js';
import type { Report, RuleBody } from './rule-tables.js';
import type { TomlPath } from './toml-positions.js';
import { toolNameProblem } from './tool-names.js';

/**
 * The priority of every rule made from a `[tools.<name>]` table. It is the lowest in its tier: such
 * a table sets a tool's baseline, and any `[[rule]]` of the same tier refines it (a `[[rule]]` of
 * priority 0 ties with it, and then the one written first wins).
 */
export const TOOLS_TABLE_PRIORITY = 0;

const TOOL_MODES = {
  always_allow: 'allow',
  always_deny: 'deny',
  ask_user: 'ask_user',
} as const satisfies Record<string, PolicyDecision>;
type ToolMode = keyof typeof TOOL_MODES;
const TOOL_MODE_NAMES = Object.keys(TOOL_MODES) as ToolMode[];

const TOOLS_TABLE_FIELDS = ['mode', 'excluded_paths', 'denyMessage'] as const;
const TOOLS_TABLE_ALIASES: Readonly<Record<string, string>> = {
  excludedPaths: 'excluded_paths',
  deny_message: 'denyMessage',
};

export function readToolsTables(
  value: unknown,
  report: Report,
): { path: TomlPath; body?: RuleBody }[] {
  if (!isTable(value)) {
    report(
      ['tools'],
      `tools must be a table of tool tables such as [tools.write_file], but is ${describeValue(value)}`,
    );
    return [];
  }
  return Object.entries(value).map(([name, entry]) => {
    const path = ['tools', name];
    const where = `[tools.${/^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name)}]`;
    if (name.trim() === '') {
      report(path, 'a [tools.<name>] table needs a tool name; use "*" to match every tool');
      return { path };
    }
    if (!isTable(entry)) {
      report(
        path,
        `tools.${name} must be a table (${where} with mode = "always_allow", "always_deny" or ` +
          `"ask_user"), but is ${describeValue(entry)}`,
      );
      return { path };
    }
    return { path, body: readToolsTable({ table: entry, path, report }, name, where) };
  });
}

/** One `[tools.<name>]` table of the spec's format. */
function readToolsTable(context: TableContext, name: string, where: string): RuleBody | undefined {
  let problems = 0;
  const table: TableContext = {
    ...context,
    report: (path, message) => {
      problems += 1;
      context.report(path, message);
    },
  };
  checkKeys(table, {
    known: TOOLS_TABLE_FIELDS,
    aliases: TOOLS_TABLE_ALIASES,
    where,
    explain: (key) =>
      (RULE_FIELDS as readonly string[]).includes(key) || key in RULE_ALIASES
        ? `${key} is a [[rule]] field; ${where} tables take only mode, excluded_paths and ` +
          `denyMessage, so write a [[rule]] table with toolName = ${JSON.stringify(name)} to use ${key}`
        : undefined,
  });
  const mode = readChoice(table, 'mode', TOOL_MODE_NAMES);
  const excludedPaths = readStringList(table, 'excluded_paths', {
    alias: 'excludedPaths',
    noun: 'glob pattern',
    emptyMessage: `${writtenName(table, 'excluded_paths', 'excludedPaths')} must list at least one glob pattern`,
  });
  const denyMessage = readString(table, 'denyMessage', { alias: 'deny_message' });
  if (!hasField(table, 'mode')) {
    table.report(
      context.path,
      `${where} has no mode; add mode = "always_allow", "always_deny" or "ask_user"`,
    );
  } else if (mode !== undefined && mode !== 'always_allow' && excludedPaths !== undefined) {
    const key = writtenName(table, 'excluded_paths', 'excludedPaths');
    table.report(
      [...context.path, key],
      `${key} only has an effect with mode = "always_allow" (a matching path turns the allow into ` +
        `ask_user), but mode is "${mode}"`,
    );
  }
  const misspelt = toolNameProblem(name, where);
  if (misspelt !== undefined) table.report(context.path, misspelt);
  if (problems > 0 || mode === undefined) return undefined;
  return {
    toolNames: qualifyToolNames([name], undefined) ?? [name],
    decision: TOOL_MODES[mode],
    priority: TOOLS_TABLE_PRIORITY,
    ...(excludedPaths ? { excludedPaths } : {}),
    ...(denyMessage !== undefined ? { denyMessage } : {}),
  };
}
