import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { addUser, TEST_PASSWORD } from './support/accounts.ts';
import { adminRoleId } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Uploads stay in their site (issue 14) where links are signed beside the record lists: the
 * resource audit's previews, the terminal API (manifest, ads, upgrade), the app menu's image
 * picker (app_resource) and the live channels' logos in the M3U and XMLTV exports. Each signs a
 * link only to an upload in reach of the record's site (its own or the gateway's, site 0), and a
 * terminal of a site never gets a link to another site's upload. Records naming another site's
 * upload are planted in the database, as ones stored before writes refused it would be.
 */

// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0, 64, 0, 0, 0, 64]),
  Buffer.alloc(64),
]);
const APK = Buffer.concat([
  Buffer.from('504b0304', 'hex'),
  Buffer.from('AndroidManifest.xml classes.dex'),
  Buffer.alloc(200, 7),
]);

const AUDIT = '/admin.php/resources/index';
const OPS_MATERIAL = '/operations/Advertising/resource';
const APP_RESOURCE = '/operations/index/app_resource';
const OPS_MENU = '/operations/index/app_menu';
const LIVE = '/admin.php/media/live';
const OPS_LIVE = '/operations/media/live';
const LIVE_CLASS = '/admin.php/media/live_type';
const OPS_LIVE_CLASS = '/operations/media/live_type';
const EPG = '/admin.php/media/epg';
const TERMINAL = '/api/terminal';

/** A server with the full-mode admin, the operations admin (every site) and one upload per site. */
function setUp(kind: Parameters<typeof startServer>[0]) {
  const ctx = {
    s: undefined as unknown as TestServer,
    full: '',
    ops: '',
    /** Images: of site 1, of site 2, of the gateway (site 0). */
    img: { site1: '', site2: '', gateway: '' },
    db: () => ctx.s.app.db.kysely as unknown as AnyDb,
    at: (sites: string) => ({ token: ctx.ops, headers: { 'igs-sids': sites } }),
    upload: async (
      opts: { token: string; headers?: Record<string, string> },
      name: string,
      kindOf = 'image',
      data = PNG,
    ) => {
      const fd = new FormData();
      fd.append('kind', kindOf);
      fd.append('file', new Blob([new Uint8Array(data)]), name);
      const r = await ctx.s.call<{ id: string }>('/admin.php/common/upload', fd, opts);
      expect(r.code, r.msg).toBe(200);
      return r.data.id;
    },
  };
  beforeAll(async () => {
    ctx.s = await startServer(kind);
    ctx.full = await ctx.s.login();
    ctx.ops = await ctx.s.login('admin', TEST_PASSWORD, 1);
    ctx.img.site1 = await ctx.upload(ctx.at('1'), 'one.png');
    ctx.img.site2 = await ctx.upload(ctx.at('2'), 'two.png');
    ctx.img.gateway = await ctx.upload({ token: ctx.full }, 'gateway.png');
    const rows = await ctx.s.app.db.kysely.selectFrom('uploads').select(['id', 'site_id']).execute();
    const site = (id: string) => Number(rows.find((r) => r.id === id)?.site_id);
    expect([site(ctx.img.site1), site(ctx.img.site2), site(ctx.img.gateway)]).toEqual([1, 2, 0]);
  });
  afterAll(async () => ctx.s.close());
  return ctx;
}

describeEachDb('upload links stay in their site: resource audit previews', (kind) => {
  const t = setUp(kind);
  const itemOf = async (id: number) => {
    const r = await t.s.call<{ list: Rec[] }>(AUDIT, { method: 'list', limit: 200 }, { token: t.full });
    expect(r.code, r.msg).toBe(200);
    return r.data.list.find((i) => i.resource_type === 'ad_material' && i.resource_id === id)!;
  };

  it("links no preview to another site's upload that a record of site 2 names", async () => {
    const made = await t.s.call<{ id: number }>(
      OPS_MATERIAL,
      { method: 'add', name: 'Own', file: t.img.site2 },
      t.at('2'),
    );
    expect(made.code, made.msg).toBe(200);
    const own = await itemOf(made.data.id);
    expect(own.preview_url).toContain(`/file/${t.img.site2}?`);
    // Named by the record before writes refused it; an edit leaving the file alone re-reads it.
    await t
      .db()
      .updateTable('advert_material')
      .set({ file: t.img.site1 })
      .where('id', '=', made.data.id)
      .execute();
    const edited = await t.s.call(
      OPS_MATERIAL,
      { method: 'edit', id: made.data.id, name: 'Renamed' },
      t.at('2'),
    );
    expect(edited.code, edited.msg).toBe(200);
    const item = await itemOf(made.data.id);
    expect(item.name).toBe('Renamed');
    expect(item.preview_url).toBeNull();
    // The gateway's upload is in reach of every site's record.
    const shared = await t.s.call(
      OPS_MATERIAL,
      { method: 'edit', id: made.data.id, file: t.img.gateway },
      t.at('2'),
    );
    expect(shared.code, shared.msg).toBe(200);
    expect((await itemOf(made.data.id)).preview_url).toContain(`/file/${t.img.gateway}?`);
  });
});

