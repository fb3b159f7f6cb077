import { keepText } from '@igs/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { asLeader } from '../../platform/db/leader.ts';
import { LOCK_KEYS } from '../../platform/db/lock-keys.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { type BySite, groupedBySite } from '../../platform/resources/by-site.ts';
import { type AnyEb, untyped } from '../../platform/resources/queries.ts';
import {
  areaLabel,
  boundArea,
  kdb,
  TABLES,
  type TerminalRow,
  terminalLabel,
  toTerminal,
  writeEvent,
} from './records.ts';

/**
 * Whether terminals are there (DOMAIN 2.8): a terminal heartbeats every HEARTBEAT_S seconds; it is
 * online while its last heartbeat is within 3 intervals (90 s, the figure of smart/TerminalAuthorization
 * and of terminal statistics), and a job writes an `offline` TerminalEvent once 3 are missed.
 *
 * The job keeps no state of its own: the terminal row's `online` flag moves 1 → 0 only where it is
 * still 1 and `last_seen` is still the stale value read (a compare-and-set), and only the instance
 * whose update changed the row writes the event. So several instances sharing one database, or a
 * server restarted after terminals went quiet, write each `offline` once. A heartbeat moves the flag
 * back 0 → 1 the same way and writes `online`.
 */

export const HEARTBEAT_S = 30;
export const MISSED_HEARTBEATS = 3;
export const ONLINE_WINDOW_S = HEARTBEAT_S * MISSED_HEARTBEATS;
/** How often the offline job looks; a third of an interval keeps `offline` within 10 s of due. */
const SWEEP_EVERY_MS = 10_000;
/** PlayRecord is kept 180 days (DOMAIN smart/PlayRecord); the purge runs with the sweep, hourly. */
export const PLAY_KEEP_DAYS = 180;
const PURGE_EVERY_MS = 3_600_000;

/**
 * The dashboard's terminals-online history (home/online-days.ts) gets a terminal's day from its
 * first heartbeat of that day: the row read before this heartbeat last heard it on another day, or
 * never, or it was offline until now (e.g. heard this morning while still pending, authorised since).
 * One insert per terminal and day at most, idempotent (keyed by day and terminal), so the fleet's
 * sampler need not re-read every terminal each minute to find the few heard for the first time.
 */
async function recordDayHeard(
  app: AppContext,
  t: TerminalRow,
  now: number,
  cameOnline: boolean,
): Promise<void> {
  const today = formatDateTime(now).slice(0, 10);
  if (t.state !== 'authorized') return;
  if (!cameOnline && (t.last_seen ?? '').slice(0, 10) === today) return;
  await app.db.kysely
    .insertInto('terminal_online_days')
    .values({ day: today, terminal_id: t.id, site_id: t.site_id })
    .onConflict((oc) => oc.columns(['day', 'terminal_id']).doNothing())
    .execute();
}

/** The heartbeat's update of the terminal row: last_seen, address and versions; `online` event on return. */
export async function markSeen(
  app: AppContext,
  t: TerminalRow,
  facts: { ip: string; model?: string; app_version?: string; os_version?: string },
): Promise<{ cameOnline: boolean }> {
  const now = app.now();
  const set: Record<string, unknown> = {
    last_seen: formatDateTime(now),
    ip: facts.ip || null,
    updated_at: now,
  };
  if (facts.model) set.model = facts.model;
  if (facts.app_version) set.app_version = facts.app_version;
  if (facts.os_version) set.os_version = facts.os_version;
  const db = kdb(app);
  const flipped = await db
    .updateTable(TABLES.terminal)
    .set({ ...set, online: 1 })
    .where('id', '=', t.id)
    .where((eb) => eb.or([eb('online', 'is', null), eb('online', '!=', 1)]))
    .executeTakeFirst();
  const cameOnline = Number(flipped.numUpdatedRows) === 1;
  await recordDayHeard(app, t, now, cameOnline);
  if (cameOnline) {
    await writeEvent(
      app,
      t,
      await boundArea(app, t),
      'online',
      facts.ip
        ? keepText('terminal.event.online', { ip: facts.ip })
        : keepText('terminal.event.onlineNoAddress'),
    );
  } else {
    await db.updateTable(TABLES.terminal).set(set).where('id', '=', t.id).execute();
  }
  return { cameOnline };
}

/** Terminals one pass marks offline at most; a larger outage is taken over the next passes. */
const SWEEP_BATCH = 5000;
/** Rows per statement where a pass reads or writes by a list of ids. */
const CHUNK = 500;

function chunks<T>(all: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < all.length; i += CHUNK) out.push(all.slice(i, i + CHUNK));
  return out;
}

/**
 * One pass of the offline job; returns how many terminals it marked offline. A fixed number of
 * statements whatever the fleet's size: one UPDATE … RETURNING flips the stale rows (its WHERE
 * repeats the staleness test, so a heartbeat that lands meanwhile keeps its terminal online), one
 * read of their rooms and one INSERT of their events per CHUNK rows, all in one transaction. With
 * several instances on PostgreSQL one of them runs each pass (platform/db/leader.ts); the others
 * skip it and return 0.
 */
