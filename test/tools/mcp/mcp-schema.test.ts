// Schema gating: tools whose parameter schemas lack types are not offered (the spec's examples).
import { describe, expect, it } from 'vitest';
import { hasValidTypes, mcpToolProblem } from '../../../src/tools/mcp/mcp-schema.js';

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

describe('mcpToolProblem', () => {
  const deepSchema = (depth: number) => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < depth; i += 1) schema = { type: 'object', properties: { a: schema } };
    return schema;
  };

  it('offers a tool within the limits whose schema has types', () => {
    expect(mcpToolProblem({ description: 'd', inputSchema: deepSchema(31) })).toBeUndefined();
  });

  it('refuses a schema past the limits before it checks types', () => {
    const problem = mcpToolProblem({ inputSchema: deepSchema(10_000) });
    expect(problem).toEqual({
      kind: 'limit',
      message:
        'expected a parameter schema nested at most 64 levels deep; the object at properties.a.properties.a…properties.a.properties.a is level 65.',
    });
    expect(mcpToolProblem({ description: 'x'.repeat(40_000), inputSchema: {} })).toMatchObject({
      kind: 'limit',
      message: 'expected a description of at most 32768 characters; it has 40000.',
    });
  });

  it('says a schema lacks types, as before', () => {
    expect(mcpToolProblem({ inputSchema: { type: 'object', properties: { a: {} } } })).toEqual({
      kind: 'untyped',
      message: 'its parameter schema lacks types',
    });
  });
});

describe('hasValidTypes on schemas of any depth', () => {
  it('checks a 100,000-deep schema without recursion', () => {
    let typed: unknown = { type: 'string' };
    let untyped: unknown = { description: 'no type' };
    for (let i = 0; i < 100_000; i += 1) {
      typed = { anyOf: [typed] };
      untyped = { type: 'array', items: untyped };
    }
    expect(hasValidTypes(typed)).toBe(true);
    expect(hasValidTypes(untyped)).toBe(false);
  });
});
