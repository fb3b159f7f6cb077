import { hashPassword } from '@igs/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

describeEachDb('bad input', (kind) => {
  let s: TestServer;
  let token: string;
  const counts = async () => {
    const db = s.app.db.kysely;
    const [users, sessions] = await Promise.all([
      db.selectFrom('users').selectAll().orderBy('id').execute(),
      db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { users, sessions: Number(sessions.n) };
  };
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('malformed JSON: 400 with a clear message, no stack, nothing changed', async () => {
    const before = await counts();
    const r = await s.call('/admin.php/common/login', undefined, {
      raw: '{"username": "admin",',
      contentType: 'application/json',
    });
    expect(r).toMatchObject({ code: 400, msg: 'Malformed JSON body' });
    expect(JSON.stringify(r)).not.toMatch(/at .*\.ts:\d+/);
    expect(await counts()).toEqual(before);
  });

  it('a body that is not an object: 400', async () => {
    const r = await s.call('/admin.php/index/personal', undefined, {
      raw: '[1,2]',
      contentType: 'application/json',
      token,
    });
    expect(r.code).toBe(400);
  });

  it('missing and wrong-typed fields: 422 naming the field', async () => {
    const missing = await s.call('/admin.php/common/login', { password: hashPassword('x') });
    expect(missing.code).toBe(422);
    expect(missing.msg).toContain('username');
    expect((missing.data as { errors: { field: string }[] }).errors[0]!.field).toBe('username');
    const typed = await s.call('/admin.php/common/login', {
      username: 'admin',
      password: hashPassword('admin123'),
      is_operations: 'yes',
    });
    expect(typed.code).toBe(422);
    expect(typed.msg).toContain('is_operations');
    const nested = await s.call('/admin.php/system/logging', { method: 'list', page: 'x' }, { token });
    expect(nested.code).toBe(422);
    expect(nested.msg).toContain('page');
  });

  it('unknown or missing method: 400 naming the known ones', async () => {
    const r = await s.call('/admin.php/index/personal', { method: 'drop_tables' }, { token });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/Unknown method "drop_tables".*detail/);
    const none = await s.call('/admin.php/index/personal', {}, { token });
    expect(none.code).toBe(400);
    expect(none.msg).toMatch(/method is required/);
  });

  it('an oversize body: 400 saying so, nothing changed', async () => {
    const before = await counts();
    const r = await s.call(
      '/admin.php/index/personal',
      { method: 'form', nickname: 'x'.repeat(2 * 1024 * 1024) },
      { token },
    );
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/too large/i);
    expect(await counts()).toEqual(before);
  });

  it('a file sent to a call that takes none: refused, nothing changed', async () => {
    const before = await counts();
    const fd = new FormData();
    fd.append('method', 'offline');
    fd.append('username', 'sneaky');
    fd.append('password', hashPassword('secret1'));
    fd.append('phone', '13800138000');
    fd.append('photo', new Blob(['x']), 'x.png');
    const r = await s.call('/admin.php/common/register', fd);
    expect(r.code).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('an unsupported content type: 400', async () => {
    const r = await s.call('/admin.php/index/account', undefined, {
      raw: 'x',
      contentType: 'text/csv',
      token,
    });
    expect(r.code).toBe(400);
  });

  it('an unknown API path: 404 envelope', async () => {
    const res = await fetch(`${s.url}/admin.php/nothing/here`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404 });
  });

  it('a too-long value is refused, not truncated', async () => {
    const r = await s.call('/admin.php/common/login', {
      username: 'a'.repeat(65),
      password: hashPassword('x'),
    });
    expect(r.code).toBe(422);
  });
});
