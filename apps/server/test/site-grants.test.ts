import { Paths } from '@igs/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { explicitAllSites } from '../src/platform/db/migrations/025-explicit-all-sites.ts';
import { grantsFromText } from '../src/platform/db/migrations/033-site-registry.ts';
import { ADMINISTRATOR, AUTHORITY, addAccount, addRole, adminRoleId, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { registerSites } from './support/sites.ts';

/**
 * "All sites" is an explicit grant (auth/sites.ts, migration 025): an operations account or role
 * with no sites reaches no site, unless all_sites is set; the seeded admin keeps every site.
 */
const OPS_TASKS = '/operations/system/timed_task';
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0x01, 0x40, 0, 0, 0, 0xf0]),
  Buffer.alloc(64),
]);

describeEachDb('explicit all-sites grants', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
  });
  afterAll(async () => s.close());

  const at = (token: string, sites?: string): { token: string; headers: Record<string, string> } => ({
    token,
    headers: sites === undefined ? {} : { 'igs-sids': sites },
  });
  const opsList = (token: string, sites?: string) => s.call(OPS_TASKS, { method: 'list' }, at(token, sites));
  const accountRow = async (username: string) => {
    const list = await s.call<{ list: { username: string; all_sites: 0 | 1; site_ids: number[] }[] }>(
      ADMINISTRATOR,
      { method: 'list', limit: 100 },
      { token: admin },
    );
    return list.data.list.find((a) => a.username === username)!;
  };

  it('the seeded admin holds every site explicitly and reaches any site', async () => {
    expect(await accountRow('admin')).toMatchObject({ all_sites: 1, site_ids: [] });
    const ops = await s.login('admin', 'admin123', 1);
    expect((await opsList(ops, '9')).code).toBe(200);
    expect((await s.call(Paths.operationsHome, {}, at(ops, '7'))).code).toBe(200);
  });

  it('an operations account with no sites reaches none until all sites is granted', async () => {
    const rid = await adminRoleId(s);
    const id = await addAccount(s, admin, {
      username: 'ops_none',
      role_id: rid,
      is_operations: 1,
      all_sites: 0,
    });
    expect(await accountRow('ops_none')).toMatchObject({ all_sites: 0, site_ids: [] });
    const ops = await s.login('ops_none', PASSWORD, 1);
    for (const sites of [undefined, '1', '0']) {
      const r = await opsList(ops, sites);
      expect(r.code, String(sites)).toBe(403);
      expect(r.msg).toContain('No site is granted');
    }
    expect((await s.call(Paths.operationsHome, {}, at(ops))).code).toBe(403);
    // Granting every site explicitly opens them, present and future.
    const edit = await s.call(ADMINISTRATOR, { method: 'edit', id, all_sites: 1 }, { token: admin });
    expect(edit.code, edit.msg).toBe(200);
    expect(await accountRow('ops_none')).toMatchObject({ all_sites: 1 });
    expect((await opsList(ops, '1')).code).toBe(200);
    // A site registered later is reached too (99 is not among the test fleet's sites).
    expect((await opsList(ops, '99')).code).toBe(403);
    await registerSites(s, [99]);
    expect((await opsList(ops, '99')).code).toBe(200);
    // Back to listed sites only: the grant narrows again.
    expect(
      (await s.call(ADMINISTRATOR, { method: 'edit', id, all_sites: 0, site_ids: [3] }, { token: admin }))
        .code,
    ).toBe(200);
    expect((await opsList(ops, '3')).code).toBe(200);
    expect((await opsList(ops, '1')).code).toBe(403);
  });

  it('an operations role with no sites narrows its accounts to none until it grants all sites', async () => {
    const rid = await addRole(s, admin, {
      name: 'role_no_sites',
      mode: 'operations',
      menus: ['OperationsScheduledTask'],
      all_sites: 0,
    });
    const role = await s.call<{ all_sites: 0 | 1; site_ids: number[] }>(
      AUTHORITY,
      { method: 'detail', id: rid },
      { token: admin },
    );
    expect(role.data).toMatchObject({ all_sites: 0, site_ids: [] });
    await addAccount(s, admin, { username: 'ops_role', role_id: rid, is_operations: 1, all_sites: 1 });
    const ops = await s.login('ops_role', PASSWORD, 1);
    expect((await opsList(ops, '1')).code).toBe(403);
    const edit = await s.call(AUTHORITY, { method: 'edit', id: rid, all_sites: 1 }, { token: admin });
    expect(edit.code, edit.msg).toBe(200);
    expect((await opsList(ops, '1')).code).toBe(200);
    // A full-mode role names no sites and never narrows: all_sites is not stored for it.
    const full = await addRole(s, admin, { name: 'full_role', mode: 'full', all_sites: 1 });
    const fullRow = await s.app.db.kysely
      .selectFrom('roles')
      .select('all_sites')
      .where('id', '=', full)
      .executeTakeFirstOrThrow();
    expect(fullRow.all_sites).toBe(0);
  });

  it('a full-mode account holds no sites and still uploads (to the gateway, site 0)', async () => {
    const rid = await adminRoleId(s);
    await addAccount(s, admin, { username: 'full_only', role_id: rid });
    const row = await s.app.db.kysely
      .selectFrom('users')
      .select(['id', 'all_sites'])
      .where('username', '=', 'full_only')
      .executeTakeFirstOrThrow();
    expect(row.all_sites).toBe(0);
    const granted = await s.app.db.kysely
      .selectFrom('account_sites')
      .select('site_id')
      .where('user_id', '=', row.id)
      .execute();
    expect(granted).toEqual([]);
    const token = await s.login('full_only', PASSWORD, 0);
    const fd = new FormData();
    fd.append('kind', 'image');
    fd.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    const r = await s.call(Paths.upload, fd, { token, headers: { 'igs-sids': '3' } });
    expect(r.code, r.msg).toBe(200);
  });

  it('migrations 025 and 033 keep the reach of accounts and roles whose sites were text', async () => {
    // The text columns are kept, emptied, for archives made before migration 033: written here as
    // such an archive's rows would fill them.
    // biome-ignore lint/suspicious/noExplicitAny: the text columns are no longer in the typed schema
    const db = s.app.db.kysely as Kysely<any>;
    const rid = await addRole(s, admin, { name: 'old_ops', mode: 'operations', site_ids: [5] });
    await db
      .updateTable('users')
      .set({ site_ids: '', all_sites: 0 })
      .where('username', '=', 'ops_role')
      .execute();
    await db.updateTable('roles').set({ site_ids: '', all_sites: 0 }).where('id', '=', rid).execute();
    await db.deleteFrom('role_sites').where('role_id', '=', rid).execute();
    await db.updateTable('users').set({ site_ids: '4,5,77' }).where('username', '=', 'ops_none').execute();
    await db
      .deleteFrom('account_sites')
      .where('user_id', '=', db.selectFrom('users').select('id').where('username', '=', 'ops_none'))
      .execute();
    await explicitAllSites.up(db);
    await grantsFromText(db);
    const users = await db
      .selectFrom('users')
      .select(['id', 'username', 'all_sites', 'site_ids'])
      .where('username', 'in', ['ops_role', 'ops_none'])
      .execute();
    const byName = Object.fromEntries(users.map((u) => [u.username, u]));
    expect(byName.ops_role).toMatchObject({ all_sites: 1, site_ids: '' });
    expect(byName.ops_none).toMatchObject({ all_sites: 0, site_ids: '' });
    const granted = await db
      .selectFrom('account_sites')
      .select('site_id')
      .where('user_id', '=', byName.ops_none.id)
      .orderBy('site_id')
      .execute();
    expect(granted.map((g: { site_id: number }) => g.site_id)).toEqual([4, 5, 77]);
    // A site id in use that the registry lacked is registered, so nothing breaks.
    const site = await db
      .selectFrom('fleet_site')
      .select(['name', 'state'])
      .where('id', '=', 77)
      .executeTakeFirst();
    expect(site).toEqual({ name: 'Site 77', state: 'active' });
    const roles = await db
      .selectFrom('roles')
      .select(['name', 'all_sites'])
      .where('name', 'in', ['old_ops', 'full_role'])
      .execute();
    expect(
      Object.fromEntries(roles.map((r: { name: string; all_sites: number }) => [r.name, r.all_sites])),
    ).toEqual({
      old_ops: 1,
      full_role: 0,
    });
    // Site 77 can be added after it without colliding (PostgreSQL's sequence moved past it).
    const ops = await s.login('admin', 'admin123', 1);
    const added = await s.call<{ id: number }>(
      '/operations/fleet/site',
      { method: 'add', name: 'After the migration', state: 'active' },
      { token: ops },
    );
    expect(added.code, added.msg).toBe(200);
    expect(added.data.id).toBeGreaterThan(77);
  });
});
