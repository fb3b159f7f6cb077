import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { LOCK_CLASSES } from '../../platform/db/lock-keys.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { refreshPendingCounts, TASKS } from '../device-tasks/index.ts';

/**
 * CWMP sessions kept in the database (table cwmp_sessions, migration 031), so that instances
 * behind a load balancer need no sticky sessions: the Inform may reach one instance and the empty
 * POST or the RPC's answer another, which finds the session by its cookie here.
 *
 * A task goes out only through `claimNext`, under the device's lock (`underDeviceLock`): it must
 * still be pending, and no other live session of the device may have an RPC in flight; the claim is
 * written on the session row (`inflight_task`), and a partial unique index allows one in-flight RPC
 * per device whatever the code does. A task leaves `pending` only when its answer settles it (under
 * the same lock), so two instances never send the same task twice at once. A session the CPE
 * abandons with an RPC in flight (it never answered) holds the device's slot until it expires
 * (SESSION_MS after its last message); the task then goes out in a later session.
 */

export interface CwmpSession {
  id: string;
  deviceId: number;
  ns: string;
}

/** How long a session lives after its last message: a CWMP session is a few seconds. */
export const SESSION_MS = 120_000;
/** Expired sessions are deleted at most this often by one instance. */
const PURGE_EVERY_MS = 10_000;
const SESSIONS = 'cwmp_sessions';

type Outcome = 'done' | 'failed' | 'sent';

/** When this instance last deleted expired sessions, per app. */
const lastPurge = new WeakMap<AppContext, number>();

