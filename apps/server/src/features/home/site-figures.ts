import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { LOCK_KEYS } from '../../platform/db/lock-keys.ts';
import type { Database, HomeSiteFiguresTable } from '../../platform/db/schema.ts';
import type { Service } from '../../platform/feature.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import type { BySite } from '../../platform/resources/by-site.ts';
import { pendingOrdersBySite, unreadTerminalRecordsBySite } from '../../platform/resources/counts.ts';
import { terminalFiguresBySite } from '../terminal-api/index.ts';
import { callsTodayBySite } from './call-figures.ts';
import { deviceFiguresBySite } from './device-figures.ts';
import { openAlarmsBySite, programmeFiguresBySite, type ReadBySite } from './figures.ts';

/**
 * The operations home's per-site figures kept ready (issue 17; docs/performance.md "Fleet" point
 * 3). Counting every site's records on every call read some 450,000 rows per call over 1,000
 * sites; instead one instance at a time counts them every HOME_FIGURES_REFRESH_S seconds (default
 * 20) with the same GROUP BY site queries, and writes one row per site into `home_site_figures`
 * (migration 034), replacing the whole snapshot in one transaction, with its time in
 * `home_figures_state`. A home call reads at most one row per site asked.
 *
 * - **One instance at a time**: on PostgreSQL the refresh holds a transaction-scoped advisory lock
 *   (platform/db/leader.ts, the offline sweep's mechanism); a periodic pass that does not get it,
 *   or finds a snapshot younger than three quarters of a period (another instance just made it),
 *   skips. Within one instance, concurrent refreshes share one run. SQLite is one instance.
 * - **Never silently stale**: a snapshot older than two periods (no instance refreshed it: none
 *   was serving the home, or the leader died), from the future (a clock set back), or of another
 *   day than today (its "calls today") is not served: the call computes it first, under the same
 *   lock waited for, so that concurrent callers compute it once and the others read it. The reply
 *   carries the snapshot's time (`figures_at`).
 * - **Only while used**: an instance refreshes on its timer only while it served the operations
 *   home within the last IDLE_AFTER_MS; a deployment nobody watches reads nothing, and the first
 *   call after a quiet spell computes the snapshot itself.
 * - What must stay live is not in it: Asterisk's figures and the host status are read per call.
 */

const TABLE = 'home_site_figures';
const STATE = 'home_figures_state';
const STATE_ID = 1;
/** An instance's timer refreshes only while the home was read on it this recently. */
export const IDLE_AFTER_MS = 10 * 60_000;

export type SiteFiguresRow = Omit<HomeSiteFiguresTable, 'site_id'>;
/** Every figure column, once each: a key missing here or unknown to the table fails the type check. */
const FIGURE_COLUMN_SET: Record<keyof SiteFiguresRow, true> = {
  terminals_total: true,
  terminals_authorized: true,
  terminals_online: true,
  terminals_pending: true,
  aps: true,
  aps_online: true,
  cpes: true,
  cpes_online: true,
  programmes_total: true,
  programmes_up: true,
  programmes_down: true,
  unread_records: true,
  pending_orders: true,
  open_alarms: true,
  calls_today: true,
};
const FIGURE_COLUMNS = Object.keys(FIGURE_COLUMN_SET) as (keyof SiteFiguresRow)[];

interface State {
  generated_at: number;
  day: string;
}

/** Seconds between refreshes (HOME_FIGURES_REFRESH_S), in ms. */
export const refreshPeriodMs = (app: AppContext) => (app.config.homeFiguresRefreshS ?? 20) * 1000;
/** A snapshot older than this is not served: two periods without a refresh. */
export const staleAfterMs = (app: AppContext) => 2 * refreshPeriodMs(app);

const today = (now: number) => formatDateTime(now).slice(0, 10);

/** Whether a snapshot may be served at `now`, or refreshed only when older than `maxAgeMs`. */
function youngerThan(state: State | undefined, now: number, maxAgeMs: number): state is State {
  if (!state) return false;
  const age = now - Number(state.generated_at);
  return age <= maxAgeMs && age >= -maxAgeMs && state.day === today(now);
}

async function readState(db: Kysely<Database> | Transaction<Database>): Promise<State | undefined> {
  return db.selectFrom(STATE).select(['generated_at', 'day']).where('id', '=', STATE_ID).executeTakeFirst();
}