export async function sweepOfflineTerminals(app: AppContext): Promise<number> {
  const now = app.now();
  const cutoff = formatDateTime(now - ONLINE_WINDOW_S * 1000);
  const pass = await asLeader(app.db, LOCK_KEYS.terminalOffline, async (trx) => {
    const db = untyped(trx);
    const stale = (eb: AnyEb) =>
      eb.and([eb('online', '=', 1), eb.or([eb('last_seen', 'is', null), eb('last_seen', '<', cutoff)])]);
    const flipped = (await db
      .updateTable(TABLES.terminal)
      .set({ online: 0, updated_at: now })
      .where(stale)
      .where('id', 'in', (eb: AnyEb) =>
        eb.selectFrom(TABLES.terminal).select('id').where(stale).orderBy('id').limit(SWEEP_BATCH),
      )
      .returningAll()
      .execute()) as Record<string, unknown>[];
    if (!flipped.length) return 0;
    const terminals = flipped.map(toTerminal);
    const rooms = await boundRooms(db, terminals);
    for (const part of chunks(terminals))
      await db
        .insertInto(TABLES.event)
        .values(
          part.map((t) => ({
            site_id: t.site_id,
            terminal: terminalLabel(t),
            area: rooms.get(t.id) ?? '',
            type: 'offline',
            detail: (t.last_seen
              ? keepText('terminal.event.offline', {
                  missed: MISSED_HEARTBEATS,
                  seconds: HEARTBEAT_S,
                  last: t.last_seen,
                })
              : keepText('terminal.event.offlineNeverSeen', {
                  missed: MISSED_HEARTBEATS,
                  seconds: HEARTBEAT_S,
                })
            ).slice(0, 2000),
            read: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    return terminals.length;
  });
  return pass.ran ? pass.result : 0;
}

/**
 * The room or bed label of each terminal's bound area (as areaLabel writes it for one), read for
 * many terminals at once: their bindings, then their areas, CHUNK ids per statement.
 */
async function boundRooms(
  db: ReturnType<typeof untyped>,
  terminals: TerminalRow[],
): Promise<Map<number, string>> {
  const site = new Map(terminals.map((t) => [t.id, t.site_id]));
  const bound = new Map<number, { site: number; area: number }>();
  for (const part of chunks(terminals.map((t) => t.id))) {
    const rows = (await db
      .selectFrom(TABLES.binding)
      .select(['terminal_id', 'site_id', 'area_id'])
      .where('terminal_id', 'in', part)
      .execute()) as { terminal_id: number; site_id: number; area_id: number | null }[];
    for (const b of rows)
      if (b.area_id !== null && site.get(Number(b.terminal_id)) === Number(b.site_id))
        bound.set(Number(b.terminal_id), { site: Number(b.site_id), area: Number(b.area_id) });
  }
  const areas = new Map<string, { name: string; code: string }>();
  for (const part of chunks([...new Set([...bound.values()].map((b) => b.area))])) {
    const rows = (await db
      .selectFrom(TABLES.area)
      .select(['id', 'site_id', 'name', 'code'])
      .where('id', 'in', part)
      .execute()) as { id: number; site_id: number; name: string | null; code: string | null }[];
    for (const a of rows)
      areas.set(`${a.site_id}:${a.id}`, { name: String(a.name ?? ''), code: String(a.code ?? '') });
  }
  const out = new Map<number, string>();
  for (const [terminal, b] of bound) {
    const area = areas.get(`${b.site}:${b.area}`);
    if (area) out.set(terminal, areaLabel(area));
  }
  return out;
}

/** Drops play records older than the retention; any instance may run it, a second run finds nothing. */
export async function purgeOldPlayRecords(app: AppContext): Promise<number> {
  const cutoff = formatDateTime(app.now() - PLAY_KEEP_DAYS * 86_400_000);
  const r = await kdb(app).deleteFrom(TABLES.playRecord).where('start_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Starts the offline job (and the play-record purge) on this instance; timers never hold the process. */
export function startTerminalPresence(app: AppContext, everyMs = SWEEP_EVERY_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let lastPurge = 0;
  const tick = () => {
    if (running) return;
    running = (async () => {
      await sweepOfflineTerminals(app);
      if (app.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = app.now();
        await purgeOldPlayRecords(app);
      }
    })()
      .catch((err) => app.log.error({ err }, 'terminal offline job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** The terminal figures of the dashboard, per site (platform/resources/by-site.ts). */
export const TERMINAL_FIGURES = ['online', 'authorized', 'total', 'pending'] as const;
export type TerminalFigures = Record<(typeof TERMINAL_FIGURES)[number], number>;

/**
 * Dashboard figures (DOMAIN 2.1) per site, in one query: terminals online (authorised and heard
 * within 3 intervals) of authorised, total and pending.
 */
export function terminalFiguresBySite(
  app: AppContext,
  sites: readonly number[] | null,
): Promise<BySite<TerminalFigures>> {
  const cutoff = formatDateTime(app.now() - ONLINE_WINDOW_S * 1000);
  const q = untyped(kdb(app))
    .selectFrom(TABLES.terminal)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when state = 'authorized' then 1 else 0 end), 0)`.as('authorized'),
      sql<number>`coalesce(sum(case when state = 'authorized' and last_seen >= ${cutoff} then 1 else 0 end), 0)`.as(
        'online',
      ),
      sql<number>`coalesce(sum(case when state = 'pending' then 1 else 0 end), 0)`.as('pending'),
    ]);
  return groupedBySite(q, sites, TERMINAL_FIGURES);
}
