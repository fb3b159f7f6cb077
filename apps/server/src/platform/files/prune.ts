import type { AppContext } from '../app-context.ts';
import { asLeader, LEADER_KEYS } from '../db/leader.ts';
import { removeExportFiles, takeExpiredDownloads } from '../exports/downloads.ts';
import { pruneAbandonedUploads, pruneUploadCache } from '../uploads/stored.ts';
import { PRUNE_DEFAULTS } from './settings.ts';

/**
 * The file store's prune (docs/deployment/files.md): without it the shared store only grows.
 * Each pass, on every instance, first clears this instance's own upload cache; then one instance
 * at a time (the leader lock, db/leader.ts, taken in a short transaction that removes the expired
 * download links) removes
 * - the export files behind expired links (a link lives 10 minutes), and export files no link
 *   names any more;
 * - uploaded files no upload record names, older than FILE_PRUNE_HOURS;
 * - what interrupted puts left, older than FILE_PRUNE_HOURS: work files on disk, chunk rows in
 *   PostgreSQL, unfinished S3 multipart uploads (FileStore.pruneWork).
 * An instance that does not get the lock skips the rest of the pass: another is doing it.
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

export async function pruneFiles(app: AppContext): Promise<PruneReport> {
  const now = app.now();
  const { afterMs } = app.config.files?.prune ?? PRUNE_DEFAULTS;
  const before = now - afterMs;
  const report: PruneReport = { ran: false, exports: 0, uploads: 0, work: 0, cache: 0 };
  report.cache = await pruneUploadCache(app, before);
  // The lock is held only for the links' removal: the files are removed outside the transaction,
  // so the pass never holds a connection of the pool while it waits on the store.
  const taken = await asLeader(app.db, LEADER_KEYS.filePrune, (trx) => takeExpiredDownloads(trx, now));
  if (!taken.ran) return report;
  report.ran = true;
  report.exports = await removeExportFiles(app, taken.result, now);
  report.uploads = await pruneAbandonedUploads(app, before);
  report.work = await app.files.pruneWork(before);
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
