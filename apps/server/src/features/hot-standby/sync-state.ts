import type { HotStandbySyncLocal } from '@igs/contract/calls';
import { SystemServicePaths } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';

/**
 * What the configuration sync remembers, in the database (a row of `singletons`), so that every
 * server instance on one PostgreSQL sees the same: on a master, what it last pushed and how that
 * went; on a backup, which snapshot it holds. Only the debounce timer lives in memory (sync-watch.ts).
 *
 * The version of a configuration is the id of the newest successful change in the operation log
 * (see `configVersion`): it grows with every change, is shared by the instances of one database,
 * and travels inside the snapshot, so a backup that becomes master carries on from it.
 */

/** Every row of hot standby in `singletons`: this gateway's own, never taken from a snapshot. */
export const OWN_ROW_PREFIX = 'system:hot_standby';
const SYNC_ROW = `${OWN_ROW_PREFIX}:sync`;

export interface SyncRecord {
  pushed_version: number;
  pushed_at: number;
  last_push: { ok: boolean; at: number; version: number; reason: string; detail: string } | null;
  held_version: number;
  held_at: number;
  /** The pre_restore backup the last applied snapshot made: the one kept to roll back to. */
  pre_restore_id: number | null;
}

const EMPTY: SyncRecord = {
  pushed_version: 0,
  pushed_at: 0,
  last_push: null,
  held_version: 0,
  held_at: 0,
  pre_restore_id: null,
};

export async function readSync(app: AppContext): Promise<SyncRecord> {
  const row = await app.db.kysely
    .selectFrom('singletons')
    .select('value')
    .where('name', '=', SYNC_ROW)
    .where('site_id', '=', 0)
    .executeTakeFirst();
  if (!row) return { ...EMPTY };
  try {
    return { ...EMPTY, ...(JSON.parse(row.value) as Partial<SyncRecord>) };
  } catch {
    return { ...EMPTY };
  }
}

/** The row as it would be stored: for writing inside a transaction (sync-receive.ts). */
export function syncRow(app: AppContext, record: SyncRecord) {
  return {
    name: SYNC_ROW,
    site_id: 0,
    value: JSON.stringify(record),
    updated_by: 'system',
    updated_at: app.now(),
  };
}

export async function updateSync(app: AppContext, patch: Partial<SyncRecord>): Promise<SyncRecord> {
  const next = { ...(await readSync(app)), ...patch };
  const row = syncRow(app, next);
  await app.db.kysely
    .insertInto('singletons')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['name', 'site_id']).doUpdateSet({ value: row.value, updated_at: row.updated_at }),
    )
    .execute();
  return next;
}

/**
 * The newest configuration change: the last successful entry of the operation log, leaving out
 * sign-ins and hot standby's own calls (its settings are never synced). Every mutating call of the
 * API is logged there by the dispatcher, whichever instance served it, which makes the log the one
 * place that sees every configuration change.
 */
export async function configVersion(app: AppContext): Promise<{ version: number; at: number }> {
  const row = await app.db.kysely
    .selectFrom('operation_log')
    .select(['id', 'at'])
    .where('result', '=', 'success')
    .where('module', '<>', 'login')
    .where('path', '<>', SystemServicePaths.hotStandby)
    .where('path', 'not like', '/api/hot-standby/%')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { version: Number(row.id), at: Number(row.at) } : { version: 0, at: 0 };
}

const when = (ms: number) => (ms ? formatDateTime(ms) : '');

/** This side's sync state as the page shows it. */
export async function localSyncView(app: AppContext): Promise<HotStandbySyncLocal> {
  const [s, v] = await Promise.all([readSync(app), configVersion(app)]);
  return {
    version: v.version,
    changed_at: when(v.at),
    pushed_version: s.pushed_version,
    pushed_at: when(s.pushed_at),
    last_push: s.last_push
      ? {
          ok: s.last_push.ok,
          at: when(s.last_push.at),
          version: s.last_push.version,
          reason: s.last_push.reason,
          detail: s.last_push.detail ?? '',
        }
      : null,
    held_version: s.held_version,
    held_at: when(s.held_at),
  };
}
