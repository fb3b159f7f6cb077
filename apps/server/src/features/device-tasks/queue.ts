import type { Conn } from '../../platform/db/schema.ts';

/**
 * The queue of what waits for a managed device (table `device_tasks`, migration 019): CWMP RPCs a
 * CPE receives in its next CWMP session (DOMAIN 2.5) and commands an AP agent receives at its next
 * poll (DOMAIN 2.4). A device that never calls in never gets them, and its tasks stay pending: the
 * list's `pending_tasks` column says so. Nothing here pretends a device did anything.
 */

export type DeviceDomain = 'ac' | 'tr069';

/** The resource table a task's `device_id` is a row of. */
export const DEVICE_TABLE = { ac: 'ac_ap', tr069: 'tr069_device' } as const satisfies Record<
  DeviceDomain,
  string
>;

export const TASKS = 'device_tasks' as const;

export interface QueueRequest {
  domain: DeviceDomain;
  site: number;
  deviceIds: readonly number[];
  /** The RPC (genieacs task name) or agent command. */
  name: string;
  args?: Record<string, unknown>;
  /** Who asked: the account, or `plan #n`. */
  by: string;
  now: number;
  /** Spread the devices' tasks evenly over this many milliseconds (a plan's stagger_s). */
  spreadMs?: number;
  planId?: number;
  /** The AP upgrade operation of each device, for `upgrade`. */
  operationOf?: ReadonlyMap<number, number>;
  /** Skip devices that already have this task pending (a second reboot adds nothing). */
  skipPending?: boolean;
}

export interface QueueResult {
  /** Devices a task was queued for. */
  queued: number[];
  /** Devices skipped because the same task was already pending. */
  already: number[];
}

const CHUNK = 100;

/** Devices (of these) that have a pending task of this name. */
export async function pendingOf(
  db: Conn,
  domain: DeviceDomain,
  name: string,
  deviceIds: readonly number[],
): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < deviceIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom(TASKS)
      .select('device_id')
      .where('domain', '=', domain)
      .where('name', '=', name)
      .where('state', '=', 'pending')
      .where('device_id', 'in', deviceIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.add(Number(r.device_id));
  }
  return out;
}

/** Queues one task per device and updates the devices' pending counts. */
export async function queueTasks(db: Conn, req: QueueRequest): Promise<QueueResult> {
  const unique = [...new Set(req.deviceIds)];
  const skip = req.skipPending ? await pendingOf(db, req.domain, req.name, unique) : new Set<number>();
  const targets = unique.filter((id) => !skip.has(id));
  const spread = Math.max(0, req.spreadMs ?? 0);
  const rows = targets.map((device_id, i) => ({
    site_id: req.site,
    domain: req.domain,
    device_id,
    name: req.name,
    args: JSON.stringify(req.args ?? {}),
    state: 'pending',
    plan_id: req.planId ?? null,
    operation_id: req.operationOf?.get(device_id) ?? null,
    created_by: req.by.slice(0, 64),
    created_at: req.now,
    not_before: req.now + (targets.length > 1 ? Math.round((i * spread) / targets.length) : 0),
  }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto(TASKS)
      .values(rows.slice(i, i + CHUNK))
      .execute();
  await refreshPendingCounts(db, req.domain, targets);
  return { queued: targets, already: [...skip] };
}

/** Keeps each device's `pending_tasks` column equal to its number of pending tasks. */
export async function refreshPendingCounts(
  db: Conn,
  domain: DeviceDomain,
  deviceIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(deviceIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const counts = await db
      .selectFrom(TASKS)
      .select(['device_id', (eb) => eb.fn.countAll().as('n')])
      .where('domain', '=', domain)
      .where('state', '=', 'pending')
      .where('device_id', 'in', part)
      .groupBy('device_id')
      .execute();
    const byId = new Map(counts.map((r) => [Number(r.device_id), Number(r.n)]));
    for (const id of part)
      await db
        .updateTable(DEVICE_TABLE[domain])
        .set({ pending_tasks: byId.get(id) ?? 0 })
        .where('id', '=', id)
        .execute();
  }
}

/** Cancels the pending tasks of an AP upgrade operation; returns how many there were. */
export async function cancelOperationTasks(db: Conn, operationId: number, now: number): Promise<number> {
  const rows = await db
    .selectFrom(TASKS)
    .select(['id', 'device_id'])
    .where('domain', '=', 'ac')
    .where('operation_id', '=', operationId)
    .where('state', '=', 'pending')
    .execute();
  if (!rows.length) return 0;
  await db
    .updateTable(TASKS)
    .set({ state: 'cancelled', done_at: now })
    .where(
      'id',
      'in',
      rows.map((r) => Number(r.id)),
    )
    .execute();
  await refreshPendingCounts(
    db,
    'ac',
    rows.map((r) => Number(r.device_id)),
  );
  return rows.length;
}
