// `${VAR}` and `${VAR:-default}` in string values, from the environment and --env-file.
import { readFile } from 'node:fs/promises';
import { parse as parseEnv } from './formats/env.js';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export function interpolate(value, variables) {
  if (typeof value === 'string') {
    return value.replace(REFERENCE, (match, name, fallback) => variables[name] ?? fallback ?? '');
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, variables));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolate(item, variables)]),
    );
  }
  return value;
}

export async function loadEnvFile(file) {
  return parseEnv(await readFile(file, 'utf8'), { file });
}
