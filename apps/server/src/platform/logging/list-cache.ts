import type { AppContext } from '../app-context.ts';
import { appCache } from '../lib/ttl-cache.ts';

/**
 * What the log list remembers between page views, so that a 100,000-row log stays cheap to read:
 * - the total of each filter: counting the filtered log is the list's main cost otherwise;
 * - where each page starts ("seek method"): a deep page by OFFSET (page 500 = 9,980 skipped
 *   rows) makes the database walk every skipped index entry; with the first row's sort key of
 *   the page known, it seeks straight there. A page read records where it starts and where the
 *   next one does, so paging forward seeks from the first step.
 * Everything is dropped whenever this instance writes to the log. On SQLite this instance is the
 * only writer, so that is enough: counting a 100,000-row log blocks the event loop for 4 to 20 ms
 * (node:sqlite is synchronous), which every 2 s held up the calls behind it. On PostgreSQL other
 * instances may write too, and see a total or a page start at most TTL_MS old (a page read then is
 * still a consistent page, only as of that moment).
 */
const TTL_MS = 2000;
/** SQLite: kept until this instance writes; the hour only bounds what a forgotten writer could cost. */
const SQLITE_TTL_MS = 3_600_000;
/** Bounds on what is kept, far above what a console's users browse within TTL_MS. */
const MAX_LISTS = 500;
const MAX_PAGES_PER_LIST = 200;

/** Where a page starts: the sort key of its first row, or of the row just before it. */
export interface PageStart {
  /** The sort column's value (`at` or `id`). */
  key: number;
  id: number;
  /** true: the page starts at this row; false: right after it. */
  inclusive: boolean;
}

interface ListEntry {
  /** The count, or the count being taken: requests that arrive meanwhile share that one. */
  total?: Promise<number>;
  /** The count is being taken (PostgreSQL serves the last total meanwhile). */
  counting?: boolean;
  starts: Map<number, PageStart>;
}

/** The entry of one list (filters, keyword, sort and page size), made anew once TTL_MS old. */
function entryOf(app: AppContext, listKey: string): ListEntry {
  const ttlMs = app.db.kind === 'sqlite' ? SQLITE_TTL_MS : TTL_MS;
  return appCache<string, ListEntry>(app, 'log-list', { ttlMs, maxEntries: MAX_LISTS }).getOrSet(
    listKey,
    () => ({ starts: new Map() }),
  );
}

/**
 * PostgreSQL: the last total counted of each filter, served while it is counted again. Every
 * TTL_MS the count of a 100,000-row log (10-22 ms) held up every list call that came meanwhile
 * (the p99 of a steady load, docs/performance.md); now no call waits for a recount, and a total
 * shown is at most TTL_MS and one count old. This instance's own writes drop it (forgetLogListCache).
 */
const LAST_TOTAL_MS = 60_000;

export async function cachedLogCount(
  app: AppContext,
  countKey: string,
  count: () => Promise<number>,
): Promise<number> {
  const entry = entryOf(app, `count:${countKey}`);
  const last = appCache<string, number>(app, 'log-list-last', {
    ttlMs: LAST_TOTAL_MS,
    maxEntries: MAX_LISTS,
  });
  // While a count runs, the last total (PostgreSQL) answers at once; without one, the calls share
  // the count rather than each counting 100,000 rows again.
  const known = () => (app.db.kind === 'postgres' ? last.get(countKey) : undefined);
  if (entry.total) return (entry.counting ? known() : undefined) ?? entry.total;
  entry.counting = true;
  const counting = count().then(
    (n) => {
      last.set(countKey, n);
      return n;
    },
    (e: unknown) => {
      entry.total = undefined;
      throw e;
    },
  );
  entry.total = counting.finally(() => {
    entry.counting = false;
  });
  const answer = known();
  if (answer === undefined) return entry.total;
  entry.total.catch(() => {}); // the next call sees the failure and counts again
  return answer;
}

export function knownPageStart(app: AppContext, listKey: string, page: number): PageStart | undefined {
  return entryOf(app, `pages:${listKey}`).starts.get(page);
}

/** After reading `page`, remember where it starts and where the page after it starts. */
export function rememberPage(
  app: AppContext,
  listKey: string,
  page: number,
  first: { key: number; id: number },
  last: { key: number; id: number },
): void {
  const { starts } = entryOf(app, `pages:${listKey}`);
  if (starts.size >= MAX_PAGES_PER_LIST) starts.clear();
  starts.set(page, { ...first, inclusive: true });
  if (!starts.has(page + 1)) starts.set(page + 1, { ...last, inclusive: false });
}

/** The log changed: totals and page starts are no longer true. */
export function forgetLogListCache(app: AppContext): void {
  app.caches.get('log-list')?.clear();
  app.caches.get('log-list-last')?.clear();
}
