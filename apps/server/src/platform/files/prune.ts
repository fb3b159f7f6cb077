import pg from 'pg';
import type { AppContext } from '../app-context.ts';
import { LOCK_KEYS } from '../db/lock-keys.ts';
import { removeExportFiles, takeExpiredDownloads } from '../exports/downloads.ts';
import { pruneAbandonedUploads, pruneUploadCache } from '../uploads/stored.ts';
import { PRUNE_DEFAULTS } from './settings.ts';

/**
 * The file store's prune (docs/deployment/files.md): without it the shared store only grows.
 * Each pass, on every instance, first clears this instance's own upload cache; then one instance
 * at a time removes
 * - the download links that have expired (a link lives 10 minutes) and their export files, and
 *   export files no link names any more once older than a link's life and FILE_PRUNE_HOURS (a
 *   download in progress has already removed its link's row);
 * - uploaded files no upload record names, older than FILE_PRUNE_HOURS;
 * - what interrupted puts left, older than FILE_PRUNE_HOURS: work files on disk, chunk rows in
 *   PostgreSQL, unfinished S3 multipart uploads (FileStore.pruneWork).
 * "One at a time" on PostgreSQL: the pass holds a session advisory lock (LOCK_KEYS.filePrune,
 * `pg_try_advisory_lock`) on a connection of its own, outside the pool, from before the links'
 * removal until its last step has ended; an instance that does not get it skips the rest of the
 * pass (another is running it). The lock ends with that connection, so an instance that dies holds
 * nothing; should the connection be lost during the pass, the pass stops before its next step. No
 * connection of the pool is held while the pass waits on the store. SQLite has one instance: the
 * pass simply runs.
 */

export interface PruneReport {
  /** Whether this instance held the lock and pruned the shared store. */
  ran: boolean;
  exports: number;
  uploads: number;
  work: number;
  /** Entries of this instance's upload cache removed. */
  cache: number;
}

interface PruneLock {
  /** Throws when the lock's connection was lost: the lock may be another instance's by now. */
  check(): void;
  release(): Promise<void>;
}

/** The prune's lock, or null when another instance holds it. */
async function takePruneLock(app: AppContext): Promise<PruneLock | null> {
  if (app.db.kind !== 'postgres' || !app.config.databaseUrl) return { check() {}, async release() {} };
  const client = new pg.Client({
    connectionString: app.config.databaseUrl,
    connectionTimeoutMillis: app.config.dbPool?.connectTimeoutMs ?? 5000,
  });
  let lost: Error | null = null;
  // A dropped connection must never crash the process; it ends the lock, which check() reports.
  client.on('error', (err) => {
    lost = err;
  });
  client.on('end', () => {
    lost ??= new Error('connection ended');
  });
  const end = () => client.end().catch(() => {});
  try {
    await client.connect();
    const r = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [
      LOCK_KEYS.filePrune,
    ]);
    if (!r.rows[0]?.got) {
      await end();
      return null;
    }
  } catch (e) {
    await end();
    throw e;
  }
  return {
    check() {
      if (lost) throw new Error(`file store prune: the lock's connection was lost (${lost.message})`);
    },
    async release() {
      if (!lost) await client.query('select pg_advisory_unlock($1)', [LOCK_KEYS.filePrune]).catch(() => {});
      await end();
    },
  };
}

export async function pruneFiles(app: AppContext): Promise<PruneReport> {
  const now = app.now();
  const { afterMs } = app.config.files?.prune ?? PRUNE_DEFAULTS;
  const before = now - afterMs;
  const report: PruneReport = { ran: false, exports: 0, uploads: 0, work: 0, cache: 0 };
  report.cache = await pruneUploadCache(app, before);
  const lock = await takePruneLock(app);
  if (!lock) return report;
  try {
    report.ran = true;
    const expired = await takeExpiredDownloads(app.db.kysely, now);
    lock.check();
    report.exports = await removeExportFiles(app, expired, now, afterMs, () => lock.check());
    lock.check();
    report.uploads = await pruneAbandonedUploads(app, before);
    lock.check();
    report.work = await app.files.pruneWork(before);
  } finally {
    await lock.release();
  }
  return report;
}

/** Starts the prune on this instance: a first pass a minute after start, then every FILE_PRUNE_EVERY_MIN. */
export function startFilePrune(app: AppContext): { stop(): Promise<void> } {
  const { everyMs } = app.config.files?.prune ?? PRUNE_DEFAULTS;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = pruneFiles(app)
      .then((r) => {
        if (r.exports || r.uploads || r.work || r.cache) app.log.info({ prune: r }, 'file store pruned');
      })
      .catch((err) => app.log.warn({ err }, 'file store prune failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, Math.min(everyMs, 60_000));
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
