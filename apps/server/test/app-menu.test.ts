import { APP_LANGUAGES, APP_STYLES, APP_TYPES } from '@igs/contract/extras';
import { resourceByName } from '@igs/contract/resources';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/platform/db/database.ts';
import { knownLanguages } from '../src/platform/db/migrations/014-app-menu-choices.ts';
import { addUser, TEST_PASSWORD } from './support/accounts.ts';
import { adminRoleId } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

// DOMAIN 2.8 smart/AppMenu and its operations twin (2.10): the option lists, the rules on style,
// languages and apk items, the ResourcePicker's images, and migration 014.

const MENU = '/admin.php/index/app_menu';
const OPS_MENU = '/operations/index/app_menu';
const RELEASE = '/admin.php/index/app_upgrade';
const OPS_RELEASE = '/operations/index/app_upgrade';
const RESOURCE = '/operations/index/app_resource';

// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;
type List<T = Rec> = { list: T[]; total: number };

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0, 64, 0, 0, 0, 64]),
  Buffer.alloc(64),
]);

const item = (extra: Rec = {}) => ({
  method: 'add',
  name: '电视直播',
  type: 'live',
  target: '12',
  icon: 'icon-upload-id',
  ...extra,
});

describe('migration 014: stored languages as the known codes', () => {
  it('keeps known codes in list order, reads bare lists and locale tags, drops the rest', () => {
    expect(knownLanguages('["en","zh"]')).toEqual(['zh', 'en']);
    expect(knownLanguages('["zh_CN","en-US","fr"]')).toEqual(['zh', 'en']);
    expect(knownLanguages('zh, en')).toEqual(['zh', 'en']);
    expect(knownLanguages('"en"')).toEqual(['en']);
    expect(knownLanguages('{"zh":true}')).toEqual([]);
    expect(knownLanguages('12')).toEqual([]);
  });
});

