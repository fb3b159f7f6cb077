import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Lang } from '@igs/contract';
import { listText, texts } from '@igs/contract';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { deviceSecret, gatewayId } from '../../platform/auth/device-secrets.ts';
import type { RestoreLimits } from '../../platform/config.ts';
import { migrations } from '../../platform/db/database.ts';
import { readTar, TarError, type TarSource, writeTar } from '../../platform/lib/tar.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { PRODUCT } from '../../platform/licence/licence.ts';
import { untyped } from '../../platform/resources/queries.ts';
import { BUILD, VERSION } from '../../platform/version.ts';
import { decryptedStream, encryptStage, isEncryptedFile, PassphraseError } from './crypto.ts';
import { backupTables, type DumpedTable, dumpTable, readTableFile } from './database-dump.ts';

/**
 * The backup archive: a gzip'd tar, optionally encrypted (crypto.ts), holding
 * - `db/<table>.jsonl`: every table (database-dump.ts),
 * - `configs/…`: the generated configuration under DATA_DIR/etc,
 * - `uploads/…`: uploaded files under DATA_DIR/uploads,
 * - `manifest.json`: product, versions, schema (every migration applied), time, and the size and
 *   SHA-256 of every other entry,
 * - `manifest.sig` (last): the gateway that made it and an HMAC-SHA256 of manifest.json's bytes
 *   with that gateway's backup key (auth/device-secrets.ts, never inside a backup). The manifest
 *   holds every entry's hash, so the signature authenticates the whole archive: someone who can
 *   upload a file but does not hold the key cannot make one this gateway accepts as its own.
 */

export const BACKUP_FORMAT = 'igs-backup-v1';
export const PARTS = ['db', 'configs', 'uploads'] as const;
export type Part = (typeof PARTS)[number];

/** The DATA_DIR folder of each file part. */
export const PART_DIRS: Readonly<Record<Exclude<Part, 'db'>, string>> = {
  configs: 'etc',
  uploads: 'uploads',
};

const FileEntry = z.object({
  path: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().length(64),
});

export const Manifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  product: z.string(),
  app_version: z.string(),
  build: z.string(),
  schema_version: z.string(),
  migrations: z.array(z.string()),
  created_at: z.string(),
  type: z.string(),
  note: z.string(),
  source_database: z.string(),
  contents: z.array(z.enum(PARTS)),
  tables: z.array(
    FileEntry.extend({
      name: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/),
      rows: z.number().int().min(0),
      columns: z.array(z.string()),
    }),
  ),
  files: z.array(FileEntry),
});
export type Manifest = z.infer<typeof Manifest>;

const SIGNATURE_FORMAT = 'igs-backup-sig-v1';
const Signature = z.object({
  format: z.literal(SIGNATURE_FORMAT),
  gateway: z.string().max(64),
  hmac: z.string().regex(/^[0-9a-f]{64}$/),
});

async function signManifest(app: AppContext, manifest: Buffer): Promise<Buffer> {
  const hmac = createHmac('sha256', await deviceSecret(app, 'backup-archives'))
    .update(manifest)
    .digest('hex');
  const sig = { format: SIGNATURE_FORMAT, gateway: await gatewayId(app), hmac };
  return Buffer.from(JSON.stringify(sig), 'utf8');
}

/**
 * Who made an archive, as far as this gateway can tell: `own` when the signature holds with this
 * gateway's key; `foreign` when it carries no signature (another product version, or forged) or
 * another gateway's; `altered` when it names this gateway but the signature fails.
 */
export type Origin = 'own' | 'foreign' | 'altered';

