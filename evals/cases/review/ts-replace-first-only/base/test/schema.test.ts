import { describe, expect, it } from 'vitest';
import { coerce } from '../src/schema.js';

const port = { type: 'number' as const, default: 8080, description: 'HTTP port' };

describe('coerce', () => {
  it('parses numbers', () => {
    expect(coerce('port', port, '9000')).toBe(9000);
  });

  it('rejects text for a number', () => {
    expect(() => coerce('port', port, 'eighty')).toThrow(/expected a number/);
  });
});