describeEachDb('app menu: option lists and rules', (kind) => {
  let s: TestServer;
  let token: string;
  let ops: string;
  const db = () => s.app.db.kysely as unknown as AnyDb;
  const call = <T = Rec>(path: string, body: unknown, t = token, headers?: Record<string, string>) =>
    s.call<T>(path, body, { token: t, headers });
  const site = (id: string) => ({ 'igs-sids': id });
  const count = async (siteId = 0) =>
    Number(
      (
        await db()
          .selectFrom('smart_app_menu')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('site_id', '=', siteId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const release = (pkg: string, state: string, path = RELEASE, t = token, headers?: Record<string, string>) =>
    call<{ id: number }>(
      path,
      {
        method: 'add',
        package_name: pkg,
        version_name: '1.0',
        version_code: 10,
        file: 'apk-upload-id',
        state,
      },
      t,
      headers,
    );

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    ops = await s.login('admin', 'admin123', 1);
  });
  afterAll(async () => s.close());

  it('app_style answers its list in the caller language, on both paths', async () => {
    const en = await call<{ value: string; label: string }[]>('/admin.php/index/app_style', {
      method: 'options',
    });
    expect(en.code, en.msg).toBe(200);
    expect(en.data).toEqual([
      { value: 'icon_text', label: 'Icon and text' },
      { value: 'icon', label: 'Icon only' },
      { value: 'card', label: 'Large card' },
      { value: 'banner', label: 'Banner' },
    ]);
    const zh = await s.call<List>(
      '/operations/index/app_style',
      { method: 'list' },
      { token: ops, headers: { ...site('1'), cookie: 'language=zh_CN' } },
    );
    expect(zh.code, zh.msg).toBe(200);
    expect(zh.data.total).toBe(4);
    expect(zh.data.list[0]).toEqual({
      value: 'icon_text',
      label: '图标加文字',
      en: 'Icon and text',
      zh_CN: '图标加文字',
    });
  });

  it('the lists the calls serve are exactly what an app menu item accepts', async () => {
    const def = resourceByName('index:app_menu')!;
    const field = (n: string) => def.fields.find((f) => f.name === n)!;
    for (const [name, path, list] of [
      ['type', 'app_type', APP_TYPES],
      ['style', 'app_style', APP_STYLES],
      ['languages', 'app_language', APP_LANGUAGES],
    ] as const) {
      const served = await call<{ value: string }[]>(`/admin.php/index/${path}`, { method: 'options' });
      expect(
        served.data.map((o) => o.value),
        path,
      ).toEqual(field(name).options);
      expect(field(name).options, name).toEqual(list.map((o) => o.value));
      expect(Object.keys(field(name).optionLabels ?? {}), name).toEqual(list.map((o) => o.value));
    }
    const add = await call<{ id: number }>(MENU, item({ style: 'card', languages: ['en', 'zh'] }));
    expect(add.code, add.msg).toBe(200);
    const got = await call(MENU, { method: 'detail', id: add.data.id });
    expect(got.data).toMatchObject({ style: 'card', languages: ['en', 'zh'], type: 'live' });
    // no style and no languages: the template decides, shown in every language
    const bare = await call<{ id: number }>(MENU, item({ name: 'bare' }));
    expect((await call(MENU, { method: 'detail', id: bare.data.id })).data).toMatchObject({
      style: null,
      languages: [],
    });
  });

  it('refuses a style or language outside the lists, naming the field, and stores nothing', async () => {
    const before = await count();
    const style = await call(MENU, item({ style: 'huge' }));
    expect(style.code).toBe(422);
    // The refusal names the choices by their words, as the form offers them.
    expect(style.msg).toBe('Style must be one of: Icon and text, Icon only, Large card, Banner');
    expect(style.data).toEqual({ errors: [{ field: 'style', msg: style.msg }] });
    const lang = await call(MENU, item({ languages: ['zh', 'fr'] }));
    expect(lang.code).toBe(422);
    expect(lang.msg).toBe('Languages must be one of: Chinese, English');
    expect((await call(MENU, item({ languages: 'zh' }))).code).toBe(422);
    const zh = await s.call(MENU, item({ style: 'huge' }), { token, headers: { cookie: 'language=zh_CN' } });
    expect(zh.msg).toBe('样式必须是以下之一：图标加文字、仅图标、大卡片、横幅');
    const opsBad = await call(OPS_MENU, item({ languages: ['de'] }), ops, site('1'));
    expect(opsBad.code).toBe(422);
    expect(await count()).toBe(before);
    expect(await count(1)).toBe(0);
    // an edit is held to the same lists and leaves the record as it was
    const ok = await call<{ id: number }>(MENU, item({ style: 'icon' }));
    const edit = await call(MENU, { method: 'edit', id: ok.data.id, style: 'wide', name: 'changed' });
    expect(edit.code).toBe(422);
    expect((await call(MENU, { method: 'detail', id: ok.data.id })).data).toMatchObject({
      style: 'icon',
      name: '电视直播',
    });
  });

  it('an apk item must name the package of a published app release (add, edit, operations sites)', async () => {
    const before = await count();
    const none = await call(MENU, item({ type: 'apk', target: 'com.example.cast' }));
    expect(none.code).toBe(422);
    expect(none.msg).toBe(
      'Target: an Android app item must name the package of a published app release; "com.example.cast" has none',
    );
    expect(none.data).toEqual({ errors: [{ field: 'target', msg: none.msg }] });
    // a draft or a withdrawn release is not enough
    expect((await release('com.example.cast', 'draft')).code).toBe(200);
    expect((await release('com.example.old', 'withdrawn')).code).toBe(200);
    expect((await call(MENU, item({ type: 'apk', target: 'com.example.cast' }))).code).toBe(422);
    expect((await call(MENU, item({ type: 'apk', target: 'com.example.old' }))).code).toBe(422);
    expect(await count()).toBe(before);
    // published: accepted
    expect((await release('com.example.tv', 'published')).code).toBe(200);
    const ok = await call<{ id: number }>(MENU, item({ type: 'apk', target: 'com.example.tv' }));
    expect(ok.code, ok.msg).toBe(200);
    // an edit of the target alone is checked against the stored type, and changes nothing when refused
    const edit = await call(MENU, { method: 'edit', id: ok.data.id, target: 'com.example.cast' });
    expect(edit.code).toBe(422);
    expect((await call(MENU, { method: 'detail', id: ok.data.id })).data.target).toBe('com.example.tv');
    // so is a change of the type alone
    const live = await call<{ id: number }>(MENU, item({ target: 'com.example.cast' }));
    expect(live.code).toBe(200);
    expect((await call(MENU, { method: 'edit', id: live.data.id, type: 'apk' })).code).toBe(422);
    expect((await call(MENU, { method: 'detail', id: live.data.id })).data.type).toBe('live');
    // other fields of a valid apk item edit freely; other types need no release
    expect((await call(MENU, { method: 'edit', id: ok.data.id, name: 'TV' })).code).toBe(200);
    expect((await call(MENU, item({ type: 'url', target: 'https://example.com' }))).code).toBe(200);
    // operations: the release must be published in the item's own site
    expect((await release('com.site1.app', 'published', OPS_RELEASE, ops, site('1'))).code).toBe(200);
    const other = await call(OPS_MENU, item({ type: 'apk', target: 'com.site1.app' }), ops, site('2'));
    expect(other.code).toBe(422);
    const own = await call(OPS_MENU, item({ type: 'apk', target: 'com.site1.app' }), ops, site('1'));
    expect(own.code, own.msg).toBe(200);
    const zh = await s.call(MENU, item({ type: 'apk', target: 'x.y' }), {
      token,
      headers: { cookie: 'language=zh_CN' },
    });
    expect(zh.msg).toBe('目标：安卓应用须填写已发布的应用版本的包名，“x.y”没有已发布的版本');
  });

  describe('app_resource', () => {
    const upload = async (t: string, name: string, kindOf = 'image', data = PNG) => {
      const fd = new FormData();
      fd.append('kind', kindOf);
      fd.append('file', new Blob([new Uint8Array(data)]), name);
      const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token: t });
      expect(r.code, r.msg).toBe(200);
      return r.data.id;
    };
    /** An operations account granted only the given sites (the admin role, so every menu). */
    const opsAccount = async (username: string, siteIds: string) => {
      await addUser(s, username, await adminRoleId(s), { site_ids: siteIds, can_operations: 1 });
      return s.login(username, TEST_PASSWORD, 1);
    };
    let one: string;
    let two: string;
    let icon1: string;
    let focus1: string;
    let icon2: string;
    let own1: string;
    let loose: string;
    beforeAll(async () => {
      one = await opsAccount('ops_site1', '1');
      two = await opsAccount('ops_site2', '2');
      icon1 = await upload(token, 'lobby.png');
      focus1 = await upload(token, 'lobby-focus.png');
      icon2 = await upload(token, 'spa.png');
      loose = await upload(token, 'unused.png');
      await upload(token, 'notes.txt', 'text', Buffer.from('plain text\n'));
      own1 = await upload(one, 'site1-own.png');
      const a = await call(OPS_MENU, item({ icon: icon1, focus_icon: focus1 }), one, site('1'));
      expect(a.code, a.msg).toBe(200);
      const b = await call(OPS_MENU, item({ icon: icon2 }), two, site('2'));
      expect(b.code, b.msg).toBe(200);
    });
    const ids = (r: { data: List }) => r.data.list.map((x) => x.id).sort();

    it("answers the images of the caller's sites: their menu icons and the caller's own uploads", async () => {
      const r = await call<List>(RESOURCE, { method: 'list' }, one, site('1'));
      expect(r.code, r.msg).toBe(200);
      expect(ids(r)).toEqual([icon1, focus1, own1].sort());
      expect(r.data.total).toBe(3);
      const lobby = r.data.list.find((x) => x.id === icon1)!;
      expect(lobby).toMatchObject({ name: 'lobby.png', mime: 'image/png', width: 64, height: 64 });
      // the URL opens the image, so the picker can show it
      const res = await fetch(s.url + lobby.url);
      expect(res.headers.get('content-type')).toBe('image/png');
      const r2 = await call<List>(RESOURCE, { method: 'list' }, two, site('2'));
      expect(ids(r2)).toEqual([icon2]);
    });

    it('keeps to the sites named and granted; an account of every site sees every image', async () => {
      expect((await call(RESOURCE, { method: 'list' }, two, site('1'))).code).toBe(403);
      const all = await call<List>(RESOURCE, { method: 'list' }, ops);
      expect(ids(all)).toEqual([icon1, focus1, icon2, own1, loose].sort());
      // the admin named site 2: its icons and the admin's own uploads
      const named = await call<List>(RESOURCE, { method: 'list' }, ops, site('2'));
      expect(ids(named)).toEqual([icon1, focus1, icon2, loose].sort());
    });

    it('pages and filters by name, and is a read (no button key, no operation log)', async () => {
      const page = await call<List>(RESOURCE, { method: 'list', limit: 2, page: 2 }, ops);
      expect(page.data.total).toBe(5);
      expect(page.data.list).toHaveLength(2);
      const found = await call<List>(RESOURCE, { method: 'list', keyword: 'LOBBY' }, ops);
      expect(ids(found)).toEqual([icon1, focus1].sort());
      expect((await call(RESOURCE, { method: 'list', limit: 0 }, ops)).code).toBe(422);
      expect((await call(RESOURCE, { method: 'list' })).code).toBe(403); // full mode has no such menu
      expect((await s.call(RESOURCE, { method: 'list' })).code).toBe(1002);
      const logged = await s.app.db.kysely
        .selectFrom('operation_log')
        .select('id')
        .where('module', '=', 'index:app_resource')
        .execute();
      expect(logged).toEqual([]);
    });
  });

  it('migration 014 brings stored style and languages in line, so old items edit as they are', async () => {
    const now = Date.now();
    const rows = await db()
      .insertInto('smart_app_menu')
      .values(
        [
          { style: 'big tile', languages: '["zh_CN","fr"]' },
          { style: 'banner', languages: '"en"' },
          { style: '', languages: '{"zh":1}' },
          { style: null, languages: null },
        ].map((r, i) => ({
          ...r,
          site_id: 0,
          name: `old ${i}`,
          type: 'builtin',
          target: 'settings',
          icon: 'x',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await db().deleteFrom('kysely_migration').where('name', '=', '014-app-menu-choices').execute();
    await migrateToLatest(s.app.db);
    const after = await db()
      .selectFrom('smart_app_menu')
      .select(['id', 'style', 'languages'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(after.map((r) => [r.style, r.languages])).toEqual([
      [null, '["zh"]'],
      ['banner', '["en"]'],
      [null, '[]'],
      [null, null],
    ]);
    // the record as read back is accepted again as it is
    const id = Number(rows[0]!.id);
    const read = (await call(MENU, { method: 'detail', id })).data;
    const edit = await call(MENU, { ...read, method: 'edit', name: 'old, edited' });
    expect(edit.code, edit.msg).toBe(200);
  });
});
