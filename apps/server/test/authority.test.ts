import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMINISTRATOR,
  AUTHORITY,
  addAccount,
  addRole,
  adminRoleId,
  menuIds,
  PASSWORD,
  roleId,
  snapshot,
} from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const LOGGING = '/admin.php/system/logging';
const AUTH_MENU = '/admin.php/System/auth_menu';
const OPS_TASKS = '/operations/system/timed_task';

interface MenuNode {
  name: string;
  children?: MenuNode[];
}
const names = (tree: MenuNode[]): string[] => tree.flatMap((n) => [n.name, ...names(n.children ?? [])]);

describeEachDb('permission management (system/authority)', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
  });
  afterAll(async () => s.close());

  it('system_menu gives both trees with menu ids and their button keys', async () => {
    const r = await s.call<{ full: (MenuNode & { id: number; buttons: string[] })[]; operations: unknown[] }>(
      '/admin.php/system/system_menu',
      {},
      { token: admin },
    );
    expect(r.code).toBe(200);
    const flat = (
      n: (MenuNode & { id: number; buttons: string[] })[],
    ): (MenuNode & { id: number; buttons: string[] })[] =>
      n.flatMap((x) => [x, ...flat((x.children ?? []) as never)]);
    const log = flat(r.data.full).find((m) => m.name === 'SystemLog')!;
    expect(log.id).toBe((await menuIds(s, ['SystemLog']))[0]);
    expect(log.buttons).toContain('system:logging:del');
    expect(r.data.operations.length).toBeGreaterThan(0);
  });

  it('refuses bad roles with a clear error and changes nothing', async () => {
    const before = await snapshot(s);
    const [logMenu] = await menuIds(s, ['SystemLog']);
    const [opsMenu] = await menuIds(s, ['OperationsScheduledTask'], 'operations');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ mode: 'full' }, 422, 'name'],
      [{ name: 'x'.repeat(65), mode: 'full' }, 422, 'name'],
      [{ name: 'r1', mode: 'both' }, 422, 'mode'],
      [{ name: 'r1', mode: 'full', menu_ids: [999999] }, 422, 'menu_ids'],
      [{ name: 'r1', mode: 'full', menu_ids: [opsMenu] }, 422, 'menu_ids'],
      [{ name: 'r1', mode: 'operations', menu_ids: [logMenu] }, 422, 'menu_ids'],
      [
        { name: 'r1', mode: 'full', menu_ids: [logMenu], button_keys: ['system:nothing:add'] },
        422,
        'button_keys',
      ],
      [{ name: 'r1', mode: 'full', menu_ids: [], button_keys: ['system:logging:del'] }, 422, 'button_keys'],
      [{ name: 'r1', mode: 'full', menu_ids: [logMenu], site_ids: [1] }, 422, 'site_ids'],
      [{ name: 'r1', mode: 'operations', site_ids: ['x'] }, 422, 'site_ids'],
      [{ name: 'admin', mode: 'full' }, 409, 'name'],
    ];
    for (const [body, code, field] of cases) {
      const r = await s.call<{ errors?: { field: string }[] }>(
        AUTHORITY,
        { method: 'add', ...body },
        { token: admin },
      );
      expect(r.code, JSON.stringify(body)).toBe(code);
      expect(r.msg).toContain(field);
    }
    const zh = await s.call(
      AUTHORITY,
      { method: 'add', name: 'x'.repeat(65), mode: 'full' },
      { token: admin, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.code).toBe(422);
    expect(zh.msg).toContain('角色名称');
    expect(await snapshot(s)).toBe(before);
  });

  it('a role with a menu and its button works at once; removing them refuses the next call', async () => {
    const rid = await addRole(s, admin, {
      name: 'log_keepers',
      menus: ['SystemLog'],
      buttons: ['system:logging:del'],
    });
    await addAccount(s, admin, { username: 'keeper', role_id: rid });
    const keeper = await s.login('keeper', PASSWORD);
    expect((await s.call(LOGGING, { method: 'list' }, { token: keeper })).code).toBe(200);
    expect((await s.call(LOGGING, { method: 'del', ids: [999999] }, { token: keeper })).code).toBe(200);
    const menuBefore = await s.call<MenuNode[]>(AUTH_MENU, {}, { token: keeper });
    expect(names(menuBefore.data)).toContain('SystemLog');
    expect(menuBefore.Button).toEqual(['system:logging:del']);

    // Only the button goes: the list still works, the delete is refused.
    const r1 = await s.call(AUTHORITY, { method: 'edit', id: rid, button_keys: [] }, { token: admin });
    expect(r1.code, r1.msg).toBe(200);
    expect((await s.call(LOGGING, { method: 'list' }, { token: keeper })).code).toBe(200);
    const del = await s.call(LOGGING, { method: 'del', ids: [999999] }, { token: keeper });
    expect(del.code).toBe(403);
    expect(del.msg).toContain('system:logging:del');
    expect((await s.call(AUTH_MENU, {}, { token: keeper })).Button).toEqual([]);

    // The menu goes: the very next call to the module is refused, and the sidebar drops it.
    const r2 = await s.call(AUTHORITY, { method: 'edit', id: rid, menu_ids: [] }, { token: admin });
    expect(r2.code, r2.msg).toBe(200);
    const refused = await s.call(LOGGING, { method: 'list' }, { token: keeper });
    expect(refused.code).toBe(403);
    expect(refused.msg).toContain(LOGGING);
    expect(names((await s.call<MenuNode[]>(AUTH_MENU, {}, { token: keeper })).data)).not.toContain(
      'SystemLog',
    );

    // Given back, then the role disabled: a disabled role grants nothing.
    const [logMenu] = await menuIds(s, ['SystemLog']);
    expect(
      (await s.call(AUTHORITY, { method: 'edit', id: rid, menu_ids: [logMenu] }, { token: admin })).code,
    ).toBe(200);
    expect((await s.call(LOGGING, { method: 'list' }, { token: keeper })).code).toBe(200);
    expect(
      (await s.call(AUTHORITY, { method: 'state', ids: [rid], enabled: 0 }, { token: admin })).code,
    ).toBe(200);
    expect((await s.call(LOGGING, { method: 'list' }, { token: keeper })).code).toBe(403);
    expect((await s.call<MenuNode[]>(AUTH_MENU, {}, { token: keeper })).data).toEqual([]);
  });

  it('list, detail and options show grants, mode and account counts', async () => {
    const list = await s.call<{
      total: number;
      list: { name: string; builtin: number; is_admin: number; user_count: number; menu_ids: number[] }[];
    }>(AUTHORITY, { method: 'list', keyword: 'admin' }, { token: admin });
    expect(list.code).toBe(200);
    const builtin = list.data.list.find((r) => r.name === 'admin')!;
    expect(builtin).toMatchObject({ builtin: 1, is_admin: 1, user_count: 1 });
    expect(builtin.menu_ids.length).toBeGreaterThan(50);
    const detail = await s.call<{ name: string; mode: string }>(
      AUTHORITY,
      { method: 'detail', id: await roleId(s, 'viewer') },
      { token: admin },
    );
    expect(detail.data).toMatchObject({ name: 'viewer', mode: 'full' });
    expect((await s.call(AUTHORITY, { method: 'detail', id: 999999 }, { token: admin })).code).toBe(404);
    const options = await s.call<{ label: string }[]>(AUTHORITY, { method: 'options' }, { token: admin });
    expect(options.data.map((o) => o.label)).toContain('viewer');
  });

  it('the built-in admin role keeps every right; roles in use or used by registration cannot be deleted', async () => {
    const id = await adminRoleId(s);
    const before = await snapshot(s);
    expect((await s.call(AUTHORITY, { method: 'edit', id, menu_ids: [] }, { token: admin })).code).toBe(409);
    expect((await s.call(AUTHORITY, { method: 'edit', id, name: 'root' }, { token: admin })).code).toBe(409);
    expect((await s.call(AUTHORITY, { method: 'state', ids: [id], enabled: 0 }, { token: admin })).code).toBe(
      409,
    );
    expect((await s.call(AUTHORITY, { method: 'del', ids: [id] }, { token: admin })).code).toBe(409);
    const viewer = await s.call<{ refs: { entity: string; count: number }[] }>(
      AUTHORITY,
      { method: 'del', ids: [await roleId(s, 'viewer')] },
      { token: admin },
    );
    expect(viewer.code).toBe(409);
    expect(viewer.data.refs[0]!.entity).toBe('self-registration');
    const used = await s.call<{ refs: { entity: string; count: number }[] }>(
      AUTHORITY,
      { method: 'del', ids: [await roleId(s, 'log_keepers')] },
      { token: admin },
    );
    expect(used.code).toBe(409);
    expect(used.data.refs).toEqual([{ entity: 'accounts', count: 1 }]);
    expect(await snapshot(s)).toBe(before);
    const desc = await s.call(AUTHORITY, { method: 'edit', id, description: 'Everything' }, { token: admin });
    expect(desc.code, desc.msg).toBe(200);
    const unused = await addRole(s, admin, { name: 'temporary' });
    expect((await s.call(AUTHORITY, { method: 'del', ids: [unused] }, { token: admin })).data).toEqual({
      deleted: 1,
    });
  });

  describe('administrators', () => {
    let bossRole: number;
    let boss: string;
    let manager: string;
    it('nobody takes their own administrator rights away', async () => {
      bossRole = await addRole(s, admin, {
        name: 'bosses',
        menus: ['SystemPermission', 'SystemManage'],
        buttons: ['system:authority:edit', 'system:administrator:edit'],
      });
      const list = await s.call<{ list: { id: number; is_admin: number }[] }>(
        AUTHORITY,
        { method: 'list' },
        { token: admin },
      );
      expect(list.data.list.find((r) => r.id === bossRole)!.is_admin).toBe(1);
      await addAccount(s, admin, { username: 'boss', role_id: bossRole });
      boss = await s.login('boss', PASSWORD);
      const before = await snapshot(s);
      const [permission] = await menuIds(s, ['SystemPermission']);
      const own = await s.call(
        AUTHORITY,
        { method: 'edit', id: bossRole, menu_ids: [permission], button_keys: ['system:authority:edit'] },
        { token: boss },
      );
      expect(own.code).toBe(409);
      expect(own.msg).toContain('own administrator rights');
      expect(
        (await s.call(AUTHORITY, { method: 'state', ids: [bossRole], enabled: 0 }, { token: boss })).code,
      ).toBe(409);
      expect(await snapshot(s)).toBe(before);
    });

    it('the last administrator cannot be removed by changing or disabling their role', async () => {
      // boss moves the built-in admin account to viewer: boss is now the only administrator.
      const adminId = (
        await s.app.db.kysely
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id;
      const moved = await s.call(
        ADMINISTRATOR,
        { method: 'edit', id: adminId, role_id: await roleId(s, 'viewer'), is_operations: 0 },
        { token: boss },
      );
      expect(moved.code, moved.msg).toBe(200);
      // A manager may edit roles but is no administrator (no Manage settings menu).
      manager = await accountWith(
        s,
        'manager',
        [AUTHORITY],
        ['system:authority:edit', 'system:authority:del'],
      );
      const before = await snapshot(s);
      const edit = await s.call(
        AUTHORITY,
        { method: 'edit', id: bossRole, button_keys: ['system:authority:edit'] },
        { token: manager },
      );
      expect(edit.code).toBe(409);
      expect(edit.msg).toContain('At least one administrator');
      expect(
        (await s.call(AUTHORITY, { method: 'state', ids: [bossRole], enabled: 0 }, { token: manager })).code,
      ).toBe(409);
      expect(
        (
          await s.call(
            AUTHORITY,
            { method: 'edit', id: bossRole, mode: 'operations', menu_ids: [], button_keys: [] },
            { token: manager },
          )
        ).code,
      ).toBe(409);
      expect(await snapshot(s)).toBe(before);
      // With a second administrator the same change goes through.
      const second = await s.call(
        ADMINISTRATOR,
        { method: 'edit', id: adminId, role_id: await adminRoleId(s) },
        { token: boss },
      );
      expect(second.code, second.msg).toBe(200);
      const ok = await s.call(
        AUTHORITY,
        { method: 'edit', id: bossRole, button_keys: ['system:authority:edit'] },
        { token: manager },
      );
      expect(ok.code, ok.msg).toBe(200);
      // boss lost the rights with it: the very next call to accounts is refused.
      expect(
        (await s.call(ADMINISTRATOR, { method: 'edit', id: adminId, nickname: 'x' }, { token: boss })).code,
      ).toBe(403);
      // Taking operations rights away ended the admin account's sessions (1005: ended, not unknown).
      expect((await s.call(AUTHORITY, { method: 'list' }, { token: admin })).code).toBe(1005);
      admin = await s.login();
    });
  });

  it('permission refusals: no menu, no button', async () => {
    const none = await accountWith(s, 'nobody', [], []);
    expect((await s.call(AUTHORITY, { method: 'list' }, { token: none })).code).toBe(403);
    const reader = await accountWith(s, 'reader', [AUTHORITY], []);
    expect((await s.call(AUTHORITY, { method: 'list' }, { token: reader })).code).toBe(200);
    for (const [method, key] of [
      ['add', 'system:authority:add'],
      ['edit', 'system:authority:edit'],
      ['state', 'system:authority:edit'],
      ['del', 'system:authority:del'],
    ]) {
      const r = await s.call(
        AUTHORITY,
        { method, id: 1, ids: [1], enabled: 1, name: 'x', mode: 'full' },
        { token: reader },
      );
      expect(r.code, method).toBe(403);
      expect(r.msg).toContain(key);
    }
  });

  it('operations roles narrow the sites of their accounts', async () => {
    const rid = await addRole(s, admin, {
      name: 'site_ops',
      mode: 'operations',
      menus: ['OperationsScheduledTask'],
      site_ids: [1, 2],
    });
    const bad = await s.call(
      ADMINISTRATOR,
      {
        method: 'add',
        username: 'opsx',
        password: 'a'.repeat(64),
        role_id: rid,
        is_operations: 1,
        site_ids: [2, 3],
      },
      { token: admin },
    );
    expect(bad.code).toBe(422);
    expect(bad.msg).toContain('site_ids');
    await addAccount(s, admin, { username: 'ops1', role_id: rid, is_operations: 1 });
    const ops = await s.login('ops1', PASSWORD, 1);
    expect(
      (await s.call(OPS_TASKS, { method: 'list' }, { token: ops, headers: { 'igs-sids': '2' } })).code,
    ).toBe(200);
    const outside = await s.call(OPS_TASKS, { method: 'list' }, { token: ops, headers: { 'igs-sids': '3' } });
    expect(outside.code).toBe(403);
    expect(outside.msg).toContain('Site 3');
    // Narrowing the role's sites takes effect on the next call.
    expect((await s.call(AUTHORITY, { method: 'edit', id: rid, site_ids: [1] }, { token: admin })).code).toBe(
      200,
    );
    expect(
      (await s.call(OPS_TASKS, { method: 'list' }, { token: ops, headers: { 'igs-sids': '2' } })).code,
    ).toBe(403);
  });
});