async function archiveOrigin(app: AppContext, manifest: Buffer, sigText: Buffer | null): Promise<Origin> {
  if (!sigText) return 'foreign';
  let parsed: z.infer<typeof Signature>;
  try {
    parsed = Signature.parse(JSON.parse(sigText.toString('utf8')));
  } catch {
    return 'foreign';
  }
  if (parsed.gateway !== (await gatewayId(app))) return 'foreign';
  const expected = createHmac('sha256', await deviceSecret(app, 'backup-archives'))
    .update(manifest)
    .digest();
  const given = Buffer.from(parsed.hmac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'own' : 'altered';
}

export type Text = Record<Lang, string>;

/** A refusal with a message in both languages. */
export class BackupError extends Error {
  readonly text: Text;
  /** A code the console acts on (FOREIGN_ARCHIVE), beside the message. */
  readonly reason: string | undefined;
  constructor(text: Text, reason?: string) {
    super(text.en);
    this.text = text;
    this.reason = reason;
  }
}

/** A refusal the console answers by offering to accept a foreign archive (BackupError.reason). */
export const FOREIGN_ARCHIVE = 'foreign_archive';

/**
 * An archive this gateway did not sign. Only an encrypted one can be accepted (its passphrase
 * authenticates it), so only then does the refusal carry FOREIGN_ARCHIVE for the console to offer it.
 */
const notOurs = (origin: Exclude<Origin, 'own'>, encrypted: boolean) => {
  const why: Text =
    origin === 'altered'
      ? texts('backup.backupFailsAuthenticationChanged')
      : texts('backup.backupNotMadeGateway');
  return encrypted
    ? new BackupError(texts('backup.administratorCanAcceptBackup', { why }), FOREIGN_ARCHIVE)
    : new BackupError(texts('backup.notEncryptedSoCannot', { why }));
};

const damaged = (why: string) => new BackupError(texts('backup.backupFileDamagedNot', { why }));

/** Backups go over every table by name, as the database lists them. */
const anyDb = (app: AppContext) => untyped(app.db.kysely);

export function backupsDir(app: AppContext): string {
  return path.join(app.config.dataDir, 'backups');
}

/** Applied migrations, oldest first: the schema a backup was made with. */
// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration table is not in the typed schema
async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const r = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return r.rows.map((x) => x.name);
}

/** Regular files under a folder, as paths relative to it; dot-files (partial uploads) and links are left out. */
async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name.startsWith('.')) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) out.push(child);
    }
  };
  await walk('');
  return out;
}

async function* hashing(
  source: AsyncIterable<Uint8Array>,
  into: { hash: ReturnType<typeof createHash>; size: number },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    into.hash.update(chunk);
    into.size += chunk.length;
    yield chunk;
  }
}

export interface WriteOptions {
  contents: readonly Part[];
  passphrase?: string | undefined;
  type: string;
  note: string;
  /** Names the work folder (`.work-<id>`), so that an unfinished backup's files can be found. */
  workId?: string | undefined;
}

