import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, pruneAutoBackups } from '../src/features/backup/backups.ts';
import { backupTables } from '../src/features/backup/database-dump.ts';
import { addUser, grantRole, TEST_PASSWORD } from './support/accounts.ts';
import {
  download,
  entriesOf,
  pack,
  rawTarWithName,
  resign,
  uploadArchive,
} from './support/backup-archives.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const BACKUP = '/admin.php/system/backup_restore';
const LIVE_TYPE = '/admin.php/media/live_type';
const LIVE = '/admin.php/media/live';
const REGION = '/admin.php/system/region';
const EXTENSION = '/admin.php/voice/extension';
const LINK = '/admin.php/system/external_link';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0, 0x20, 0, 0, 0, 0x10]),
  Buffer.alloc(64, 7),
]);

type Rec = Record<string, unknown>;
type Backup = {
  id: number;
  file_name: string;
  type: string;
  size: number;
  sha256: string;
  encrypted: number;
  contents: string[];
};

/** Every backed-up table's rows, as sorted JSON texts (row order is not part of the content). */
async function snapshot(s: TestServer): Promise<Record<string, string[]>> {
  // biome-ignore lint/suspicious/noExplicitAny: every table
  const db = s.app.db.kysely as unknown as Kysely<any>;
  const out: Record<string, string[]> = {};
  for (const t of await backupTables(db, s.app.db.kind)) {
    const rows = (await db.selectFrom(t.name).selectAll().execute()) as Rec[];
    out[t.name] = rows
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.keys(r)
              .sort()
              .map((k) => [k, r[k]]),
          ),
        ),
      )
      .sort();
  }
  return out;
}

/** The snapshot without the operation log entries written after `afterId`. */
function withoutLogAfter(snap: Record<string, string[]>, afterId: number): Record<string, string[]> {
  return {
    ...snap,
    operation_log: snap.operation_log!.filter((r) => (JSON.parse(r) as { id: number }).id <= afterId),
  };
}

