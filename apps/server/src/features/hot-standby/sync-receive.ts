import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code } from '@igs/contract';
import type { HotStandbySyncReason } from '@igs/contract/calls';
import { SystemServicePaths } from '@igs/contract/extras';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import { etcDir } from '../../platform/host/config-set.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { deleteBackups, restoreArchive } from '../backup/index.ts';
import { type Purpose, verifyRequest } from './sync-auth.ts';
import { pushesAborted, pushLimits } from './sync-push.ts';
import { syncSettings } from './sync-settings.ts';
import { configVersion, OWN_ROW_PREFIX, readSync, type SyncRecord, syncRow } from './sync-state.ts';

/**
 * The backup's side of the configuration sync: the two routes the master calls (public, each
 * authenticated by the sync key's HMAC, sync-auth.ts), and applying a snapshot.
 *
 * A snapshot is applied by the backup feature's restore: checked whole first, a pre_restore
 * backup, then the database in one transaction and the configuration folder swapped with it, all
 * or nothing. Hot standby's own rows (this gateway's role, priority, peer, sync key, notify key and
 * sync record) and its keepalived files are this gateway's, not the master's: they are kept aside
 * before the restore and put back right after it. Kept aside in a file too, so that a crash
 * between the two is mended at the next push or start (`mendOwnSettings`).
 */

interface OwnSettings {
  rows: { name: string; site_id: number; value: string; updated_by: string; updated_at: number }[];
  /** The files of DATA_DIR/etc/keepalived by name; null when there was no such folder. */
  keepalived: Record<string, string> | null;
}

const pendingFile = (app: AppContext) => path.join(app.config.dataDir, 'run', 'hot-standby-own.json');
const keepalivedDir = (app: AppContext) => path.join(etcDir(app), 'keepalived');

const ownRows = (app: AppContext) =>
  app.db.kysely
    .selectFrom('singletons')
    .selectAll()
    .where((eb) => eb.or([eb('name', '=', OWN_ROW_PREFIX), eb('name', 'like', `${OWN_ROW_PREFIX}:%`)]))
    .execute();

async function keepOwnAside(app: AppContext): Promise<OwnSettings> {
  let keepalived: Record<string, string> | null = null;
  const dir = keepalivedDir(app);
  const names = await fs.readdir(dir, { withFileTypes: true }).catch(() => null);
  if (names) {
    keepalived = {};
    for (const e of names)
      if (e.isFile()) keepalived[e.name] = await fs.readFile(path.join(dir, e.name), 'utf8');
  }
  const own: OwnSettings = { rows: await ownRows(app), keepalived };
  const file = pendingFile(app);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(`${file}.tmp`, JSON.stringify(own), { mode: 0o600 });
  await fs.rename(`${file}.tmp`, file);
  return own;
}

/** Puts this gateway's own rows (with `sync`, when given, as its sync record) and files back. */
async function putOwnBack(app: AppContext, own: OwnSettings, sync: SyncRecord | null): Promise<void> {
  const rows = own.rows.filter((r) => !sync || r.name !== syncRow(app, sync).name);
  if (sync) rows.push(syncRow(app, sync));
  await app.db.kysely.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('singletons')
      .where((eb) => eb.or([eb('name', '=', OWN_ROW_PREFIX), eb('name', 'like', `${OWN_ROW_PREFIX}:%`)]))
      .execute();
    for (const r of rows) await trx.insertInto('singletons').values(r).execute();
  });
  const dir = keepalivedDir(app);
  await fs.rm(dir, { recursive: true, force: true });
  if (own.keepalived) {
    await fs.mkdir(dir, { recursive: true });
    for (const [name, content] of Object.entries(own.keepalived))
      await fs.writeFile(path.join(dir, name), content, { mode: 0o600 });
  }
  await fs.rm(pendingFile(app), { force: true });
}

/** After a crash between a restore and putting the own settings back: puts them back now. */
export async function mendOwnSettings(app: AppContext): Promise<void> {
  const text = await fs.readFile(pendingFile(app), 'utf8').catch(() => null);
  if (text === null) return;
  app.log.warn('hot standby: putting back own settings kept aside before an interrupted sync');
  await putOwnBack(app, JSON.parse(text) as OwnSettings, null);
}

/** One snapshot at a time per server: keeping aside and putting back must not interleave. */
const queues = new WeakMap<AppContext, Promise<unknown>>();
function oneAtATime<T>(app: AppContext, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(app) ?? Promise.resolve()).then(work, work);
  queues.set(
    app,
    run.catch(() => {}),
  );
  return run;
}

/** A refusal the master reads by its reason (HOT_STANDBY_SYNC_REASONS). */
class Refusal extends Error {
  readonly code: number;
  readonly reason: HotStandbySyncReason;
  constructor(code: number, reason: HotStandbySyncReason, message: string) {
    super(message);
    this.code = code;
    this.reason = reason;
  }
}

