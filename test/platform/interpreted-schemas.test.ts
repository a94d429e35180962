import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../../src/platform/interpreted-schemas.js';

const realFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = realFunction;
});

describe('interpreted schemas', () => {
  it('parses without generating code, with the same results', () => {
    const generated: string[] = [];
    globalThis.Function = new Proxy(realFunction, {
      construct(target, args: string[]) {
        generated.push(args.at(-1) ?? '');
        return Reflect.construct(target, args);
      },
    });
    const schema = z.object({ name: z.string(), count: z.number().int().min(0) });

    expect(schema.safeParse({ name: 'a', count: 2 })).toEqual({
      success: true,
      data: { name: 'a', count: 2 },
    });
    const failed = schema.safeParse({ name: 'a', count: -1 });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((issue) => issue.path)).toEqual([['count']]);
    expect(generated).toEqual([]);
  });
});