async function purgeExpired(app: AppContext): Promise<void> {
  const now = app.now();
  if (now - (lastPurge.get(app) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(app, now);
  await app.db.kysely.deleteFrom(SESSIONS).where('expires_at', '<', now).execute();
}

/** A new session for the device after its Inform; its key goes in the cookie. */
export async function openSession(app: AppContext, deviceId: number, ns: string): Promise<string> {
  await purgeExpired(app);
  const id = randomBytes(18).toString('base64url');
  await app.db.kysely
    .insertInto(SESSIONS)
    .values({
      id,
      device_id: deviceId,
      ns: ns.slice(0, 64),
      inflight_task: null,
      expires_at: app.now() + SESSION_MS,
    })
    .execute();
  return id;
}

/** The live session of this key, its life extended; null when there is none (or it expired). */
export async function findSession(app: AppContext, id: string): Promise<CwmpSession | null> {
  const now = app.now();
  const row = await app.db.kysely
    .updateTable(SESSIONS)
    .set({ expires_at: now + SESSION_MS })
    .where('id', '=', id)
    .where('expires_at', '>=', now)
    .returning(['id', 'device_id', 'ns'])
    .executeTakeFirst();
  return row ? { id: row.id, deviceId: Number(row.device_id), ns: row.ns } : null;
}

/**
 * Runs `work` in a transaction holding the device's lock: a transaction-scoped advisory lock on
 * PostgreSQL, which every instance's claim and settle of this device waits for; on SQLite (one
 * instance per file) Kysely runs transactions one at a time on its single connection.
 * `work` must use the transaction it is given, never app.db.
 */
export function underDeviceLock<T>(
  app: AppContext,
  deviceId: number,
  work: (trx: Conn) => Promise<T>,
): Promise<T> {
  return app.db.kysely.transaction().execute(async (trx) => {
    if (app.db.kind === 'postgres')
      await sql`select pg_advisory_xact_lock(${LOCK_CLASSES.cwmpDevice}, ${deviceId})`.execute(trx);
    return work(trx);
  });
}

/** Ends (or, `sent`, parks until its TransferComplete) one of the device's unsettled tasks. */
export async function settleTask(
  db: Conn,
  now: number,
  deviceId: number,
  taskId: number,
  state: Outcome,
  code = '',
  message = '',
): Promise<boolean> {
  const r = await db
    .updateTable(TASKS)
    .set({
      state,
      fault_code: code.slice(0, 32),
      fault_string: message.slice(0, 1000),
      done_at: state === 'sent' ? null : now,
    })
    .where('id', '=', taskId)
    .where('domain', '=', 'tr069')
    .where('device_id', '=', deviceId)
    .where('state', 'in', ['pending', 'sent'])
    .executeTakeFirst();
  await refreshPendingCounts(db, 'tr069', [deviceId]);
  return Number(r.numUpdatedRows ?? 0) > 0;
}

/** The task whose RPC this session sent and the CPE has not answered yet, if any. */
export async function inflightOf(db: Conn, s: CwmpSession): Promise<number | null> {
  const row = await db.selectFrom(SESSIONS).select('inflight_task').where('id', '=', s.id).executeTakeFirst();
  return row?.inflight_task === null || row?.inflight_task === undefined ? null : Number(row.inflight_task);
}

/** Settles the session's in-flight task with the CPE's answer and frees the device's slot. */
export async function settleInflight(
  app: AppContext,
  s: CwmpSession,
  state: Outcome,
  code = '',
  message = '',
): Promise<void> {
  await underDeviceLock(app, s.deviceId, async (trx) => {
    const taskId = await inflightOf(trx, s);
    if (taskId === null) return;
    await settleTask(trx, app.now(), s.deviceId, taskId, state, code, message);
    await trx.updateTable(SESSIONS).set({ inflight_task: null }).where('id', '=', s.id).execute();
  });
}

/**
 * The CPE's BOOT after a Reboot of ours names it (`M Reboot`, CommandKey `task-<id>`): the reboot
 * is done even if its RebootResponse never reached any instance (a connection lost on the way); it
 * is settled and no session holds it in flight any more, so it never goes out a second time.
 */
export async function settleRebooted(app: AppContext, deviceId: number, commandKey: string): Promise<void> {
  const id = /^task-(\d{1,12})$/.exec(commandKey)?.[1];
  if (!id) return;
  await underDeviceLock(app, deviceId, async (trx) => {
    const task = await trx
      .selectFrom(TASKS)
      .select('name')
      .where('id', '=', Number(id))
      .where('device_id', '=', deviceId)
      .where('domain', '=', 'tr069')
      .executeTakeFirst();
    if (task?.name !== 'reboot') return;
    await settleTask(trx, app.now(), deviceId, Number(id), 'done');
    await trx
      .updateTable(SESSIONS)
      .set({ inflight_task: null })
      .where('device_id', '=', deviceId)
      .where('inflight_task', '=', Number(id))
      .execute();
  });
}

export interface ClaimedTask {
  id: number;
  name: string;
  args: Record<string, unknown>;
}

/**
 * The device's next due pending task, now in flight in this session; null when none is due or
 * another live session of the device (on any instance) has an RPC in flight.
 */
export async function claimNext(app: AppContext, s: CwmpSession): Promise<ClaimedTask | null> {
  const now = app.now();
  return underDeviceLock(app, s.deviceId, async (trx) => {
    // A dead session's claim is void: its RPC was never answered, the task may go again.
    await trx
      .deleteFrom(SESSIONS)
      .where('device_id', '=', s.deviceId)
      .where('expires_at', '<', now)
      .execute();
    const busy = await trx
      .selectFrom(SESSIONS)
      .select('id')
      .where('device_id', '=', s.deviceId)
      .where('inflight_task', 'is not', null)
      .executeTakeFirst();
    if (busy) return null;
    const task = await trx
      .selectFrom(TASKS)
      .select(['id', 'name', 'args'])
      .where('domain', '=', 'tr069')
      .where('device_id', '=', s.deviceId)
      .where('state', '=', 'pending')
      .where('not_before', '<=', now)
      .orderBy('id')
      .executeTakeFirst();
    if (!task) return null;
    const claimed = await trx
      .updateTable(SESSIONS)
      .set({ inflight_task: Number(task.id) })
      .where('id', '=', s.id)
      .executeTakeFirst();
    // The session itself expired meanwhile: it sends nothing more.
    if (Number(claimed.numUpdatedRows ?? 0) === 0) return null;
    let args: Record<string, unknown> = {};
    try {
      args = JSON.parse(String(task.args)) as Record<string, unknown>;
    } catch {}
    return { id: Number(task.id), name: String(task.name), args };
  });
}
