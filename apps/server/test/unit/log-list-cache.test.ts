import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/platform/app-context.ts';
import { cachedLogCount, forgetLogListCache } from '../../src/platform/logging/list-cache.ts';

/** Just what the list cache uses of the app: its caches, its clock and its kind of database. */
function fakeApp(kind: 'sqlite' | 'postgres' = 'postgres') {
  let t = 1000;
  const app = { caches: new Map(), now: () => t, db: { kind } } as unknown as AppContext;
  return { app, advance: (ms: number) => (t += ms) };
}

describe('log list totals', () => {
  it('requests that arrive while a filter is being counted wait for that count instead of counting again', async () => {
    const { app } = fakeApp();
    let counts = 0;
    let finish: (n: number) => void = () => {};
    const count = () => {
      counts++;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const waiting = [1, 2, 3].map(() => cachedLogCount(app, 'success', count));
    finish(80_000);
    expect(await Promise.all(waiting)).toEqual([80_000, 80_000, 80_000]);
    expect(counts).toBe(1);
    // Kept while fresh, counted again once a write to the log drops it.
    expect(await cachedLogCount(app, 'success', async () => 1)).toBe(80_000);
    forgetLogListCache(app);
    expect(await cachedLogCount(app, 'success', async () => 80_001)).toBe(80_001);
  });

  it('a count that failed is not kept: the next request counts again', async () => {
    const { app } = fakeApp();
    await expect(cachedLogCount(app, 'all', async () => Promise.reject(new Error('busy')))).rejects.toThrow(
      'busy',
    );
    expect(await cachedLogCount(app, 'all', async () => 7)).toBe(7);
  });

  it('a total is taken again after two seconds (other instances write to the same log), no call waiting for it', async () => {
    const { app, advance } = fakeApp();
    expect(await cachedLogCount(app, 'all', async () => 5)).toBe(5);
    advance(2000);
    let finish: (n: number) => void = () => {};
    let counts = 0;
    const recount = () => {
      counts++;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    // The call that finds it old starts the count and is answered with the last total at once, as
    // is a call during the count; the count is taken once.
    expect(await cachedLogCount(app, 'all', recount)).toBe(5);
    expect(await cachedLogCount(app, 'all', recount)).toBe(5);
    expect(counts).toBe(1);
    finish(6);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the count's answer is taken in
    expect(await cachedLogCount(app, 'all', recount)).toBe(6);
    expect(counts).toBe(1);
  });

  it('on SQLite a total is kept until this instance writes to the log: it is the only writer', async () => {
    const { app, advance } = fakeApp('sqlite');
    expect(await cachedLogCount(app, 'all', async () => 5)).toBe(5);
    advance(60_000);
    expect(await cachedLogCount(app, 'all', async () => 6)).toBe(5);
    forgetLogListCache(app);
    expect(await cachedLogCount(app, 'all', async () => 6)).toBe(6);
  });
});
