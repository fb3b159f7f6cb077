import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const LOGGING = '/admin.php/system/logging';
const HOME = '/admin.php/system/home';

describeEachDb('permission matrix', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
  });
  afterAll(async () => s.close());

  it('no token: 1002 on module, session and mutating calls', async () => {
    for (const [path, body] of [
      [LOGGING, { method: 'list' }],
      [HOME, {}],
      [LOGGING, { method: 'del', older_than_days: 1 }],
      ['/admin.php/System/auth_menu', {}],
      ['/admin.php/index/personal', { method: 'detail' }],
    ] as const) {
      expect((await s.call(path, body)).code, path).toBe(1002);
    }
  });

  it('expired token: 1005', async () => {
    const token = await s.login();
    s.clock.advance(31 * 60_000);
    expect((await s.call(LOGGING, { method: 'list' }, { token })).code).toBe(1005);
    admin = await s.login();
  });

  it('a role without the menu: 403 naming the module, for reads and writes', async () => {
    const token = await accountWith(s, 'nomenu', [HOME], []);
    const list = await s.call(LOGGING, { method: 'list' }, { token });
    expect(list.code).toBe(403);
    expect(list.msg).toContain('/admin.php/system/logging');
    expect((await s.call(LOGGING, { method: 'del', older_than_days: 1 }, { token })).code).toBe(403);
    expect((await s.call(HOME, {}, { token })).code).toBe(200);
  });

  it('a role with the menu but without the button: reads work, the mutating call is 403 naming the key', async () => {
    const token = await accountWith(s, 'nobutton', [LOGGING], []);
    expect((await s.call(LOGGING, { method: 'list' }, { token })).code).toBe(200);
    const del = await s.call(LOGGING, { method: 'del', older_than_days: 1 }, { token });
    expect(del.code).toBe(403);
    expect(del.msg).toContain('system:logging:del');
    const exp = await s.call(LOGGING, { method: 'export' }, { token });
    expect(exp.code).toBe(403);
    expect(exp.msg).toContain('system:logging:export');
  });

  it('a role with the button may do it', async () => {
    const token = await accountWith(s, 'withbutton', [LOGGING], ['system:logging:del']);
    expect(await s.call(LOGGING, { method: 'del', older_than_days: 3650 }, { token })).toMatchObject({
      code: 200,
      data: { deleted: 0 },
    });
  });

  it('the menu tree and buttons follow the role', async () => {
    const token = await accountWith(s, 'treecheck', [LOGGING], ['system:logging:export']);
    const r = await s.call<{ path: string; children?: { path: string }[] }[]>(
      '/admin.php/System/auth_menu',
      {},
      { token },
    );
    expect(r.data.map((m) => m.path)).toEqual(['/system']);
    expect(r.data[0]!.children!.map((c) => c.path)).toEqual(['log']);
    expect(r.Button).toEqual(['system:logging:export']);
  });

  it('the admin role holds every menu and button', async () => {
    const r = await s.call<{ path: string }[]>('/admin.php/System/auth_menu', {}, { token: admin });
    expect(r.data.map((m) => m.path)).toEqual(
      expect.arrayContaining([
        '/',
        '/voice',
        '/video',
        '/ac',
        '/tr069',
        '/media',
        '/advert',
        '/smart',
        '/system',
      ]),
    );
    expect((r.Button as string[]).length).toBeGreaterThan(100);
    expect(r.Button).toEqual(
      expect.arrayContaining(['system:logging:del', 'voice:extension:add', 'tr069:device:reboot']),
    );
  });

  it('full-mode module calls are refused in an operations session', async () => {
    const token = await s.login('admin', 'admin123', 1);
    expect((await s.call(LOGGING, { method: 'list' }, { token })).code).toBe(403);
  });
});
