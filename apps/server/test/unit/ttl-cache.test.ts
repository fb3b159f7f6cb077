import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/platform/lib/ttl-cache.ts';

describe('TtlCache', () => {
  const clock = () => {
    let t = 1000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('answers a value until its time is up, then forgets it', () => {
    const c = clock();
    const cache = new TtlCache<string, number>({ ttlMs: 100, now: c.now });
    cache.set('a', 1);
    c.advance(99);
    expect(cache.get('a')).toBe(1);
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('getOrSet makes a value once while it lives, the same object each time', () => {
    const c = clock();
    const cache = new TtlCache<string, { n: number }>({ ttlMs: 100, now: c.now });
    let made = 0;
    const make = () => ({ n: ++made });
    const first = cache.getOrSet('k', make);
    expect(cache.getOrSet('k', make)).toBe(first);
    c.advance(100);
    expect(cache.getOrSet('k', make)).toEqual({ n: 2 });
  });

  it('starts over when full, and clear() empties it', () => {
    const cache = new TtlCache<number, number>({ ttlMs: 1000, maxEntries: 3 });
    for (const k of [1, 2, 3]) cache.set(k, k);
    cache.set(3, 30); // replacing a key does not count as a new entry
    expect(cache.size).toBe(3);
    cache.set(4, 4);
    expect(cache.size).toBe(1);
    expect(cache.get(4)).toBe(4);
    cache.clear();
    expect(cache.get(4)).toBeUndefined();
  });
});
