import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { ADMIN_ONLY_BUTTONS, SystemAdminPaths } from '@igs/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readSmallFile } from '../src/platform/files/index.ts';
import { writeTar } from '../src/platform/lib/tar.ts';
import { download, entriesOf, pack, resign, uploadArchive } from './support/backup-archives.ts';
import { storedUploadNames } from './support/files.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

/**
 * Restore cannot make anyone an administrator (issue 12, item 1): only administrators restore,
 * only administrator roles may be granted the restore buttons, archives are authenticated as this
 * gateway's own (another gateway's only encrypted, with its passphrase, by explicit choice), and the
 * work of unpacking is bounded. Every refusal changes nothing.
 */

const BACKUP = '/admin.php/system/backup_restore';
type Rec = Record<string, unknown>;

/** An archive whose only entry unpacks to `bytes` zero bytes (gzip packs it about 1,000 to 1). */
async function expansionBomb(bytes: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  const tar = writeTar([
    {
      name: 'uploads/files/zeros.bin',
      size: bytes,
      body: async function* () {
        for (let left = bytes; left > 0; left -= chunk.length)
          yield chunk.subarray(0, Math.min(left, chunk.length));
      },
    },
  ]);
  const out: Buffer[] = [];
  for await (const c of Readable.from(tar).pipe(createGzip({ level: 9 }))) out.push(c as Buffer);
  return Buffer.concat(out);
}

/** Every user row, sorted, and the number of stored backups: what a refused restore must leave as it was. */
async function state(s: TestServer) {
  const users = await s.app.db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'role_id'])
    .orderBy('id')
    .execute();
  const backups = await s.app.db.kysely.selectFrom('backups').select('id').execute();
  return { users, backups: backups.length };
}

function leftovers(s: TestServer): string[] {
  return fs
    .readdirSync(path.join(s.dataDir, 'backups'))
    .filter((f) => f.startsWith('.') && !f.startsWith('.upload'));
}

