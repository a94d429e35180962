/**
 * The check that a parsed value (JSON, TOML, a payload) is an object with named fields, written
 * once for every layer that reads such values.
 */

/** An object that is not an array (or `null`): a JSON object, a payload, a settings table. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as an object with named fields, or `undefined` when it is not one. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}
