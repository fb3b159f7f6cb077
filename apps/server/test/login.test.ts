import { hashPassword } from '@igs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '../src/platform/settings/settings.ts';
import { addUser } from './support/accounts.ts';
import { roleId } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const LOGIN = '/admin.php/common/login';

describeEachDb('sign-in', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('returns a token and the weak-password flag for the default account', async () => {
    const r = await s.call<{ token: string; weak_psw: number }>(LOGIN, {
      username: ' admin ',
      password: hashPassword('admin123'),
      code: '',
      is_operations: 0,
    });
    expect(r.code).toBe(200);
    expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(r.data.weak_psw).toBe(1);
  });

  it("records the sign-in's mode in the operation log, read in the reader's language", async () => {
    const token = await s.login();
    const read = async (lang: string) => {
      const r = await s.call<{ list: Array<{ module: string; detail: string }> }>(
        '/admin.php/system/logging',
        { method: 'list', page: 1, limit: 1, sort: 'id', order: 'desc', filter: { module: 'login' } },
        { token, headers: { 'accept-language': lang } },
      );
      expect(r.code, r.msg).toBe(200);
      return r.data.list[0]?.detail;
    };
    expect(await read('zh-CN')).toBe('完整模式');
    expect(await read('en')).toBe('full mode');
  });

  it('accepts a form body with is_operations as a string', async () => {
    const r = await s.call(
      LOGIN,
      { username: 'admin', password: hashPassword('admin123'), is_operations: '1' },
      { form: true },
    );
    expect(r.code).toBe(200);
    const token = (r.data as { token: string }).token;
    const cred = await s.call<{ detail: { is_operations: number } }>(
      '/admin.php/index/credentials',
      {},
      { token },
    );
    expect(cred.data.detail.is_operations).toBe(1);
  });

  it('refuses a wrong password with the specification text and no token', async () => {
    const r = await s.call(LOGIN, { username: 'admin', password: hashPassword('nope'), code: '' });
    expect(r).toMatchObject({ code: 422, msg: 'Account or password error' });
    expect(r.data).toEqual({ errors: [{ field: 'password', msg: 'Account or password error' }] });
  });

  it('answers in Chinese when the language cookie says so', async () => {
    const r = await s.call(
      LOGIN,
      { username: 'admin', password: hashPassword('nope') },
      { headers: { cookie: 'language=zh_CN' } },
    );
    expect(r.msg).toBe('账号或密码错误');
  });

  it('refuses an unknown account exactly like a wrong password', async () => {
    const r = await s.call(LOGIN, { username: 'ghost', password: hashPassword('admin123') });
    expect(r).toMatchObject({ code: 422, msg: 'Account or password error' });
  });

  it('refuses a password that is not the client-side hash, naming the field', async () => {
    const r = await s.call(LOGIN, { username: 'admin', password: 'admin123' });
    expect(r.code).toBe(422);
    expect(r.msg).toContain('password');
  });

  it('refuses operations mode to an account without operations rights', async () => {
    const token = await s.login();
    // give the viewer account no operations right
    await addUser(s, 'clerk', await roleId(s, 'viewer'));
    void token;
    const r = await s.call(LOGIN, {
      username: 'clerk',
      password: hashPassword('admin123'),
      is_operations: 1,
    });
    expect(r).toMatchObject({ code: 403, msg: 'This account may not use operations mode' });
    const ok = await s.call(LOGIN, {
      username: 'clerk',
      password: hashPassword('admin123'),
      is_operations: 0,
    });
    expect(ok.code).toBe(200);
  });

  it('writes every attempt, success or failure, to the operation log with the address', async () => {
    const rows = await s.app.db.kysely
      .selectFrom('operation_log')
      .selectAll()
      .where('module', '=', 'login')
      .execute();
    expect(rows.filter((r) => r.result === 'success').length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.result === 'fail').length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.ip === '127.0.0.1')).toBe(true);
    expect(rows.some((r) => r.username === 'ghost' && r.result === 'fail')).toBe(true);
  });
});

describeEachDb('lockout', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('blocks the address after 5 failures within 15 minutes, says how long, and lifts after the block', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await s.call(LOGIN, { username: 'admin', password: hashPassword(`wrong${i}`) });
      expect(r.code).toBe(422);
    }
    const locked = await s.call(LOGIN, { username: 'admin', password: hashPassword('admin123') });
    expect(locked.code).toBe(423);
    expect(locked.msg).toMatch(/try again in 15 minutes/);
    s.clock.advance(10 * 60_000);
    const still = await s.call(LOGIN, { username: 'admin', password: hashPassword('admin123') });
    expect(still.code).toBe(423);
    expect(still.msg).toMatch(/5 minutes/);
    s.clock.advance(5 * 60_000 + 1000);
    const ok = await s.call(LOGIN, { username: 'admin', password: hashPassword('admin123') });
    expect(ok.code).toBe(200);
  });

  it('locks a client address after 5 failures across accounts', async () => {
    s.clock.advance(60 * 60_000);
    for (let i = 0; i < 5; i++) await s.call(LOGIN, { username: `nobody${i}`, password: hashPassword('x') });
    const r = await s.call(LOGIN, { username: 'admin', password: hashPassword('admin123') });
    expect(r.code).toBe(423);
    const zh = await s.call(
      LOGIN,
      { username: 'admin', password: hashPassword('admin123') },
      { headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.msg).toMatch(/分钟后再试/);
  });
});

