import { hashPassword } from '@igs/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addUser, TEST_PASSWORD } from './support/accounts.ts';
import { roleId } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const PERSONAL = '/admin.php/index/personal';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPG = Buffer.from('ffd8ffe000104a464946000101', 'hex');

function form(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('photo', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return fd;
}

describeEachDb('change password', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('refuses a new password that fails the strength rule, and changes nothing', async () => {
    const token = await s.login();
    const before = await s.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    for (const weak of ['Sh0rt!a', 'alllowercase1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12']) {
      const r = await s.call(
        PERSONAL,
        { method: 'change_password', password: hashPassword('admin123'), new_password: weak },
        { token },
      );
      expect(r.code).toBe(422);
      expect(r.msg).toBe(
        'Password must be over 8 characters and contain upper and lower case letters, digits and special characters',
      );
    }
    const after = await s.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses an empty new password with the specification text', async () => {
    const token = await s.login();
    const r = await s.call(
      PERSONAL,
      { method: 'change_password', password: hashPassword('admin123'), new_password: '' },
      { token },
    );
    expect(r).toMatchObject({ code: 422, msg: 'Please enter the password' });
  });

  it('refuses a wrong original password', async () => {
    const token = await s.login();
    const r = await s.call(
      PERSONAL,
      { method: 'change_password', password: hashPassword('wrong'), new_password: 'Str0ng!Pass' },
      { token },
    );
    expect(r).toMatchObject({ code: 422, msg: 'The original password is wrong' });
  });
});

describeEachDb('change password effects', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('stores the new password, clears the weak flag, and ends the other sessions only', async () => {
    const other = await s.login();
    const token = await s.login();
    const r = await s.call(
      PERSONAL,
      { method: 'change_password', password: hashPassword('admin123'), new_password: 'N3w!Passw0rd' },
      { token },
    );
    expect(r.code).toBe(200);
    expect((await s.call('/admin.php/index/account', {}, { token })).code).toBe(200);
    // Ended by the password change, not unknown: 1005 (docs/api.md).
    expect((await s.call('/admin.php/index/account', {}, { token: other })).code).toBe(1005);
    await expect(s.login('admin', 'admin123')).rejects.toThrow(/Account or password error/);
    const again = await s.call<{ weak_psw: number }>('/admin.php/common/login', {
      username: 'admin',
      password: hashPassword('N3w!Passw0rd'),
    });
    expect(again.data.weak_psw).toBe(0);
    const settings = await s.call<{ weak_psw: number }>('/admin.php/common/settings', {}, { token });
    expect(settings.data.weak_psw).toBe(0);
  });

  it('the stored hash is argon2id of the client-side hash, never the password', async () => {
    const row = await s.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain('N3w!Passw0rd');
  });
});

