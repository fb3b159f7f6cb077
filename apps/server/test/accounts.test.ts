import { hashPassword } from '@igs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMINISTRATOR,
  addAccount,
  addRole,
  adminRoleId,
  PASSWORD,
  roleId,
  snapshot,
  WEB_SET,
} from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const PERSONAL = '/admin.php/index/personal';
const LOGIN = '/admin.php/common/login';

interface Account {
  id: number;
  username: string;
  enabled: number;
  is_admin: number;
  weak_psw: number;
  locked_until: string;
  role_name: string;
  is_operations: number;
}

describeEachDb('accounts (system/administrator)', (kind) => {
  let s: TestServer;
  let admin: string;
  let adminId: number;
  const userId = async (username: string) =>
    (
      await s.app.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  const login = (username: string, password = PASSWORD) =>
    s.call<{ token: string; weak_psw: number }>(LOGIN, {
      username,
      password: hashPassword(password),
      code: '',
    });

  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    adminId = await userId('admin');
  });
  afterAll(async () => s.close());

  it('refuses bad accounts with a clear error and changes nothing', async () => {
    const viewer = await roleId(s, 'viewer');
    const ops = await addRole(s, admin, {
      name: 'ops_only',
      mode: 'operations',
      menus: ['OperationsScheduledTask'],
    });
    const before = await snapshot(s);
    const good = { username: 'alice', password: hashPassword(PASSWORD), role_id: viewer };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, username: 'al' }, 422, 'username'],
      [{ ...good, username: 'al ice' }, 422, 'username'],
      [{ ...good, username: 'a'.repeat(33) }, 422, 'username'],
      [{ ...good, username: 'admin' }, 409, 'username'],
      [{ ...good, password: 'plain-text' }, 422, 'password'],
      [{ ...good, password: undefined }, 422, 'password'],
      [{ ...good, role_id: 999999 }, 422, 'role_id'],
      [{ ...good, role_id: undefined }, 422, 'role_id'],
      [{ ...good, role_id: ops }, 422, 'is_operations'],
      [{ ...good, is_operations: 1 }, 422, 'is_operations'],
      [{ ...good, site_ids: [1] }, 422, 'site_ids'],
      [{ ...good, enabled: 5 }, 422, 'enabled'],
    ];
    for (const [body, code, field] of cases) {
      const r = await s.call(ADMINISTRATOR, { method: 'add', ...body }, { token: admin });
      expect(r.code, JSON.stringify(body)).toBe(code);
      expect(r.msg.toLowerCase()).toContain(field);
    }
    const zh = await s.call(
      ADMINISTRATOR,
      { method: 'add', ...good, username: 'al' },
      { token: admin, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.msg).toContain('用户名');
    expect(await snapshot(s)).toBe(before);
  });

  it('a new account signs in with the password set for it and must change it (weak_psw)', async () => {
    const id = await addAccount(s, admin, { username: 'alice', role_id: await roleId(s, 'viewer') });
    const r = await login('alice');
    expect(r.code).toBe(200);
    expect(r.data.weak_psw).toBe(1);
    const stored = await s.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    const detail = await s.call<Account>(ADMINISTRATOR, { method: 'detail', id }, { token: admin });
    expect(detail.data).toMatchObject({
      username: 'alice',
      role_name: 'viewer',
      weak_psw: 1,
      is_admin: 0,
      enabled: 1,
    });
    expect(detail.data).not.toHaveProperty('password_hash');
    const list = await s.call<{ total: number; list: Account[] }>(
      ADMINISTRATOR,
      { method: 'list', keyword: 'ali' },
      { token: admin },
    );
    expect(list.data.list.map((a) => a.username)).toEqual(['alice']);
    // Omitted fields stay; a changed username must stay unique.
    expect(
      (await s.call(ADMINISTRATOR, { method: 'edit', id, nickname: 'Alice' }, { token: admin })).code,
    ).toBe(200);
    expect(
      (await s.call(ADMINISTRATOR, { method: 'edit', id, username: 'admin' }, { token: admin })).code,
    ).toBe(409);
    expect(
      (await s.call<Account>(ADMINISTRATOR, { method: 'detail', id }, { token: admin })).data,
    ).toMatchObject({
      username: 'alice',
      role_name: 'viewer',
    });
  });

  it('reset_password sets the new password, marks it weak and ends the sessions', async () => {
    const id = await userId('alice');
    const alice = (await login('alice')).data.token;
    const bad = await s.call(
      ADMINISTRATOR,
      { method: 'reset_password', id, password: 'short' },
      { token: admin },
    );
    expect(bad.code).toBe(422);
    expect((await s.call(PERSONAL, { method: 'detail' }, { token: alice })).code).toBe(200);
    const r = await s.call(
      ADMINISTRATOR,
      { method: 'reset_password', id, password: hashPassword('N3w!pass') },
      { token: admin },
    );
    expect(r.code, r.msg).toBe(200);
    expect((await s.call(PERSONAL, { method: 'detail' }, { token: alice })).code).toBe(1005);
    expect((await login('alice')).code).toBe(422);
    const again = await login('alice', 'N3w!pass');
    expect(again.code).toBe(200);
    expect(again.data.weak_psw).toBe(1);
    expect(
      (
        await s.call(
          ADMINISTRATOR,
          { method: 'reset_password', id: 999999, password: hashPassword('x') },
          { token: admin },
        )
      ).code,
    ).toBe(404);
  });

  it('disabling an account ends its sessions and refuses its sign-in; kick ends sessions', async () => {
    const id = await userId('alice');
    const alice = (await login('alice', 'N3w!pass')).data.token;
    expect(
      (await s.call(ADMINISTRATOR, { method: 'state', ids: [id], enabled: 0 }, { token: admin })).data,
    ).toEqual({ updated: 1 });
    expect((await s.call(PERSONAL, { method: 'detail' }, { token: alice })).code).toBe(1005);
    expect((await login('alice', 'N3w!pass')).code).toBe(403);
    expect(
      (await s.call(ADMINISTRATOR, { method: 'state', ids: [id], enabled: 1 }, { token: admin })).code,
    ).toBe(200);
    const again = (await login('alice', 'N3w!pass')).data.token;
    const kick = await s.call(ADMINISTRATOR, { method: 'kick', id }, { token: admin });
    expect(kick.data).toEqual({ ended: 1 });
    expect((await s.call(PERSONAL, { method: 'detail' }, { token: again })).code).toBe(1005);
    // Disabling through edit ends the sessions too.
    const third = (await login('alice', 'N3w!pass')).data.token;
    expect((await s.call(ADMINISTRATOR, { method: 'edit', id, enabled: 0 }, { token: admin })).code).toBe(
      200,
    );
    expect((await s.call(PERSONAL, { method: 'detail' }, { token: third })).code).toBe(1005);
  });

  it('nobody disables, deletes or kicks themselves, or takes their own administrator rights', async () => {
    const before = await snapshot(s);
    const viewer = await roleId(s, 'viewer');
    for (const [body, text] of [
      [{ method: 'state', ids: [adminId], enabled: 0 }, 'disable your own'],
      [{ method: 'edit', id: adminId, enabled: 0 }, 'disable your own'],
      [{ method: 'del', ids: [adminId] }, 'delete your own'],
      [{ method: 'kick', id: adminId }, 'kick yourself'],
      [{ method: 'edit', id: adminId, role_id: viewer, is_operations: 0 }, 'own administrator rights'],
    ] as const) {
      const r = await s.call(ADMINISTRATOR, body, { token: admin });
      expect(r.code, JSON.stringify(body)).toBe(409);
      expect(r.msg).toContain(text);
    }
    expect(await snapshot(s)).toBe(before);
    // Still signed in and still an administrator.
    expect((await s.call(ADMINISTRATOR, { method: 'list' }, { token: admin })).code).toBe(200);
  });

  describe('the last administrator', () => {
    it('cannot be disabled, deleted or moved to another role by anyone', async () => {
      // admin2 (built-in admin role) takes over; admin becomes a viewer.
      const admin2Id = await addAccount(s, admin, { username: 'admin2', role_id: await adminRoleId(s) });
      const admin2 = await s.login('admin2', PASSWORD);
      const moved = await s.call(
        ADMINISTRATOR,
        { method: 'edit', id: adminId, role_id: await roleId(s, 'viewer'), is_operations: 0 },
        { token: admin2 },
      );
      expect(moved.code, moved.msg).toBe(200);
      // A manager of accounts who is no administrator (no Permission management menu).
      const manager = await accountWith(
        s,
        'acct_manager',
        [ADMINISTRATOR],
        ['system:administrator:edit', 'system:administrator:del'],
      );
      const list = await s.call<{ list: Account[] }>(ADMINISTRATOR, { method: 'list' }, { token: manager });
      expect(list.data.list.filter((a) => a.is_admin).map((a) => a.username)).toEqual(['admin2']);
      const before = await snapshot(s);
      for (const body of [
        { method: 'state', ids: [admin2Id], enabled: 0 },
        { method: 'edit', id: admin2Id, enabled: 0 },
        { method: 'del', ids: [admin2Id] },
        { method: 'edit', id: admin2Id, role_id: await roleId(s, 'viewer'), is_operations: 0 },
      ]) {
        const r = await s.call(ADMINISTRATOR, body, { token: manager });
        expect(r.code, JSON.stringify(body)).toBe(409);
        expect(r.msg).toContain('At least one administrator');
      }
      expect(await snapshot(s)).toBe(before);
      // With admin back in the admin role, admin2 may go.
      expect(
        (
          await s.call(
            ADMINISTRATOR,
            { method: 'edit', id: adminId, role_id: await adminRoleId(s) },
            { token: admin2 },
          )
        ).code,
      ).toBe(200);
      expect(
        (await s.call(ADMINISTRATOR, { method: 'del', ids: [admin2Id] }, { token: manager })).data,
      ).toEqual({ deleted: 1 });
      expect((await s.call(PERSONAL, { method: 'detail' }, { token: admin2 })).code).toBe(1005);
      admin = await s.login();
    });
  });

  it('after repeated failed sign-ins the address is blocked, not the account; both unlocks clear them', async () => {
    // Earlier failed sign-ins from this address leave the lock-out window first.
    s.clock.advance(16 * 60_000);
    await s.call(WEB_SET, { method: 'unlock_address', ip: '127.0.0.1' }, { token: admin });
    await addAccount(s, admin, { username: 'bob', role_id: await roleId(s, 'viewer') });
    for (let i = 0; i < 5; i++) expect((await login('bob', 'wrong-password')).code).toBe(422);
    expect((await login('bob')).code).toBe(423);
    const id = await userId('bob');
    // The account is slowed, never locked (auth/lockout.ts): an unlock clears its failures.
    expect((await s.call(ADMINISTRATOR, { method: 'unlock', id }, { token: admin })).code).toBe(200);
    expect(
      (await s.call<Account>(ADMINISTRATOR, { method: 'detail', id }, { token: admin })).data.locked_until,
    ).toBe('');
    expect((await login('bob')).code).toBe(423);
    expect(
      (await s.call(WEB_SET, { method: 'unlock_address', ip: '127.0.0.1' }, { token: admin })).code,
    ).toBe(200);
    expect((await login('bob')).code).toBe(200);
  });

  it('permission refusals: no menu, no button', async () => {
    const none = await accountWith(s, 'nobody', [], []);
    expect((await s.call(ADMINISTRATOR, { method: 'list' }, { token: none })).code).toBe(403);
    expect((await s.call(WEB_SET, { method: 'detail' }, { token: none })).code).toBe(403);
    const reader = await accountWith(s, 'reader', [ADMINISTRATOR], []);
    expect((await s.call(ADMINISTRATOR, { method: 'list' }, { token: reader })).code).toBe(200);
    expect((await s.call(WEB_SET, { method: 'detail' }, { token: reader })).code).toBe(200);
    // The account form's roles come from this page's own endpoint: no Permission management needed.
    const roles = await s.call<{ label: string; mode: string }[]>(
      ADMINISTRATOR,
      { method: 'role_options' },
      { token: reader },
    );
    expect(roles.code).toBe(200);
    expect(roles.data.find((r) => r.label === 'admin')!.mode).toBe('both');
    for (const [body, key] of [
      [{ method: 'add' }, 'system:administrator:add'],
      [{ method: 'edit', id: 1 }, 'system:administrator:edit'],
      [{ method: 'state', ids: [1], enabled: 1 }, 'system:administrator:edit'],
      [{ method: 'del', ids: [1] }, 'system:administrator:del'],
      [{ method: 'reset_password', id: 1, password: 'a'.repeat(64) }, 'system:administrator:reset_password'],
      [{ method: 'unlock', id: 1 }, 'system:administrator:unlock'],
      [{ method: 'kick', id: 1 }, 'system:administrator:kick'],
    ] as const) {
      const r = await s.call(ADMINISTRATOR, body, { token: reader });
      expect(r.code, body.method).toBe(403);
      expect(r.msg).toContain(key);
    }
    const form = await s.call(WEB_SET, { method: 'form' }, { token: reader });
    expect(form.code).toBe(403);
    expect(form.msg).toContain('system:web_set:edit');
  });
});

