import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { AppContext } from '../app-context.ts';
import type { Feature } from '../feature.ts';
import type { AppCacheEntry } from '../lib/ttl-cache.ts';

/**
 * Caches coherent across the instances of a fleet (issue 17 item 5), through PostgreSQL's
 * LISTEN/NOTIFY, no extra service. Each instance tells the others, on one channel, which tables it
 * wrote (the WriteCounter sees every Kysely write) and which caches it dropped by name (a licence
 * file, which is no table row); each instance that hears it counts those writes as its own, so
 * every cache keyed to a table's write count is stale at once (the caller of a session signed out
 * or of a disabled account, site grants), and empties the caches that read those tables (a role's
 * grants and menus, settings) or were named. The caches' short lives stay as a safety net: a
 * message lost while the listening connection was down is covered by emptying every cache when it
 * comes back. SQLite runs one instance: nothing to tell.
 */

export const CHANNEL = 'igs_cache';
/** Writes are gathered this long and told in one message. */
const GATHER_MS = 10;
/** NOTIFY payloads stop at 8000 bytes; a longer list of tables is cut and everything emptied. */
const MAX_PAYLOAD = 7000;
/** A told change is applied again this much later (see the notification handler). */
const AGAIN_MS = 300;
/** Waits between attempts to listen again after the connection was lost. */
const RETRY_MS = [250, 500, 1000, 2000, 5000];

interface Message {
  from: string;
  tables?: string[];
  caches?: string[];
  /** Too much to list: every cache is emptied. */
  all?: true;
}

const announcers = new WeakMap<object, (caches: string[]) => void>();

/**
 * Empties the named caches here and on every other instance (a change that is no table write:
 * the licence file). Safe to call before the service runs or on SQLite: it clears locally.
 */
export function announceCacheChange(app: AppContext, caches: string[]): void {
  for (const name of caches) app.caches.get(name)?.clear();
  announcers.get(app.caches)?.(caches);
}

/** What a message from another instance does here. */
export function applyMessage(app: AppContext, m: Message): void {
  if (m.all) {
    for (const cache of app.caches.values()) cache.clear();
    return;
  }
  const tables = new Set(m.tables ?? []);
  for (const t of tables) app.db.writes.bump(t);
  for (const [name, cache] of app.caches) {
    const reads = (cache as AppCacheEntry).tables;
    if (m.caches?.includes(name) || reads?.some((t) => tables.has(t))) cache.clear();
  }
}

export function startCacheCoherence(app: AppContext): { stop(): Promise<void> } {
  const url = app.config.databaseUrl;
  if (app.db.kind !== 'postgres' || !url) return { stop: async () => {} };
  const self = randomUUID();
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  // Told: this instance's writes, gathered for GATHER_MS, and caches dropped by name.
  const pendingTables = new Set<string>();
  const pendingCaches = new Set<string>();
  let flush: NodeJS.Timeout | undefined;
  const send = () => {
    flush = undefined;
    const m: Message = { from: self };
    if (pendingTables.size) m.tables = [...pendingTables];
    if (pendingCaches.size) m.caches = [...pendingCaches];
    pendingTables.clear();
    pendingCaches.clear();
    let payload = JSON.stringify(m);
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ from: self, all: true } satisfies Message);
    // Through the pool, so a message is sent even while the listening connection is being remade.
    sql`select pg_notify(${CHANNEL}, ${payload})`
      .execute(app.db.kysely)
      .catch((err: unknown) => app.log.warn({ err }, 'cache change not told to the other instances'));
  };
  const schedule = () => {
    if (!flush && !stopped) flush = setTimeout(send, GATHER_MS);
  };
  const stopWatching = app.db.writes.onWrite((table) => {
    pendingTables.add(table);
    schedule();
  });
  announcers.set(app.caches, (caches) => {
    for (const c of caches) pendingCaches.add(c);
    schedule();
  });

  const listen = async () => {
    if (stopped) return;
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: app.config.dbPool?.connectTimeoutMs ?? 5000,
    });
    client = c;
    // A dropped connection (restart, failover) must never crash the process: listen again.
    c.on('error', (err) => app.log.warn({ err }, 'cache coherence connection lost'));
    c.on('end', () => {
      if (client === c) client = null;
      again();
    });
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const m = JSON.parse(n.payload) as Message;
        if (m.from === self) return;
        applyMessage(app, m);
        // A write is told when it has run, which inside a transaction is before its commit: a
        // cache refilled meanwhile would hold the old rows, so it is emptied once more shortly.
        const later = setTimeout(() => applyMessage(app, m), AGAIN_MS);
        later.unref();
      } catch (err) {
        app.log.warn({ err }, 'cache coherence message not understood');
      }
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      // Whatever was told while not listening is unknown: start from empty caches.
      if (attempt > 0) for (const cache of app.caches.values()) cache.clear();
      attempt = 0;
    } catch (err) {
      app.log.warn({ err }, 'cache coherence could not listen; trying again');
      await c.end().catch(() => {});
    }
  };
  const again = () => {
    if (stopped || retry) return;
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, wait);
    retry.unref();
  };
  void listen();

  return {
    async stop() {
      stopped = true;
      stopWatching();
      announcers.delete(app.caches);
      clearTimeout(retry);
      if (flush) {
        clearTimeout(flush);
        send();
      }
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** The service for app.ts's list of features. */
export const cacheCoherenceFeature: Feature = {
  name: 'cache-coherence',
  services: [(app) => startCacheCoherence(app)],
};
