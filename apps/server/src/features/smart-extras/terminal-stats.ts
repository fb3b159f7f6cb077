import { texts } from '@igs/contract';
import { type TerminalStats, terminalStatCalls } from '@igs/contract/calls';
import { STATS_MAX_DAYS, type StatusCounts } from '@igs/contract/extras';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { offerDownload } from '../../platform/exports/downloads.ts';
import { defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { toCsv } from '../../platform/lib/csv.ts';
import { formatDateTime, parseDateTime } from '../../platform/lib/time.ts';

/**
 * `smart/terminal_stat` (DOMAIN 2.8 smart/TerminalStatistics): counts computed in SQL from the
 * terminal, binding, area and play record tables at the time of the call. Online is a heartbeat
 * (`last_seen`) within 90 s; nothing is stored or estimated, so an empty database gives zeros.
 */

export const ONLINE_WINDOW_S = 90;

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** A real calendar day as epoch ms (local midnight), or NaN: 2026-02-30 is refused. */
function dayStart(value: string): number {
  const ms = parseDateTime(value);
  return !Number.isNaN(ms) && dayOf(ms) === value ? ms : Number.NaN;
}

/** The range asked for, or the 7 days up to today; checked before it reaches SQL. */
export function resolveRange(
  now: number,
  from?: string,
  to?: string,
): { from: string; to: string; days: string[] } {
  const end = to ?? dayOf(now);
  const b = dayStart(end);
  if (Number.isNaN(b)) throw invalidField('to', `to is not a date: ${end}`);
  const start = from ?? dayOf(new Date(b).setDate(new Date(b).getDate() - 6));
  const a = dayStart(start);
  if (Number.isNaN(a)) throw invalidField('from', texts('smart.fromNotDate', { value: start }));
  if (a > b) throw invalidField('from', texts('smart.fromAfterTo'));
  const days: string[] = [];
  for (let d = new Date(a); d.getTime() <= b; d.setDate(d.getDate() + 1)) {
    days.push(dayOf(d.getTime()));
    if (days.length > STATS_MAX_DAYS)
      throw invalidField('from', texts('smart.rangeTooLong', { days: STATS_MAX_DAYS }));
  }
  return { from: start, to: end, days };
}

const n = (v: unknown) => Number(v ?? 0);
const hours = (secs: unknown) => Math.round((n(secs) / 3600) * 100) / 100;

function statusColumns(cutoff: string) {
  return [
    sql<number>`count(*)`.as('total'),
    sql<number>`coalesce(sum(case when t.state = 'authorized' and t.last_seen >= ${cutoff} then 1 else 0 end), 0)`.as(
      'online',
    ),
    sql<number>`coalesce(sum(case when t.state = 'authorized' and (t.last_seen is null or t.last_seen < ${cutoff}) then 1 else 0 end), 0)`.as(
      'offline',
    ),
    sql<number>`coalesce(sum(case when t.state = 'pending' then 1 else 0 end), 0)`.as('pending'),
  ];
}

const counts = (r: Record<string, unknown>): StatusCounts => ({
  total: n(r.total),
  online: n(r.online),
  offline: n(r.offline),
  pending: n(r.pending),
});

async function statusBy(
  db: Conn,
  sites: number[] | null,
  cutoff: string,
  key: RawBuilder<string>,
  withArea: boolean,
): Promise<(StatusCounts & { key: string })[]> {
  let q = db.selectFrom('smart_terminal as t');
  if (withArea)
    q = q
      .leftJoin('smart_binding as b', (j) =>
        j.onRef('b.terminal_id', '=', 't.id').onRef('b.site_id', '=', 't.site_id'),
      )
      .leftJoin('system_area as a', 'a.id', 'b.area_id');
  if (sites) q = q.where('t.site_id', 'in', sites);
  const rows = await q
    .select([key.as('k'), ...statusColumns(cutoff)])
    .groupBy('k')
    .orderBy('total', 'desc')
    .orderBy('k', 'asc')
    .limit(50)
    .execute();
  return rows.map((r) => ({ key: String(r.k ?? ''), ...counts(r) }));
}

export async function terminalStats(
  app: AppContext,
  sites: number[] | null,
  range: { from: string; to: string; days: string[] },
): Promise<TerminalStats> {
  const db = app.db.kysely;
  const cutoff = formatDateTime(app.now() - ONLINE_WINDOW_S * 1000);
  let summaryQ = db
    .selectFrom('smart_terminal as t')
    .select([
      ...statusColumns(cutoff),
      sql<number>`coalesce(sum(case when t.state = 'authorized' then 1 else 0 end), 0)`.as('authorized'),
      sql<number>`coalesce(sum(case when t.state = 'rejected' then 1 else 0 end), 0)`.as('rejected'),
      sql<number>`coalesce(sum(case when t.state = 'disabled' then 1 else 0 end), 0)`.as('disabled'),
    ]);
  if (sites) summaryQ = summaryQ.where('t.site_id', 'in', sites);

  // Play records of the range; start_at is `YYYY-MM-DD HH:mm:ss`, so text order is time order.
  const plays = () => {
    const q = db
      .selectFrom('smart_play_record as p')
      .where('p.start_at', '>=', `${range.from} 00:00:00`)
      .where('p.start_at', '<=', `${range.to} 23:59:59`);
    return sites ? q.where('p.site_id', 'in', sites) : q;
  };
  const day = sql<string>`substr(p.start_at, 1, 10)`;
  const top = (type: string) =>
    plays()
      .where('p.content_type', '=', type)
      .select([
        sql<string>`coalesce(p.content_name, '')`.as('k'),
        sql<number>`count(*)`.as('plays'),
        sql<number>`coalesce(sum(p.duration_s), 0)`.as('secs'),
      ])
      .groupBy('k')
      .orderBy('secs', 'desc')
      .orderBy('plays', 'desc')
      .limit(10)
      .execute();

  const [summary, byArea, byModel, byVersion, daily, byType, channels, films] = await Promise.all([
    summaryQ.executeTakeFirstOrThrow(),
    statusBy(db, sites, cutoff, sql<string>`coalesce(a.name, '')`, true),
    statusBy(db, sites, cutoff, sql<string>`coalesce(t.model, '')`, false),
    statusBy(db, sites, cutoff, sql<string>`coalesce(t.app_version, '')`, false),
    plays()
      .select([
        day.as('d'),
        sql<number>`count(*)`.as('plays'),
        sql<number>`coalesce(sum(p.duration_s), 0)`.as('secs'),
        sql<number>`count(distinct p.terminal)`.as('active'),
      ])
      .groupBy('d')
      .execute(),
    plays()
      .select([
        sql<string>`coalesce(p.content_type, '')`.as('k'),
        sql<number>`count(*)`.as('plays'),
        sql<number>`coalesce(sum(p.duration_s), 0)`.as('secs'),
      ])
      .groupBy('k')
      .orderBy('secs', 'desc')
      .execute(),
    top('live'),
    top('vod'),
  ]);

  const perDay = new Map(daily.map((r) => [String(r.d), r]));
  const named = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({ name: String(r.k), plays: n(r.plays), hours: hours(r.secs) }));
  const totalSecs = byType.reduce((s, r) => s + n(r.secs), 0);
  return {
    range: { from: range.from, to: range.to },
    online_window_s: ONLINE_WINDOW_S,
    summary: {
      ...counts(summary),
      authorized: n(summary.authorized),
      rejected: n(summary.rejected),
      disabled: n(summary.disabled),
    },
    by_area: byArea,
    by_model: byModel,
    by_app_version: byVersion,
    daily: range.days.map((date) => {
      const r = perDay.get(date);
      return { date, plays: n(r?.plays), hours: hours(r?.secs), active_terminals: n(r?.active) };
    }),
    by_content_type: byType.map((r) => ({ key: String(r.k), plays: n(r.plays), hours: hours(r.secs) })),
    top_channels: named(channels),
    top_films: named(films),
    totals: { plays: byType.reduce((s, r) => s + n(r.plays), 0), hours: hours(totalSecs) },
  };
}