/** Every site's figures, counted now: the dashboard's GROUP BY site queries over every site. */
async function countEverySite(app: AppContext): Promise<Map<number, SiteFiguresRow>> {
  const [terminals, devices, programmes, unread, pending, alarms, calls] = await Promise.all([
    terminalFiguresBySite(app, null),
    deviceFiguresBySite(app, null),
    programmeFiguresBySite(app, null),
    unreadTerminalRecordsBySite(app, null),
    pendingOrdersBySite(app, null),
    openAlarmsBySite(app, null),
    callsTodayBySite(app, null),
  ]);
  const out = new Map<number, SiteFiguresRow>();
  const row = (site: number) => {
    let r = out.get(site);
    if (!r) {
      r = Object.fromEntries(FIGURE_COLUMNS.map((c) => [c, 0])) as unknown as SiteFiguresRow;
      out.set(site, r);
    }
    return r;
  };
  for (const [site, f] of terminals)
    Object.assign(row(site), {
      terminals_total: f.total,
      terminals_authorized: f.authorized,
      terminals_online: f.online,
      terminals_pending: f.pending,
    });
  for (const [site, f] of devices)
    Object.assign(row(site), {
      aps: f.aps,
      aps_online: f.apsOnline,
      cpes: f.cpes,
      cpes_online: f.cpesOnline,
    });
  for (const [site, f] of programmes)
    Object.assign(row(site), { programmes_total: f.total, programmes_up: f.up, programmes_down: f.down });
  for (const [site, f] of unread) row(site).unread_records = f.n;
  for (const [site, f] of pending) row(site).pending_orders = f.n;
  for (const [site, f] of alarms) row(site).open_alarms = f.n;
  for (const [site, f] of calls) row(site).calls_today = f.n;
  return out;
}

/** Replaces the snapshot (rows and state) inside the caller's transaction. */
async function writeSnapshot(trx: Transaction<Database>, rows: Map<number, SiteFiguresRow>, at: number) {
  await trx.deleteFrom(TABLE).execute();
  const all = [...rows].map(([site_id, r]) => ({ site_id, ...r }));
  // 16 values a row: 200 rows stay far below either database's bound on a statement's parameters.
  for (let i = 0; i < all.length; i += 200)
    await trx
      .insertInto(TABLE)
      .values(all.slice(i, i + 200))
      .execute();
  const state = { generated_at: at, day: today(at) };
  await trx
    .insertInto(STATE)
    .values({ id: STATE_ID, ...state })
    .onConflict((oc) => oc.column('id').doUpdateSet(state))
    .execute();
}

/**
 * One refresh: unless a snapshot younger than `maxAgeMs` is there, count every site and replace
 * it. `wait`: wait for another instance's refresh to end (then find its snapshot and stop);
 * otherwise skip when another instance holds the lock. Returns whether this call counted.
 *
 * On PostgreSQL the lock is held by the transaction that writes, and the counting runs on that
 * transaction's connection too (one connection of the pool for the whole refresh, whatever
 * DB_POOL_SIZE: counting on the pool's others while this one waited would starve the calls, and
 * with a pool of one never start). Within an instance the refreshes are one (`shared` below).
 * SQLite's one connection cannot count while a transaction holds it, so there it counts first and
 * writes after (one instance, one refresh).
 */
