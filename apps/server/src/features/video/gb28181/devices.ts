import { keepText } from '@igs/contract';
import type { AppContext } from '../../../platform/app-context.ts';
import { formatDateTime } from '../../../platform/lib/time.ts';
import { inTransaction } from '../../../platform/resources/transaction.ts';
import type { CatalogItem } from './manscdp.ts';
import type { Peer } from './transport.ts';

/**
 * What the agent stores about devices: the video_gb_device row (address, times, online flag,
 * info) and the device's video_gb_channel rows. Online/offline moves are compare-and-set updates,
 * so only the instance whose update changed the row writes the event, once.
 */

export type DeviceRow = {
  id: number;
  site_id: number;
  device_id: string | null;
  name: string | null;
  password: string | null;
  transport: string | null;
  charset: string | null;
  ip: string | null;
  port: number | null;
  online: number | null;
  keepalive_time: string | null;
  media_server_id: number | null;
  /** 'pending' while an operator has not approved a device the agent added; else null/'approved'. */
  approval: string | null;
  /** When the registration lapses (formatDateTime); null on rows registered before it was kept. */
  expires_time: string | null;
};

/** Keepalive interval when the device record has none (GB/T 28181: 60 s), and how many may be missed. */
export const KEEPALIVE_S = 60;
export const MISSED_KEEPALIVES = 3;
/** The shortest interval a record may hold (its description's minimum): the sweep's first cut. */
const MIN_KEEPALIVE_S = 5;
const intervalOf = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= MIN_KEEPALIVE_S ? n : KEEPALIVE_S;
};

const db = (app: AppContext) => app.db.kysely;

export async function findDevice(app: AppContext, deviceId: string): Promise<DeviceRow | undefined> {
  return db(app)
    .selectFrom('video_gb_device')
    .select([
      'id',
      'site_id',
      'device_id',
      'name',
      'password',
      'transport',
      'charset',
      'ip',
      'port',
      'online',
      'keepalive_time',
      'media_server_id',
      'approval',
      'expires_time',
    ])
    .where('device_id', '=', deviceId)
    .executeTakeFirst() as Promise<DeviceRow | undefined>;
}

/**
 * An unknown device admitted by the setting: a row with its id, offline until it registers;
 * `pending` (register_unknown pending) holds it until an operator approves it.
 */
export async function addDevice(app: AppContext, deviceId: string, pending = false): Promise<void> {
  const now = app.now();
  await db(app)
    .insertInto('video_gb_device')
    .values({
      device_id: deviceId,
      name: '',
      created_at: now,
      updated_at: now,
      online: 0,
      channel_count: 0,
      approval: pending ? 'pending' : 'approved',
    })
    .execute();
}

/** Devices awaiting approval at once: past this, unknown devices are refused without a row. */
export const MAX_PENDING = 200;
export async function countPending(app: AppContext): Promise<number> {
  const r = await db(app)
    .selectFrom('video_gb_device')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('approval', '=', 'pending')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * The event of a device's presence: a system row of the operation log (module video, no user,
 * the device's address), the log the console shows for what happened to records.
 */
export async function writeDeviceEvent(
  app: AppContext,
  d: { device_id: string | null; ip: string | null },
  action: 'gb_device online' | 'gb_device offline',
  detail: string,
): Promise<void> {
  await db(app)
    .insertInto('operation_log')
    .values({
      at: app.now(),
      user_id: null,
      username: '',
      ip: d.ip ?? '',
      module: 'video',
      action,
      path: '',
      http_method: 'SIP',
      result: 'success',
      code: 200,
      detail: detail.slice(0, 2000),
      user_agent: '',
    })
    .execute();
}

/** A successful REGISTER for `expires` seconds: online, address, times. */
export async function markRegistered(
  app: AppContext,
  d: DeviceRow,
  peer: Peer,
  expires: number,
): Promise<void> {
  const now = app.now();
  const at = formatDateTime(now);
  const set = {
    ip: peer.address,
    port: peer.port,
    transport: peer.transport,
    register_time: at,
    keepalive_time: at,
    expires_time: formatDateTime(now + expires * 1000),
    updated_at: now,
  };
  await markOnline(app, d, set);
}

export async function markKeepalive(app: AppContext, d: DeviceRow): Promise<void> {
  const now = app.now();
  await markOnline(app, d, { keepalive_time: formatDateTime(now), updated_at: now });
}

async function markOnline(app: AppContext, d: DeviceRow, set: Record<string, unknown>): Promise<void> {
  const flipped = await db(app)
    .updateTable('video_gb_device')
    .set({ ...set, online: 1 })
    .where('id', '=', d.id)
    .where((eb) => eb.or([eb('online', 'is', null), eb('online', '!=', 1)]))
    .executeTakeFirst();
  if (Number(flipped.numUpdatedRows) === 1)
    await writeDeviceEvent(
      app,
      { device_id: d.device_id, ip: String(set.ip ?? d.ip ?? '') },
      'gb_device online',
      keepText('video.gbDeviceOnline', { device_id: d.device_id ?? '' }),
    );
  else await db(app).updateTable('video_gb_device').set(set).where('id', '=', d.id).execute();
}

/** The registration has lapsed (or was ended): the device's requests are refused until it registers. */
export const registrationLapsed = (d: DeviceRow, now: number): boolean =>
  d.expires_time !== null && d.expires_time !== '' && d.expires_time <= formatDateTime(now);

/** Unregister (Expires: 0): offline now, with its event; the registration ends now. */
export async function markUnregistered(app: AppContext, d: DeviceRow): Promise<void> {
  await db(app)
    .updateTable('video_gb_device')
    .set({ expires_time: formatDateTime(app.now()) })
    .where('id', '=', d.id)
    .execute();
  const r = await db(app)
    .updateTable('video_gb_device')
    .set({ online: 0, updated_at: app.now() })
    .where('id', '=', d.id)
    .where('online', '=', 1)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1)
    await writeDeviceEvent(
      app,
      d,
      'gb_device offline',
      keepText('video.gbDeviceUnregistered', { device_id: d.device_id ?? '' }),
    );
}

