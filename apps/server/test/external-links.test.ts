import type { MenuNode } from '@igs/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const LINKS = '/admin.php/system/external_link';
const AUTH_MENU = '/admin.php/System/auth_menu';

/** Every external item of a tree, with the route of the group it sits in ('' at the top). */
function externals(tree: MenuNode[], base = ''): { parent: string; node: MenuNode }[] {
  const out: { parent: string; node: MenuNode }[] = [];
  for (const n of tree) {
    if (/^https?:/.test(n.path)) out.push({ parent: base, node: n });
    else if (n.children)
      out.push(...externals(n.children, n.path.startsWith('/') ? n.path : `${base}/${n.path}`));
  }
  return out;
}

describeEachDb('External links in System/auth_menu', (kind) => {
  let s: TestServer;
  let token: string;
  const menu = async (t = token, lang = 'zh-CN') =>
    externals(
      (await s.call<MenuNode[]>(AUTH_MENU, {}, { token: t, headers: { 'accept-language': lang } })).data,
    );
  const links = (body: Record<string, unknown>, t = token) =>
    s.call<{ id: number }>(LINKS, body, { token: t });

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    await s.close();
  });

  it('appends an added link to the next auth_menu, even right after one was cached', async () => {
    expect(await menu()).toEqual([]); // now cached for this role
    const r = await links({
      method: 'add',
      title: '帮助中心',
      title_en: 'Help centre',
      url: 'https://help.example.com/',
      sort: 1,
    });
    expect(r.code).toBe(200);
    const found = await menu();
    expect(found).toHaveLength(1);
    expect(found[0]!.parent).toBe('');
    expect(found[0]!.node).toMatchObject({ path: 'https://help.example.com/', meta: { title: '帮助中心' } });
    // The title follows the caller's language.
    expect((await menu(token, 'en'))[0]!.node.meta.title).toBe('Help centre');
  });

  it('puts a link under its parent group and follows edits', async () => {
    const r = await links({
      method: 'add',
      title: '厂商门户',
      url: 'http://vendor.example.com',
      parent: '/system',
    });
    expect(r.code).toBe(200);
    let found = await menu();
    const vendor = found.find((f) => f.node.path === 'http://vendor.example.com')!;
    expect(vendor.parent).toBe('/system');
    // English falls back to the title when title_en is empty.
    expect(
      (await menu(token, 'en')).find((f) => f.node.path === 'http://vendor.example.com')!.node.meta.title,
    ).toBe('厂商门户');
    expect((await links({ method: 'edit', id: r.data.id, title: '厂商服务', parent: '' })).code).toBe(200);
    found = await menu();
    const edited = found.find((f) => f.node.path === 'http://vendor.example.com')!;
    expect(edited).toMatchObject({ parent: '', node: { meta: { title: '厂商服务' } } });
  });

  it('shows a link only to the roles in role_ids', async () => {
    const other = await accountWith(s, `links_other_${kind}`, ['/admin.php/system/region'], []);
    const role = await s.app.db.kysely
      .selectFrom('users')
      .select('role_id')
      .where('username', '=', `links_other_${kind}`)
      .executeTakeFirstOrThrow();
    const r = await links({
      method: 'add',
      title: '仅限值班',
      url: 'https://duty.example.com',
      role_ids: [role.role_id],
    });
    expect(r.code).toBe(200);
    expect((await menu(other)).map((f) => f.node.path)).toContain('https://duty.example.com');
    expect((await menu()).map((f) => f.node.path)).not.toContain('https://duty.example.com');
  });

  it('drops a disabled or deleted link', async () => {
    const list = await s.call<{ list: { id: number; url: string }[] }>(LINKS, { method: 'list' }, { token });
    const help = list.data.list.find((l) => l.url === 'https://help.example.com/')!;
    expect((await links({ method: 'state', ids: [help.id], enabled: 0 })).code).toBe(200);
    expect((await menu()).map((f) => f.node.path)).not.toContain('https://help.example.com/');
    expect((await links({ method: 'state', ids: [help.id], enabled: 1 })).code).toBe(200);
    expect((await menu()).map((f) => f.node.path)).toContain('https://help.example.com/');
    expect((await links({ method: 'del', ids: [help.id] })).code).toBe(200);
    expect((await menu()).map((f) => f.node.path)).not.toContain('https://help.example.com/');
  });

  it('refuses a link that is not http(s), adding nothing', async () => {
    const before = await menu();
    const r = await links({ method: 'add', title: 'x', url: 'javascript:alert(1)' });
    expect(r.code).toBe(422);
    const r2 = await links({ method: 'add', title: 'x', url: 'rtsp://cam.example.com/1' });
    expect(r2.code).toBe(422);
    expect(await menu()).toEqual(before);
  });

  it('needs the button to change links', async () => {
    const reader = await accountWith(s, `links_reader_${kind}`, [LINKS], []);
    expect((await links({ method: 'list' }, reader)).code).toBe(200);
    expect((await links({ method: 'add', title: 'x', url: 'https://x.example.com' }, reader)).code).toBe(403);
    expect((await menu()).map((f) => f.node.path)).not.toContain('https://x.example.com');
  });
});