async function refresh(app: AppContext, maxAgeMs: number, wait: boolean): Promise<boolean> {
  const db = app.db;
  if (db.kind === 'sqlite') {
    if (youngerThan(await readState(db.kysely), app.now(), maxAgeMs)) return false;
    const at = app.now();
    const rows = await countEverySite(app);
    await db.kysely.transaction().execute((trx) => writeSnapshot(trx, rows, at));
    return true;
  }
  return db.kysely.transaction().execute(async (trx) => {
    const key = LOCK_KEYS.homeFigures;
    if (wait) await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
    else {
      const got = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${key}) as got`.execute(trx);
      if (!got.rows[0]?.got) return false;
    }
    if (youngerThan(await readState(trx), app.now(), maxAgeMs)) return false;
    // Taken before counting: the figures are at least as new as the time they are shown with.
    const at = app.now();
    const rows = await countEverySite(onConnection(app, trx));
    await writeSnapshot(trx, rows, at);
    return true;
  });
}

/** `app` with its queries sent through `trx` (the figures' helpers read `app.db.kysely`). */
function onConnection(app: AppContext, trx: Transaction<Database>): AppContext {
  const db: Db = Object.create(app.db);
  Object.defineProperty(db, 'kysely', { value: trx });
  return { ...app, db };
}

const running = new WeakMap<AppContext, Promise<boolean>>();

/** Within one instance, one refresh at a time: a second caller shares the one running. */
function shared(app: AppContext, run: () => Promise<boolean>): Promise<boolean> {
  const now = running.get(app);
  if (now) return now;
  const p = run().finally(() => running.delete(app));
  running.set(app, p);
  return p;
}

/**
 * The timer's pass (and the tests'): refreshes the snapshot unless another instance is at it or
 * made it within the last three quarters of a period. Returns whether this instance counted.
 */
export function refreshSiteFiguresIfDue(app: AppContext): Promise<boolean> {
  return shared(app, () => refresh(app, (refreshPeriodMs(app) * 3) / 4, false));
}

/** Sites' figures from the snapshot, and when it was taken. */
export interface SiteFiguresSnapshot {
  generatedAt: number;
  /** Only the sites asked (a site with no row has no records). */
  rows: Map<number, SiteFiguresRow>;
}

const lastRead = new WeakMap<AppContext, number>();

/**
 * The snapshot's rows of these sites (null: every row). A snapshot that may not be served
 * (missing, older than two periods, of another day) is computed first, the callers of every
 * instance waiting for one of them to do it.
 */
export async function siteFigures(
  app: AppContext,
  sites: readonly number[] | null,
): Promise<SiteFiguresSnapshot> {
  const db = app.db.kysely;
  lastRead.set(app, app.now());
  let state = await readState(db);
  // Twice at most: a refresh this instance was already running may have been a periodic pass that
  // skipped (another instance held the lock); the second waits for the lock.
  try {
    for (let i = 0; i < 2 && !youngerThan(state, app.now(), staleAfterMs(app)); i++) {
      await shared(app, () => refresh(app, staleAfterMs(app), true));
      state = await readState(db);
    }
  } catch (error) {
    // A refresh that failed (the database slow or briefly away) leaves the last snapshot to serve,
    // with the time it was counted on show; without one the call fails.
    if (!state) throw error;
    app.log.warn({ err: error }, 'home figures: refresh failed; the last snapshot is served');
  }
  // Read after the state: a refresh committed in between makes the rows newer than the time shown, never older.
  if (!state) throw new Error('the home figures snapshot is missing after a refresh');
  const generatedAt = Number(state.generated_at);
  const all = await everyRow(app, generatedAt);
  if (!sites) return { generatedAt, rows: all };
  const rows = new Map<number, SiteFiguresRow>();
  for (const site of sites) {
    const figures = all.get(site);
    if (figures) rows.set(site, figures);
  }
  return { generatedAt, rows };
}

function figuresOf(r: Record<string, unknown>): SiteFiguresRow {
  const figures = {} as SiteFiguresRow;
  for (const c of FIGURE_COLUMNS) figures[c] = Number(r[c]);
  return figures;
}

/**
 * Every site's row of the snapshot counted at `generatedAt`, read once per snapshot on this
 * instance (a few thousand small rows every refresh period), and the sites asked picked from it:
 * a home of 1,000 sites read and parsed its 1,000 rows on every call (12.8 ms of the
 * server's CPU a call, two instances saturated at 58 calls/s: docs/performance.md, Fleet). The
 * rows change only with the snapshot's time, which every call reads; this process's own writes to
 * the table are counted too, so a refresh within the same millisecond (a test's fixed clock) is
 * not missed. Served read-only.
 */
const everyRowCache = new WeakMap<
  AppContext,
  { at: number; writes: number; rows: Map<number, SiteFiguresRow> }
>();

async function everyRow(app: AppContext, generatedAt: number): Promise<Map<number, SiteFiguresRow>> {
  const writes = app.db.writes.count([TABLE]);
  const hit = everyRowCache.get(app);
  if (hit && hit.at === generatedAt && hit.writes === writes) return hit.rows;
  const rows = new Map<number, SiteFiguresRow>();
  for (const r of await app.db.kysely.selectFrom(TABLE).selectAll().execute())
    rows.set(Number(r.site_id), figuresOf(r));
  everyRowCache.set(app, { at: generatedAt, writes, rows });
  return rows;
}

/** The snapshot's rows as the home's per-site figures (figures.ts `cardsOf`), those `keys` need. */
export function readOfSnapshot(rows: Map<number, SiteFiguresRow>, keys: ReadonlySet<string>): ReadBySite {
  const has = (...wanted: string[]) => wanted.some((k) => keys.has(k));
  const map = <T extends Record<string, number>>(want: boolean, of: (r: SiteFiguresRow) => T) => {
    if (!want) return null;
    const out: BySite<T> = new Map();
    for (const [site, r] of rows) out.set(site, of(r));
    return out;
  };
  return {
    terminals: map(has('terminals_online', 'terminals_total', 'terminals_pending'), (r) => ({
      total: r.terminals_total,
      authorized: r.terminals_authorized,
      online: r.terminals_online,
      pending: r.terminals_pending,
    })),
    devices: map(has('aps_online', 'cpes_online'), (r) => ({
      aps: r.aps,
      apsOnline: r.aps_online,
      cpes: r.cpes,
      cpesOnline: r.cpes_online,
    })),
    programmes: map(has('programmes_up', 'programmes_down'), (r) => ({
      total: r.programmes_total,
      up: r.programmes_up,
      down: r.programmes_down,
    })),
    unread: map(has('unread_terminal_records'), (r) => ({ n: r.unread_records })),
    pending: map(has('pending_orders'), (r) => ({ n: r.pending_orders })),
    alarms: map(has('open_alarms'), (r) => ({ n: r.open_alarms })),
    callsToday: map(has('calls_today'), (r) => ({ n: r.calls_today })),
  };
}

/** The refresh timer of this instance; it never holds the process, and skips while the home is unused. */
export function startSiteFigures(app: AppContext): Service {
  const tick = () => {
    const read = lastRead.get(app);
    if (read === undefined || app.now() - read > IDLE_AFTER_MS) return;
    refreshSiteFiguresIfDue(app).catch((err) => app.log.error({ err }, 'home figures refresh failed'));
  };
  const timer = setInterval(tick, refreshPeriodMs(app));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running.get(app)?.catch(() => false);
    },
  };
}