/** Writes a backup archive to `outFile`; returns its size, SHA-256 and manifest. */
export async function writeArchive(
  app: AppContext,
  opts: WriteOptions,
  outFile: string,
): Promise<{ size: number; sha256: string; manifest: Manifest }> {
  const work = path.join(backupsDir(app), `.work-${opts.workId ?? randomUUID()}`);
  await fs.mkdir(path.join(work, 'db'), { recursive: true });
  try {
    const db = app.db.kysely;
    const dumped: DumpedTable[] = [];
    let applied: string[] = await appliedMigrations(db);
    if (opts.contents.includes('db')) {
      // One transaction, so the tables are a consistent snapshot (repeatable read on PostgreSQL;
      // SQLite serialises the connection meanwhile).
      const tx =
        app.db.kind === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
      await tx.execute(async (trx) => {
        applied = await appliedMigrations(trx);
        const anyTrx = untyped(trx);
        for (const t of await backupTables(anyTrx, app.db.kind))
          dumped.push(await dumpTable(anyTrx, app.db.kind, t, path.join(work, 'db', `${t.name}.jsonl`)));
      });
    }

    const files: {
      name: string;
      open: () => AsyncIterable<Uint8Array>;
      size: number;
      mtimeMs: number;
    }[] = [];
    if (opts.contents.includes('configs')) {
      // This machine's generated host configuration: always its own disk.
      const root = path.join(app.config.dataDir, PART_DIRS.configs);
      for (const rel of await listFiles(root)) {
        const abs = path.join(root, rel);
        const st = await fs.stat(abs);
        files.push({
          name: `configs/${rel}`,
          open: () => createReadStream(abs),
          size: st.size,
          mtimeMs: st.mtimeMs,
        });
      }
    }
    if (opts.contents.includes('uploads')) {
      // Uploaded files: from the file store (platform/files), the deployment's shared one.
      for (const f of await app.files.list(`${PART_DIRS.uploads}/`)) {
        const rel = f.key.slice(PART_DIRS.uploads.length + 1);
        files.push({
          name: `uploads/${rel}`,
          open: async function* () {
            yield* (await app.files.get(f.key)) as AsyncIterable<Uint8Array>;
          },
          size: f.size,
          mtimeMs: f.modifiedAt,
        });
      }
    }

    const fileHashes: { path: string; size: number; sha256: string }[] = [];
    const now = app.now();
    async function* entries(): AsyncGenerator<TarSource> {
      for (const t of dumped) {
        yield {
          name: `db/${t.name}.jsonl`,
          size: t.size,
          mtimeMs: now,
          body: () => createReadStream(path.join(work, 'db', `${t.name}.jsonl`)),
        };
      }
      for (const f of files) {
        const tap = { hash: createHash('sha256'), size: 0 };
        yield {
          name: f.name,
          size: f.size,
          mtimeMs: f.mtimeMs,
          body: () => hashing(f.open(), tap),
        };
        fileHashes.push({ path: f.name, size: f.size, sha256: tap.hash.digest('hex') });
      }
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        product: PRODUCT,
        app_version: VERSION,
        build: BUILD,
        schema_version: applied[applied.length - 1] ?? '',
        migrations: applied,
        created_at: formatDateTime(now),
        type: opts.type,
        note: opts.note,
        source_database: app.db.kind,
        contents: [...opts.contents],
        tables: dumped.map((t) => ({
          name: t.name,
          path: `db/${t.name}.jsonl`,
          rows: t.rows,
          columns: t.columns,
          size: t.size,
          sha256: t.sha256,
        })),
        files: fileHashes,
      };
      result.manifest = manifest;
      const body = Buffer.from(JSON.stringify(manifest, null, 1), 'utf8');
      yield {
        name: 'manifest.json',
        size: body.length,
        mtimeMs: now,
        body: async function* () {
          yield body;
        },
      };
      const sig = await signManifest(app, body);
      yield {
        name: 'manifest.sig',
        size: sig.length,
        mtimeMs: now,
        body: async function* () {
          yield sig;
        },
      };
    }
    const result: { manifest?: Manifest } = {};
    const total = { hash: createHash('sha256'), size: 0 };
    const stages: ((s: AsyncIterable<Buffer>) => AsyncIterable<Buffer>)[] = [];
    if (opts.passphrase) stages.push(await encryptStage(opts.passphrase));
    await pipeline(
      Readable.from(writeTar(entries())),
      createGzip({ level: 6 }),
      ...(stages as []),
      (src: AsyncIterable<Uint8Array>) => hashing(src, total),
      createWriteStream(outFile, { mode: 0o600 }),
    );
    return { size: total.size, sha256: total.hash.digest('hex'), manifest: result.manifest! };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

const ENTRY_DB = /^db\/([a-z_][a-z0-9_]{0,62})\.jsonl$/;
const MANIFEST_MAX = 64 * 1024 * 1024;
const SIGNATURE_MAX = 4096;

export type { RestoreLimits };

export const DEFAULT_RESTORE_LIMITS: RestoreLimits = {
  maxEntries: 200_000,
  maxBytes: 64 * 1024 ** 3,
  ratio: 100,
  slackBytes: 64 * 1024 ** 2,
  keepFreeBytes: 256 * 1024 ** 2,
};

const tooBig = (what: Text) => new BackupError(texts('backup.backupRefusedBeforeUnpacked', { what }));

/** The bytes an archive may unpack to on this disk, by the limits above. */
async function expansionBudget(file: string, dir: string, limits: RestoreLimits): Promise<number> {
  const { size } = await fs.stat(file);
  let budget = Math.min(limits.maxBytes, size * limits.ratio + limits.slackBytes);
  const disk = await fs.statfs(dir).catch(() => null);
  if (disk) budget = Math.min(budget, Math.max(0, disk.bavail * disk.bsize - limits.keepFreeBytes));
  return budget;
}

/** Counts the bytes unpacked so far and stops the restore once they pass the budget. */
async function* capped(source: AsyncIterable<Uint8Array>, budget: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > budget) throw tooBig(texts('backup.unpacksMoreThanMb', { megabytes: megabytes(budget) }));
    yield chunk;
  }
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

