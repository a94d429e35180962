/**
 * The Gemini CLI's safety checkers: `[[safety_checker]]` tables (and a rule's own
 * `safety_checker` table), each naming a checker program the Gemini CLI runs on matching calls.
 * This agent runs none. A file that has them still loads, as it does in the Gemini CLI; a
 * malformed one is an error, as there; a well-formed one is reported as not enforced, with what
 * covers its purpose here, so nobody believes a check runs that does not.
 */
import { describeValue, isTable, quoteChoices } from './rule-fields.js';
import type { Report, TableContext } from './rule-fields.js';
import type { TomlPath } from './toml-positions.js';

export const SAFETY_CHECKER_KEY = 'safety_checker';

const CHECKER_TYPES = ['in-process', 'external'];
/** The Gemini CLI's in-process checkers (its policy/types.ts, InProcessCheckerType). */
const IN_PROCESS_CHECKERS = ['allowed-path', 'conseca'];

/** Top-level `[[safety_checker]]` tables. */
export function readSafetyCheckerTables(value: unknown, report: Report, warn: Report): void {
  if (!Array.isArray(value)) {
    report(
      [SAFETY_CHECKER_KEY],
      `safety checkers must be written as [[safety_checker]] tables, but safety_checker is ${describeValue(value)}`,
    );
    return;
  }
  value.forEach((entry: unknown, index) => {
    const path: TomlPath = [SAFETY_CHECKER_KEY, index];
    if (!isTable(entry)) {
      report(
        path,
        `each [[safety_checker]] must be a table, but entry ${index + 1} is ${describeValue(entry)}`,
      );
      return;
    }
    if (!('toolName' in entry)) {
      report(
        path,
        'this [[safety_checker]] has no toolName; add the tools it checks ("*" for every tool)',
      );
      return;
    }
    checkChecker(entry, path, report, warn);
  });
}

/** A rule's own `safety_checker` table (`[rule.safety_checker]`). */
export function readSafetyChecker(context: TableContext, key: string, warn: Report): void {
  const value = context.table[key];
  const path: TomlPath = [...context.path, key];
  if (!isTable(value)) {
    context.report(path, `${key} must be a table, but is ${describeValue(value)}`);
    return;
  }
  checkChecker(
    value,
    path,
    (at, message) => {
      context.report(at, message);
    },
    warn,
  );
}

/** The `checker` table (or the table itself, when it names the checker directly). */
function checkChecker(
  table: Readonly<Record<string, unknown>>,
  path: TomlPath,
  report: Report,
  warn: Report,
): void {
  const checker = isTable(table.checker) ? table.checker : table;
  const at: TomlPath = isTable(table.checker) ? [...path, 'checker'] : path;
  const { type, name } = checker;
  if (typeof type !== 'string' || !CHECKER_TYPES.includes(type)) {
    report(at, `a safety checker needs type = ${quoteChoices(CHECKER_TYPES)}`);
    return;
  }
  if (typeof name !== 'string' || name.trim() === '') {
    report(at, 'a safety checker needs a name (the checker to run)');
    return;
  }
  if (type === 'in-process' && !IN_PROCESS_CHECKERS.includes(name)) {
    report(
      at,
      `the in-process safety checker must be ${quoteChoices(IN_PROCESS_CHECKERS)}, but is ${JSON.stringify(name)}`,
    );
    return;
  }
  warn(at, notEnforced(type, name));
}

function notEnforced(type: string, name: string): string {
  if (type === 'in-process' && name === 'allowed-path') {
    return 'the safety checker "allowed-path" is not run here; what it checks, that paths stay inside the workspace, is checked here anyway for every tool and for the files shell commands name';
  }
  return `the ${type} safety checker "${name}" is not run here (this agent runs no safety checkers); the policy's rules alone decide the calls it would have checked`;
}
