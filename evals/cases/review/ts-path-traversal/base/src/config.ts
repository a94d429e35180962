import path from 'node:path';

export interface ServerConfig {
  port: number;
  reportsDir: string;
  maxListed: number;
}

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

export function loadConfig(): ServerConfig {
  return {
    port: numberFromEnv('PORT', 8080),
    reportsDir: path.resolve(process.env.REPORTS_DIR ?? './reports'),
    maxListed: numberFromEnv('MAX_LISTED', 200),
  };
}