async function maxLogId(s: TestServer): Promise<number> {
  const r = await s.app.db.kysely
    .selectFrom('operation_log')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

async function fillModules(
  s: TestServer,
  token: string,
  tag: string,
): Promise<{ uploadId: string; uploadUrl: string }> {
  const call = (p: string, b: unknown) => s.call<{ id: number }>(p, b, { token });
  const cls = await call(LIVE_TYPE, {
    method: 'add',
    name: `央视${tag}`,
    name_en: `CCTV ${tag}`,
    code: `cctv${tag}`,
  });
  expect(cls.code).toBe(200);
  for (let i = 1; i <= 3; i++)
    expect(
      (
        await call(LIVE, {
          method: 'add',
          number: i,
          name: `频道${tag}-${i}`,
          name_en: `Channel ${tag}-${i}`,
          category_ids: [cls.data.id],
          url: `udp://239.1.1.${i}:5000`,
        })
      ).code,
    ).toBe(200);
  const region = await call(REGION, { method: 'add', name: `A栋${tag}`, type: 'building', code: `A${tag}` });
  expect(region.code).toBe(200);
  const ext = await call(EXTENSION, {
    method: 'add',
    extension: `80${tag.padStart(2, '0')}`,
    name: `Room ${tag}`,
    secret: 'Abcdefgh1234!x',
    call_permission: 'local',
    area_id: region.data.id,
  });
  expect(ext.code, ext.msg).toBe(200);
  expect(
    (await call(LINK, { method: 'add', title: `链接${tag}`, url: `https://example.com/${tag}` })).code,
  ).toBe(200);
  const fd = new FormData();
  fd.append('kind', 'image');
  fd.append('file', new Blob([new Uint8Array(PNG)]), `poster-${tag}.png`);
  const up = await s.call<{ id: string; url: string }>('/admin.php/common/upload', fd, { token });
  expect(up.code).toBe(200);
  return { uploadId: up.data.id, uploadUrl: up.data.url };
}

describeEachDb('backup and restore', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = unknown>(b: Rec, t = token) => s.call<T>(BACKUP, b, { token: t });
  const etcFile = () => path.join(s.dataDir, 'etc', 'dnsmasq.d', 'igs-dhcp.conf');

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('round trip: fill modules, back up, change everything, restore: every table and file as it was', async () => {
    const { uploadUrl } = await fillModules(s, token, '1');
    fs.mkdirSync(path.dirname(etcFile()), { recursive: true });
    fs.writeFileSync(etcFile(), 'dhcp-range=192.168.1.100,192.168.1.199,12h\n');
    const before = await snapshot(s);
    const logId = await maxLogId(s);

    const created = await call<Backup>({ method: 'create', note: 'before the change' });
    expect(created.code, created.msg).toBe(200);
    const b = created.data;
    expect(b.file_name).toMatch(/^backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(b).toMatchObject({ type: 'manual', encrypted: 0, contents: ['db', 'configs', 'uploads'] });
    expect(b).toMatchObject({ note: 'before the change', created_by: 'admin' });
    const file = await download(s, token, b.id);
    expect(file.length).toBe(b.size);
    expect(createHash('sha256').update(file).digest('hex')).toBe(b.sha256);
    const entries = await entriesOf(file);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({ format: 'igs-backup-v1', app_version: '0.1.0', source_database: kind });
    expect(manifest.schema_version).toBe(manifest.migrations.at(-1));
    expect(manifest.migrations).toContain('006-backups-upgrades');
    for (const t of manifest.tables)
      expect(createHash('sha256').update(entries.get(t.path)!).digest('hex')).toBe(t.sha256);
    expect([...entries.keys()]).toContain('configs/dnsmasq.d/igs-dhcp.conf');
    expect([...entries.keys()].some((n) => n.startsWith('uploads/files/'))).toBe(true);
    expect([...entries.keys()].some((n) => n.startsWith('db/sessions'))).toBe(false);

    // Change everything: delete, add, edit settings, replace files.
    const list = await s.call<{ list: { id: number }[] }>(LIVE, { method: 'list' }, { token });
    expect(
      (await s.call(LIVE, { method: 'del', ids: list.data.list.map((r) => r.id) }, { token })).code,
    ).toBe(200);
    await fillModules(s, token, '2');
    expect((await call({ method: 'config_form', auto_cron: '0 3 * * *', keep_count: 3 })).code).toBe(200);
    fs.writeFileSync(etcFile(), 'changed\n');
    fs.writeFileSync(path.join(s.dataDir, 'etc', 'new.conf'), 'new\n');
    expect(await snapshot(s)).not.toEqual(before);

    const r = await call<{ restored: string[]; pre_restore_id: number; signed_in: boolean }>({
      method: 'restore',
      id: b.id,
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ restored: ['db', 'configs', 'uploads'], signed_in: true });

    expect(withoutLogAfter(await snapshot(s), logId)).toEqual(before);
    expect(fs.readFileSync(etcFile(), 'utf8')).toBe('dhcp-range=192.168.1.100,192.168.1.199,12h\n');
    expect(fs.existsSync(path.join(s.dataDir, 'etc', 'new.conf'))).toBe(false);
    const img = await fetch(s.url + uploadUrl);
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    // The restore itself is logged, and the restoring admin is still signed in.
    const log = await s.call<{ list: { module: string; action: string }[] }>(
      '/admin.php/system/logging',
      { method: 'list', limit: 1 },
      { token },
    );
    expect(log.data.list[0]).toMatchObject({ module: 'system:backup_restore', action: 'restore' });
    // A pre_restore backup was taken first.
    const all = await call<{ list: Backup[] }>({ method: 'list' });
    expect(all.data.list.find((x) => x.id === r.data.pre_restore_id)?.type).toBe('pre_restore');
  });

  it('ends other sessions on restore and keeps the restoring one', async () => {
    const other = await s.login();
    const b = await call<Backup>({ method: 'create' });
    const r = await call({ method: 'restore', id: b.data.id });
    expect(r.code, r.msg).toBe(200);
    expect((await call({ method: 'list' })).code).toBe(200);
    // Ended by the restore, and told so (docs/api.md 1005), not "unknown token".
    const ended = await call({ method: 'list' }, other);
    expect(ended.code).toBe(1005);
    expect(ended.msg).toMatch(/restore/i);
  });

  it('encrypts with a passphrase; refuses a missing or wrong one clearly and changes nothing', async () => {
    expect((await call({ method: 'create', passphrase: 'short' })).msg).toBe(
      'passphrase: at least 8 characters',
    );
    const b = await call<Backup>({ method: 'create', passphrase: 'correct horse', note: 'enc' });
    expect(b.code, b.msg).toBe(200);
    expect(b.data.encrypted).toBe(1);
    expect(b.data.file_name).toMatch(/^backup-\d{8}-\d{6}\.tar\.gz\.enc$/);
    const raw = await download(s, token, b.data.id);
    expect(raw.subarray(0, 8).toString('latin1')).toBe('IGSBKENC');
    expect(raw.includes(Buffer.from('admin'))).toBe(false);
    const count = async () => (await call<{ total: number }>({ method: 'list' })).data.total;
    const n = await count();
    const logId = await maxLogId(s);
    const snap = withoutLogAfter(await snapshot(s), logId);
    expect(await call({ method: 'restore', id: b.data.id })).toMatchObject({
      code: 422,
      msg: 'This backup is encrypted: enter its passphrase',
    });
    expect(await call({ method: 'restore', id: b.data.id, passphrase: 'wrong horse' })).toMatchObject({
      code: 422,
      msg: 'Wrong passphrase for this backup',
    });
    const zh = await s.call(
      BACKUP,
      { method: 'restore', id: b.data.id, passphrase: 'x' },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.msg).toBe('备份密码错误');
    expect(await count()).toBe(n); // no pre_restore backup was taken
    expect(withoutLogAfter(await snapshot(s), logId)).toEqual(snap);
    const ok = await call({ method: 'restore', id: b.data.id, passphrase: 'correct horse' });
    expect(ok.code, ok.msg).toBe(200);
  });

  it('refuses corrupt, tampered, unsafe, newer and unknown archives before touching anything', async () => {
    const b = await call<Backup>({ method: 'create' });
    const good = await download(s, token, b.data.id);
    const entries = await entriesOf(good);
    const count = async () => (await call<{ total: number }>({ method: 'list' })).data.total;
    // One upload first: the first upload of a server makes its file-signing secret (a setting).
    await uploadArchive(s, token, Buffer.from('warm-up'));
    const n = await count();
    const logId = await maxLogId(s);
    const snap = withoutLogAfter(await snapshot(s), logId);
    const importing = async (data: Buffer) =>
      call({ method: 'import', file: await uploadArchive(s, token, data) });

    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    expect((await importing(flipped)).msg).toMatch(
      /^The backup file is damaged or is not a backup of this product/,
    );
    expect((await importing(good.subarray(0, good.length - 100))).msg).toMatch(/damaged/);

    const tampered = new Map(entries);
    tampered.set(
      'db/settings.jsonl',
      Buffer.concat([entries.get('db/settings.jsonl')!, Buffer.from('["x","y"]\n')]),
    );
    expect((await importing(await pack(tampered))).msg).toMatch(/db\/settings\.jsonl fails its checksum/);

    const extra = new Map(entries);
    extra.set('uploads/files/extra.bin', Buffer.from('x'));
    expect((await importing(await pack(extra))).msg).toMatch(
      /uploads\/files\/extra\.bin is not in the manifest/,
    );

    expect((await importing(rawTarWithName('../../etc/passwd', Buffer.from('x')))).msg).toMatch(
      /unsafe path/,
    );
    expect((await importing(rawTarWithName('/etc/passwd', Buffer.from('x')))).msg).toMatch(/unsafe path/);

    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    const newer = new Map(entries);
    newer.set(
      'manifest.json',
      Buffer.from(JSON.stringify({ ...manifest, migrations: [...manifest.migrations, '999-future'] })),
    );
    // Changed after it was signed: refused as altered before any other check.
    expect((await importing(await pack(newer))).msg).toMatch(/^This backup fails its authentication/);
    // Signed by this gateway (a newer release of it, say): the schema check speaks.
    expect((await importing(await pack(await resign(s, newer)))).msg).toMatch(
      /^This backup was made by a newer version/,
    );

    const unknownTable = new Map(entries);
    unknownTable.set('db/no_such_table.jsonl', Buffer.from('["id"]\n[1]\n'));
    const data = entries.get('db/settings.jsonl')!;
    void data;
    unknownTable.set(
      'manifest.json',
      Buffer.from(
        JSON.stringify({
          ...manifest,
          tables: [
            ...manifest.tables,
            {
              name: 'no_such_table',
              path: 'db/no_such_table.jsonl',
              rows: 1,
              columns: ['id'],
              size: 11,
              sha256: createHash('sha256').update('["id"]\n[1]\n').digest('hex'),
            },
          ],
        }),
      ),
    );
    expect((await importing(await pack(await resign(s, unknownTable)))).msg).toBe(
      'The backup holds the table "no_such_table", which this server does not have',
    );
    expect((await importing(Buffer.from('not a backup at all, just text'))).code).toBe(422);

    expect(await count()).toBe(n);
    expect(withoutLogAfter(await snapshot(s), logId)).toEqual(snap);
    // Nothing left behind in the backups folder but the stored archives.
    const leftovers = fs.readdirSync(path.join(s.dataDir, 'backups')).filter((f) => f.startsWith('.'));
    expect(leftovers).toEqual([]);
    // Nor in the file store (a claimed upload is kept there under a dot-name while it is restored).
    const stored = (await s.app.files.list('backups/')).map((f) => f.key.slice('backups/'.length));
    expect(stored.filter((f) => f.startsWith('.'))).toEqual([]);
    // And the good archive still restores through the same upload path.
    expect((await importing(good)).code).toBe(200);
  });

  it('keeps N automatic backups; settings are validated', async () => {
    expect((await call({ method: 'config_form', auto_cron: 'every day', keep_count: 2 })).code).toBe(422);
    expect((await call({ method: 'config_form', auto_cron: '', keep_count: 0 })).msg).toBe(
      'keep_count must be between 1 and 365',
    );
    expect((await call({ method: 'config_form', auto_cron: '30 2 * * *', keep_count: 2 })).code).toBe(200);
    const cfg = await call<{ auto_cron: string; keep_count: number; next_run_at: string }>({
      method: 'config',
    });
    expect(cfg.data).toMatchObject({ auto_cron: '30 2 * * *', keep_count: 2 });
    expect(cfg.data.next_run_at).toMatch(/^\d{4}-\d{2}-\d{2} 02:30:00$/);
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        await createBackup(s.app, { type: 'auto', note: `auto ${i}`, by: 'system', contents: ['db'] }),
      );
      s.clock.advance(1000);
    }
    expect(await pruneAutoBackups(s.app)).toBe(1);
    const autos = await call<{ list: Backup[] }>({ method: 'list', filter: { type: 'auto' } });
    expect(autos.data.list.map((x) => x.id)).toEqual([made[2]!.id, made[1]!.id]);
    const stored = await s.app.db.kysely.selectFrom('backups').select('stored').execute();
    const archives = (await s.app.files.list('backups/')).map((f) => f.key.slice('backups/'.length));
    expect(archives.sort()).toEqual(stored.map((x) => x.stored).sort());
  });

  it('needs the menu and the buttons', async () => {
    const roleId = await grantRole(s, { name: 'backup_viewer', endpoints: [BACKUP] });
    await addUser(s, 'viewer1', roleId);
    await addUser(s, 'nobody1', roleId);
    const viewer = await s.login('viewer1', TEST_PASSWORD);
    expect((await call({ method: 'list' }, viewer)).code).toBe(200);
    const b = await call<Backup>({ method: 'create' });
    for (const [body, key] of [
      [{ method: 'create' }, 'create'],
      [{ method: 'restore', id: b.data.id }, 'restore'],
      [{ method: 'del', ids: [b.data.id] }, 'del'],
      [{ method: 'export', id: b.data.id }, 'export'],
      [{ method: 'config_form', keep_count: 3 }, 'edit'],
    ] as const) {
      const r = await call(body, viewer);
      expect(r.code).toBe(403);
      expect(r.msg).toContain(`system:backup_restore:${key}`);
    }
    const viewerRole = await grantRole(s, { name: 'no_menus' });
    await s.app.db.kysely
      .updateTable('users')
      .set({ role_id: viewerRole })
      .where('username', '=', 'nobody1')
      .execute();
    const nobody = await s.login('nobody1', 'admin123');
    expect((await call({ method: 'list' }, nobody)).code).toBe(403);
  });
});

