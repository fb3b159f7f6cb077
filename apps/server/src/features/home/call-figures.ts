import { resourceByName } from '@igs/contract/resources';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { type BySite, groupedBySite } from '../../platform/resources/by-site.ts';
import { untyped } from '../../platform/resources/queries.ts';
import { lastDays } from './online-days.ts';

/**
 * Calls per day from the call records (voice:cdr, DOMAIN 2.2 CallRecords), the figure of the
 * dashboard's "calls today" card and its 7-day trend: a call counts on the day it started (server
 * zone); answered is disposition ANSWERED, missed the other outcomes of voice/VoiceCalls' stats.
 */

const CDR = resourceByName('voice:cdr').table;
const MISSED = ['NO ANSWER', 'BUSY', 'FAILED', 'CONGESTION'];

export interface CallDay {
  date: string;
  total: number;
  answered: number;
  missed: number;
}

/** The last 7 days' calls per site, from one query grouped by site, day and outcome. */
export async function callsPerDayBySite(
  app: AppContext,
  sites: readonly number[] | null,
): Promise<Map<number, CallDay[]>> {
  const days = lastDays(app.now());
  const dayExpr = sql<string>`substr(${sql.ref('start')}, 1, 10)`;
  let q = app.db.kysely
    .selectFrom(CDR)
    .select(['site_id', dayExpr.as('day'), 'disposition', sql<number>`count(*)`.as('n')])
    .where('start', '>=', `${days[0]} 00:00:00`)
    .groupBy(['site_id', dayExpr, 'disposition']);
  if (sites) {
    if (!sites.length) return new Map();
    q = q.where('site_id', 'in', sites);
  }
  const bySite = new Map<number, Map<string, CallDay>>();
  for (const r of await q.execute()) {
    const site = Number(r.site_id);
    let perDay = bySite.get(site);
    if (!perDay) {
      perDay = new Map(days.map((date) => [date, { date, total: 0, answered: 0, missed: 0 }]));
      bySite.set(site, perDay);
    }
    const d = perDay.get(String(r.day));
    if (!d) continue; // a start time in the future (a clock set back) belongs to no day shown
    const n = Number(r.n);
    d.total += n;
    if (r.disposition === 'ANSWERED') d.answered += n;
    else if (MISSED.includes(String(r.disposition))) d.missed += n;
  }
  return new Map([...bySite].map(([site, perDay]) => [site, [...perDay.values()]]));
}

/**
 * Calls started today (server zone) per site, the "calls today" card alone (the operations home's
 * snapshot, site-figures.ts): one count grouped by site over today's records. A start time past
 * today (a clock set back) counts on no day shown, as in callsPerDayBySite.
 */
export function callsTodayBySite(
  app: AppContext,
  sites: readonly number[] | null,
): Promise<BySite<{ n: number }>> {
  const [today, tomorrow] = lastDays(app.now() + 86_400_000, 2) as [string, string];
  const q = untyped(app.db.kysely)
    .selectFrom(CDR)
    .select(sql<number>`count(*)`.as('n'))
    .where('start', '>=', `${today} 00:00:00`)
    .where('start', '<', `${tomorrow} 00:00:00`);
  return groupedBySite(q, sites, ['n']);
}

/** The days of several sites (or none: seven empty days) added up. */
export function callDaysSummed(now: number, perSite: Iterable<CallDay[]>): CallDay[] {
  const out = new Map(lastDays(now).map((date) => [date, { date, total: 0, answered: 0, missed: 0 }]));
  for (const days of perSite)
    for (const d of days) {
      const o = out.get(d.date);
      if (!o) continue;
      o.total += d.total;
      o.answered += d.answered;
      o.missed += d.missed;
    }
  return [...out.values()];
}
