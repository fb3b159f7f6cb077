import { type CallDayFigures, type ExtensionCall, voiceRecordCalls } from '@igs/contract/calls';
import { resourceByName } from '@igs/contract/resources';
import { sql } from 'kysely';
import { defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { scoped } from '../../platform/resources/scope.ts';

/**
 * Two reads of voice/CallRecords (DOMAIN 2.2) beside its generic list, both under the page's menu
 * item (read methods need no button key) and within the caller's sites:
 * - `stats` {days 1–92 (7), direction?}: calls per day, answered and missed, counted in SQL from
 *   the call records (a call counts on the day it started, server zone). Missed is every other
 *   outcome (no answer, busy, failed, congestion), each also given on its own.
 * - `history` {extension, limit}: an extension's latest calls, made or taken: its number as
 *   caller or callee, or its PJSIP channel on either leg (a call that reached it through a queue
 *   or a ring group names the queue as callee but its channel as the destination channel).
 */

const cdr = resourceByName('voice:cdr');

/** The outcomes of cdr_csv's disposition, and the key each has in a day's figures. */
const OUTCOMES: Record<string, 'answered' | 'no_answer' | 'busy' | 'failed' | 'congestion'> = {
  ANSWERED: 'answered',
  'NO ANSWER': 'no_answer',
  BUSY: 'busy',
  FAILED: 'failed',
  CONGESTION: 'congestion',
};

const dayOf = (d: Date) => formatDateTime(d.getTime()).slice(0, 10);

/** The last `n` calendar days up to today (server zone), oldest first. */
export function lastDays(now: number, n: number): string[] {
  const d = new Date(now);
  return Array.from({ length: n }, (_, i) =>
    dayOf(new Date(d.getFullYear(), d.getMonth(), d.getDate() - (n - 1) + i)),
  );
}

export async function callsPerDay(
  ctx: SignedInContext,
  days: number,
  direction?: string,
): Promise<CallDayFigures[]> {
  const dates = lastDays(ctx.app.now(), days);
  const dayExpr = sql<string>`substr(${sql.ref('start')}, 1, 10)`;
  let q = scoped(ctx)
    .selectFrom(cdr.table)
    .select([dayExpr.as('day'), 'disposition', sql<number>`count(*)`.as('n')])
    .where('start', '>=', `${dates[0]} 00:00:00`)
    .where('start', '<=', `${dates.at(-1)} 23:59:59`)
    .groupBy([dayExpr, 'disposition']);
  if (direction) q = q.where('direction', '=', direction);
  const rows = await q.execute();
  const out = new Map<string, CallDayFigures>(
    dates.map((date) => [
      date,
      { date, total: 0, answered: 0, missed: 0, no_answer: 0, busy: 0, failed: 0, congestion: 0 },
    ]),
  );
  for (const r of rows) {
    const d = out.get(String(r.day));
    if (!d) continue;
    const n = Number(r.n);
    d.total += n;
    const key = OUTCOMES[String(r.disposition ?? '')];
    if (!key) continue; // an outcome cdr_csv does not write counts in the total only
    d[key] += n;
    if (key !== 'answered') d.missed += n;
  }
  return [...out.values()];
}

/** The list's columns of an extension's calls, newest first. */
const HISTORY_COLUMNS = [
  'id',
  'start',
  'src',
  'dst',
  'disposition',
  'direction',
  'duration',
  'billsec',
  'recording',
] as const;

export async function extensionCalls(
  ctx: SignedInContext,
  extension: string,
  limit: number,
): Promise<{ list: ExtensionCall[]; total: number }> {
  // The extension is digits only (checked below), so it needs no escaping inside LIKE.
  const leg = `PJSIP/${extension}-%`;
  const mine = scoped(ctx)
    .selectFrom(cdr.table)
    .where((eb) =>
      eb.or([
        eb('src', '=', extension),
        eb('dst', '=', extension),
        eb('channel', 'like', leg),
        eb('dstchannel', 'like', leg),
      ]),
    );
  const [list, count] = await Promise.all([
    mine.select(HISTORY_COLUMNS).orderBy('start', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    mine.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}

export const cdrViewActions = [
  defineCallAction(voiceRecordCalls.cdrStats, {
    summary: 'Call records per day (last 7 days, or days up to 92): total, answered and missed by outcome',
    access: 'module',
    async handler(ctx, input) {
      const days = await callsPerDay(ctx, input.days, input.direction);
      return { from: days[0]!.date, to: days.at(-1)!.date, days };
    },
  }),
  defineCallAction(voiceRecordCalls.cdrHistory, {
    summary: "An extension's latest calls, made or taken (number or PJSIP channel on either leg)",
    access: 'module',
    async handler(ctx, input) {
      return extensionCalls(ctx, input.extension, input.limit);
    },
  }),
];