describeEachDb('personal data', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('returns the personal fields with last sign-in time and address', async () => {
    const r = await s.call<Record<string, unknown>>(PERSONAL, { method: 'detail' }, { token });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ username: 'admin', loginip: '127.0.0.1' });
    expect(r.data.mtime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('saves name, phone and a PNG avatar (multipart) served back by its URL', async () => {
    const r = await s.call<{ photo: string }>(
      PERSONAL,
      form(
        {
          method: 'form',
          nickname: 'Night manager',
          cellphone: '13800138000',
          sex: '1',
          company_name: 'Hotel',
        },
        { data: PNG, name: 'me.png', type: 'image/png' },
      ),
      { token },
    );
    expect(r.code).toBe(200);
    expect(r.data.photo).toMatch(/^\/admin\.php\/common\/avatar\/[0-9a-f-]{36}\.png$/);
    const img = await fetch(s.url + r.data.photo);
    expect(img.headers.get('content-type')).toBe('image/png');
    const d = await s.call<Record<string, unknown>>(PERSONAL, { method: 'detail' }, { token });
    expect(d.data).toMatchObject({
      nickname: 'Night manager',
      cellphone: '13800138000',
      sex: 1,
      company_name: 'Hotel',
      photo: r.data.photo,
    });
  });

  it('accepts a JPG named anything, and refuses a non-image named .png (content decides)', async () => {
    const ok = await s.call(
      PERSONAL,
      form({ method: 'form' }, { data: JPG, name: 'x.bin', type: 'application/octet-stream' }),
      { token },
    );
    expect(ok.code).toBe(200);
    const before = await s.app.db.kysely
      .selectFrom('users')
      .select(['photo', 'nickname'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const bad = await s.call(
      PERSONAL,
      form(
        { method: 'form', nickname: 'changed' },
        { data: Buffer.from('GIF89a......'), name: 'evil.png', type: 'image/png' },
      ),
      { token },
    );
    expect(bad).toMatchObject({ code: 422, msg: 'Only JPG/PNG images can be uploaded' });
    const after = await s.app.db.kysely
      .selectFrom('users')
      .select(['photo', 'nickname'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses an avatar over 10 MB and changes nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const r = await s.call(
      PERSONAL,
      form({ method: 'form', nickname: 'big' }, { data: big, name: 'big.png', type: 'image/png' }),
      { token },
    );
    expect(r).toMatchObject({ code: 422, msg: 'Image size cannot exceed 10M' });
    const u = await s.app.db.kysely
      .selectFrom('users')
      .select('nickname')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(u.nickname).not.toBe('big');
  });

  it("refuses to edit another account's data", async () => {
    const r = await s.call(PERSONAL, form({ method: 'form', id: '999', nickname: 'x' }), { token });
    expect(r.code).toBe(403);
  });
});

describeEachDb('developer mode', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('is off with no key at first', async () => {
    expect((await s.call('/admin.php/system/developer_mode', { method: 'detail' }, { token })).data).toEqual({
      status: 0,
      key: '',
      key_hint: '',
      created_at: '',
      expires_at: '',
      can_enable: 1,
    });
  });

  it('switching on makes a key, shown once, that authenticates API calls; switching off revokes it', async () => {
    const on = await s.call<{ status: number; key: string; key_hint: string }>(
      '/admin.php/system/developer_mode',
      { method: 'form', status: 1 },
      { token },
    );
    expect(on.code).toBe(200);
    expect(on.msg).toBeTruthy();
    const key = on.data.key;
    expect(key).toMatch(/^[0-9a-f]{48}$/);
    expect(on.data.key_hint).toBe(key.slice(-4));
    const detail = await s.call('/admin.php/system/developer_mode', { method: 'detail' }, { token });
    expect(detail.data).toMatchObject({ status: 1, key: '', key_hint: key.slice(-4) });
    expect(JSON.stringify(detail)).not.toContain(key);
    expect(await s.call('/admin.php/index/account', {}, { headers: { 'IGS-Key': key } })).toMatchObject({
      code: 200,
      data: { account: 'admin' },
    });
    await s.call('/admin.php/system/developer_mode', { method: 'form', status: 0 }, { token });
    // An ended key says so (1005) rather than unknown.
    expect((await s.call('/admin.php/index/account', {}, { headers: { 'IGS-Key': key } })).code).toBe(1005);
  });
});

describeEachDb('mode change', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('switches the session to operations mode and back, and the menu follows', async () => {
    const token = await s.login();
    const r = await s.call(
      '/admin.php/resources/index',
      { method: 'changeMode', is_operations: 1 },
      { token },
    );
    expect(r).toMatchObject({ code: 200, data: { detail: { is_operations: 1 } } });
    const menu = await s.call<{ path: string; hidden?: boolean }[]>(
      '/admin.php/System/auth_menu',
      {},
      { token },
    );
    // The operations tree, plus the hidden shell routes of that mode (the scene editor's).
    expect(menu.data.filter((m) => !m.hidden).map((m) => m.path)).toEqual(['/operations']);
    expect(menu.data.filter((m) => m.hidden).map((m) => m.path)).toEqual(['/']);
    await s.call('/admin.php/resources/index', { method: 'changeMode', is_operations: 0 }, { token });
    const full = await s.call<{ path: string }[]>('/admin.php/System/auth_menu', {}, { token });
    expect(full.data.map((m) => m.path)).toContain('/system');
  });

  it('is refused for an account without operations rights', async () => {
    await addUser(s, 'desk', await roleId(s, 'viewer'), { created_at: 1, updated_at: 1 });
    const token = await s.login('desk', TEST_PASSWORD);
    const r = await s.call(
      '/admin.php/resources/index',
      { method: 'changeMode', is_operations: 1 },
      { token },
    );
    expect(r).toMatchObject({ code: 403, msg: 'This account may not use operations mode' });
    expect(
      (await s.call<{ detail: { is_operations: number } }>('/admin.php/index/credentials', {}, { token }))
        .data.detail.is_operations,
    ).toBe(0);
  });
});

describeEachDb('last sign-in', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('personal data shows the sign-in before the current one', async () => {
    await s.login();
    const first = await s.app.db.kysely
      .selectFrom('login_attempts')
      .select('at')
      .where('success', '=', 1)
      .executeTakeFirstOrThrow();
    s.clock.advance(3 * 3_600_000);
    const token = await s.login();
    const r = await s.call<{ mtime: string }>('/admin.php/index/personal', { method: 'detail' }, { token });
    const expected = new Date(Number(first.at));
    expect(r.data.mtime.slice(0, 13)).toBe(
      `${expected.getFullYear()}-${String(expected.getMonth() + 1).padStart(2, '0')}-${String(expected.getDate()).padStart(2, '0')} ${String(expected.getHours()).padStart(2, '0')}`,
    );
  });
});
