import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { untyped } from '../../platform/resources/queries.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import { AP_ONLINE_WINDOW_S } from '../ac/index.ts';

/**
 * APs and CPEs online for the dashboard (DOMAIN 2.1), from when each last called in, never from
 * the stored `online` flag (which nothing clears):
 * - an AP is online while its agent polled within 3 poll intervals (AP_ONLINE_WINDOW_S, 180 s);
 * - a CPE is online while it informed within 2 × the ITMS inform_interval_s + 60 s (DOMAIN 2.5;
 *   660 s with the default 300 s interval).
 */
export async function deviceFigures(
  app: AppContext,
  sites: number[] | null,
): Promise<{ aps: number; apsOnline: number; cpes: number; cpesOnline: number }> {
  // The devices' tables, by name: the same figures for each.
  const db = untyped(app.db.kysely);
  const now = app.now();
  const interval = Number((await itmsConfig(app)).inform_interval_s ?? 300) || 300;
  const figures = async (table: string, column: string, windowS: number) => {
    const cutoff = formatDateTime(now - windowS * 1000);
    let q = db
      .selectFrom(table)
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(case when ${sql.ref(column)} >= ${cutoff} then 1 else 0 end), 0)`.as(
          'online',
        ),
      ]);
    if (sites) q = q.where('site_id', 'in', sites);
    const r = await q.executeTakeFirstOrThrow();
    return { total: Number(r.total ?? 0), online: Number(r.online ?? 0) };
  };
  const [aps, cpes] = await Promise.all([
    figures('ac_ap', 'last_seen', AP_ONLINE_WINDOW_S),
    figures('tr069_device', 'last_inform', 2 * interval + 60),
  ]);
  return { aps: aps.total, apsOnline: aps.online, cpes: cpes.total, cpesOnline: cpes.online };
}
