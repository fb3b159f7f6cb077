import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { untyped } from '../../platform/resources/queries.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import { AP_ONLINE_WINDOW_S, expireUpgrades, forgetOfflineStations } from '../ac/index.ts';

/**
 * The `online` flag of APs and CPEs follows what they do: the AP agent's poll and the CPE's
 * Inform set it, and this sweep clears it once a device has been quiet for longer than it may be
 * (an AP: 3 poll intervals, AP_ONLINE_WINDOW_S; a CPE: 2 × the ITMS inform interval + 60 s, the
 * dashboard's windows). So a list never shows a device "online" that stopped calling in hours
 * ago. An AP going offline also loses its clients (the list and the count: nobody is known to be
 * associated with an AP that stopped reporting). The update is idempotent (only rows still
 * flagged and still stale change), so several instances sharing one database may all run it.
 * Each pass also fails the AP upgrades nobody will answer any more (ac/upgrades.ts).
 */

/** How often the sweep looks; well within the shortest window (180 s). */
const SWEEP_EVERY_MS = 30_000;

export async function sweepStaleDevices(app: AppContext): Promise<{ aps: number; cpes: number }> {
  // The devices' tables, by name: the same sweep for each.
  const db = untyped(app.db.kysely);
  const now = app.now();
  const interval = Number((await itmsConfig(app)).inform_interval_s ?? 300) || 300;
  const clear = async (
    table: string,
    column: string,
    windowS: number,
    extra: Record<string, unknown> = {},
  ) => {
    const cutoff = formatDateTime(now - windowS * 1000);
    const r = await db
      .updateTable(table)
      .set({ online: 0, updated_at: now, ...extra })
      .where('online', '=', 1)
      // Only a device heard from, long ago: the agent and the ACS set both together.
      .where(column, 'is not', null)
      .where(column, '<', cutoff)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  };
  const aps = await clear('ac_ap', 'last_seen', AP_ONLINE_WINDOW_S, { clients: 0 });
  // Every AP not online, not only those cleared now: one deleted, or cleared by another instance.
  await forgetOfflineStations(db);
  return { aps, cpes: await clear('tr069_device', 'last_inform', 2 * interval + 60) };
}

/** Starts the sweep on this instance; its timer never holds the process. */
export function startDevicePresence(app: AppContext, everyMs = SWEEP_EVERY_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepStaleDevices(app)
      .then(() => expireUpgrades(app))
      .catch((err) => app.log.error({ err }, 'device presence sweep failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
