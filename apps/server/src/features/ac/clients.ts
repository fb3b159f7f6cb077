import { Code, texts } from '@igs/contract';
import { deviceCalls, MAX_STATIONS, type Station } from '@igs/contract/calls';
import { resourceByName } from '@igs/contract/resources';
import { sql } from 'kysely';
import type { Conn } from '../../platform/db/schema.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { scoped } from '../../platform/resources/scope.ts';

/**
 * An AP's clients (issue 13: "an AP's clients"; DOMAIN 2.4 Ap): the stations associated with it,
 * as its agent's poll reports them (`stations`, agent.ts). A poll that carries them replaces the
 * AP's list (table `ac_ap_clients`, migration 029) and its `clients` count with their number, in
 * one transaction; the presence sweep (device-presence/sweep.ts) empties both once the AP goes
 * offline. A report is bounded (MAX_STATIONS) and every field checked: a bad one is refused whole
 * and changes nothing. `status` on ac/ap (a read under the page's menu item) lists them.
 */

export const CLIENTS = 'ac_ap_clients' as const;
const CHUNK = 100;

const ap = resourceByName('ac:ap');

/**
 * The checks a field schema cannot make on its own: a station once per report, and a `clients`
 * count given beside the list that agrees with it. Throws a 422 naming the field.
 */
export function checkStations(stations: readonly Station[], clients: number | undefined): void {
  const seen = new Set<string>();
  for (const [i, s] of stations.entries()) {
    if (seen.has(s.mac)) throw invalidField(`stations.${i}.mac`, texts('ac.stationTwice', { mac: s.mac }));
    seen.add(s.mac);
  }
  if (clients !== undefined && clients !== stations.length)
    throw invalidField('clients', texts('ac.stationsCountMismatch', { clients, n: stations.length }));
}

/** Replaces the AP's stations with these (through `db`, the poll's transaction). */
export async function replaceStations(
  db: Conn,
  apId: number,
  stations: readonly Station[],
  now: number,
): Promise<void> {
  await db.deleteFrom(CLIENTS).where('ap_id', '=', apId).execute();
  const rows = stations.map((s) => ({
    ap_id: apId,
    mac: s.mac,
    ip: s.ip,
    hostname: s.hostname,
    ssid: s.ssid,
    band: s.band,
    rssi: s.rssi,
    connected_at: now - s.connected_s * 1000,
    rx_bytes: s.rx_bytes,
    tx_bytes: s.tx_bytes,
    reported_at: now,
  }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto(CLIENTS)
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/** Drops the AP's stations (a poll that gives only a count: who they are is no longer known). */
export async function forgetStations(db: Conn, apId: number): Promise<void> {
  await db.deleteFrom(CLIENTS).where('ap_id', '=', apId).execute();
}

/**
 * Drops the stations of every AP not online (gone quiet, or deleted): a list is only what an AP
 * that still calls in reported. Idempotent, so several instances may run it.
 */
export async function forgetOfflineStations(db: Conn): Promise<number> {
  const r = await db
    .deleteFrom(CLIENTS)
    .where('ap_id', 'not in', db.selectFrom('ac_ap').select('id').where('online', '=', 1))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export const apClientsAction = defineCallAction(deviceCalls.apClients, {
  summary:
    "An AP's associated stations as its agent last reported them (MAC, IP, hostname, SSID, band, RSSI, since, bytes)",
  access: 'module',
  async handler(ctx, input) {
    const db = ctx.app.db.kysely;
    const row = await scoped(ctx)
      .selectFrom(ap.table)
      .select(['id', 'online', 'clients', 'last_seen'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw new ApiError(Code.notFound, `${ap.title[ctx.lang]} #${input.id} was not found`);
    const [rows, at] = await Promise.all([
      db
        .selectFrom(CLIENTS)
        .selectAll()
        .where('ap_id', '=', input.id)
        .orderBy('connected_at', 'asc')
        .orderBy('mac', 'asc')
        .limit(MAX_STATIONS)
        .execute(),
      db
        .selectFrom(CLIENTS)
        .select(sql<number | null>`max(${sql.ref('reported_at')})`.as('at'))
        .where('ap_id', '=', input.id)
        .executeTakeFirst(),
    ]);
    return {
      list: rows.map((r) => ({
        mac: String(r.mac),
        ip: r.ip ? String(r.ip) : '',
        hostname: r.hostname ? String(r.hostname) : '',
        ssid: String(r.ssid),
        band: String(r.band),
        rssi: Number(r.rssi),
        connected_since: formatDateTime(Number(r.connected_at)),
        rx_bytes: Number(r.rx_bytes),
        tx_bytes: Number(r.tx_bytes),
      })),
      total: rows.length,
      /** The AP's own count: above the list's length when its agent reports a count only. */
      clients: Number(row.clients ?? 0),
      online: Number(row.online ?? 0),
      reported_at: at?.at === null || at?.at === undefined ? '' : formatDateTime(Number(at.at)),
    };
  },
});
