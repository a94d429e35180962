import { describe, expect, it } from 'vitest';
import { envName, fromEnv } from '../src/env.js';

const schema = {
  port: { type: 'number' as const, default: 8080, description: 'HTTP port' },
  debug: { type: 'boolean' as const, default: false, description: 'verbose logs' },
};

describe('envName', () => {
  it('upper-cases the prefix and key', () => {
    expect(envName('billing', 'port')).toBe('BILLING_PORT');
  });
});

describe('fromEnv', () => {
  it('reads and coerces the variables that are set', () => {
    expect(fromEnv(schema, 'billing', { BILLING_PORT: '9000' })).toEqual({ port: 9000 });
  });
});
