import { resourceByName } from '@igs/contract/resources';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
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

export async function callsPerDay(app: AppContext, sites: number[] | null): Promise<CallDay[]> {
  const days = lastDays(app.now());
  const dayExpr = sql<string>`substr(${sql.ref('start')}, 1, 10)`;
  let q = app.db.kysely
    .selectFrom(CDR)
    .select([dayExpr.as('day'), 'disposition', sql<number>`count(*)`.as('n')])
    .where('start', '>=', `${days[0]} 00:00:00`)
    .groupBy([dayExpr, 'disposition']);
  if (sites) q = q.where('site_id', 'in', sites);
  const rows = await q.execute();
  const out = new Map(days.map((date) => [date, { date, total: 0, answered: 0, missed: 0 }]));
  for (const r of rows) {
    const d = out.get(String(r.day));
    if (!d) continue; // a start time in the future (a clock set back) belongs to no day shown
    const n = Number(r.n);
    d.total += n;
    if (r.disposition === 'ANSWERED') d.answered += n;
    else if (MISSED.includes(String(r.disposition))) d.missed += n;
  }
  return [...out.values()];
}
