import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * DOMAIN 2.8 rules on writing (features/smart-display, onResourceWrite): one default scene per
 * site, EasyTemplate tiles by layout, two-level app menus, rising app release version codes,
 * goods prices and images. Each refusal names the field and writes nothing.
 */

const SCENE = '/admin.php/index/scenario';
const OPS_SCENE = '/operations/index/scenario';
const TEMPLATE = '/admin.php/smart/easy_template';
const MENU = '/admin.php/index/app_menu';
const RELEASE = '/admin.php/index/app_upgrade';
const OPS_RELEASE = '/operations/index/app_upgrade';
const GOODS = '/admin.php/shop/goods';

// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;

describeEachDb('smart display write rules', (kind) => {
  let s: TestServer;
  let token: string;
  let ops: string;
  const call = <T = Rec>(path: string, body: unknown) => s.call<T>(path, body, { token });
  const opsCall = <T = Rec>(path: string, body: unknown, site: string) =>
    s.call<T>(path, body, { token: ops, headers: { 'igs-sids': site } });
  const count = async (table: string) =>
    (await (s.app.db.kysely as unknown as AnyDb).selectFrom(table).select('id').execute()).length;
  const row = async (table: string, id: number): Promise<Rec> =>
    (await (s.app.db.kysely as unknown as AnyDb)
      .selectFrom(table)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as Rec;
  /** A refusal: its code, the field it names, and the table as it was. */
  const refused = async (table: string, r: Promise<Rec>, code: number, field: string) => {
    const before = await count(table);
    const reply = await r;
    expect(reply.code, reply.msg).toBe(code);
    expect(reply.data.errors[0].field).toBe(field);
    expect(await count(table)).toBe(before);
    return reply.msg as string;
  };
  const menus: number[] = [];

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    ops = await s.login('admin', 'admin123', 1);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const r = await call<{ id: number }>(MENU, {
        method: 'add',
        name: `M${n}`,
        type: 'builtin',
        target: `m${n}`,
        icon: '/uploads/m.png',
      });
      expect(r.code, r.msg).toBe(200);
      menus.push(r.data.id);
    }
  });
  afterAll(async () => s.close());

  const tiles = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({ slot: i + 1, app_menu_id: menus[(i + from) % menus.length] }));

  it('templates: the tile count must equal the layout’s slots; each tile a slot once and an app menu', async () => {
    // Named first, laid out later (as the scene editor's journey does).
    const bare = await call<{ id: number }>(TEMPLATE, { method: 'add', name: 'Bare' });
    expect(bare.code, bare.msg).toBe(200);
    const add = (body: Rec) => call(TEMPLATE, { method: 'add', name: 'T', ...body });

    const ok = await add({ layout: 'grid_3x2', tiles: tiles(6) });
    expect(ok.code, ok.msg).toBe(200);
    expect((await add({ layout: 'grid_4x2', tiles: tiles(8) })).code).toBe(200);
    expect((await add({ layout: 'banner_4', tiles: tiles(4) })).code).toBe(200);
    expect((await add({ layout: 'list', tiles: tiles(3) })).code).toBe(200);

    expect(
      await refused('smart_easy_template', add({ layout: 'grid_3x2', tiles: tiles(5) }), 422, 'tiles'),
    ).toBe('Tiles: the grid_3x2 layout has 6 slots, so it needs 6 tiles, not 5');
    await refused('smart_easy_template', add({ layout: 'banner_6' }), 422, 'tiles');
    await refused('smart_easy_template', add({ tiles: tiles(2) }), 422, 'tiles');
    expect(
      await refused(
        'smart_easy_template',
        add({ layout: 'banner_4', tiles: [...tiles(3), { slot: 9, app_menu_id: menus[3] }] }),
        422,
        'tiles',
      ),
    ).toBe('Tiles: tile 4: slot must be a whole number from 1 to 4');
    expect(
      await refused(
        'smart_easy_template',
        add({ layout: 'banner_4', tiles: [...tiles(3), { slot: 3, app_menu_id: menus[3] }] }),
        422,
        'tiles',
      ),
    ).toBe('Tiles: slot 3 is used twice');
    expect(
      await refused(
        'smart_easy_template',
        add({ layout: 'banner_4', tiles: [...tiles(3), { slot: 4, app_menu_id: 999_999 }] }),
        422,
        'tiles',
      ),
    ).toBe('Tiles: app menu #999999 does not exist');
    await refused('smart_easy_template', add({ layout: 'banner_4', tiles: { slot: 1 } }), 422, 'tiles');
    await refused('smart_easy_template', add({ layout: 'banner_4', tiles: [1, 2, 3, 4] }), 422, 'tiles');

    // An edit is checked as the record will be: a new layout against the stored tiles.
    const id = ok.data.id;
    const edit = await call(TEMPLATE, { method: 'edit', id, layout: 'grid_4x2' });
    expect(edit.code).toBe(422);
    expect((await row('smart_easy_template', id)).layout).toBe('grid_3x2');
    expect((await call(TEMPLATE, { method: 'edit', id, layout: 'banner_6' })).code).toBe(200);
    expect((await call(TEMPLATE, { method: 'edit', id, name: 'Renamed' })).code).toBe(200);
    const zh = await s.call(
      TEMPLATE,
      { method: 'edit', id, tiles: tiles(2) },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.msg).toBe('磁贴：布局 banner_6 有 6 个位置，须有 6 个磁贴，当前 2 个');
  });

  it('scenes: one default per site, 409 naming the default; other sites keep their own', async () => {
    const tpl = (await call<{ id: number }>(TEMPLATE, { method: 'add', name: 'For scenes' })).data.id;
    const add = (name: string, is_default: number) =>
      call<{ id: number }>(SCENE, { method: 'add', name, industry: 'hotel', template_id: tpl, is_default });
    const a = await add('Lobby', 1);
    expect(a.code, a.msg).toBe(200);
    const b = await add('Spa', 0);
    expect(b.code, b.msg).toBe(200);
    expect(await refused('smart_scene', add('Pool', 1), 409, 'is_default')).toBe(
      `Default: "Lobby" (#${a.data.id}) is already the default scenario of this site; clear it first`,
    );
    const edit = await call(SCENE, { method: 'edit', id: b.data.id, is_default: 1 });
    expect(edit.code).toBe(409);
    expect(Number((await row('smart_scene', b.data.id)).is_default)).toBe(0);
    // The default itself may be saved again as the default.
    expect((await call(SCENE, { method: 'edit', id: a.data.id, name: 'Lobby 2', is_default: 1 })).code).toBe(
      200,
    );
    // Clearing it first lets another become the default.
    expect((await call(SCENE, { method: 'edit', id: a.data.id, is_default: 0 })).code).toBe(200);
    expect((await call(SCENE, { method: 'edit', id: b.data.id, is_default: 1 })).code).toBe(200);

    // Operations sites: their own default beside the gateway's, one each.
    const opsAdd = (name: string, site: string) =>
      opsCall<{ id: number }>(
        OPS_SCENE,
        { method: 'add', name, industry: 'hotel', template_id: tpl, is_default: 1 },
        site,
      );
    expect((await opsAdd('Site 3', '3')).code).toBe(200);
    expect((await opsAdd('Site 4', '4')).code).toBe(200);
    await refused('smart_scene', opsAdd('Site 3 again', '3'), 409, 'is_default');
  });

  it('app menus: two levels at most, never under itself, so no cycles', async () => {
    const add = (name: string, parent_id?: number) =>
      call<{ id: number }>(MENU, {
        method: 'add',
        name,
        type: 'builtin',
        target: 'x',
        icon: '/i.png',
        parent_id,
      });
    const top = await add('Settings');
    const sub = await add('Wi-Fi', top.data.id);
    expect(sub.code, sub.msg).toBe(200);
    expect(await refused('smart_app_menu', add('Deeper', sub.data.id), 422, 'parent_id')).toBe(
      'Parent menu: "Wi-Fi" is itself a sub-item; menus have two levels at most',
    );
    const self = await call(MENU, { method: 'edit', id: top.data.id, parent_id: top.data.id });
    expect(self).toMatchObject({ code: 422, msg: 'Parent menu: an item cannot be its own parent' });
    // Settings under its own sub-item would be a cycle (and a third level).
    const other = await add('Other');
    expect((await call(MENU, { method: 'edit', id: top.data.id, parent_id: other.data.id })).msg).toBe(
      'Parent menu: this item has sub-items (such as "Wi-Fi"), so it stays a top item',
    );
    expect((await call(MENU, { method: 'edit', id: top.data.id, parent_id: sub.data.id })).code).toBe(422);
    expect((await row('smart_app_menu', top.data.id)).parent_id).toBeNull();
    // Moving a sub-item to another top item, or to the top, is fine.
    expect((await call(MENU, { method: 'edit', id: sub.data.id, parent_id: other.data.id })).code).toBe(200);
    expect((await call(MENU, { method: 'edit', id: sub.data.id, parent_id: null })).code).toBe(200);
  });

  it('app releases: the version code must exceed the latest of the package in the site', async () => {
    const add = (package_name: string, version_code: number) =>
      call<{ id: number }>(RELEASE, {
        method: 'add',
        package_name,
        version_name: `v${version_code}`,
        version_code,
        file: '/uploads/app.apk',
        state: 'draft',
      });
    const first = await add('com.hotel.tv', 10);
    expect(first.code, first.msg).toBe(200);
    expect(await refused('smart_app_release', add('com.hotel.tv', 10), 422, 'version_code')).toBe(
      'Version code: must be greater than 10, the latest release of com.hotel.tv',
    );
    await refused('smart_app_release', add('com.hotel.tv', 9), 422, 'version_code');
    const second = await add('com.hotel.tv', 11);
    expect(second.code).toBe(200);
    expect((await add('com.other', 1)).code).toBe(200);
    // Editing an older release without touching its code is fine, as its full form sends it.
    expect(
      (await call(RELEASE, { method: 'edit', id: first.data.id, version_code: 10, notes: 'Fixes' })).code,
    ).toBe(200);
    // Moving it to another package whose latest is higher, or lowering it under another: refused.
    expect((await call(RELEASE, { method: 'edit', id: first.data.id, version_code: 11 })).code).toBe(422);
    const moved = await call(RELEASE, { method: 'edit', id: second.data.id, package_name: 'com.other' });
    expect(moved.code).toBe(200);
    expect((await call(RELEASE, { method: 'edit', id: first.data.id, version_code: 12 })).code).toBe(200);
    expect((await row('smart_app_release', first.data.id)).version_code).toBe(12);
    // Another site counts its own releases.
    const s3 = await opsCall(
      OPS_RELEASE,
      { method: 'add', package_name: 'com.hotel.tv', version_name: '1', version_code: 1, file: '/a.apk' },
      '3',
    );
    expect(s3.code, s3.msg).toBe(200);
  });

  it('goods: original price not below the price, at most 9 images; CSV images come back as a list', async () => {
    const type = (await call<{ id: number }>('/admin.php/shop/type', { method: 'add', name: 'Dining' })).data
      .id;
    const add = (body: Rec) =>
      call<{ id: number }>(GOODS, {
        method: 'add',
        type_id: type,
        name: 'Noodles',
        name_en: 'Noodles',
        cover: '/uploads/c.png',
        price: 4800,
        ...body,
      });
    const ok = await add({ original_price: 5800, images: ['/a.png', '/b.png'] });
    expect(ok.code, ok.msg).toBe(200);
    expect((await add({ original_price: 4800 })).code).toBe(200);
    expect((await add({})).code).toBe(200);
    expect(await refused('shop_goods', add({ original_price: 4700 }), 422, 'original_price')).toBe(
      'Original price: must not be below the price (4700 < 4800 fen)',
    );
    const nine = Array.from({ length: 9 }, (_, i) => `/g${i}.png`);
    expect((await add({ images: nine })).code).toBe(200);
    expect(await refused('shop_goods', add({ images: [...nine, '/g9.png'] }), 422, 'images')).toBe(
      'Images: at most 9, not 10',
    );
    await refused('shop_goods', add({ images: [1, 2] }), 422, 'images');
    await refused('shop_goods', add({ images: { a: 1 } }), 422, 'images');

    // An edit of one price is checked against the other as stored.
    const edit = await call(GOODS, { method: 'edit', id: ok.data.id, price: 6000 });
    expect(edit).toMatchObject({ code: 422, data: { errors: [{ field: 'original_price' }] } });
    expect(Number((await row('shop_goods', ok.data.id)).price)).toBe(4800);
    expect((await call(GOODS, { method: 'edit', id: ok.data.id, price: 5800 })).code).toBe(200);

    // Export writes the images as a|b; importing that file reads them back as the list.
    const csv = `type_id,name,name_en,cover,price,original_price,images\r\n${type},Tea,Tea,/t.png,100,200,/t1.png|/t2.png\r\n${type},Bad,Bad,/b.png,300,200,\r\n`;
    const fd = new FormData();
    fd.append('method', 'import');
    fd.append('file', new Blob([csv], { type: 'text/csv' }), 'goods.csv');
    const before = await count('shop_goods');
    const imported = await s.call<Rec>(GOODS, fd, { token });
    expect(imported.code, imported.msg).toBe(200);
    // The second row breaks the price rule: the file is all or nothing.
    expect(imported.data.inserted).toBe(0);
    expect(imported.data.errors).toEqual([expect.objectContaining({ line: 3, field: 'original_price' })]);
    expect(await count('shop_goods')).toBe(before);
    const fd2 = new FormData();
    fd2.append('method', 'import');
    fd2.append(
      'file',
      new Blob([csv.split('\r\n').slice(0, 2).join('\r\n')], { type: 'text/csv' }),
      'goods.csv',
    );
    expect((await s.call<Rec>(GOODS, fd2, { token })).data.inserted).toBe(1);
    const list = await call<{ list: Rec[] }>(GOODS, { method: 'list', keyword: 'Tea' });
    expect(list.data.list.find((g) => g.name === 'Tea')?.images).toEqual(['/t1.png', '/t2.png']);
  });
});
