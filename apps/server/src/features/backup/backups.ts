import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, cronError, nextCronRun, texts } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import { markSessionsReplaced } from '../../platform/auth/sessions.ts';
import { DATA_UPGRADES } from '../../platform/db/data-upgrades.ts';
import type { BackupsTable } from '../../platform/db/schema.ts';
import { seed } from '../../platform/db/seed.ts';
import { putLocalFile } from '../../platform/files/index.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { getSettings, setSetting } from '../../platform/settings/settings.ts';
import {
  BackupError,
  backupsDir,
  extractArchive,
  type Origin,
  PART_DIRS,
  PARTS,
  type Part,
  type RestoreLimits,
  writeArchive,
} from './archive.ts';
import { restoreDatabase } from './database-dump.ts';
import { restoreStoredUploads } from './stored-uploads.ts';

/**
 * Backup records and the operations on them (DOMAIN system/BackupRestore): create, prune the
 * automatic ones, restore. The scheduler calls `createBackup` / `runAutoBackup`; upgrades call
 * `createBackup` with type pre_upgrade.
 */

export type BackupType = BackupsTable['type'];

export interface BackupRecord {
  id: number;
  file_name: string;
  type: BackupType;
  size: number;
  sha256: string;
  contents: Part[];
  encrypted: number;
  app_version: string;
  schema_version: string;
  note: string;
  created_by: string;
  created_at: number;
}

/** One backup or restore at a time per server: they read or replace everything. */
const busy = new WeakSet<AppContext>();

async function exclusive<T>(app: AppContext, work: () => Promise<T>): Promise<T> {
  if (busy.has(app)) throw new ApiError(Code.locked, texts('backup.alreadyRunning'));
  busy.add(app);
  try {
    await sweepLeftovers(app);
    return await work();
  } finally {
    busy.delete(app);
  }
}

/**
 * Work folders and partial files an interrupted backup, restore or upload left behind (all start
 * with a dot). Only ones older than an hour go, so an upload being claimed right now stays.
 */
