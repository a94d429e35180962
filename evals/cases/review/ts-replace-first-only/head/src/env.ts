import { coerce } from './schema.js';
import type { Schema, Values } from './schema.js';

/**
 * The environment variable of a setting: the service prefix and the key in upper case with
 * dashes as underscores, e.g. `db-pool-size` of `billing` → `BILLING_DB_POOL_SIZE`.
 */
export function envName(prefix: string, key: string): string {
  return `${prefix}_${key}`.replace('-', '_').toUpperCase();
}

/** The settings given in `env`, coerced to their types. */
export function fromEnv(schema: Schema, prefix: string, env: NodeJS.ProcessEnv = process.env): Values {
  const values: Values = {};
  for (const [key, spec] of Object.entries(schema)) {
    const raw = env[envName(prefix, key)];
    if (raw !== undefined) values[key] = coerce(key, spec, raw);
  }
  return values;
}