describeEachDb('upload links stay in their site: app menu image picker', (kind) => {
  const t = setUp(kind);
  const ids = (r: { data: { list: Rec[] } }) => r.data.list.map((x) => x.id as string);

  it("offers a site's callers no image of another site that one of their menu items names", async () => {
    // An operations account of site 1 only; a site 1 menu item naming site 2's image.
    await addUser(t.s, 'ops_site1', await adminRoleId(t.s), { site_ids: '1', can_operations: 1 });
    const one = await t.s.login('ops_site1', TEST_PASSWORD, 1);
    const mine = await t.upload({ token: one, headers: { 'igs-sids': '1' } }, 'mine.png');
    const item = await t.s.call<{ id: number }>(
      OPS_MENU,
      {
        method: 'add',
        name: '电视',
        type: 'live',
        target: '1',
        icon: t.img.site1,
        focus_icon: t.img.gateway,
      },
      { token: one, headers: { 'igs-sids': '1' } },
    );
    expect(item.code, item.msg).toBe(200);
    await t
      .db()
      .updateTable('smart_app_menu')
      .set({ icon: t.img.site2 })
      .where('id', '=', item.data.id)
      .execute();
    const r = await t.s.call<{ list: Rec[]; total: number }>(
      APP_RESOURCE,
      { method: 'list' },
      { token: one, headers: { 'igs-sids': '1' } },
    );
    expect(r.code, r.msg).toBe(200);
    expect(ids(r).sort()).toEqual([t.img.site1, t.img.gateway, mine].sort());
    expect(r.data.total).toBe(3);
  });

  it('offers no image the caller uploaded in another site than the ones asked for', async () => {
    // The operations admin's own image of site 2 is not offered for site 1; for site 2 it is.
    const admin1 = await t.s.call<{ list: Rec[] }>(APP_RESOURCE, { method: 'list' }, t.at('1'));
    expect(ids(admin1)).not.toContain(t.img.site2);
    expect(ids(admin1)).toContain(t.img.site1);
    const admin2 = await t.s.call<{ list: Rec[] }>(APP_RESOURCE, { method: 'list' }, t.at('2'));
    expect(ids(admin2)).toContain(t.img.site2);
    expect(ids(admin2)).not.toContain(t.img.site1);
  });
});

