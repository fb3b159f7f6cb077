import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { type BySite, groupedBySite } from '../../platform/resources/by-site.ts';
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
export const DEVICE_FIGURES = ['aps', 'apsOnline', 'cpes', 'cpesOnline'] as const;
export type DeviceFigures = Record<(typeof DEVICE_FIGURES)[number], number>;

/** The figures per site: one query per device table, grouped by site. */
export async function deviceFiguresBySite(
  app: AppContext,
  sites: readonly number[] | null,
): Promise<BySite<DeviceFigures>> {
  // The devices' tables, by name: the same figures for each.
  const db = untyped(app.db.kysely);
  const now = app.now();
  const interval = Number((await itmsConfig(app)).inform_interval_s ?? 300) || 300;
  const figures = (table: string, column: string, windowS: number) => {
    const cutoff = formatDateTime(now - windowS * 1000);
    const q = db
      .selectFrom(table)
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(case when ${sql.ref(column)} >= ${cutoff} then 1 else 0 end), 0)`.as(
          'online',
        ),
      ]);
    return groupedBySite(q, sites, ['total', 'online']);
  };
  const [aps, cpes] = await Promise.all([
    figures('ac_ap', 'last_seen', AP_ONLINE_WINDOW_S),
    figures('tr069_device', 'last_inform', 2 * interval + 60),
  ]);
  const out: BySite<DeviceFigures> = new Map();
  for (const site of new Set([...aps.keys(), ...cpes.keys()])) {
    const ap = aps.get(site);
    const cpe = cpes.get(site);
    out.set(site, {
      aps: ap?.total ?? 0,
      apsOnline: ap?.online ?? 0,
      cpes: cpe?.total ?? 0,
      cpesOnline: cpe?.online ?? 0,
    });
  }
  return out;
}
