import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTHORITY, addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * The scene editor's server side: the hidden scene routes of both modes and how a role's grants
 * reach them (DOMAIN 1.2, 1.3), and the options of a reference answered by the owning resource
 * (`options` with `field`), which operations scenes need for their EasyTemplate.
 */
const AUTH_MENU = '/admin.php/System/auth_menu';
const SYSTEM_MENU = '/admin.php/system/system_menu';
const SCENE = '/admin.php/index/scenario';
const OPS_SCENE = '/operations/index/scenario';
const OPS_CAROUSEL = '/operations/index/scenario_resource';
const OPS_OTHER = '/operations/index/scenario_other';
const TEMPLATE = '/admin.php/smart/easy_template';

// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
type AnyDb = Kysely<any>;
interface MenuNode {
  path: string;
  name: string;
  hidden?: boolean;
  meta: { title: string; activeMenu?: string };
  children?: MenuNode[];
}
type Option = { value: number; label: string };

const flat = (tree: MenuNode[]): MenuNode[] => tree.flatMap((n) => [n, ...flat(n.children ?? [])]);

async function insert(s: TestServer, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const now = Date.now();
  const out = await (s.app.db.kysely as unknown as AnyDb)
    .insertInto(table)
    .values(rows.map((r) => ({ site_id: 0, created_at: now, updated_at: now, ...r })))
    .returning('id')
    .execute();
  return out.map((r) => Number(r.id));
}

describeEachDb('scene editor routes and grants', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
  });
  afterAll(async () => s.close());

  const tree = async (token: string) => flat((await s.call<MenuNode[]>(AUTH_MENU, {}, { token })).data);

  it('both modes serve /scenelistadd and /otherconfig, each highlighting its own list item', async () => {
    const full = await tree(admin);
    const ops = await tree(await s.login('admin', 'admin123', 1));
    for (const [nodes, active] of [
      [full, '/smart/scene'],
      [ops, '/operations/app-menu'],
    ] as const) {
      const edit = nodes.find((n) => n.path === 'scenelistadd');
      const other = nodes.find((n) => n.path === 'otherconfig');
      expect(edit).toMatchObject({ hidden: true, meta: { title: 'route.sceneListAdd', activeMenu: active } });
      expect(other).toMatchObject({ hidden: true, meta: { title: 'route.otherConfig', activeMenu: active } });
    }
    // The operations tree of the permission page lists them, with the buttons they offer.
    const menus = await s.call<{ operations: (MenuNode & { buttons: string[] })[] }>(
      SYSTEM_MENU,
      {},
      { token: admin },
    );
    const opsEdit = flat(menus.data.operations).find((n) => n.name === 'OperationsSceneListAdd') as
      | (MenuNode & { buttons: string[] })
      | undefined;
    expect(opsEdit?.buttons).toContain('index:scenario_resource:edit');
  });

  it('an operations role reaches the hidden routes by holding them, as a full-mode role does', async () => {
    for (const [mode, menus, list, refused] of [
      ['full', ['SceneListAdd'], SCENE, OPS_SCENE],
      ['operations', ['OperationsSceneListAdd'], OPS_SCENE, SCENE],
    ] as const) {
      const rid = await addRole(s, admin, {
        name: `scene_editor_${mode}`,
        mode,
        menus: [...menus],
        buttons: ['index:scenario:add'],
      });
      const username = `scene_${mode}`;
      await addAccount(s, admin, { username, role_id: rid, is_operations: mode === 'operations' ? 1 : 0 });
      const token = await s.login(username, PASSWORD, mode === 'operations' ? 1 : 0);
      const headers = mode === 'operations' ? { 'igs-sids': '1' } : undefined;
      const paths = (await tree(token)).map((n) => n.path);
      expect(paths, mode).toContain('scenelistadd');
      expect(paths, mode).not.toContain('otherconfig');
      expect((await s.call(list, { method: 'list' }, { token, headers })).code, mode).toBe(200);
      // The other mode's endpoint, and a route not held, are refused.
      expect((await s.call(refused, { method: 'list' }, { token, headers })).code, mode).toBe(403);
      const other = mode === 'operations' ? OPS_OTHER : '/admin.php/index/scenario_other';
      expect((await s.call(other, { method: 'detail' }, { token, headers })).code, mode).toBe(403);
      // A write still needs its key: edit was not granted.
      const edit = await s.call(list, { method: 'edit', id: 1, name: 'x' }, { token, headers });
      expect(edit.code, mode).toBe(403);
      expect(edit.msg).toContain('index:scenario:edit');
    }
  });

  it('a role holding only the list item has no editor route, in either mode', async () => {
    const rid = await addRole(s, admin, {
      name: 'app_menu_only',
      mode: 'operations',
      menus: ['OperationsAppMenu'],
    });
    await addAccount(s, admin, { username: 'app_menu_ops', role_id: rid, is_operations: 1 });
    const token = await s.login('app_menu_ops', PASSWORD, 1);
    expect((await tree(token)).map((n) => n.path)).not.toContain('scenelistadd');
    // Granting the hidden item of the other mode is refused, and changes nothing.
    const before = await s.call<{ menu_ids: number[] }>(
      AUTHORITY,
      { method: 'detail', id: rid },
      { token: admin },
    );
    const fullItem = await (s.app.db.kysely as unknown as AnyDb)
      .selectFrom('menus')
      .select('id')
      .where('name', '=', 'SceneListAdd')
      .where('mode', '=', 'full')
      .executeTakeFirstOrThrow();
    const bad = await s.call(
      AUTHORITY,
      { method: 'edit', id: rid, menu_ids: [fullItem.id] },
      { token: admin },
    );
    expect(bad.code).toBe(422);
    const after = await s.call<{ menu_ids: number[] }>(
      AUTHORITY,
      { method: 'detail', id: rid },
      { token: admin },
    );
    expect(after.data.menu_ids).toEqual(before.data.menu_ids);
  });
});

