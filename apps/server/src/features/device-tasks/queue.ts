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
  /** The tasks queued, one per device of `queued`. */
  tasks: { taskId: number; deviceId: number }[];
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
  const tasks: QueueResult['tasks'] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const made = await db
      .insertInto(TASKS)
      .values(rows.slice(i, i + CHUNK))
      .returning(['id', 'device_id'])
      .execute();
    for (const m of made) tasks.push({ taskId: Number(m.id), deviceId: Number(m.device_id) });
  }
  await refreshPendingCounts(db, req.domain, targets);
  return { queued: targets, already: [...skip], tasks };
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

/** A task's stored arguments as an object (`{}` for text that is not a JSON object). */
export function taskArgs(raw: unknown): Record<string, unknown> {
  try {
    const v = typeof raw === 'string' ? JSON.parse(raw) : raw;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Adds what came of a task to its stored arguments (`reply`: a CPE's answer, `transfer`: a file
 * served for it, `wake`: its connection request, `fileToken`: the hash of its download token).
 * The arguments column is the task's one JSON document: what it asks and what came of it sit
 * side by side, so no second table has to follow the task's life.
 */
export async function noteOnTask(db: Conn, id: number, note: Record<string, unknown>): Promise<void> {
  // Two notes can land at once (the connection request's outcome and the CPE's reply, when the
  // CPE answers the request before its sender has written it down): each write is a compare-and-
  // set on the text it read, tried again on a change, so that neither note overwrites the other.
  for (let attempt = 0; attempt < NOTE_ATTEMPTS; attempt++) {
    const row = await db.selectFrom(TASKS).select('args').where('id', '=', id).executeTakeFirst();
    if (!row) return;
    const r = await db
      .updateTable(TASKS)
      .set({ args: JSON.stringify({ ...taskArgs(row.args), ...note }) })
      .where('id', '=', id)
      .where('args', '=', row.args)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return;
  }
  throw new Error(`task ${id}: its arguments kept changing; note not written`);
}

/** Notes written at once on one task: each is retried at most this often. */
const NOTE_ATTEMPTS = 20;

/**
 * Cancels a device's pending tasks (all of them, or those of `taskIds`); a task the device has
 * already taken (sent, done, failed) is left as it is. Returns the ids cancelled.
 */
export async function cancelDeviceTasks(
  db: Conn,
  domain: DeviceDomain,
  deviceIds: readonly number[],
  now: number,
  taskIds?: readonly number[],
): Promise<number[]> {
  if (!deviceIds.length) return [];
  let q = db
    .selectFrom(TASKS)
    .select('id')
    .where('domain', '=', domain)
    .where('state', '=', 'pending')
    .where('device_id', 'in', deviceIds.slice(0, 500));
  if (taskIds) q = q.where('id', 'in', taskIds.length ? taskIds.slice(0, 500) : [-1]);
  const ids = (await q.execute()).map((r) => Number(r.id));
  if (!ids.length) return [];
  await db
    .updateTable(TASKS)
    .set({ state: 'cancelled', done_at: now })
    .where('id', 'in', ids)
    .where('state', '=', 'pending')
    .execute();
  await refreshPendingCounts(db, domain, deviceIds);
  return ids;
}

/**
 * Removes the tasks of devices that are no longer there (run after the device list's writes): a
 * deleted CPE's pending tasks must not wait for a device that will never take them, nor go to a
 * new device that is given the same id.
 */
export async function dropTasksOfDeletedDevices(db: Conn, domain: DeviceDomain): Promise<number> {
  const r = await db
    .deleteFrom(TASKS)
    .where('domain', '=', domain)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom(DEVICE_TABLE[domain])
            .select('id')
            .whereRef(`${DEVICE_TABLE[domain]}.id`, '=', `${TASKS}.device_id`),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
