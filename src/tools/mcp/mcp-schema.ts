/**
 * Which MCP tool parameter schemas can be offered to the model. The Gemini API rejects a request
 * whose function declarations have parameters without a type, and one bad declaration fails every
 * request of the session; so a tool with such a schema is left out (and the log says why) rather
 * than declared. So is a tool past the limits of ../declaration-limits.ts, checked first: the
 * server is a process the run started, and its schemas are input like any other.
 *
 * The SDK would also compile each tool's `outputSchema` with Ajv as the tools are listed, and run
 * it over the tool's structured results. Those schemas come from the same server as the results
 * they check, so the check protects nothing here (the model reads the result either way), while
 * compiling them walks whatever the server sent (a 10,000-deep schema overflows the stack and
 * loses every tool of the server) and a `pattern` that backtracks catastrophically over the
 * server's own result would hold the whole process. The client is given
 * {@link uncheckedOutputSchemas} instead, which compiles nothing.
 */
import type {
  JsonSchemaValidator,
  jsonSchemaValidator,
} from '@modelcontextprotocol/sdk/validation/types.js';
import { declarationLimitProblem } from '../declaration-limits.js';

const COMBINERS = ['anyOf', 'allOf', 'oneOf'] as const;

/** What is wrong with a listed tool: it passes a limit, or its schema lacks types. */
export type McpSchemaProblem =
  { kind: 'limit'; message: string } | { kind: 'untyped'; message: string };

/** Why the tool cannot be offered, or undefined when it can. */
export function mcpToolProblem(tool: {
  description?: unknown;
  inputSchema: unknown;
}): McpSchemaProblem | undefined {
  const limit = declarationLimitProblem({
    description: tool.description,
    schema: tool.inputSchema,
  });
  if (limit !== undefined) return { kind: 'limit', message: limit };
  if (!hasValidTypes(tool.inputSchema)) {
    return { kind: 'untyped', message: 'its parameter schema lacks types' };
  }
  return undefined;
}

/**
 * Whether every schema node has type information: a node needs a `type`, or else an
 * `anyOf`/`allOf`/`oneOf` whose subschemas all pass; an object's `properties` and an array's
 * `items` are checked the same way. Anything that is not a schema object has nothing to check.
 * The nodes are visited from a list, not by recursion, so no schema can exhaust the stack.
 */
export function hasValidTypes(schema: unknown): boolean {
  const pending: unknown[] = [schema];
  const seen = new Set<object>();
  for (let next = pending.pop(); next !== undefined || pending.length > 0; next = pending.pop()) {
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    const node = next as Record<string, unknown>;

    if (!node['type']) {
      let hasSubschemas = false;
      for (const keyword of COMBINERS) {
        const subschemas = node[keyword];
        if (!Array.isArray(subschemas)) continue;
        hasSubschemas = true;
        for (const subschema of subschemas as unknown[]) pending.push(subschema);
      }
      if (!hasSubschemas) return false;
    }

    const properties = node['properties'];
    if (node['type'] === 'object' && typeof properties === 'object' && properties !== null) {
      for (const property of Object.values(properties)) pending.push(property);
    }

    const items = node['items'];
    if (node['type'] === 'array' && items) pending.push(items);
  }
  return true;
}

/** Output schemas are not compiled, and structured results are not checked against them. */
export const uncheckedOutputSchemas: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};
