import { hashPassword } from '@igs/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSetting } from '../src/platform/settings/settings.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Issue 12 item 3 (lockout) and item 6 (remembered devices, /authh5 hand-off), over real HTTP.
 * Every password check goes through this counter, so a test can tell how many hashes were computed.
 */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/platform/auth/password-hash.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/platform/auth/password-hash.ts')>();
  return {
    ...original,
    verifySecret: (stored: string, clientHash: string) => {
      checks.count++;
      return original.verifySecret(stored, clientHash);
    },
  };
});

const LOGIN = '/admin.php/common/login';
const WEB_SET = '/admin.php/system/web_set';
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describeEachDb('sign-in guards', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { trustProxy: '127.0.0.1' });
  });
  afterAll(async () => s.close());
  beforeEach(() => {
    // Each test starts after every earlier window and block has passed.
    s.clock.advance(48 * 3_600_000);
  });

  const signIn = (ip: string, password: string, extra: Record<string, unknown> = {}, username = 'admin') =>
    s.call<{ token: string; device_token?: string }>(
      LOGIN,
      { username, password: hashPassword(password), code: '', ...extra },
      from(ip),
    );
  const lockouts = async (ip: string) =>
    s.app.db.kysely
      .selectFrom('operation_log')
      .selectAll()
      .where('action', '=', 'lockout')
      .where('ip', '=', ip)
      .execute();

  it('60 parallel wrong sign-ins against one account compute at most the limit of password hashes', async () => {
    checks.count = 0;
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn('10.0.0.60', `wrong-${i}`)),
    );
    expect(checks.count).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.code === 422).length).toBeLessThanOrEqual(5);
    // The rest are refused unchecked: put off while the address's checks ran (429), or once they
    // had failed, the address blocked (423).
    expect(replies.filter((r) => r.code === 423 || r.code === 429).length).toBeGreaterThanOrEqual(55);
    // Guessing on, one at a time, ends in the block after the limit of checks in all, burst included.
    let code = 0;
    for (let i = 0; i < 10 && code !== 423; i++) code = (await signIn('10.0.0.60', `more-${i}`)).code;
    expect(code).toBe(423);
    // (Fewer when an attempt the account's slowdown refused counted against the address instead.)
    expect(checks.count).toBeLessThanOrEqual(5);
    // The right password from the blocked address is refused without a hash either.
    const before = checks.count;
    expect((await signIn('10.0.0.60', 'admin123')).code).toBe(423);
    expect(checks.count).toBe(before);
    // One operation-log entry per block, naming the address: not one per attempt.
    const logged = await lockouts('10.0.0.60');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toContain('10.0.0.60');
  });

  it('parallel sign-ins with the right password from one address (a front desk behind one NAT) do not block it', async () => {
    checks.count = 0;
    const replies = await Promise.all(Array.from({ length: 12 }, () => signIn('10.0.0.61', 'admin123')));
    const codes = replies.map((r) => r.code);
    // At most the limit checked at once; the others asked to try again in a moment (when all
    // arrive within one check's time, as here, possibly every one), none blocked.
    expect(checks.count).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    expect(await lockouts('10.0.0.61')).toHaveLength(0);
    // Trying again signs in, as many times as there were operators.
    for (let i = 0; i < 12; i++) expect((await signIn('10.0.0.61', 'admin123')).code).toBe(200);
  });

  it('a wrong password among right ones blocks nobody until the failures themselves reach the limit', async () => {
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () => signIn('10.0.0.62', 'admin123')),
      signIn('10.0.0.62', 'wrong-once'),
    ]);
    expect(replies.map((r) => r.code).sort()).toEqual([200, 200, 200, 200, 422]);
    expect(await lockouts('10.0.0.62')).toHaveLength(0);
    expect((await signIn('10.0.0.62', 'admin123')).code).toBe(200);
    // Five settled failures do block it.
    for (let i = 0; i < 5; i++) await signIn('10.0.0.62', `wrong-${i}`);
    expect((await signIn('10.0.0.62', 'admin123')).code).toBe(423);
    expect(await lockouts('10.0.0.62')).toHaveLength(1);
  });

  it('blocks the failing address, not the account: another address signs in as admin', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('10.0.0.1', `bad${i}`)).code).toBe(422);
    const blocked = await signIn('10.0.0.1', 'admin123');
    expect(blocked.code).toBe(423);
    expect(blocked.msg).toMatch(/try again in 15 minutes/);
    expect((await signIn('10.0.0.2', 'admin123')).code).toBe(200);
  });

  it('believes only what the trusted proxy appended to X-Forwarded-For: a spoofed entry blocks nobody', async () => {
    // The proxy (127.0.0.1 here) appends the address it saw; entries before it are the client's own text.
    for (let i = 0; i < 5; i++)
      expect(
        (
          await s.call(
            LOGIN,
            { username: 'admin', password: hashPassword(`x${i}`), code: '' },
            from('10.7.7.7, 10.0.0.77'),
          )
        ).code,
      ).toBe(422);
    expect((await signIn('10.7.7.7', 'admin123')).code).toBe(200);
    expect((await signIn('10.0.0.77', 'admin123')).code).toBe(423);
  });

  it('counts IPv6 by its /64: rotating addresses within one network does not escape the block', async () => {
    for (let i = 1; i <= 5; i++) expect((await signIn(`2001:db8:7:7::${i}`, `bad${i}`)).code).toBe(422);
    expect((await signIn('2001:db8:7:7:ffff::9', 'admin123')).code).toBe(423);
    expect((await signIn('2001:db8:7:8::1', 'admin123')).code).toBe(200);
  });

  it('slows an account past the limit (one check per growing delay), without locking it', async () => {
    for (let i = 0; i < 5; i++) await signIn(`10.1.0.${i}`, `bad${i}`);
    // Past the limit: the next check is allowed, the one right after waits.
    expect((await signIn('10.1.1.1', 'bad-again')).code).toBe(422);
    checks.count = 0;
    const slowed = await signIn('10.1.1.2', 'admin123');
    expect(slowed.code).toBe(429);
    expect(slowed.msg).toMatch(/try again in 1 second/);
    expect(checks.count).toBe(0);
    s.clock.advance(1100);
    expect((await signIn('10.1.1.2', 'admin123')).code).toBe(200);
    // A success ends the slowdown.
    expect((await signIn('10.1.1.3', 'admin123')).code).toBe(200);
  });

  it('blocks the same address again for 1.5 times as long, each block logged once', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) await signIn(ip, `bad${i}`);
    expect((await signIn(ip, 'admin123')).msg).toMatch(/15 minutes/);
    s.clock.advance(15 * 60_000 + 1000);
    expect((await signIn(ip, 'admin123')).code).toBe(200);
    for (let i = 0; i < 5; i++) await signIn(ip, `bad${i}`);
    expect((await signIn(ip, 'admin123')).msg).toMatch(/23 minutes/);
    s.clock.advance(23 * 60_000);
    for (let i = 0; i < 5; i++) await signIn(ip, `bad${i}`);
    // 15 x 1.5 x 1.5 = 33.75
    expect((await signIn(ip, 'admin123')).msg).toMatch(/34 minutes/);
    expect(await lockouts(ip)).toHaveLength(3);
  });

  it('lists blocked addresses to an administrator, who can unlock one', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 5; i++) await signIn(ip, `bad${i}`, {}, 'ghost');
    const token = await s.login();
    const list = await s.call<{
      list: { ip: string; level: number; username: string; minutes_left: number }[];
    }>(WEB_SET, { method: 'lockouts' }, { token });
    expect(list.code).toBe(200);
    expect(list.data.list).toContainEqual(
      expect.objectContaining({ ip, level: 1, username: 'ghost', minutes_left: 15 }),
    );
    const unlocked = await s.call(WEB_SET, { method: 'unlock_address', ip }, { token });
    expect(unlocked.code).toBe(200);
    expect((await signIn(ip, 'admin123')).code).toBe(200);
    const again = await s.call(WEB_SET, { method: 'unlock_address', ip }, { token });
    expect(again.code).toBe(404);
    expect((await s.call(WEB_SET, { method: 'unlock_address', ip: '' }, { token })).code).toBe(422);
    // Nobody without a session sees or unlocks anything.
    expect((await s.call(WEB_SET, { method: 'lockouts' })).code).toBe(1002);
  });

  it('a remembered device signs in once per token, for its own account only, until the password changes', async () => {
    const first = await signIn('10.4.0.1', 'admin123', { remember: 1 });
    expect(first.code).toBe(200);
    const device = first.data.device_token!;
    expect(device).toMatch(/^dt\./);
    // Only its hash is stored.
    const stored = await s.app.db.kysely.selectFrom('device_tokens').select('id').execute();
    expect(stored.map((r) => r.id)).not.toContain(device);
    const withToken = (token: string, username = 'admin', remember = 1) =>
      s.call<{ token: string; device_token?: string }>(
        LOGIN,
        { username, password: token, code: '', remember },
        from('10.4.0.1'),
      );
    // Not another account's.
    await s.app.db.kysely
      .insertInto('users')
      .values({ username: 'other', password_hash: 'x', role_id: 1, created_at: 0, updated_at: 0 })
      .execute();
    expect((await withToken(device, 'other')).code).toBe(422);
    checks.count = 0;
    const second = await withToken(device);
    expect(second.code).toBe(200);
    expect(checks.count).toBe(0);
    const next = second.data.device_token!;
    expect(next).not.toBe(device);
    // Single use: the used one is gone, the next one works.
    expect((await withToken(device)).code).toBe(422);
    const third = await withToken(next);
    expect(third.code).toBe(200);
    const latest = third.data.device_token!;
    // A password change ends it.
    const { password_hash: original } = await s.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const session = third.data.token;
    const changed = await s.call(
      '/admin.php/index/personal',
      { method: 'change_password', password: hashPassword('admin123'), new_password: 'N3w!passw0rd' },
      { token: session },
    );
    expect(changed.code).toBe(200);
    expect((await withToken(latest)).code).toBe(422);
    // Put the password back for the other tests.
    await s.app.db.kysely
      .updateTable('users')
      .set({ password_hash: original })
      .where('username', '=', 'admin')
      .execute();
  });

  it('"sign out everywhere" ends remembered devices too', async () => {
    const signedIn = await signIn('10.4.2.1', 'admin123', { remember: 1 });
    const device = signedIn.data.device_token!;
    const out = await s.call(
      '/admin.php/index/personal',
      { method: 'sign_out_everywhere' },
      { token: signedIn.data.token },
    );
    expect(out.code, out.msg).toBe(200);
    const again = await s.call(
      LOGIN,
      { username: 'admin', password: device, code: '', remember: 1 },
      from('10.4.2.1'),
    );
    expect(again.code).toBe(422);
  });

  it('issues no device token unless asked', async () => {
    const r = await signIn('10.4.1.1', 'admin123');
    expect(r.code).toBe(200);
    expect(r.data.device_token).toBeUndefined();
  });

  it('hands a session over once, as a new session, through a code that lasts a minute', async () => {
    const token = await s.login();
    const minted = await s.call<{ code: string; expires_in: number }>(
      '/admin.php/common/handoff_code',
      {},
      { token },
    );
    expect(minted.code).toBe(200);
    expect(minted.data.expires_in).toBe(60);
    const exchange = (code: string) =>
      s.call<{ token: string; weak_psw: number }>('/admin.php/common/handoff_exchange', { code });
    const got = await exchange(minted.data.code);
    expect(got.code).toBe(200);
    // A new session, not the caller's: the old one still works on its own.
    expect(got.data.token).not.toBe(token);
    expect(got.data.token).not.toBe(minted.data.code);
    expect((await s.call('/admin.php/index/credentials', {}, { token: got.data.token })).code).toBe(200);
    expect((await s.call('/admin.php/index/credentials', {}, { token })).code).toBe(200);
    // Single use.
    expect((await exchange(minted.data.code)).code).toBe(422);
    // A session token is not a hand-off code.
    expect((await exchange(token)).code).toBe(422);
    // Expires after 60 s.
    const late = await s.call<{ code: string }>('/admin.php/common/handoff_code', {}, { token });
    s.clock.advance(61_000);
    expect((await exchange(late.data.code)).code).toBe(422);
    // Minting needs a session.
    expect((await s.call('/admin.php/common/handoff_code', {})).code).toBe(1002);
  });

  it('a hand-off code lives only as long as the session that made it', async () => {
    const mint = async (token: string) =>
      (await s.call<{ code: string }>('/admin.php/common/handoff_code', {}, { token })).data.code;
    const exchange = (code: string) => s.call('/admin.php/common/handoff_exchange', { code });
    // Signed out: its codes end with it.
    const a = await s.login();
    const fromA = await mint(a);
    await s.call('/admin.php/common/logout', {}, { token: a });
    expect((await exchange(fromA)).code).toBe(422);
    // Signed out everywhere (what a stolen session's victim does): no code brings the thief back.
    const b = await s.login();
    const fromB = await mint(b);
    const out = await s.call('/admin.php/index/personal', { method: 'sign_out_everywhere' }, { token: b });
    expect(out.code, out.msg).toBe(200);
    expect((await exchange(fromB)).code).toBe(422);
  });
});

describe('sign-in guards with the captcha', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { captcha: true, trustProxy: '127.0.0.1' });
    // The administrator turned the captcha off in the web settings.
    await setSetting(s.app, 'captcha', '0');
  });
  afterAll(async () => s.close());

  it('asks a slowed account for the captcha even when the settings turned it off', async () => {
    const signIn = (ip: string, password: string) =>
      s.call(LOGIN, { username: 'admin', password: hashPassword(password), code: '' }, from(ip));
    expect((await signIn('10.5.0.1', 'admin123')).code).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(`10.5.1.${i}`, `bad${i}`)).code).toBe(422);
    expect(await signIn('10.5.2.1', 'admin123')).toMatchObject({
      code: 422,
      msg: 'Verification code is required',
    });
  });
});