/** Checks the signature of a request and this gateway's settings; returns the sync key and version. */
async function authenticate(app: AppContext, req: FastifyRequest, purpose: Purpose, body: Buffer) {
  const s = await syncSettings(app);
  const checked = verifyRequest(s.key, purpose, req.headers, body, app.now());
  if (!checked.ok) {
    if (checked.why === 'stale')
      throw new Refusal(Code.forbidden, 'refused_time', 'the request time is outside the replay window');
    throw new Refusal(Code.forbidden, 'refused_key', 'the sync signature is missing or wrong');
  }
  return { settings: s, version: checked.version };
}

/**
 * Whether a push's apply should not start: the master gave up on it (its request ended, as when
 * its server closes and aborts the push, sync-push.ts) or this server is closing. A snapshot
 * applied then would keep this server's close waiting for a restore nobody waits for; the master
 * pushes again when it is next up.
 */
function abandoned(app: AppContext, req: FastifyRequest): boolean {
  // The request stream itself ends once its body is read: the connection tells whether the master left.
  return req.socket.destroyed || pushesAborted(app);
}

async function applySnapshot(
  app: AppContext,
  key: string,
  version: number,
  body: Buffer,
  gone: () => boolean,
) {
  return oneAtATime(app, async () => {
    // Checked once this push's turn has come (another may have been applied meanwhile).
    if (gone())
      throw new Refusal(Code.unavailable, 'unreachable', 'the push was abandoned before it was applied');
    await mendOwnSettings(app);
    const before = await readSync(app);
    // Checked again in turn: a push that waited may have been overtaken.
    if (version === before.held_version)
      throw new Refusal(Code.conflict, 'already_held', `this gateway holds version ${version} already`);
    if (version < before.held_version)
      throw new Refusal(
        Code.conflict,
        'refused_older',
        `version ${version} is older than the held ${before.held_version}`,
      );
    const dir = path.join(app.config.dataDir, 'backups');
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `.hs-sync-in-${randomUUID()}.enc`);
    await fs.writeFile(file, body, { mode: 0o600 });
    try {
      const own = await keepOwnAside(app);
      let result: Awaited<ReturnType<typeof restoreArchive>>;
      try {
        // Another gateway's archive: accepted only encrypted, its passphrase (the sync key) vouching for it.
        result = await restoreArchive(app, file, {
          passphrase: key,
          acceptForeign: true,
          by: 'hot standby sync',
        });
      } catch (e) {
        await putOwnBack(app, own, null);
        throw new Refusal(Code.invalid, 'apply_failed', (e as Error).message.slice(0, 500));
      }
      const held: SyncRecord = {
        ...before,
        held_version: version,
        held_at: app.now(),
        pre_restore_id: result.pre_restore_id,
      };
      await putOwnBack(app, own, held);
      // One pre_restore backup kept to roll back to: the one this snapshot made.
      if (before.pre_restore_id) await deleteBackups(app, [before.pre_restore_id]).catch(() => 0);
      return held;
    } finally {
      await fs.rm(file, { force: true });
    }
  });
}

function send(reply: FastifyReply, code: number, msg: string, data: Record<string, unknown>) {
  return reply.code(200).type('application/json; charset=utf-8').send({ code, msg, data });
}

async function answer(app: AppContext, reply: FastifyReply, work: () => Promise<Record<string, unknown>>) {
  try {
    return send(reply, Code.ok, 'ok', await work());
  } catch (e) {
    if (e instanceof Refusal) return send(reply, e.code, e.message, { reason: e.reason });
    app.log.error({ err: e }, 'hot standby: sync request failed');
    return send(reply, Code.unexpected, 'the sync request failed', { reason: 'apply_failed' });
  }
}

const bodyOf = (req: FastifyRequest) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

/** The routes (Feature.routes): the snapshot push and the state query. */
export function registerSyncRoutes(fastify: FastifyInstance, app: AppContext): void {
  const { maxBytes } = pushLimits();
  void fastify.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_req, body, done) => done(null, body),
    );
    scope.post(SystemServicePaths.hotStandbySync, { bodyLimit: maxBytes }, (req, reply) =>
      answer(app, reply, async () => {
        const body = bodyOf(req);
        const { settings, version } = await authenticate(app, req, 'push', body);
        if (settings.actingMaster)
          throw new Refusal(Code.conflict, 'refused_master', 'this gateway is master: it takes no snapshot');
        if (!settings.syncConfig)
          throw new Refusal(Code.conflict, 'refused_off', 'sync configuration is off on this gateway');
        const held = await applySnapshot(app, settings.key, version, body, () => abandoned(app, req));
        return { held_version: held.held_version };
      }),
    );
    scope.post(SystemServicePaths.hotStandbySyncState, (req, reply) =>
      answer(app, reply, async () => {
        const { settings } = await authenticate(app, req, 'state', bodyOf(req));
        const [s, v] = await Promise.all([readSync(app), configVersion(app)]);
        return {
          role: settings.role,
          version: v.version,
          held_version: s.held_version,
          held_at: s.held_at ? formatDateTime(s.held_at) : '',
        };
      }),
    );
  });
}