describeEachDb('options of a reference, answered by the owning resource', (kind) => {
  let s: TestServer;
  let full: string;
  let ops: string;
  const at = (sites: string) => ({ token: ops, headers: { 'igs-sids': sites } });
  const ids: Record<string, number> = {};
  const scenes: Record<string, number[]> = {};
  const labels = (r: { data: Option[] }) => r.data.map((o) => o.label).sort();

  beforeAll(async () => {
    s = await startServer(kind);
    full = await s.login();
    ops = await s.login('admin', 'admin123', 1);
    // The gateway's own template (full mode, site 0) and one seeded per operations site.
    const templates = await insert(s, 'smart_easy_template', [
      { name: 'Gateway template' },
      { name: 'Site 1 template', site_id: 1 },
      { name: 'Site 2 template', site_id: 2 },
    ]);
    Object.assign(ids, { tpl0: templates[0], tpl1: templates[1], tpl2: templates[2] });
    await insert(s, 'smart_scene', [{ name: 'Full-mode scene', industry: 'hotel', template_id: ids.tpl0 }]);
  });
  afterAll(async () => s.close());

  it('full mode: the owner answers what its own endpoint of the target would', async () => {
    const r = await s.call<Option[]>(SCENE, { method: 'options', field: 'template_id' }, { token: full });
    expect(r.code, r.msg).toBe(200);
    expect(labels(r)).toEqual(['Gateway template']);
    const own = await s.call<Option[]>(TEMPLATE, { method: 'options' }, { token: full });
    expect(r.data).toEqual(own.data);
    // Without field, the owner's own records as before.
    expect(labels(await s.call<Option[]>(SCENE, { method: 'options' }, { token: full }))).toEqual([
      'Full-mode scene',
    ]);
  });

  it('operations mode: the site sees its templates and the shared ones, never another site', async () => {
    // The template endpoint itself is full mode only: an operations session cannot call it.
    expect((await s.call(TEMPLATE, { method: 'options' }, at('1'))).code).toBe(403);
    const one = await s.call<Option[]>(OPS_SCENE, { method: 'options', field: 'template_id' }, at('1'));
    expect(one.code, one.msg).toBe(200);
    expect(labels(one)).toEqual(['Gateway template', 'Site 1 template']);
    const two = await s.call<Option[]>(OPS_SCENE, { method: 'options', field: 'template_id' }, at('2'));
    expect(labels(two)).toEqual(['Gateway template', 'Site 2 template']);
    const keyword = await s.call<Option[]>(
      OPS_SCENE,
      { method: 'options', field: 'template_id', keyword: 'site' },
      at('2'),
    );
    expect(labels(keyword)).toEqual(['Site 2 template']);
  });

  it('operations mode: a scene saves with what the select offered, and is refused the rest', async () => {
    for (const [site, tpl] of [
      ['1', ids.tpl0],
      ['1', ids.tpl1],
      ['2', ids.tpl2],
    ] as const) {
      const r = await s.call<{ id: number }>(
        OPS_SCENE,
        { method: 'add', name: `Scene ${site}-${tpl}`, industry: 'hotel', template_id: tpl },
        at(site),
      );
      expect(r.code, r.msg).toBe(200);
      scenes[site] = [...(scenes[site] ?? []), r.data.id];
    }
    const before = await s.call<{ total: number }>(OPS_SCENE, { method: 'list' }, at('1'));
    const refused = await s.call(
      OPS_SCENE,
      { method: 'add', name: 'Borrowed', industry: 'hotel', template_id: ids.tpl2 },
      at('1'),
    );
    expect(refused.code).toBe(422);
    expect(refused.msg).toContain(`#${ids.tpl2}`);
    expect((await s.call<{ total: number }>(OPS_SCENE, { method: 'list' }, at('1'))).data.total).toBe(
      before.data.total,
    );
    // Full mode shares its templates, never the other way round.
    const back = await s.call(
      SCENE,
      { method: 'add', name: 'Reverse', industry: 'hotel', template_id: ids.tpl1 },
      { token: full },
    );
    expect(back.code).toBe(422);
    // The shared template is in use by an operations scene: full mode cannot delete it.
    const del = await s.call(TEMPLATE, { method: 'del', ids: [ids.tpl0] }, { token: full });
    expect(del.code).toBe(409);
  });

  it('a reference to a site-scoped resource stays within the sites, through the owner too', async () => {
    const one = await s.call<Option[]>(OPS_CAROUSEL, { method: 'options', field: 'scene_id' }, at('1'));
    expect(one.code, one.msg).toBe(200);
    const sorted = (r: { data: Option[] }) => r.data.map((o) => o.value).sort((a, b) => a - b);
    expect(sorted(one)).toEqual(scenes['1']);
    const two = await s.call<Option[]>(OPS_CAROUSEL, { method: 'options', field: 'scene_id' }, at('2'));
    expect(sorted(two)).toEqual(scenes['2']);
    for (const r of [one, two]) expect(r.data.map((o) => o.label)).not.toContain('Full-mode scene');
  });

  it('refuses a field that is unknown or no reference, with a clear error', async () => {
    for (const [field, words] of [
      ['nope', '"nope" is not a reference field'],
      ['name', '"name" is not a reference field'],
      ['', '"" is not a reference field'],
    ] as const) {
      const r = await s.call<{ errors: { field: string }[] }>(
        OPS_SCENE,
        { method: 'options', field },
        { ...at('1'), headers: { 'igs-sids': '1', 'accept-language': 'en' } },
      );
      expect(r.code, field).toBe(422);
      expect(r.msg).toContain(words);
      expect(r.msg).toContain('template_id, area_ids');
      expect(r.data.errors[0]?.field).toBe('field');
    }
    const zh = await s.call(
      OPS_SCENE,
      { method: 'options', field: 'nope' },
      {
        token: ops,
        headers: { 'igs-sids': '1', 'accept-language': 'zh-CN' },
      },
    );
    expect(zh.msg).toContain('不是应用场景的引用字段');
  });

  it('needs the owner menu only: a role without it is refused, a reader with it is served', async () => {
    const reader = await addRole(s, full, {
      name: 'scene_reader',
      mode: 'operations',
      menus: ['OperationsSceneListAdd'],
    });
    await addAccount(s, full, { username: 'scene_reader', role_id: reader, is_operations: 1 });
    const token = await s.login('scene_reader', PASSWORD, 1);
    const ok = await s.call<Option[]>(
      OPS_SCENE,
      { method: 'options', field: 'template_id' },
      { token, headers: { 'igs-sids': '1' } },
    );
    expect(ok.code, ok.msg).toBe(200);
    expect(labels(ok)).toEqual(['Gateway template', 'Site 1 template']);
    const other = await addRole(s, full, {
      name: 'no_scenes',
      mode: 'operations',
      menus: ['OperationsScheduledTask'],
    });
    await addAccount(s, full, { username: 'no_scenes', role_id: other, is_operations: 1 });
    const refused = await s.call(
      OPS_SCENE,
      { method: 'options', field: 'template_id' },
      { token: await s.login('no_scenes', PASSWORD, 1), headers: { 'igs-sids': '1' } },
    );
    expect(refused.code).toBe(403);
  });
});
