import { Paths } from '@igs/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { explicitAllSites } from '../src/platform/db/migrations/025-explicit-all-sites.ts';
import { ADMINISTRATOR, AUTHORITY, addAccount, addRole, adminRoleId, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

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
    expect((await opsList(ops, '42')).code).toBe(200);
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
      .select('site_ids')
      .where('id', '=', full)
      .executeTakeFirstOrThrow();
    expect(fullRow.site_ids).toBe('');
  });

  it('a full-mode account holds no sites and still uploads (to the gateway, site 0)', async () => {
    const rid = await adminRoleId(s);
    await addAccount(s, admin, { username: 'full_only', role_id: rid });
    const row = await s.app.db.kysely
      .selectFrom('users')
      .select('site_ids')
      .where('username', '=', 'full_only')
      .executeTakeFirstOrThrow();
    expect(row.site_ids).toBe('');
    const token = await s.login('full_only', PASSWORD, 0);
    const fd = new FormData();
    fd.append('kind', 'image');
    fd.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    const r = await s.call(Paths.upload, fd, { token, headers: { 'igs-sids': '3' } });
    expect(r.code, r.msg).toBe(200);
  });

  it('migration 025 keeps the reach of accounts and operations roles that had no sites', async () => {
    const db = s.app.db.kysely;
    const rid = await addRole(s, admin, { name: 'old_ops', mode: 'operations', site_ids: [5] });
    await db.updateTable('users').set({ site_ids: '' }).where('username', '=', 'ops_role').execute();
    await db.updateTable('roles').set({ site_ids: '' }).where('id', '=', rid).execute();
    await db.updateTable('users').set({ site_ids: '4,5' }).where('username', '=', 'ops_none').execute();
    await explicitAllSites.up(db);
    const users = await db
      .selectFrom('users')
      .select(['username', 'site_ids'])
      .where('username', 'in', ['ops_role', 'ops_none'])
      .execute();
    expect(Object.fromEntries(users.map((u) => [u.username, u.site_ids]))).toEqual({
      ops_role: '*',
      ops_none: '4,5',
    });
    const roles = await db
      .selectFrom('roles')
      .select(['name', 'site_ids'])
      .where('name', 'in', ['old_ops', 'full_role'])
      .execute();
    expect(Object.fromEntries(roles.map((r) => [r.name, r.site_ids]))).toEqual({
      old_ops: '*',
      full_role: '',
    });
  });
});