/** The statistics as one CSV: a `section` column says which table each row belongs to. */
export function statsCsv(s: TerminalStats): string {
  const header = [
    'section',
    'key',
    'total',
    'online',
    'offline',
    'pending',
    'plays',
    'hours',
    'active_terminals',
  ];
  const rows: unknown[][] = [
    [
      'summary',
      'all',
      s.summary.total,
      s.summary.online,
      s.summary.offline,
      s.summary.pending,
      s.totals.plays,
      s.totals.hours,
      '',
    ],
  ];
  for (const [section, list] of [
    ['area', s.by_area],
    ['model', s.by_model],
    ['app_version', s.by_app_version],
  ] as const)
    for (const r of list) rows.push([section, r.key, r.total, r.online, r.offline, r.pending, '', '', '']);
  for (const d of s.daily) rows.push(['day', d.date, '', '', '', '', d.plays, d.hours, d.active_terminals]);
  for (const r of s.by_content_type) rows.push(['content_type', r.key, '', '', '', '', r.plays, r.hours, '']);
  for (const r of s.top_channels) rows.push(['top_channel', r.name, '', '', '', '', r.plays, r.hours, '']);
  for (const r of s.top_films) rows.push(['top_film', r.name, '', '', '', '', r.plays, r.hours, '']);
  return toCsv(header, rows);
}

function scopeOf(ctx: SignedInContext): number[] | null {
  return ctx.scope.read;
}

export const terminalStatsActions = [
  defineCallAction(terminalStatCalls.stats, {
    summary:
      'Terminal statistics: status by area, model and app version; plays, hours and top content per day',
    access: 'module',
    async handler(ctx, input) {
      return terminalStats(ctx.app, scopeOf(ctx), resolveRange(ctx.app.now(), input.from, input.to));
    },
  }),
  defineCallAction(terminalStatCalls.export, {
    summary: 'The same statistics as CSV, returned as a single-use download URL',
    access: 'module',
    async handler(ctx, input) {
      const range = resolveRange(ctx.app.now(), input.from, input.to);
      const stats = await terminalStats(ctx.app, scopeOf(ctx), range);
      ctx.logDetail = `${range.from}..${range.to}`;
      return offerDownload(
        ctx.app,
        ctx.caller.user.id,
        `terminal-statistics-${range.from}-${range.to}.csv`,
        Buffer.from(statsCsv(stats)),
      );
    },
  }),
];