/**
 * One pass of the offline check: devices flagged online whose last keepalive is older than three
 * of their intervals. Only online rows quiet for three of the shortest intervals are read, at most
 * 1000 a pass, so the pass stays cheap; each one's own interval then decides.
 */
export async function sweepOffline(app: AppContext): Promise<number> {
  return (await sweepExpired(app)) + (await sweepQuiet(app));
}

/**
 * Devices online whose registration lapsed (Expires elapsed without a new REGISTER): offline with
 * their event, at most 1000 a pass; compare-and-set on the expiry read, like the keepalive check.
 */
async function sweepExpired(app: AppContext): Promise<number> {
  const now = formatDateTime(app.now());
  const lapsed = await db(app)
    .selectFrom('video_gb_device')
    .select(['id', 'device_id', 'ip', 'expires_time'])
    .where('online', '=', 1)
    .where('expires_time', 'is not', null)
    .where('expires_time', '!=', '')
    .where('expires_time', '<=', now)
    .limit(1000)
    .execute();
  let marked = 0;
  for (const d of lapsed) {
    const r = await db(app)
      .updateTable('video_gb_device')
      .set({ online: 0, updated_at: app.now() })
      .where('id', '=', d.id)
      .where('online', '=', 1)
      .where('expires_time', '=', d.expires_time)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) continue; // a new REGISTER, or another instance, came first
    marked += 1;
    await writeDeviceEvent(
      app,
      d,
      'gb_device offline',
      keepText('video.gbDeviceExpired', { device_id: d.device_id ?? '', at: d.expires_time ?? '' }),
    );
  }
  return marked;
}

/** Devices online that missed three keepalives. */
async function sweepQuiet(app: AppContext): Promise<number> {
  const now = app.now();
  const cutoff = formatDateTime(now - MISSED_KEEPALIVES * MIN_KEEPALIVE_S * 1000);
  const quiet = await db(app)
    .selectFrom('video_gb_device')
    .select(['id', 'device_id', 'ip', 'keepalive_time', 'keepalive_interval'])
    .where('online', '=', 1)
    .where((eb) => eb.or([eb('keepalive_time', 'is', null), eb('keepalive_time', '<', cutoff)]))
    .limit(1000)
    .execute();
  const stale = quiet.filter(
    (d) =>
      d.keepalive_time === null ||
      d.keepalive_time < formatDateTime(now - MISSED_KEEPALIVES * intervalOf(d.keepalive_interval) * 1000),
  );
  let marked = 0;
  for (const d of stale) {
    let q = db(app)
      .updateTable('video_gb_device')
      .set({ online: 0, updated_at: now })
      .where('id', '=', d.id)
      .where('online', '=', 1);
    q =
      d.keepalive_time === null
        ? q.where('keepalive_time', 'is', null)
        : q.where('keepalive_time', '=', d.keepalive_time);
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) continue; // a keepalive, or another instance, came first
    marked += 1;
    await writeDeviceEvent(
      app,
      d,
      'gb_device offline',
      keepText('video.gbDeviceOffline', {
        device_id: d.device_id ?? '',
        missed: MISSED_KEEPALIVES,
        seconds: intervalOf(d.keepalive_interval),
        last: d.keepalive_time ?? '',
      }),
    );
  }
  return marked;
}

/**
 * Stores a whole catalogue: channels updated or added (custom names kept), the others removed.
 * In a transaction, or a savepoint of the verb's own (`app` is then the verb's context).
 */
export async function storeCatalog(app: AppContext, deviceId: string, items: CatalogItem[]): Promise<void> {
  const now = app.now();
  await inTransaction(db(app), async (tx) => {
    const existing = await tx
      .selectFrom('video_gb_channel')
      .select(['id', 'channel_id'])
      .where('device_id', '=', deviceId)
      .execute();
    const byId = new Map(existing.map((r) => [r.channel_id, r.id]));
    const seen = new Set<string>();
    for (const it of items) {
      if (seen.has(it.channel_id)) continue;
      seen.add(it.channel_id);
      const id = byId.get(it.channel_id);
      if (id !== undefined)
        await tx
          .updateTable('video_gb_channel')
          .set({ ...it, updated_at: now })
          .where('id', '=', id)
          .execute();
      else
        await tx
          .insertInto('video_gb_channel')
          .values({ ...it, device_id: deviceId, created_at: now, updated_at: now })
          .execute();
    }
    const gone = existing.filter((r) => !seen.has(String(r.channel_id))).map((r) => r.id);
    if (gone.length) await tx.deleteFrom('video_gb_channel').where('id', 'in', gone).execute();
    await tx
      .updateTable('video_gb_device')
      .set({ channel_count: seen.size, updated_at: now })
      .where('device_id', '=', deviceId)
      .execute();
  });
}
