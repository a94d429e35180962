import { readFileSync } from 'node:fs';
import { coerce } from './schema.js';
import type { Schema, Values } from './schema.js';

export type { Schema, SettingSpec, Values } from './schema.js';

/** The schema's defaults, overridden by the JSON file at `path` when given. */
export function loadConfig(schema: Schema, path?: string): Values {
  const values: Values = {};
  for (const [key, spec] of Object.entries(schema)) values[key] = spec.default;
  if (path) {
    const file = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    for (const [key, raw] of Object.entries(file)) {
      const spec = schema[key];
      if (!spec) throw new Error(`${path}: unknown setting "${key}"`);
      values[key] = coerce(key, spec, String(raw));
    }
  }
  return values;
}
