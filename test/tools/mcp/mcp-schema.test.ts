// Schema gating: tools whose parameter schemas lack types are not offered (the spec's examples).
import { describe, expect, it } from 'vitest';
import { hasValidTypes } from '../../../src/tools/mcp/mcp-schema.js';

describe('hasValidTypes', () => {
  it('accepts the spec’s validTool and rejects its invalidTool', () => {
    expect(hasValidTypes({ type: 'object', properties: { param1: { type: 'string' } } })).toBe(
      true,
    );
    expect(
      hasValidTypes({
        type: 'object',
        properties: { param1: { description: 'a param with no type' } },
      }),
    ).toBe(false);
  });

  it('rejects a schema without a type and without combiners', () => {
    expect(hasValidTypes({})).toBe(false);
    expect(hasValidTypes({ properties: { a: { type: 'string' } } })).toBe(false);
  });

  it('accepts a missing type when every subschema of anyOf / allOf / oneOf has one', () => {
    expect(hasValidTypes({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toBe(true);
    expect(hasValidTypes({ oneOf: [{ type: 'string' }], allOf: [{ type: 'object' }] })).toBe(true);
    expect(hasValidTypes({ anyOf: [{ type: 'string' }, { description: 'untyped' }] })).toBe(false);
    expect(hasValidTypes({ allOf: [{ anyOf: [{ description: 'deep' }] }] })).toBe(false);
  });

  it('checks properties of objects and items of arrays at any depth', () => {
    const nested = (leaf: Record<string, unknown>) => ({
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'object', properties: { leaf } } },
      },
    });
    expect(hasValidTypes(nested({ type: 'boolean' }))).toBe(true);
    expect(hasValidTypes(nested({ enum: ['a', 'b'] }))).toBe(false);
    expect(hasValidTypes({ type: 'array', items: { description: 'untyped item' } })).toBe(false);
    expect(hasValidTypes({ type: 'array' })).toBe(true);
  });

  it('has nothing to check in values that are not schema objects', () => {
    expect(hasValidTypes(undefined)).toBe(true);
    expect(hasValidTypes(true)).toBe(true);
    expect(hasValidTypes({ type: 'object' })).toBe(true);
  });
});