describeEachDb('upload links stay in their site: live channel logos in M3U and XMLTV', (kind) => {
  const t = setUp(kind);
  const download = async (url: string) => (await fetch(t.s.url + url)).text();
  /** The logo of each entry of an M3U playlist, by channel name. */
  const logos = (m3u: string) =>
    Object.fromEntries(
      m3u
        .split('\n')
        .filter((l) => l.startsWith('#EXTINF'))
        .map((l) => [l.slice(l.lastIndexOf(',') + 1).trim(), /tvg-logo="([^"]*)"/.exec(l)?.[1] ?? '']),
    );
  const channel = async (
    path: string,
    opts: { token: string; headers?: Record<string, string> },
    classId: number,
    number: number,
    name: string,
    logo: string,
  ) => {
    const r = await t.s.call<{ id: number }>(
      path,
      {
        method: 'add',
        number,
        name,
        name_en: name,
        category_ids: [classId],
        url: `udp://239.1.1.${number}:5000`,
        logo,
        logo_url: `https://logos.example/${number}.png`,
      },
      opts,
    );
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const plant = (id: number, logo: string) =>
    t.db().updateTable('media_live').set({ logo }).where('id', '=', id).execute();

  it("links no logo of another site's upload in a site's M3U, the same upload linked for its own site", async () => {
    const cls = async (site: string) => {
      const r = await t.s.call<{ id: number }>(OPS_LIVE_CLASS, { method: 'add', name: 'News' }, t.at(site));
      expect(r.code, r.msg).toBe(200);
      return r.data.id;
    };
    const [c1, c2] = [await cls('1'), await cls('2')];
    await channel(OPS_LIVE, t.at('1'), c1, 11, 'One', t.img.site1);
    const planted = await channel(OPS_LIVE, t.at('2'), c2, 21, 'Two planted', t.img.site2);
    await plant(planted, t.img.site1);
    await channel(OPS_LIVE, t.at('2'), c2, 22, 'Two shared', t.img.gateway);
    const r = await t.s.call<{ url: string }>(OPS_LIVE, { method: 'export_m3u' }, t.at('1,2'));
    expect(r.code, r.msg).toBe(200);
    const got = logos(await download(r.data.url));
    expect(got.One).toContain(`/file/${t.img.site1}?`);
    // Site 2's channel naming site 1's upload: its logo_url, not a link to that file.
    expect(got['Two planted']).toBe('https://logos.example/21.png');
    expect(got['Two shared']).toContain(`/file/${t.img.gateway}?`);
    const res = await fetch(got.One!);
    expect(res.status).toBe(200);
  });

  it("links no logo of a site's upload in the gateway's XMLTV", async () => {
    const cls = await t.s.call<{ id: number }>(
      LIVE_CLASS,
      { method: 'add', name: 'News' },
      { token: t.full },
    );
    expect(cls.code, cls.msg).toBe(200);
    const planted = await channel(LIVE, { token: t.full }, cls.data.id, 31, 'Gateway planted', t.img.gateway);
    const own = await channel(LIVE, { token: t.full }, cls.data.id, 32, 'Gateway own', t.img.gateway);
    await plant(planted, t.img.site2);
    const now = Date.now();
    for (const [program_id, title] of [
      [planted, 'Planted news'],
      [own, 'Own news'],
    ] as const) {
      const e = await t.s.call(
        EPG,
        {
          method: 'add',
          program_id,
          title,
          start: formatDateTime(now + 3_600_000),
          stop: formatDateTime(now + 7_200_000),
        },
        { token: t.full },
      );
      expect(e.code, e.msg).toBe(200);
    }
    const r = await t.s.call<{ url: string }>(EPG, { method: 'export_xmltv' }, { token: t.full });
    expect(r.code, r.msg).toBe(200);
    const xml = await download(r.data.url);
    expect(xml).not.toContain(t.img.site2);
    expect(xml).toContain('<icon src="https://logos.example/31.png"/>');
    expect(xml).toContain(`/file/${t.img.gateway}?`);
  });
});

describeEachDb('upload links stay in their site: terminal API', (kind) => {
  const t = setUp(kind);
  let apk: string;
  let two: string;
  let one: string;
  const api = <T = Rec>(name: string, token: string, body: unknown = {}) =>
    t.s.call<T>(`${TERMINAL}/${name}`, body, {
      headers: { 'accept-language': 'en', authorization: `Bearer ${token}` },
    });
  const enrol = async (mac: string, site: number) => {
    const call = (body: Rec) =>
      t.s.call<Rec>(`${TERMINAL}/register`, body, { headers: { 'accept-language': 'en' } });
    const first = await call({ mac, model: 'IPTV-4K-A1', app_version: '2.3.1', site_id: site });
    expect(first.code, first.msg).toBe(200);
    await t
      .db()
      .updateTable('smart_terminal')
      .set({ state: 'authorized' })
      .where('id', '=', first.data.terminal_id)
      .execute();
    const again = await call({ mac, register_key: first.data.register_key, site_id: site });
    expect(again.code, again.msg).toBe(200);
    return again.data.token as string;
  };
  const insert = async (table: string, row: Rec, site: number) => {
    const now = Date.now();
    const out = await t
      .db()
      .insertInto(table)
      .values({ site_id: site, created_at: now, updated_at: now, ...row })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(out.id);
  };
  /** Every upload id a reply names in its links, once each, sorted. */
  const linked = (reply: unknown) => [
    ...new Set([...JSON.stringify(reply).matchAll(/\/file\/([0-9a-f-]{36})\?/g)].map((m) => m[1]!).sort()),
  ];

  beforeAll(async () => {
    apk = await t.upload(t.at('1'), 'one.apk', 'apk', APK);
    two = await enrol('02:5e:60:00:09:02', 2);
    one = await enrol('02:5e:60:00:09:01', 1);
    const { site1, site2, gateway } = t.img;
    // Site 2's records, each naming site 1's upload beside its own site's and the gateway's.
    const template = await insert(
      'smart_easy_template',
      {
        name: 'Grid',
        layout: 'grid_3x2',
        orientation: 'landscape',
        tiles: '[]',
        background: site1,
        enabled: 1,
      },
      0,
    );
    const scene = await insert(
      'smart_scene',
      {
        name: 'Two',
        industry: 'hotel',
        template_id: template,
        is_default: 1,
        enabled: 1,
        logo: site1,
        background: site2,
        bgm: gateway,
      },
      2,
    );
    await insert('smart_scene_resource', { scene_id: scene, file: site1, title: 'Theirs', sort: 1 }, 2);
    await insert('smart_scene_resource', { scene_id: scene, file: site2, title: 'Ours', sort: 2 }, 2);
    await insert(
      'smart_app_menu',
      { name: '电视', type: 'live', target: '1', icon: site1, focus_icon: site2, visible: 1, sort: 1 },
      2,
    );
    const day = (d: number) => formatDateTime(Date.now() + d * 86_400_000).slice(0, 10);
    await insert(
      'system_theme',
      {
        name: 'Spring',
        festival: 'custom',
        start_date: day(-1),
        end_date: day(1),
        background: site2,
        overlay: site1,
        bgm: gateway,
        priority: 5,
        enabled: 1,
      },
      0,
    );
    // Ads of site 2: one on a material naming site 1's upload, one on its own.
    const dt = (ms: number) => formatDateTime(Date.now() + ms);
    const active = {
      start_at: dt(-3_600_000),
      end_at: dt(3_600_000),
      weekdays: JSON.stringify([1, 2, 3, 4, 5, 6, 7]),
      enabled: 1,
    };
    for (const [name, file] of [
      ['theirs', site1],
      ['ours', site2],
    ] as const) {
      const material = await insert(
        'advert_material',
        { name, kind: 'image', file, audit_state: 'approved' },
        2,
      );
      await insert('advert_boot', { name, material_id: material, show_s: 5, priority: 50, ...active }, 2);
    }
    // Releases: site 2's names site 1's APK; site 1's its own.
    const release = (file: string, site: number) =>
      insert(
        'smart_app_release',
        {
          package_name: 'com.lakeside.launcher',
          version_name: 'v2',
          version_code: 200,
          file,
          state: 'published',
        },
        site,
      );
    await release(apk, 2);
    await release(apk, 1);
  });

  it("manifest: no link to another site's upload, whether the terminal's site or the gateway's record names it", async () => {
    const r = await api('manifest', two);
    expect(r.code, r.msg).toBe(200);
    const m = r.data;
    expect(linked(m)).toEqual([t.img.site2, t.img.gateway].sort());
    expect(m.scene).toMatchObject({ logo: null, background: expect.stringContaining(t.img.site2) });
    expect(m.scene.carousel.map((c: Rec) => c.title)).toEqual(['Ours']);
    expect(m.menu[0]).toMatchObject({ icon: null, focus_icon: expect.stringContaining(t.img.site2) });
    // The gateway's template and theme (site 0) name only the gateway's uploads.
    expect(m.template.background).toBeNull();
    expect(m.theme).toMatchObject({
      overlay: null,
      background: null,
      bgm: expect.stringContaining(t.img.gateway),
    });
    expect((await fetch(m.scene.background)).status).toBe(200);
  });

  it("ads: leaves out an ad whose material names another site's upload", async () => {
    const r = await api('ads', two);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.boot.map((a: Rec) => a.name)).toEqual(['ours']);
    expect(linked(r.data)).toEqual([t.img.site2]);
  });

  it("upgrade: a release naming another site's APK is not offered, with no link and no MD5", async () => {
    const r = await api('upgrade', two, { package_name: 'com.lakeside.launcher', version_code: 100 });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ update: false, release: { url: null, md5: '', sha256: '' } });
    expect(linked(r.data)).toEqual([]);
    // Site 1's terminal gets its own site's APK.
    const own = await api('upgrade', one, { package_name: 'com.lakeside.launcher', version_code: 100 });
    expect(own.data).toMatchObject({
      update: true,
      release: { md5: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    expect(linked(own.data)).toEqual([apk]);
  });
});
