import { describe, expect, it } from 'vitest';

describe('schemas without eval', () => {
  it('tells zod not to compile parsers with new Function, whether zod loads after or before', async () => {
    const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
    delete holder.__zod_globalConfig?.jitless;
    await import('./schemas-without-eval.ts');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // A schema built now takes the interpreted path: parsing never reaches Function.
    const calls: unknown[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        calls.push(args);
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        calls.push(args);
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.number() });
      for (let i = 0; i < 5; i++) expect(schema.parse({ a: 'x', b: i })).toEqual({ a: 'x', b: i });
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toEqual([]);
  });
});