describe('a backup moves between databases', () => {
  let lite: TestServer;
  let pg: TestServer | null = null;
  beforeAll(async () => {
    lite = await startServer('sqlite');
    pg = await startServer('postgres').catch(() => null);
  });
  afterAll(async () => {
    await lite.close();
    await pg?.close();
  });

  it('SQLite to PostgreSQL and back, with identical table contents', async (t) => {
    if (!pg) return t.skip();
    const liteToken = await lite.login();
    const pgToken = await pg.login();
    await fillModules(lite, liteToken, '5');
    const before = await snapshot(lite);
    // Another gateway's backup is accepted only encrypted, with its passphrase, by explicit choice.
    const passphrase = 'moving house 42';
    const b = await lite.call<Backup>(BACKUP, { method: 'create', passphrase }, { token: liteToken });
    const archive = await download(lite, liteToken, b.data.id);

    const r = await pg.call(
      BACKUP,
      {
        method: 'import',
        file: await uploadArchive(pg, pgToken, archive),
        passphrase,
        accept_foreign: 1,
      },
      { token: pgToken },
    );
    expect(r.code, r.msg).toBe(200);
    const onPg = await snapshot(pg);
    const logId = Math.max(...before.operation_log!.map((x) => (JSON.parse(x) as { id: number }).id));
    expect(withoutLogAfter(onPg, logId)).toEqual(before);

    // And back: the PostgreSQL backup restores into a fresh SQLite server.
    const pgLog = await maxLogId(pg);
    const pgBefore = withoutLogAfter(await snapshot(pg), pgLog);
    const back = await pg.call<Backup>(BACKUP, { method: 'create', passphrase }, { token: pgToken });
    const archive2 = await download(pg, pgToken, back.data.id);
    const lite2 = await startServer('sqlite');
    try {
      const t2 = await lite2.login();
      const r2 = await lite2.call(
        BACKUP,
        { method: 'import', file: await uploadArchive(lite2, t2, archive2), passphrase, accept_foreign: 1 },
        { token: t2 },
      );
      expect(r2.code, r2.msg).toBe(200);
      expect(withoutLogAfter(await snapshot(lite2), pgLog)).toEqual(pgBefore);
    } finally {
      await lite2.close();
    }
  });
});