async function sweepLeftovers(app: AppContext): Promise<void> {
  const dir = backupsDir(app);
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of entries) {
    if (!name.startsWith('.')) continue;
    const full = path.join(dir, name);
    const st = await fs.stat(full).catch(() => null);
    if (st && Date.now() - st.mtimeMs > 3_600_000) await fs.rm(full, { recursive: true, force: true });
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `backup-YYYYMMDD-HHmmss.tar.gz` in the server's zone (DOMAIN), `.enc` added when encrypted. */
export function backupFileName(ms: number, encrypted: boolean): string {
  const d = new Date(ms);
  const stamp = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return `backup-${stamp}.tar.gz${encrypted ? '.enc' : ''}`;
}

/**
 * A recorded backup's archive in the file store (platform/files): `backups/<stored>`, the
 * deployment's shared store, so a backup made by any instance is listed and restorable by all
 * (with the local store, the data folder's backups/ as before).
 */
export function backupKey(stored: string): string {
  if (!/^[0-9a-f-]{36}\.(tar\.gz|enc)$/.test(stored)) throw new Error(`bad stored backup name ${stored}`);
  return `backups/${stored}`;
}

export function toRecord(r: Record<string, unknown>): BackupRecord {
  return {
    id: Number(r.id),
    file_name: String(r.file_name),
    type: r.type as BackupType,
    size: Number(r.size),
    sha256: String(r.sha256),
    contents: String(r.contents).split(',').filter(Boolean) as Part[],
    encrypted: Number(r.encrypted),
    app_version: String(r.app_version),
    schema_version: String(r.schema_version),
    note: String(r.note),
    created_by: String(r.created_by),
    created_at: Number(r.created_at),
  };
}

export async function findBackup(app: AppContext, id: number): Promise<BackupRecord & { stored: string }> {
  const row = await app.db.kysely.selectFrom('backups').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(Code.notFound, texts('backup.missing', { id }));
  return { ...toRecord(row), stored: row.stored };
}

export interface CreateOptions {
  type: BackupType;
  note?: string;
  /** Account name recorded as created_by; `system` for the scheduler. */
  by: string;
  contents?: readonly Part[];
  passphrase?: string;
  /**
   * A UUID naming every file the backup writes before it is recorded (work folder, archive being
   * written, archive not yet recorded): removeUnfinishedBackup(id) removes them should the server
   * die meanwhile. A fresh one when unset.
   */
  partialId?: string;
}

async function createUnlocked(app: AppContext, opts: CreateOptions): Promise<BackupRecord> {
  const dir = backupsDir(app);
  await fs.mkdir(dir, { recursive: true });
  const encrypted = Boolean(opts.passphrase);
  const id = opts.partialId ?? randomUUID();
  const stored = `${id}.${encrypted ? 'enc' : 'tar.gz'}`;
  const tmp = path.join(dir, `.${stored}.part`);
  const contents = PARTS.filter((p) => (opts.contents ?? PARTS).includes(p));
  const note = (opts.note ?? '').slice(0, 255);
  try {
    const { size, sha256, manifest } = await writeArchive(
      app,
      { contents, passphrase: opts.passphrase, type: opts.type, note, workId: id },
      tmp,
    );
    // Written on this instance's disk, then into the store (a rename with the local store).
    await putLocalFile(app.files, backupKey(stored), tmp);
    const now = app.now();
    const row = await app.db.kysely
      .insertInto('backups')
      .values({
        file_name: backupFileName(now, encrypted),
        stored,
        type: opts.type,
        size,
        sha256,
        contents: contents.join(','),
        encrypted: encrypted ? 1 : 0,
        app_version: manifest.app_version,
        schema_version: manifest.schema_version,
        note,
        created_by: opts.by.slice(0, 64),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    await app.files.delete(backupKey(stored)).catch(() => {});
    throw e;
  }
}

/**
 * Removes what a backup named `id` (CreateOptions.partialId) left unfinished when its server died:
 * the work folder, the archive being written, and the archive when no backup record names it.
 * A recorded backup stays. Returns how many files or folders went.
 */
export async function removeUnfinishedBackup(app: AppContext, id: string): Promise<number> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
    throw new Error(`bad unfinished backup id ${id}`);
  const dir = backupsDir(app);
  const names = [`.work-${id}`, `.${id}.tar.gz.part`, `.${id}.enc.part`];
  let removed = 0;
  for (const stored of [`${id}.tar.gz`, `${id}.enc`]) {
    const recorded = await app.db.kysely
      .selectFrom('backups')
      .select('id')
      .where('stored', '=', stored)
      .executeTakeFirst();
    // An archive written but not recorded is in the file store (the data folder with the local one).
    if (!recorded && (await app.files.stat(backupKey(stored)))) {
      await app.files.delete(backupKey(stored));
      removed++;
    }
  }
  for (const name of names) {
    const full = path.join(dir, name);
    if (!(await fs.stat(full).catch(() => null))) continue;
    await fs.rm(full, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** Makes a backup and records it. For the scheduler (type auto) and upgrades (pre_upgrade). */
export function createBackup(app: AppContext, opts: CreateOptions): Promise<BackupRecord> {
  return exclusive(app, () => createUnlocked(app, opts));
}

export async function deleteBackups(app: AppContext, ids: readonly number[]): Promise<number> {
  const rows = await app.db.kysely
    .selectFrom('backups')
    .select(['id', 'stored'])
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) await app.files.delete(backupKey(r.stored));
  if (rows.length)
    await app.db.kysely
      .deleteFrom('backups')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  return rows.length;
}

export interface BackupSettings {
  auto_cron: string;
  keep_count: number;
}

export async function backupSettings(app: AppContext): Promise<BackupSettings> {
  const s = await getSettings(app);
  const keep = Number(s.backup_keep_count);
  return { auto_cron: s.backup_auto_cron, keep_count: Number.isInteger(keep) && keep >= 1 ? keep : 7 };
}

export async function saveBackupSettings(app: AppContext, value: BackupSettings): Promise<void> {
  if (value.auto_cron && cronError(value.auto_cron)) throw new Error(cronError(value.auto_cron)!);
  await setSetting(app, 'backup_auto_cron', value.auto_cron.trim());
  await setSetting(app, 'backup_keep_count', String(value.keep_count));
}

/** The next automatic backup (epoch ms), or null when none is scheduled. */
export async function nextAutoBackup(app: AppContext): Promise<number | null> {
  const { auto_cron } = await backupSettings(app);
  return auto_cron && !cronError(auto_cron) ? nextCronRun(auto_cron, app.now()) : null;
}

/** Deletes the oldest automatic backups beyond `keep_count`; returns how many went. */
export async function pruneAutoBackups(app: AppContext): Promise<number> {
  const { keep_count } = await backupSettings(app);
  const autos = await app.db.kysely
    .selectFrom('backups')
    .select('id')
    .where('type', '=', 'auto')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const old = autos.slice(keep_count).map((r) => r.id);
  return old.length ? deleteBackups(app, old) : 0;
}

/** What the scheduler runs at `backup_auto_cron`: an automatic backup, then the retention. */
export async function runAutoBackup(app: AppContext): Promise<{ backup: BackupRecord; pruned: number }> {
  const backup = await createBackup(app, { type: 'auto', note: 'scheduled', by: 'system' });
  return { backup, pruned: await pruneAutoBackups(app) };
}

export interface RestoreResult {
  restored: Part[];
  pre_restore_id: number;
  tables: number;
  files: number;
  /** Whether the restoring account is still signed in (its account exists in the backup). */
  signed_in: boolean;
  /** `own`, or `foreign` / `altered` when an administrator accepted an archive from elsewhere. */
  origin: Origin;
  manifest: { app_version: string; schema_version: string; created_at: string; type: string; note: string };
}

interface Swap {
  undo(): Promise<void>;
  cleanup(): Promise<void>;
}

/** Puts the staged file parts in place by renaming folders; undo puts the old ones back. */
async function swapFolders(app: AppContext, stagingDir: string, parts: readonly Part[]): Promise<Swap> {
  const done: { target: string; old: string | null }[] = [];
  const undo = async () => {
    for (const d of done.reverse()) {
      await fs.rm(d.target, { recursive: true, force: true });
      if (d.old) await fs.rename(d.old, d.target);
    }
  };
  let stored: Swap | null = null;
  try {
    for (const part of parts) {
      if (part === 'db') continue;
      if (part === 'uploads' && app.files.kind !== 'local') {
        stored = await restoreStoredUploads(app, path.join(stagingDir, part));
        continue;
      }
      const target = path.join(app.config.dataDir, PART_DIRS[part]);
      const staged = path.join(stagingDir, part);
      await fs.mkdir(staged, { recursive: true });
      const old = path.join(app.config.dataDir, `.${PART_DIRS[part]}-before-restore-${randomUUID()}`);
      const had = await fs.stat(target).then(
        () => true,
        () => false,
      );
      if (had) await fs.rename(target, old);
      done.push({ target, old: had ? old : null });
      await fs.rename(staged, target);
    }
  } catch (e) {
    await undo();
    throw e;
  }
  return {
    async undo() {
      await undo();
      await stored?.undo();
    },
    async cleanup() {
      for (const d of done) if (d.old) await fs.rm(d.old, { recursive: true, force: true });
      await stored?.cleanup();
    },
  };
}

export interface RestoreOptions {
  passphrase?: string | undefined;
  /** An administrator accepts an archive another gateway made (encrypted, with its passphrase). */
  acceptForeign?: boolean | undefined;
  limits?: RestoreLimits | undefined;
  /** A stored backup's SHA-256 as recorded when this server made it (see ExtractOptions). */
  recordedSha256?: string | undefined;
  /** The restoring session: kept signed in when its account is in the backup. */
  session?: { id: string; userId: number; username: string } | undefined;
  by: string;
}

/**
 * Restores an archive: checks all of it first (nothing changes when any check fails), takes a
 * pre_restore backup, then replaces the database in one transaction and the file parts by
 * folder swaps made inside that transaction (undone if it does not commit).
 *
 * Sessions are not in backups. A restore ends every session except the restoring one, which
 * stays when its account (same id and name, enabled) is in the restored data; otherwise that
 * person signs in again with the restored credentials.
 */
export function restoreArchive(app: AppContext, file: string, opts: RestoreOptions): Promise<RestoreResult> {
  return exclusive(app, async () => {
    const staging = path.join(backupsDir(app), `.restore-${randomUUID()}`);
    try {
      const { manifest, origin } = await extractArchive(
        app,
        file,
        {
          passphrase: opts.passphrase,
          acceptForeign: opts.acceptForeign,
          limits: opts.limits,
          recordedSha256: opts.recordedSha256,
        },
        staging,
      );
      const pre = await createUnlocked(app, { type: 'pre_restore', note: 'before restore', by: opts.by });
      // Every other session ends with the restore: recorded first, so that their next call answers
      // 1005 "ended by a restore" (the markers are kept apart from sessions, which a restore empties).
      await markSessionsReplaced(app, { exceptSessionId: opts.session?.id ?? null });
      const parts = manifest.contents;
      let swap: Swap | null = null;
      let signedIn = false;
      const session = opts.session
        ? await app.db.kysely
            .selectFrom('sessions')
            .selectAll()
            .where('id', '=', opts.session.id)
            .executeTakeFirst()
        : undefined;
      try {
        const run = async (inside: (trx: import('kysely').Transaction<unknown>) => Promise<void>) => {
          if (parts.includes('db'))
            await restoreDatabase(
              app,
              manifest.tables.map((t) => ({
                name: t.name,
                columns: t.columns,
                file: path.join(staging, t.path),
              })),
              inside,
            );
          else await inside(null as never);
        };
        await run(async (trx) => {
          // Rows from before a migration are changed as that migration changed the rows it found.
          if (trx) {
            const seen = new Set(manifest.migrations);
            for (const [name, upgrade] of Object.entries(DATA_UPGRADES))
              if (!seen.has(name)) await upgrade(trx as unknown as Parameters<typeof upgrade>[0]);
          }
          if (trx && session && opts.session) {
            // biome-ignore lint/suspicious/noExplicitAny: the transaction is untyped here
            const t = trx as any;
            const user = await t
              .selectFrom('users')
              .select(['id', 'enabled'])
              .where('id', '=', opts.session.userId)
              .where('username', '=', opts.session.username)
              .executeTakeFirst();
            if (user && Number(user.enabled) === 1) {
              await t.insertInto('sessions').values(session).execute();
              signedIn = true;
            }
          } else if (!trx) signedIn = true;
          swap = await swapFolders(app, staging, parts);
        });
      } catch (e) {
        await (swap as Swap | null)
          ?.undo()
          .catch((u) => app.log.error({ err: u }, 'restore: undoing the file swap failed'));
        if (e instanceof BackupError || e instanceof ApiError) throw e;
        app.log.error({ err: e }, 'restore failed; nothing was changed');
        throw new BackupError(texts('backup.restoreFailedNothingChanged', { message: (e as Error).message }));
      }
      await (swap as Swap | null)?.cleanup();
      // Caches hold the old data; menus follow the contract as at every start.
      for (const c of app.caches.values()) c.clear();
      if (parts.includes('db'))
        await seed(app).catch((e) => app.log.error({ err: e }, 'restore: re-seeding failed'));
      return {
        restored: parts,
        pre_restore_id: pre.id,
        tables: manifest.tables.length,
        files: manifest.files.length,
        signed_in: signedIn,
        origin,
        manifest: {
          app_version: manifest.app_version,
          schema_version: manifest.schema_version,
          created_at: manifest.created_at,
          type: manifest.type,
          note: manifest.note,
        },
      };
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  });
}
