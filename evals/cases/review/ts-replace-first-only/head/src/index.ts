import { readFileSync } from 'node:fs';
import { fromEnv } from './env.js';
import { coerce } from './schema.js';
import type { Schema, Values } from './schema.js';

export type { Schema, SettingSpec, Values } from './schema.js';
export { envName } from './env.js';

export interface LoadOptions {
  /** A JSON file of settings. */
  path?: string;
  /** Read `PREFIX_KEY` environment variables, which override the file. */
  envPrefix?: string;
}

/** The schema's defaults, overridden by the JSON file, then by the environment. */
export function loadConfig(schema: Schema, options: LoadOptions = {}): Values {
  const values: Values = {};
  for (const [key, spec] of Object.entries(schema)) values[key] = spec.default;
  if (options.path) {
    const file = JSON.parse(readFileSync(options.path, 'utf8')) as Record<string, unknown>;
    for (const [key, raw] of Object.entries(file)) {
      const spec = schema[key];
      if (!spec) throw new Error(`${options.path}: unknown setting "${key}"`);
      values[key] = coerce(key, spec, String(raw));
    }
  }
  if (options.envPrefix) Object.assign(values, fromEnv(schema, options.envPrefix));
  return values;
}
