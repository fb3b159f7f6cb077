import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const ACCOUNT = '/admin.php/index/account';

describeEachDb('sessions', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('answers 1002 without a token and with an unknown token', async () => {
    expect((await s.call(ACCOUNT, {})).code).toBe(1002);
    expect((await s.call(ACCOUNT, {}, { token: 'not-a-real-token' })).code).toBe(1002);
  });

  it('carries the token in the IGSAuth header', async () => {
    const token = await s.login();
    expect(await s.call(ACCOUNT, {}, { token })).toMatchObject({ code: 200, data: { account: 'admin' } });
  });

  it('expires after 30 idle minutes with 1005, and stays alive while used', async () => {
    const token = await s.login();
    s.clock.advance(25 * 60_000);
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(200);
    s.clock.advance(25 * 60_000);
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(200);
    s.clock.advance(31 * 60_000);
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(1005);
    // the expired session is gone for good
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(1002);
  });

  it('expires 12 hours after sign-in even when active', async () => {
    const token = await s.login();
    // 35 calls 20 minutes apart: 11 h 40 min, never idle for long.
    for (let i = 0; i < 35; i++) {
      s.clock.advance(20 * 60_000);
      expect((await s.call(ACCOUNT, {}, { token })).code).toBe(200);
    }
    s.clock.advance(21 * 60_000);
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(1005);
  });

  it('logout invalidates the token on the server', async () => {
    const token = await s.login();
    expect((await s.call('/admin.php/common/logout', {}, { token })).code).toBe(200);
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(1002);
  });

  it('the older logout path does the same', async () => {
    const token = await s.login();
    expect((await s.call('/vue-element-admin/user/logout', {}, { token })).code).toBe(200);
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(1002);
  });

  // The caller of a session is kept for a second (auth/sessions.ts).
  it('a write by this server to the account is seen on the very next call', async () => {
    const token = await s.login();
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(200);
    const db = s.app.db.kysely;
    await db.updateTable('users').set({ enabled: 0 }).where('username', '=', 'admin').execute();
    try {
      expect((await s.call(ACCOUNT, {}, { token })).code).toBe(1005);
    } finally {
      await db.updateTable('users').set({ enabled: 1 }).where('username', '=', 'admin').execute();
    }
  });

  it('a session ended where this server cannot see it (another instance) is refused a second later', async () => {
    const token = await s.login();
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(200);
    // Raw SQL is not counted as this server's write: it stands for another instance's sign-out.
    await sql`delete from sessions`.execute(s.app.db.kysely);
    s.clock.advance(1000);
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(1002);
  });
});

describeEachDb('session expiry is configurable', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { sessionIdleMin: 5, sessionMaxHours: 1 });
  });
  afterAll(async () => s.close());

  it('uses SESSION_IDLE_MIN', async () => {
    const token = await s.login();
    s.clock.advance(6 * 60_000);
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(1005);
  });
});
