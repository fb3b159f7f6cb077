import { Code, hashPassword } from '@igs/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMINISTRATOR, adminRoleId, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { addCustomer, registerSites } from './support/sites.ts';
import { rowCount } from './support/table-snapshot.ts';

/**
 * A customer's and a site's state enforced (issue 17; docs/deployment/sites.md, platform/auth/sites.ts,
 * auth/login-actions.ts, auth/sessions.ts). A suspended customer's accounts cannot sign in, in either
 * mode, and their sessions end; its sites are read-only, and readable only by an account reaching the
 * whole fleet. A suspended site is refused for every change, hidden from accounts that do not reach
 * the whole fleet, and still readable by those that do. Refused calls change nothing.
 */

const SITE = '/operations/fleet/site';
const CUSTOMER = '/operations/fleet/customer';
const OPS_CLASS = '/operations/media/live_type';
const LOGIN = '/admin.php/common/login';

type List<T> = { list: T[]; total: number };

describeEachDb('customer and site state', (kind) => {
  let s: TestServer;
  let admin: string;
  let ops: string;
  let customer: number;
  const as = (token: string, sites?: string, extra: Record<string, string> = {}) => ({
    token,
    headers: { ...(sites ? { 'igs-sids': sites } : {}), ...extra },
  });
  const classes = async (token: string, sites?: string) => {
    const r = await s.call<List<{ name: string; site_id: number }>>(
      OPS_CLASS,
      { method: 'list', limit: 200 },
      as(token, sites),
    );
    return r.code === 200 ? r.data.list.map((x) => `${x.site_id}:${x.name}`).sort() : r;
  };
  const classCount = () => rowCount(s, 'media_live_type');
  const signIn = (username: string, isOperations: 0 | 1, lang = 'en') =>
    s.call<{ token: string }>(
      LOGIN,
      { username, password: hashPassword(PASSWORD), code: '', is_operations: isOperations },
      { headers: { 'accept-language': lang } },
    );
  const addAccount = async (username: string, fields: Record<string, unknown>) => {
    const r = await s.call<{ id: number }>(
      ADMINISTRATOR,
      {
        method: 'add',
        username,
        password: hashPassword(PASSWORD),
        role_id: await adminRoleId(s),
        is_operations: 1,
        ...fields,
      },
      { token: admin },
    );
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const setState = async (path: string, id: number, state: string) => {
    const r = await s.call(path, { method: 'edit', id, state }, { token: ops });
    expect(r.code, r.msg).toBe(200);
  };

  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    ops = await s.login('admin', 'admin123', 1);
    customer = await addCustomer(s, 'Lakeside Group');
    await registerSites(s, [41, 42], customer);
    await registerSites(s, [43, 44]);
    for (const site of ['41', '43', '44'])
      expect((await s.call(OPS_CLASS, { method: 'add', name: `Class ${site}` }, as(ops, site))).code).toBe(
        200,
      );
    await addAccount('group_staff', { all_sites: 1, cid: customer });
    await addAccount('site_staff', { all_sites: 0, site_ids: [43, 44] });
  }, 60_000);
  afterAll(async () => s?.close());

  it("a suspended customer's accounts cannot sign in in either mode, and their sessions end at the next call", async () => {
    const session = await s.login('group_staff', PASSWORD, 1);
    expect(await classes(session)).toEqual(['41:Class 41']);
    const userId = (
      await s.app.db.kysely
        .selectFrom('users')
        .select(['id', 'last_login_at'])
        .where('username', '=', 'group_staff')
        .executeTakeFirstOrThrow()
    ).id;
    await setState(CUSTOMER, customer, 'suspended');
    try {
      const before = await classCount();
      const write = await s.call(OPS_CLASS, { method: 'add', name: 'After' }, as(session, '41'));
      expect(write).toMatchObject({
        code: Code.sessionExpired,
        msg: 'Customer Lakeside Group of this account has been suspended: the session has ended',
      });
      // The session is gone: the next call is an unknown session.
      expect((await s.call(OPS_CLASS, { method: 'list' }, as(session))).code).toBe(Code.tokenInvalid);
      expect(await classCount()).toBe(before);
      const loginAt = await s.app.db.kysely
        .selectFrom('users')
        .select('last_login_at')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      for (const mode of [1, 0] as const) {
        const r = await signIn('group_staff', mode);
        expect(r.code).toBe(Code.forbidden);
        expect(r.msg).toBe(
          'This account belongs to customer Lakeside Group, which is suspended: its accounts cannot sign in',
        );
      }
      expect((await signIn('group_staff', 1, 'zh-CN')).msg).toBe(
        '该账号所属的客户 Lakeside Group 已停用，其账号不能登录',
      );
      // No session was made and the account's last sign-in stayed as it was.
      const sessions = await s.app.db.kysely
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      expect(sessions).toEqual([]);
      expect(
        await s.app.db.kysely
          .selectFrom('users')
          .select('last_login_at')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow(),
      ).toEqual(loginAt);
      // A wrong password is told nothing of the customer.
      const wrong = await s.call(LOGIN, {
        username: 'group_staff',
        password: hashPassword('not the password'),
        code: '',
        is_operations: 1,
      });
      expect(wrong.code).toBe(Code.invalid);
      expect(wrong.msg).not.toContain('suspended');
    } finally {
      await setState(CUSTOMER, customer, 'active');
    }
    // Resumed: the account signs in and works again.
    const again = await signIn('group_staff', 1);
    expect(again.code, again.msg).toBe(200);
  });

  it("a suspended customer's sites are read-only, readable only by an account reaching the whole fleet", async () => {
    await setState(CUSTOMER, customer, 'suspended');
    try {
      const before = await classCount();
      // The whole fleet's account reads them, narrowed to the customer or by site.
      expect(await classes(ops, '41')).toEqual(['41:Class 41']);
      const narrowed = await s.call<List<{ name: string }>>(
        OPS_CLASS,
        { method: 'list', limit: 200 },
        as(ops, undefined, { 'igs-cid': String(customer) }),
      );
      expect(narrowed.data.list.map((r) => r.name)).toEqual(['Class 41']);
      // … but changes nothing there, and is told why.
      const write = await s.call(OPS_CLASS, { method: 'add', name: 'Refused' }, as(ops, '41'));
      expect(write).toMatchObject({
        code: 403,
        msg: 'Site 41 belongs to customer Lakeside Group, which is suspended: its records cannot be changed',
      });
      const id = (await s.call<List<{ id: number }>>(OPS_CLASS, { method: 'list' }, as(ops, '41'))).data
        .list[0]!.id;
      const del = await s.call(OPS_CLASS, { method: 'del', ids: [id] }, as(ops, '41'));
      expect(del.code).toBe(403);
      expect(await classCount()).toBe(before);
      // Sites of other customers and of none are not affected.
      const other = await s.call(OPS_CLASS, { method: 'add', name: 'Elsewhere' }, as(ops, '43'));
      expect(other.code, other.msg).toBe(200);
      const undo = await s.call(
        OPS_CLASS,
        { method: 'del', ids: [(other.data as { id: number }).id] },
        as(ops, '43'),
      );
      expect(undo.code, undo.msg).toBe(200);
    } finally {
      await setState(CUSTOMER, customer, 'active');
    }
    const resumed = await s.call(OPS_CLASS, { method: 'add', name: 'Resumed' }, as(ops, '41'));
    expect(resumed.code, resumed.msg).toBe(200);
  });

  it('a suspended site is refused for changes, hidden from accounts not reaching the whole fleet, and read by those that do', async () => {
    const staff = await s.login('site_staff', PASSWORD, 1);
    expect(await classes(staff)).toEqual(['43:Class 43', '44:Class 44']);
    await setState(SITE, 43, 'suspended');
    try {
      const before = await classCount();
      // Left out of the account's sites (what its home and pickers list), refused when named.
      expect(await classes(staff)).toEqual(['44:Class 44']);
      for (const body of [{ method: 'list' }, { method: 'add', name: 'Hidden' }]) {
        const r = await s.call(OPS_CLASS, body, as(staff, '43'));
        expect(r).toMatchObject({
          code: 403,
          msg: 'Site 43 is suspended: only an account reaching every site may read its records',
        });
      }
      // The whole fleet's account reads its history and changes nothing.
      expect(await classes(ops, '43')).toEqual(['43:Class 43']);
      const write = await s.call(OPS_CLASS, { method: 'add', name: 'Paused' }, as(ops, '43'));
      expect(write).toMatchObject({ code: 403, msg: 'Site 43 is suspended: its records cannot be changed' });
      expect(await classCount()).toBe(before);
      // Every site of the account suspended: told so.
      await setState(SITE, 44, 'suspended');
      expect(await classes(staff)).toMatchObject({
        code: 403,
        msg: 'Every site granted to this account is suspended',
      });
      expect((await s.call(OPS_CLASS, { method: 'list' }, as(staff, '44'))).code).toBe(403);
    } finally {
      await setState(SITE, 43, 'active');
      await setState(SITE, 44, 'active');
    }
    expect(await classes(staff)).toEqual(['43:Class 43', '44:Class 44']);
  });
});
