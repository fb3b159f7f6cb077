import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { TABLES } from '../terminal-api/index.ts';

/**
 * Terminals online per day, for the dashboard's 7-day trend (DOMAIN 2.1). A terminal row keeps
 * only its last heartbeat, so a terminal's day is recorded by its first heartbeat of the day
 * (terminal-api/presence.ts) and, as a catch-up for heartbeats no instance recorded (before an
 * upgrade, a failed insert), by a sample of every authorised terminal heard since yesterday when an
 * instance starts and then hourly (migration 027). A marker row (terminal 0, site -1), written
 * every minute, says the day was recorded. The rows are keyed by (day, terminal), so every insert
 * is idempotent: several instances on one database, or a restart, record a terminal-day once. A
 * day's figure is "terminals heard from that day"; a day never recorded reads null.
 *
 * The full sample once a minute on every instance read the whole terminal table: at 100,000
 * terminals 0.4–1 s of database time per instance and minute (docs/performance.md, Fleet).
 */

const TABLE = 'terminal_online_days';
/** The day's marker, per instance; the scheduler ticks every 10 s. */
export const MARK_EVERY_MS = 60_000;
/** The catch-up sample of every terminal, per instance (and once when it starts). */
export const SAMPLE_EVERY_MS = 3_600_000;
/** Days of history kept. */
export const KEEP_DAYS = 400;
const PURGE_EVERY_MS = 3_600_000;
const MARK_TERMINAL = 0;
const MARK_SITE = -1;

const dayOf = (ms: number) => formatDateTime(ms).slice(0, 10);

/** The last `n` calendar days up to today (server zone), oldest first. */
export function lastDays(now: number, n = 7): string[] {
  const d = new Date(now);
  return Array.from({ length: n }, (_, i) =>
    dayOf(new Date(d.getFullYear(), d.getMonth(), d.getDate() - (n - 1) + i).getTime()),
  );
}

/** One sample: the terminals heard from today (and late yesterday) recorded for their day. */
export async function sampleTerminalsOnline(app: AppContext, now = app.now()): Promise<void> {
  const db = app.db.kysely;
  const d = new Date(now);
  const since = formatDateTime(new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1).getTime());
  await db
    .insertInto(TABLE)
    .columns(['day', 'terminal_id', 'site_id'])
    .expression(
      db
        .selectFrom(TABLES.terminal)
        .select([sql<string>`substr(last_seen, 1, 10)`.as('day'), 'id', 'site_id'])
        .where('state', '=', 'authorized')
        .where('last_seen', '>=', since),
    )
    .onConflict((oc) => oc.columns(['day', 'terminal_id']).doNothing())
    .execute();
  await markDayRecorded(app, now);
}

/** The marker of a recorded day (one row, idempotent). */
async function markDayRecorded(app: AppContext, now: number): Promise<void> {
  await app.db.kysely
    .insertInto(TABLE)
    .values({ day: dayOf(now), terminal_id: MARK_TERMINAL, site_id: MARK_SITE })
    .onConflict((oc) => oc.columns(['day', 'terminal_id']).doNothing())
    .execute();
}

/** Drops days older than KEEP_DAYS; any instance may run it, a second run finds nothing. */
export async function purgeOnlineDays(app: AppContext, now = app.now()): Promise<number> {
  const d = new Date(now);
  const cutoff = dayOf(new Date(d.getFullYear(), d.getMonth(), d.getDate() - KEEP_DAYS).getTime());
  const r = await app.db.kysely.deleteFrom(TABLE).where('day', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}

const lastRun = new WeakMap<AppContext, { mark: number; sample: number; purge: number }>();

/**
 * Called on every scheduler pass, on this instance: the day's marker once a minute, the catch-up
 * sample at the first pass and hourly, the purge hourly.
 */
export async function sampleIfDue(app: AppContext, now: number): Promise<void> {
  const last = lastRun.get(app) ?? { mark: 0, sample: 0, purge: 0 };
  lastRun.set(app, last);
  if (now - last.sample >= SAMPLE_EVERY_MS) {
    last.sample = now;
    last.mark = now;
    await sampleTerminalsOnline(app, now);
  } else if (now - last.mark >= MARK_EVERY_MS) {
    last.mark = now;
    await markDayRecorded(app, now);
  }
  if (now - last.purge >= PURGE_EVERY_MS) {
    last.purge = now;
    await purgeOnlineDays(app, now);
  }
}

/**
 * Terminals heard from on each of the last 7 days, of these sites (null = all); null for a day
 * never sampled. Today is read live as well: a terminal heard today still has today's last_seen
 * (it only moves forward), so today's figure is current between two samples and from the start.
 */
export async function terminalsOnlineTrend(
  app: AppContext,
  sites: number[] | null,
): Promise<{ date: string; value: number | null }[]> {
  const db = app.db.kysely;
  const now = app.now();
  const days = lastDays(now);
  const first = days[0]!;
  const today = days.at(-1)!;
  let counts = db
    .selectFrom(TABLE)
    .select(['day', sql<number>`count(*)`.as('n')])
    .where('day', '>=', first)
    .where('terminal_id', '<>', MARK_TERMINAL)
    .groupBy('day');
  let live = db
    .selectFrom(TABLES.terminal)
    .select(sql<number>`count(*)`.as('n'))
    .where('state', '=', 'authorized')
    .where('last_seen', '>=', `${today} 00:00:00`);
  if (sites) {
    counts = counts.where('site_id', 'in', sites);
    live = live.where('site_id', 'in', sites);
  }
  const [rows, marks, heardToday] = await Promise.all([
    counts.execute(),
    db
      .selectFrom(TABLE)
      .select('day')
      .where('day', '>=', first)
      .where('terminal_id', '=', MARK_TERMINAL)
      .execute(),
    live.executeTakeFirstOrThrow(),
  ]);
  const sampled = new Set(marks.map((m) => String(m.day)));
  const byDay = new Map(rows.map((r) => [String(r.day), Number(r.n)]));
  return days.map((date) => {
    if (date === today) return { date, value: Math.max(byDay.get(date) ?? 0, Number(heardToday.n)) };
    return { date, value: sampled.has(date) ? (byDay.get(date) ?? 0) : null };
  });
}
