/**
 * Which MCP tool parameter schemas can be offered to the model. The Gemini API rejects a request
 * whose function declarations have parameters without a type, and one bad declaration fails every
 * request of the session; so a tool with such a schema is left out (and the log says why) rather
 * than declared.
 */

const COMBINERS = ['anyOf', 'allOf', 'oneOf'] as const;

/**
 * Whether every schema node has type information: a node needs a `type`, or else an
 * `anyOf`/`allOf`/`oneOf` whose subschemas all pass; an object's `properties` and an array's
 * `items` are checked the same way. Anything that is not a schema object has nothing to check.
 */
export function hasValidTypes(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return true;
  const node = schema as Record<string, unknown>;

  if (!node['type']) {
    let hasSubschemas = false;
    for (const keyword of COMBINERS) {
      const subschemas = node[keyword];
      if (!Array.isArray(subschemas)) continue;
      hasSubschemas = true;
      if (!subschemas.every((subschema: unknown) => hasValidTypes(subschema))) return false;
    }
    if (!hasSubschemas) return false;
  }

  const properties = node['properties'];
  if (node['type'] === 'object' && typeof properties === 'object' && properties !== null) {
    if (!Object.values(properties).every((property: unknown) => hasValidTypes(property))) {
      return false;
    }
  }

  const items = node['items'];
  if (node['type'] === 'array' && items) {
    if (!hasValidTypes(items)) return false;
  }
  return true;
}