export interface Staged {
  manifest: Manifest;
  dir: string;
  origin: Origin;
}

export interface ExtractOptions {
  passphrase?: string | undefined;
  /**
   * An administrator accepts an archive that this gateway did not make (or whose signature fails):
   * allowed only for an encrypted archive with its passphrase, whose encryption authenticates it.
   */
  acceptForeign?: boolean | undefined;
  limits?: RestoreLimits | undefined;
  /**
   * The SHA-256 this server recorded when it made the file (a stored backup restored by id): an
   * archive without a valid signature whose bytes are exactly those is this gateway's own, made by
   * a release from before archives were signed (an automatic or pre-upgrade backup to roll back to).
   */
  recordedSha256?: string | undefined;
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Which migrations this server knows (its schema), in order. */
function knownMigrations(app: AppContext): string[] {
  return Object.keys(migrations(app.db.kind)).sort();
}

/**
 * Unpacks an archive into `staging` and checks all of it before anything is restored: the
 * passphrase, the work it takes (entries, unpacked bytes), the gzip and tar structure, safe names,
 * who made it (the signature), the manifest, the size and SHA-256 of every entry, nothing missing
 * or extra, the schema (no migration this server does not know), every table and column known
 * here, and every row line well-formed.
 */
export async function extractArchive(
  app: AppContext,
  file: string,
  opts: ExtractOptions,
  staging: string,
): Promise<Staged> {
  const { passphrase } = opts;
  const limits = opts.limits ?? DEFAULT_RESTORE_LIMITS;
  const encrypted = await isEncryptedFile(file);
  let source: AsyncIterable<Buffer>;
  if (encrypted) {
    if (!passphrase) throw new BackupError(texts('backup.backupEncryptedEnterPassphrase'));
    try {
      source = await decryptedStream(file, passphrase);
    } catch (e) {
      if (e instanceof PassphraseError) throw new BackupError(texts('backup.wrongPassphraseBackup'));
      throw damaged((e as Error).message);
    }
  } else {
    source = createReadStream(file);
  }
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: Buffer | null = null;
  let signatureText: Buffer | null = null;
  await fs.mkdir(staging, { recursive: true });
  const budget = await expansionBudget(file, staging, limits);
  let entries = 0;
  let declared = 0;
  const small = async (body: AsyncIterable<Buffer>) => {
    const parts: Buffer[] = [];
    for await (const c of body) parts.push(c);
    return Buffer.concat(parts);
  };
  try {
    await pipeline(
      source,
      createGunzip(),
      (src: AsyncIterable<Uint8Array>) => capped(src, budget),
      async (src: AsyncIterable<Uint8Array>) =>
        readTar(src, async (entry, body) => {
          if (++entries > limits.maxEntries)
            throw tooBig(texts('backup.holdsMoreThanEntries', { maxEntries: limits.maxEntries }));
          if (entry.type === 'directory') return;
          // The header says how large the entry is: refuse before writing a byte of it.
          declared += entry.size;
          if (declared > budget)
            throw tooBig(texts('backup.entriesAddUpMore', { megabytes: megabytes(budget) }));
          const { name } = entry;
          if (
            seen.has(name) ||
            (name === 'manifest.json' && manifestText) ||
            (name === 'manifest.sig' && signatureText)
          )
            throw damaged(`the entry ${name} appears twice`);
          if (name === 'manifest.json') {
            if (entry.size > MANIFEST_MAX) throw damaged('the manifest is too large');
            manifestText = await small(body);
            return;
          }
          if (name === 'manifest.sig') {
            if (entry.size > SIGNATURE_MAX) throw damaged('the signature is too large');
            signatureText = await small(body);
            return;
          }
          if (!ENTRY_DB.test(name) && !/^(configs|uploads)\/./.test(name))
            throw damaged(`unexpected entry "${name.slice(0, 200)}"`);
          const target = path.join(staging, name);
          await fs.mkdir(path.dirname(target), { recursive: true });
          const tap = { hash: createHash('sha256'), size: 0 };
          await pipeline(hashing(body, tap), createWriteStream(target));
          seen.set(name, { size: tap.size, sha256: tap.hash.digest('hex') });
        }),
    );
  } catch (e) {
    if (e instanceof BackupError) throw e;
    if (e instanceof TarError) throw damaged(e.message);
    const code = (e as { code?: string }).code ?? '';
    if (code.startsWith('Z_') || /integrity|truncated|header/i.test((e as Error).message))
      throw damaged((e as Error).message);
    throw e;
  }
  if (!manifestText) throw damaged('it has no manifest.json');
  let origin = await archiveOrigin(app, manifestText, signatureText);
  if (origin !== 'own' && opts.recordedSha256 && (await fileSha256(file)) === opts.recordedSha256)
    origin = 'own';
  if (origin !== 'own') {
    if (!opts.acceptForeign) throw notOurs(origin, encrypted);
    // Only the passphrase authenticates an archive this gateway did not sign: the decryption above
    // checked it (GCM) all the way to the end.
    if (!encrypted) throw new BackupError(texts('backup.onlyEncryptedBackupCan'));
  }
  let json: unknown;
  try {
    json = JSON.parse((manifestText as Buffer).toString('utf8'));
  } catch {
    throw damaged('manifest.json is not JSON');
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw damaged(`manifest.json: ${i.path.join('.') || 'format'} ${i.message}`);
  }
  const manifest = parsed.data;
  if (manifest.product !== PRODUCT) throw damaged(`it belongs to the product "${manifest.product}"`);

  const known = new Set(knownMigrations(app));
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length)
    throw new BackupError(
      texts('backup.newerVersion', {
        version: manifest.app_version,
        schema: manifest.schema_version,
        ours: VERSION,
        unknown: listText(unknown),
      }),
    );

