import type { AppContext } from '../app-context.ts';

/**
 * A map whose entries expire: the one shape of the caches that trade a few seconds of staleness
 * for speed (a role's grants, log totals and page starts, program versions). Bounded: when full
 * it starts over, since each entry is refilled by the next request that needs it.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: V }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** The tables the entries are read from: another instance's write to one empties the cache. */
  readonly tables: readonly string[] | undefined;

  constructor(opts: { ttlMs: number; maxEntries?: number; now?: () => number; tables?: readonly string[] }) {
    this.tables = opts.tables;
    this.ttlMs = opts.ttlMs;
    this.maxEntries = opts.maxEntries ?? 1000;
    this.now = opts.now ?? Date.now;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at < this.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: K, value: V): V {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, { at: this.now(), value });
    return value;
  }

  /** The live value of `key`, or the one `make` gives, kept from now on. */
  getOrSet(key: K, make: () => V): V {
    const hit = this.get(key);
    return hit !== undefined ? hit : this.set(key, make());
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A cache of app.caches. `tables`, when it says them, are the tables its values are read from: a
 * write to one of them on another instance of the fleet empties it at once
 * (platform/cache/coherence.ts), so its TTL is only a safety net.
 */
export interface AppCacheEntry {
  clear(): void;
  readonly tables?: readonly string[] | undefined;
}

/**
 * The application's cache called `name`, made on first use on the app's clock. Every such cache
 * is emptied by clear_cache (app.caches).
 */
export function appCache<K, V>(
  app: AppContext,
  name: string,
  opts: { ttlMs: number; maxEntries?: number; tables?: readonly string[] },
): TtlCache<K, V> {
  let cache = app.caches.get(name);
  if (!cache) {
    cache = new TtlCache<K, V>({ ...opts, now: app.now });
    app.caches.set(name, cache);
  }
  return cache as TtlCache<K, V>;
}