describeEachDb('captcha', (kind) => {
  let s: TestServer;
  let next = 'ABCD';
  beforeAll(async () => {
    s = await startServer(
      kind,
      { captcha: true },
      {
        makeCaptcha: () => ({
          text: next,
          data: `<svg xmlns="http://www.w3.org/2000/svg"><text>${next}</text></svg>`,
        }),
      },
    );
  });
  afterAll(async () => s.close());

  async function fetchCaptcha(text: string): Promise<string> {
    next = text;
    const res = await fetch(`${s.url}/admin.php/common/captcha`);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/igs_captcha=/);
    expect(cookie).toMatch(/HttpOnly/i);
    await res.text();
    return cookie.split(';')[0]!;
  }
  const attempt = (cookie: string, code: string) =>
    s.call(
      LOGIN,
      { username: 'admin', password: hashPassword('admin123'), code },
      { headers: cookie ? { cookie } : {} },
    );

  it('the public branding call says the code is asked, and not once the web settings turn it off', async () => {
    const flag = async () => (await s.call<{ captcha: number }>('/admin.php/common/copyright')).data.captcha;
    expect(await flag()).toBe(1);
    await setSetting(s.app, 'captcha', '0');
    expect(await flag()).toBe(0);
    await setSetting(s.app, 'captcha', '1');
  });

  it('requires the code', async () => {
    const cookie = await fetchCaptcha('WXYZ');
    expect(await attempt(cookie, '')).toMatchObject({ code: 422, msg: 'Verification code is required' });
  });

  it('refuses a wrong code, and the image is single use even after a wrong guess', async () => {
    const cookie = await fetchCaptcha('K7PQ');
    expect(await attempt(cookie, 'AAAA')).toMatchObject({ code: 422, msg: 'Verification code is wrong' });
    expect(await attempt(cookie, 'K7PQ')).toMatchObject({ code: 422, msg: 'Verification code is wrong' });
  });

  it('refuses a code without the cookie that ties it to the browser', async () => {
    await fetchCaptcha('M3NB');
    expect(await attempt('', 'M3NB')).toMatchObject({ code: 422, msg: 'Verification code is wrong' });
  });

  it('accepts the right code once, case-insensitively', async () => {
    const cookie = await fetchCaptcha('H4TR');
    expect((await attempt(cookie, 'h4tr')).code).toBe(200);
    expect((await attempt(cookie, 'H4TR')).code).toBe(422);
  });

  it('arrives whole when the browser asks for compression (as every browser does)', async () => {
    for (const encoding of ['br', 'gzip', 'gzip, deflate, br, zstd']) {
      const res = await fetch(`${s.url}/admin.php/common/captcha`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.status).toBe(200);
      expect(await res.text(), encoding).toMatch(/^<svg/);
    }
  });

  it('expires after 5 minutes', async () => {
    const cookie = await fetchCaptcha('Q9ZX');
    s.clock.advance(5 * 60_000 + 1000);
    expect(await attempt(cookie, 'Q9ZX')).toMatchObject({ code: 422, msg: 'Verification code is wrong' });
  });
});

describe('captcha image', () => {
  it('is a real SVG drawing of glyph paths (svg-captcha), not text a script can read', async () => {
    const { drawCaptcha } = await import('../src/platform/auth/captcha.ts');
    const c = drawCaptcha();
    expect(c.text).toMatch(/^[A-Za-z0-9]{4}$/);
    expect(c.data).toMatch(/^<svg/);
    expect(c.data).not.toContain(c.text);
  });

  it('draws on whole pixels, which keeps the image small on the wire', async () => {
    const { drawCaptcha, roundSvgNumbers } = await import('../src/platform/auth/captcha.ts');
    expect(roundSvgNumbers('<path d="M28.25 40.17L-3.5 7.49Q1 2"/>')).toBe('<path d="M28 40L-4 7Q1 2"/>');
    const c = drawCaptcha();
    expect(c.data).not.toMatch(/\d\.\d/);
    expect(c.data).toMatch(/<path /);
  });
});
