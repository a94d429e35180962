// The parts of a model response, checked before anything reads them: a call whose arguments pass
// a limit loses them (and keeps its name, id and signature), any other part past the limits is
// left out; everything within the limits is kept as it came.
import { describe, expect, it } from 'vitest';
import type { Part } from '@google/genai';
import { checkModelPart } from '../../src/agent/response-limits.js';

const nested = (depth: number): unknown =>
  JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;

describe('checkModelPart', () => {
  it('keeps parts within the limits as they came', () => {
    const call: Part = { functionCall: { name: 'read_file', args: { x: nested(63) } } };
    expect(checkModelPart(call)).toEqual({ kind: 'kept', part: call });
    const text: Part = { text: 'x'.repeat(10_000_000) };
    expect(checkModelPart(text)).toEqual({ kind: 'kept', part: text });
  });

  it('takes away arguments past a limit, keeping the name, id and signature', () => {
    const part: Part = {
      functionCall: { id: 'c1', name: 'read_file', args: { x: nested(100_000) } },
      thoughtSignature: 'sig',
    };
    expect(checkModelPart(part)).toEqual({
      kind: 'refused_call',
      part: { functionCall: { id: 'c1', name: 'read_file', args: {} }, thoughtSignature: 'sig' },
      problem:
        'expected arguments nested at most 64 levels deep; the array at x[0][0][0]…[0][0][0][0] is level 65.',
    });
  });

  it('refuses a call whose other fields pass a limit, dropping what is not a string', () => {
    const part = {
      functionCall: { id: nested(100_000), name: 'glob', args: {} },
    } as unknown as Part;
    expect(checkModelPart(part)).toMatchObject({
      kind: 'refused_call',
      part: { functionCall: { name: 'glob', args: {} } },
      problem: expect.stringContaining(
        'expected a function call nested at most 64 levels deep',
      ) as string,
    });
  });

  it('leaves out any other part past the limits, saying why', () => {
    const part = { text: 'hi', extra: nested(100) } as unknown as Part;
    expect(checkModelPart(part)).toEqual({
      kind: 'dropped',
      problem:
        'The model sent a response part that was left out: expected a response part nested at most 64 levels deep; the array at extra[0][0][0]…[0][0][0][0] is level 65.',
    });
  });
});
