/**
 * What a discovery command prints: a JSON array whose items are function declarations
 * (`{name, description, parametersJsonSchema}`) or tool wrappers holding them
 * (`{functionDeclarations: [...]}`, also spelled `function_declarations`), as the Gemini CLI
 * reads it. A declaration the model could not call is left out with the reason, so one bad entry
 * does not cost the others; so is one named like a tool of ours or of the Gemini CLI, in any
 * spelling (../reserved-names.ts), whose rules and prompts would then apply to it; and so is one
 * past the limits of ../declaration-limits.ts (a schema nested thousands of levels deep, a
 * description of megabytes), checked before anything walks the schema. Entries past the number
 * of tools one command may declare are left out with one line.
 */
import {
  declarationLimitProblem,
  MAX_DECLARED_TOOLS,
  tooManyToolsMessage,
} from '../declaration-limits.js';
import { describeReservedName, reservedToolName } from '../reserved-names.js';
import { isRecord } from '../../platform/records.js';
import { ellipsize } from '../../platform/text.js';

export interface DiscoveredDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: Record<string, unknown>;
}

export interface ParsedDeclarations {
  declarations: DiscoveredDeclaration[];
  /** One sentence per entry left out, naming it. */
  skipped: string[];
}

/**
 * A function name the Gemini API accepts and that works in policy rules: a letter or `_` first,
 * then letters, digits, `_`, `.` and `-`, at most 63 characters (as for MCP tools).
 */
const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,62}$/;

/** Declared without parameters: a call takes none. */
const NO_PARAMETERS: Record<string, unknown> = { type: 'object', properties: {} };

/** The declarations in `value` (already parsed JSON); throws when it is not an array. */
export function readDeclarations(value: unknown): ParsedDeclarations {
  if (!Array.isArray(value)) {
    throw new TypeError(
      `expected a JSON array of function declarations (or of {"functionDeclarations": [...]} tools); got ${describeJson(value)}.`,
    );
  }
  // Each declaration, or item that is not one, is an entry; only the first entries allowed are
  // read, so an output of millions of items costs one line, not one each.
  const found: { entry: unknown; where: string }[] = [];
  const skipped: string[] = [];
  let entries = 0;
  const take = (): boolean => (entries += 1) <= MAX_DECLARED_TOOLS;
  value.forEach((item: unknown, index) => {
    const where = `item ${index}`;
    if (!isRecord(item)) {
      if (take()) skipped.push(`${where} is ${describeJson(item)}, not a function declaration.`);
      return;
    }
    const wrapped = item.functionDeclarations ?? item.function_declarations;
    if (wrapped !== undefined) {
      if (!Array.isArray(wrapped)) {
        if (take()) {
          skipped.push(`${where}: "functionDeclarations" is ${describeJson(wrapped)}, not a list.`);
        }
        return;
      }
      wrapped.forEach((entry: unknown, inner) => {
        if (take()) found.push({ entry, where: `${where}, declaration ${inner}` });
      });
      return;
    }
    if (take()) found.push({ entry: item, where });
  });

  const declarations: DiscoveredDeclaration[] = [];
  const names = new Set<string>();
  for (const { entry, where } of found) {
    const result = readDeclaration(entry);
    if (typeof result === 'string') {
      skipped.push(`${where}: ${result}`);
    } else if (names.has(result.name)) {
      skipped.push(`${where}: "${result.name}" is declared more than once; the first is kept.`);
    } else {
      names.add(result.name);
      declarations.push(result);
    }
  }
  if (entries > MAX_DECLARED_TOOLS) {
    skipped.push(tooManyToolsMessage(entries, entries - MAX_DECLARED_TOOLS));
  }
  return { declarations, skipped };
}

/** The declaration, or why it cannot be offered. */
function readDeclaration(entry: unknown): DiscoveredDeclaration | string {
  if (!isRecord(entry)) return `${describeJson(entry)} is not a function declaration.`;
  const { name } = entry;
  if (typeof name !== 'string' || name === '') {
    return 'a declaration without a "name" is left out.';
  }
  if (!TOOL_NAME.test(name)) {
    return `${JSON.stringify(ellipsize(name, 100))} is not a usable tool name (a letter or "_" first, then letters, digits, "_", "." or "-"; at most 63 characters).`;
  }
  const reserved = reservedToolName(name);
  if (reserved !== undefined) return `${describeReservedName(name, reserved)}; it is left out.`;
  const schema = entry.parametersJsonSchema ?? entry.parameters;
  if (schema !== undefined && !isRecord(schema)) {
    const key = entry.parametersJsonSchema === undefined ? 'parameters' : 'parametersJsonSchema';
    return `"${name}" has "${key}" that is ${describeJson(schema)}, not a JSON schema object.`;
  }
  const limit = declarationLimitProblem({ description: entry.description, schema });
  if (limit !== undefined) return `"${name}" is left out: ${limit}`;
  return {
    name,
    description: typeof entry.description === 'string' ? entry.description : '',
    parametersJsonSchema:
      schema === undefined
        ? NO_PARAMETERS
        : entry.parametersJsonSchema === undefined
          ? lowerCaseTypes(schema)
          : schema,
  };
}

/**
 * `parameters` may use the Gemini API's `Type` names (`OBJECT`, `STRING`); as a JSON schema they
 * are lower case. Only string values of `type` keys change; property names stay as they are.
 */
function lowerCaseTypes(schema: Record<string, unknown>): Record<string, unknown> {
  const visit = (value: unknown, key: string | undefined): unknown => {
    if (key === 'type' && typeof value === 'string') return value.toLowerCase();
    if (Array.isArray(value)) return value.map((item: unknown) => visit(item, undefined));
    if (!isRecord(value)) return value;
    // Under `properties` the keys are property names: a property called "type" is a schema.
    const keysAreNames = key === 'properties' || key === '$defs' || key === 'definitions';
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        visit(inner, keysAreNames ? undefined : name),
      ]),
    );
  };
  return visit(schema, undefined) as Record<string, unknown>;
}

/** `a string`, `null`, `a list`, … for messages. */
function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