describeEachDb('restore cannot make anyone an administrator', (kind) => {
  let s: TestServer;
  let admin: string;
  const call = <T = unknown>(b: Rec, t: string) => s.call<T>(BACKUP, b, { token: t });

  beforeAll(async () => {
    s = await startServer(kind, { restoreLimits: { maxEntries: 400 } });
    admin = await s.login();
  });
  afterAll(async () => s.close());

  /** A role that is not an administrator but holds the backup page with every button (an old grant). */
  const operator = (name: string) =>
    accountWith(
      s,
      name,
      [BACKUP],
      ['create', 'edit', 'del', 'export', 'import', 'restore'].map((b) => `system:backup_restore:${b}`),
    );

  it('a forged archive that adds an administrator is refused, from an operator and from an administrator', async () => {
    const made = await call<{ id: number }>({ method: 'create', contents: ['db'] }, admin);
    expect(made.code, made.msg).toBe(200);
    const entries = await entriesOf(await download(s, admin, made.data.id));
    // The forger adds an administrator account and recomputes the manifest's sums; the signature
    // cannot be recomputed without this gateway's key.
    const lines = entries.get('db/users.jsonl')!.toString('utf8').trimEnd().split('\n');
    const columns = JSON.parse(lines[0]!) as string[];
    const adminLine = lines
      .slice(1)
      .find((l) => (JSON.parse(l) as unknown[])[columns.indexOf('username')] === 'admin')!;
    const forged = JSON.parse(adminLine) as unknown[];
    forged[columns.indexOf('id')] = 990_001;
    forged[columns.indexOf('username')] = 'mallory';
    const usersFile = Buffer.from(`${[...lines, JSON.stringify(forged)].join('\n')}\n`);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    for (const t of manifest.tables)
      if (t.name === 'users')
        Object.assign(t, {
          rows: t.rows + 1,
          size: usersFile.length,
          sha256: createHash('sha256').update(usersFile).digest('hex'),
        });
    const tampered = new Map(entries);
    tampered.set('db/users.jsonl', usersFile);
    tampered.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
    const archive = await pack(tampered);
    const withoutSignature = new Map(tampered);
    withoutSignature.delete('manifest.sig');

    const before = await state(s);
    const op = await operator('backup_operator');
    const byOperator = await call({ method: 'import', file: await uploadArchive(s, op, archive) }, op);
    expect(byOperator.code).toBe(403);
    expect(byOperator.msg).toBe(
      'Only an administrator can restore a backup: a restore replaces every account and permission',
    );
    const storedByOperator = await call({ method: 'restore', id: made.data.id }, op);
    expect(storedByOperator.code).toBe(403);

    for (const forgedArchive of [archive, await pack(withoutSignature)]) {
      const byAdmin = await call<{ reason?: string }>(
        { method: 'import', file: await uploadArchive(s, admin, forgedArchive) },
        admin,
      );
      expect(byAdmin.code).toBe(422);
      expect(byAdmin.msg).toMatch(
        /^This backup (fails its authentication|was not made by this gateway).* It is not encrypted/,
      );
      // Not encrypted: nothing to accept, so the console is not offered the choice.
      expect((byAdmin.data as Rec).reason).toBeUndefined();
    }
    // Even an administrator accepting a foreign archive needs it encrypted (the passphrase authenticates it).
    const accepted = await call(
      { method: 'import', file: await uploadArchive(s, admin, archive), accept_foreign: 1 },
      admin,
    );
    expect(accepted.msg).toBe(
      'Only an encrypted backup can be accepted from another gateway: make it again there with a passphrase',
    );

    const after = await state(s);
    expect(after.users.filter((u) => u.username !== 'backup_operator')).toEqual(before.users);
    expect(after.backups).toBe(before.backups);
    expect(leftovers(s)).toEqual([]);
    const mallory = await s.call('/admin.php/common/login', {
      username: 'mallory',
      password: createHash('sha256').update('admin123').digest('hex'),
      is_operations: 0,
    });
    expect(mallory.code).not.toBe(200);
  });

  it('the restore buttons can be granted to administrator roles only, and the refusal says why', async () => {
    const menus = await s.call<{
      full: { id: number; name: string; buttons: string[]; children?: unknown[] }[];
    }>(SystemAdminPaths.systemMenu, {}, { token: admin });
    expect(menus.code).toBe(200);
    const db = s.app.db.kysely;
    const backupMenu = await db
      .selectFrom('menu_endpoints')
      .innerJoin('menus', 'menus.id', 'menu_endpoints.menu_id')
      .select(['menus.id', 'menus.parent_id'])
      .where('menu_endpoints.path', '=', BACKUP)
      .where('menus.mode', '=', 'full')
      .executeTakeFirstOrThrow();
    const menuIds = [backupMenu.id, ...(backupMenu.parent_id ? [backupMenu.parent_id] : [])];
    for (const key of ADMIN_ONLY_BUTTONS) {
      const r = await s.call(
        SystemAdminPaths.authority,
        {
          method: 'add',
          name: `restorer_${key.split(':').pop()}`,
          mode: 'full',
          menu_ids: menuIds,
          button_keys: [key],
        },
        { token: admin, headers: { 'accept-language': 'zh-CN' } },
      );
      expect(r.code).toBe(422);
      expect(r.msg).toContain('只能授予管理员角色');
    }
    const allowed = await s.call(
      SystemAdminPaths.authority,
      {
        method: 'add',
        name: 'backup_maker',
        mode: 'full',
        menu_ids: menuIds,
        button_keys: ['system:backup_restore:create', 'system:backup_restore:export'],
      },
      { token: admin },
    );
    expect(allowed.code, allowed.msg).toBe(200);
    const roles = await db.selectFrom('roles').select('name').execute();
    expect(roles.map((r) => r.name)).not.toContain('restorer_restore');
  });

  it("another gateway's archive: refused, unless an administrator accepts it encrypted with its passphrase", async () => {
    const other = await startServer(kind);
    try {
      const otherToken = await other.login();
      const passphrase = 'correct horse battery';
      const plain = await other.call<{ id: number }>(
        BACKUP,
        { method: 'create', contents: ['db'] },
        { token: otherToken },
      );
      const sealed = await other.call<{ id: number }>(
        BACKUP,
        { method: 'create', contents: ['db'], passphrase },
        { token: otherToken },
      );
      const plainArchive = await download(other, otherToken, plain.data.id);
      const sealedArchive = await download(other, otherToken, sealed.data.id);

      const before = await state(s);
      const importing = async (archive: Buffer, extra: Rec = {}) =>
        call<Rec>({ method: 'import', file: await uploadArchive(s, admin, archive), ...extra }, admin);
      const plainRefused = await importing(plainArchive);
      expect(plainRefused.msg).toBe(
        'This backup was not made by this gateway. It is not encrypted, so it cannot be accepted from elsewhere: make it again with a passphrase',
      );
      expect(plainRefused.data.reason).toBeUndefined();
      const sealedRefused = await importing(sealedArchive, { passphrase });
      expect(sealedRefused.msg).toBe(
        'This backup was not made by this gateway. An administrator can accept it as a backup from elsewhere by entering its passphrase',
      );
      expect(sealedRefused.data.reason).toBe('foreign_archive');
      expect((await importing(plainArchive, { accept_foreign: 1 })).msg).toMatch(/^Only an encrypted backup/);
      expect((await importing(sealedArchive, { accept_foreign: 1 })).msg).toBe(
        'This backup is encrypted: enter its passphrase',
      );
      expect((await importing(sealedArchive, { accept_foreign: 1, passphrase: 'wrong one' })).msg).toBe(
        'Wrong passphrase for this backup',
      );
      expect(await state(s)).toEqual(before);

      const ok = await importing(sealedArchive, { accept_foreign: 1, passphrase });
      expect(ok.code, ok.msg).toBe(200);
      expect(ok.data).toMatchObject({ origin: 'foreign', restored: ['db'] });
      // The archive did not bring the other gateway's keys: this one's own backups still verify.
      const own = await s.call<{ id: number }>(
        BACKUP,
        { method: 'create', contents: ['db'] },
        { token: admin },
      );
      expect(own.code, own.msg).toBe(200);
      const back = await call<Rec>({ method: 'restore', id: own.data.id }, admin);
      expect(back.code, back.msg).toBe(200);
      expect(back.data.origin).toBe('own');
    } finally {
      await other.close();
    }
  });

  it("an archive from before a migration: its rows are changed as that migration changed this gateway's", async () => {
    const db = s.app.db.kysely;
    const now = Date.now();
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    for (const username of ['old_ops', 'new_ops'])
      await db
        .insertInto('users')
        .values({
          username,
          password_hash: 'x',
          role_id: role.id,
          created_at: now,
          updated_at: now,
        })
        .execute();
    const made = await call<{ id: number }>({ method: 'create', contents: ['db'] }, admin);
    const entries = await entriesOf(await download(s, admin, made.data.id));
    const lines = entries.get('db/users.jsonl')!.toString('utf8').trimEnd().split('\n');
    const columns = JSON.parse(lines[0]!) as string[];
    const col = (name: string) => columns.indexOf(name);
    // As an older release wrote it: a plain developer key in the account row.
    const rows = lines.slice(1).map((l) => {
      const r = JSON.parse(l) as unknown[];
      if (r[col('username')] === 'old_ops') {
        r[col('developer_key')] = 'plain-old-key-1234';
        r[col('developer_status')] = 1;
      }
      return JSON.stringify(r);
    });
    const usersFile = Buffer.from(`${[lines[0], ...rows].join('\n')}\n`);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    const table = manifest.tables.find((t: { name: string }) => t.name === 'users');
    Object.assign(table, {
      size: usersFile.length,
      sha256: createHash('sha256').update(usersFile).digest('hex'),
    });
    const older = (m: typeof manifest) => ({
      ...m,
      migrations: m.migrations.filter((x: string) => !/^0(21|25|33)-/.test(x)),
    });
    const build = async (mf: unknown) => {
      const e = new Map(entries);
      e.set('db/users.jsonl', usersFile);
      e.set('manifest.json', Buffer.from(JSON.stringify(mf)));
      return pack(await resign(s, e));
    };
    const sites = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('users')
            .select(['username', 'all_sites', 'developer_key'])
            .where('username', 'in', ['old_ops', 'new_ops'])
            .execute()
        ).map((u) => [u.username, `${u.all_sites ? '*' : ''}|${u.developer_key ?? ''}`]),
      );
    const before = await call(
      { method: 'import', file: await uploadArchive(s, admin, await build(older(manifest))) },
      admin,
    );
    expect(before.code, before.msg).toBe(200);
    // Made before "all sites" was explicit: blank meant every site, and still does; the plain key is ended.
    expect(await sites()).toEqual({ old_ops: '*|', new_ops: '*|' });
    const after = await call(
      { method: 'import', file: await uploadArchive(s, admin, await build(manifest)) },
      admin,
    );
    expect(after.code, after.msg).toBe(200);
    // Made after: blank means no site, and stays so.
    expect((await sites()).new_ops).toBe('|');
  });

  it('a stored backup made before archives were signed restores by id (its recorded hash vouches for it), not as an upload', async () => {
    const db = s.app.db.kysely;
    const made = await call<{ id: number }>({ method: 'create', contents: ['db'] }, admin);
    const row = await db
      .selectFrom('backups')
      .selectAll()
      .where('id', '=', made.data.id)
      .executeTakeFirstOrThrow();
    // Where the archive is kept: the data folder, or the shared file store with PostgreSQL.
    const file = `backups/${row.stored}`;
    // As an older release wrote it: no signature; the server recorded the file's hash then.
    const entries = await entriesOf(await readSmallFile(s.app.files, file, 64 * 1024 * 1024));
    entries.delete('manifest.sig');
    const unsigned = await pack(entries);
    await s.app.files.put(file, unsigned);
    const sha256 = createHash('sha256').update(unsigned).digest('hex');
    await db.updateTable('backups').set({ sha256, size: unsigned.length }).where('id', '=', row.id).execute();

    const restored = await call<Rec>({ method: 'restore', id: row.id }, admin);
    expect(restored.code, restored.msg).toBe(200);
    expect(restored.data.origin).toBe('own');
    // The same bytes uploaded carry no record of this server: not its own.
    const uploaded = await call({ method: 'import', file: await uploadArchive(s, admin, unsigned) }, admin);
    expect(uploaded.msg).toMatch(/^This backup was not made by this gateway/);
    // Changed on disk after it was recorded: neither signed nor as recorded.
    const changed = new Map(entries);
    changed.set('configs/extra.conf', Buffer.from('x'));
    await s.app.files.put(file, await pack(changed));
    expect((await call({ method: 'restore', id: row.id }, admin)).msg).toMatch(
      /^This backup was not made by this gateway/,
    );
  });

  it('an expansion bomb is refused before it is unpacked, and so is an archive of too many entries', async () => {
    const before = await state(s);
    const bomb = await expansionBomb(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r = await call({ method: 'import', file: await uploadArchive(s, admin, bomb) }, admin);
    expect(r.code).toBe(422);
    expect(r.msg).toMatch(
      /^The backup was refused before it was unpacked further: its entries add up to more than \d+ MB/,
    );
    expect((await storedUploadNames(s)).some((f) => f.includes('zeros'))).toBe(false);

    const many = new Map<string, Buffer>();
    for (let i = 0; i < 500; i++) many.set(`configs/f${i}.conf`, Buffer.from(`${i}\n`));
    const crowd = await call(
      { method: 'import', file: await uploadArchive(s, admin, await pack(many)) },
      admin,
    );
    expect(crowd.msg).toMatch(/holds more than 400 entries/);

    expect(await state(s)).toEqual(before);
    expect(leftovers(s)).toEqual([]);
  });
});