  // Every entry listed with its size and hash; nothing else in the archive.
  const listed = [...manifest.tables, ...manifest.files];
  for (const f of listed) {
    const got = seen.get(f.path);
    if (!got) throw damaged(`${f.path} is missing`);
    if (got.size !== f.size || got.sha256 !== f.sha256) throw damaged(`${f.path} fails its checksum`);
  }
  if (listed.length !== seen.size) {
    const names = new Set(listed.map((f) => f.path));
    const extra = [...seen.keys()].find((n) => !names.has(n));
    throw damaged(`${extra} is not in the manifest`);
  }
  if (manifest.tables.length && !manifest.contents.includes('db'))
    throw damaged('tables without the db part');
  for (const f of manifest.files) {
    const part = f.path.split('/')[0] as Part;
    if (!manifest.contents.includes(part)) throw damaged(`${f.path} is outside the parts it lists`);
  }

  const current = new Map((await backupTables(anyDb(app), app.db.kind)).map((t) => [t.name, t]));
  for (const t of manifest.tables) {
    if (t.path !== `db/${t.name}.jsonl`) throw damaged(`table ${t.name} has an unexpected path`);
    const here = current.get(t.name);
    if (!here) throw new BackupError(texts('backup.backupHoldsTableServer', { name: t.name }));
    const missing = t.columns.filter((c) => !here.columns.includes(c));
    if (missing.length)
      throw new BackupError(
        texts('backup.backupSTableColumns', { name: t.name, missing: missing.join(', ') }),
      );
    let rows = 0;
    try {
      for await (const _ of readTableFile(path.join(staging, t.path), t.columns)) rows++;
    } catch (e) {
      throw damaged(`${t.path}: ${(e as Error).message}`);
    }
    if (rows !== t.rows) throw damaged(`${t.path} has ${rows} rows, the manifest says ${t.rows}`);
  }
  return { manifest, dir: staging, origin };
}