describeEachDb('web settings (system/web_set)', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
  });
  afterAll(async () => s.close());

  const settings = async () =>
    (await s.call<Record<string, unknown>>(WEB_SET, { method: 'detail' }, { token: admin })).data;

  it('shows the values in force, refuses bad input without saving anything', async () => {
    const current = await settings();
    expect(current).toMatchObject({
      title: '多业务融合网关',
      debug: 1,
      session_idle_min: 30,
      lockout_attempts: 5,
      lockout_min: 15,
      captcha: 1,
      captcha_forced_off: 1,
    });
    for (const [patch, field] of [
      [{ session_idle_min: 0 }, 'session_idle_min'],
      [{ lockout_attempts: 'x' }, 'lockout_attempts'],
      [{ company_url: 'javascript:alert(1)' }, 'company_url'],
      [{ title: 't'.repeat(65) }, 'title'],
      [{ title_en: 't'.repeat(65) }, 'title_en'],
      [{ debug: 2 }, 'debug'],
    ] as const) {
      const r = await s.call(WEB_SET, { method: 'form', ...current, ...patch }, { token: admin });
      expect(r.code, JSON.stringify(patch)).toBe(422);
      expect(r.msg).toContain(field);
    }
    expect(await settings()).toEqual(current);
  });

  it('saved settings reach the copyright and footer calls and the sign-in and session rules', async () => {
    const current = await settings();
    const r = await s.call(
      WEB_SET,
      {
        method: 'form',
        ...current,
        title: 'Hotel gateway',
        title_en: 'Hotel gateway (en)',
        company: 'ACME',
        company_url: 'https://acme.example',
        service_call: '400-800-1234',
        copyright: '© ACME',
        debug: 0,
        session_idle_min: 2,
        lockout_attempts: 2,
      },
      { token: admin },
    );
    expect(r.code, r.msg).toBe(200);
    expect((await s.call('/admin.php/common/copyright', {})).data).toMatchObject({
      title: 'Hotel gateway',
      title_en: 'Hotel gateway (en)',
      company: 'ACME',
      company_url: 'https://acme.example',
    });
    expect((await s.call('/admin.php/common/other_info', {})).data).toEqual({
      service_call: '400-800-1234',
      Copyright: '© ACME',
      debug: 0,
    });
    // Idle limit 2 minutes: 3 idle minutes end the session.
    s.clock.advance(3 * 60_000);
    expect((await s.call(WEB_SET, { method: 'detail' }, { token: admin })).code).toBe(1005);
    admin = await s.login();
    // Two failures lock the account.
    const wrong = { username: 'admin', password: hashPassword('nope'), code: '' };
    expect((await s.call(LOGIN, wrong)).code).toBe(422);
    expect((await s.call(LOGIN, wrong)).code).toBe(422);
    expect((await s.call(LOGIN, { ...wrong, password: hashPassword('admin123') })).code).toBe(423);
  });
});
