import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, grantRole, TEST_PASSWORD } from './support/accounts.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Scoping by construction for uploads (issue 14): a record names only uploads of its own site or
 * the gateway's (site 0). A write (add, edit, import) naming another site's upload is refused, in
 * the caller's language, changing nothing; and a list never signs a link to another site's upload,
 * even for a record stored before the write refused it.
 */
const MATERIAL = '/operations/Advertising/resource';
const FULL_MATERIAL = '/admin.php/advertising/resource';
const LIVE = '/operations/media/live';
const LIVE_CLASS = '/operations/media/live_type';
const FILM = '/admin.php/media/video';
const FILM_CLASS = '/admin.php/media/video_type';
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0, 64, 0, 0, 0, 64]),
  Buffer.alloc(64),
]);

type Material = { id: number; name: string; file: string; site_id: number };
type ListReply = { list: Material[]; files: Record<string, { url: string; name: string }> };

describeEachDb('uploads stay in their site', (kind) => {
  let s: TestServer;
  let ops: string;
  let full: string;
  const uploads = { site1: '', site2: '', gateway: '' };
  const at = (sites: string, lang = 'en') => ({
    token: ops,
    headers: { 'igs-sids': sites, cookie: `language=${lang}` },
  });
  const upload = async (opts: { token: string; headers?: Record<string, string> }, name: string) => {
    const fd = new FormData();
    fd.append('kind', 'image');
    fd.append('file', new Blob([new Uint8Array(PNG)]), name);
    const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, opts);
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const materials = async () =>
    (
      await s.app.db.kysely.selectFrom('advert_material').select(['id', 'name', 'file', 'site_id']).execute()
    ).map((r) => ({ ...r, site_id: Number(r.site_id) }));

  beforeAll(async () => {
    s = await startServer(kind);
    full = await s.login();
    // An operations account granted sites 1 and 2, holding the material page and its buttons.
    const role = await grantRole(s, {
      name: 'ops_two_sites',
      endpoints: [MATERIAL, LIVE, LIVE_CLASS],
      menuMode: 'operations',
      buttons: [
        'advertising:resource:add',
        'advertising:resource:edit',
        'media:live:import',
        'media:live_type:add',
      ],
      columns: { site_ids: '1,2' },
    });
    await addUser(s, 'ops_two_sites', role, { site_ids: '1,2', can_operations: 1 });
    ops = await s.login('ops_two_sites', TEST_PASSWORD, 1);
    uploads.site1 = await upload(at('1'), 'one.png');
    uploads.site2 = await upload(at('2'), 'two.png');
    uploads.gateway = await upload({ token: full }, 'gateway.png');
  });
  afterAll(async () => s.close());

  it('stores each upload with the site its call named', async () => {
    const rows = await s.app.db.kysely.selectFrom('uploads').select(['id', 'site_id']).execute();
    const site = (id: string) => Number(rows.find((r) => r.id === id)?.site_id);
    expect([site(uploads.site1), site(uploads.site2), site(uploads.gateway)]).toEqual([1, 2, 0]);
  });

  describe('add', () => {
    it("refuses a record of site 2 naming site 1's upload, in English and Chinese, and stores nothing", async () => {
      const before = await materials();
      const en = await s.call(MATERIAL, { method: 'add', name: 'Stolen', file: uploads.site1 }, at('2'));
      expect(en).toMatchObject({
        code: 422,
        msg: `File: file ${uploads.site1} was uploaded in another site; upload it in this site`,
      });
      expect(en.data).toEqual({ errors: [{ field: 'file', msg: en.msg }] });
      const zh = await s.call(
        MATERIAL,
        { method: 'add', name: 'Stolen', file: uploads.site1 },
        at('2', 'zh_CN'),
      );
      expect(zh).toMatchObject({
        code: 422,
        msg: `文件：文件 ${uploads.site1} 是在其他站点上传的，请在本站点上传`,
      });
      expect(await materials()).toEqual(before);
    });

    it("accepts a record of site 1 naming site 1's upload, and the gateway's (site 0)", async () => {
      const own = await s.call<{ id: number }>(
        MATERIAL,
        { method: 'add', name: 'Own', file: uploads.site1 },
        at('1'),
      );
      expect(own.code, own.msg).toBe(200);
      const shared = await s.call<{ id: number }>(
        MATERIAL,
        { method: 'add', name: 'Shared', file: uploads.gateway },
        at('2'),
      );
      expect(shared.code, shared.msg).toBe(200);
      const rows = await materials();
      expect(rows.find((r) => r.id === own.data.id)).toMatchObject({ site_id: 1, file: uploads.site1 });
      expect(rows.find((r) => r.id === shared.data.id)).toMatchObject({ site_id: 2, file: uploads.gateway });
    });

    it("refuses a full-mode record (site 0) naming a site's upload", async () => {
      const r = await s.call(
        FULL_MATERIAL,
        { method: 'add', name: 'Full', file: uploads.site2 },
        { token: full },
      );
      expect(r.code).toBe(422);
      expect(r.msg).toContain('another site');
      expect((await materials()).some((m) => m.name === 'Full')).toBe(false);
    });
  });

  describe('edit', () => {
    it("refuses to point a record of site 2 at site 1's upload, and keeps its file", async () => {
      const made = await s.call<{ id: number }>(
        MATERIAL,
        { method: 'add', name: 'Two', file: uploads.site2 },
        at('2'),
      );
      expect(made.code, made.msg).toBe(200);
      const r = await s.call(MATERIAL, { method: 'edit', id: made.data.id, file: uploads.site1 }, at('2'));
      expect(r.code).toBe(422);
      expect(r.msg).toContain(uploads.site1);
      expect((await materials()).find((m) => m.id === made.data.id)?.file).toBe(uploads.site2);
      const ok = await s.call(MATERIAL, { method: 'edit', id: made.data.id, file: uploads.gateway }, at('2'));
      expect(ok.code, ok.msg).toBe(200);
    });
  });

  describe('import', () => {
    let classId: number;
    const channels = async () =>
      (
        await s.app.db.kysely.selectFrom('media_live').select(['id', 'name', 'logo', 'site_id']).execute()
      ).map((r) => ({ ...r, site_id: Number(r.site_id) }));
    const importJson = (logos: string[], lang = 'en') => {
      const rows = logos.map((logo, i) => ({
        number: 100 + i,
        name: `Channel ${i}`,
        name_en: `Channel ${i}`,
        category_ids: [classId],
        url: `udp://239.1.1.${i + 1}:5000`,
        logo,
      }));
      const fd = new FormData();
      fd.append('method', 'import');
      fd.append('format', 'json');
      fd.append('file', new Blob([JSON.stringify(rows)]), 'channels.json');
      return s.call<{ inserted: number; errors: { line: number; field: string; msg: string }[] }>(
        LIVE,
        fd,
        at('2', lang),
      );
    };
    beforeAll(async () => {
      const r = await s.call<{ id: number }>(LIVE_CLASS, { method: 'add', name: 'News' }, at('2'));
      expect(r.code, r.msg).toBe(200);
      classId = r.data.id;
    });

    it("refuses a file naming another site's upload as a row error, in the caller's language, importing nothing", async () => {
      const r = await importJson([uploads.site2, uploads.site1]);
      expect(r.code, r.msg).toBe(200);
      expect(r.data.inserted).toBe(0);
      expect(r.data.errors).toEqual([
        {
          line: expect.any(Number),
          field: 'logo',
          msg: `Logo: file ${uploads.site1} was uploaded in another site; upload it in this site`,
        },
      ]);
      const zh = await importJson([uploads.site1], 'zh_CN');
      expect(zh.data.errors.map((e) => e.msg)).toEqual([
        `台标：文件 ${uploads.site1} 是在其他站点上传的，请在本站点上传`,
      ]);
      expect(await channels()).toEqual([]);
    });

    it("imports rows naming their own site's uploads and the gateway's", async () => {
      const r = await importJson([uploads.site2, uploads.gateway]);
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ inserted: 2, errors: [] });
      expect((await channels()).map((c) => [c.logo, c.site_id])).toEqual([
        [uploads.site2, 2],
        [uploads.gateway, 2],
      ]);
    });
  });

  describe('read', () => {
    it("never signs a link to another site's upload, even for a record stored before the check", async () => {
      const own = await s.call(MATERIAL, { method: 'add', name: 'Own two', file: uploads.site2 }, at('2'));
      expect(own.code, own.msg).toBe(200);
      // A record of site 2 naming site 1's upload, as one written before issue 14 would be.
      const now = Date.now();
      const planted = await s.app.db.kysely
        .insertInto('advert_material')
        .values({
          name: 'Planted',
          file: uploads.site1,
          site_id: 2,
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const two = await s.call<ListReply>(MATERIAL, { method: 'list', limit: 100 }, at('2'));
      expect(two.code, two.msg).toBe(200);
      expect(two.data.list.some((r) => r.id === planted.id)).toBe(true);
      expect(Object.keys(two.data.files)).not.toContain(uploads.site1);
      expect(Object.keys(two.data.files).sort()).toEqual([uploads.gateway, uploads.site2].sort());
      // Site 1's own record names the same upload: its list links it.
      const one = await s.call<ListReply>(MATERIAL, { method: 'list', limit: 100 }, at('1'));
      expect(Object.keys(one.data.files)).toEqual([uploads.site1]);
      const link = one.data.files[uploads.site1]!.url;
      expect((await fetch(s.url + link)).status).toBe(200);
    });
  });
});

describeEachDb('uploads stay in their site: file parts of a json field', (kind) => {
  let s: TestServer;
  let full: string;
  let ops: string;
  beforeAll(async () => {
    s = await startServer(kind);
    full = await s.login();
    ops = await s.login('admin', TEST_PASSWORD, 1);
  });
  afterAll(async () => s.close());

  it("refuses a film whose episode names a site's upload in full mode (site 0), and accepts the gateway's", async () => {
    const send = async (token: string, headers: Record<string, string>) => {
      const fd = new FormData();
      fd.append('kind', 'image');
      fd.append('file', new Blob([new Uint8Array(PNG)]), 'p.png');
      const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token, headers });
      expect(r.code, r.msg).toBe(200);
      return r.data.id;
    };
    const poster = await send(full, {});
    const ofSite = await send(ops, { 'igs-sids': '1' });
    const cls = await s.call<{ id: number }>(
      FILM_CLASS,
      { method: 'add', name: '电影', name_en: 'Movies' },
      { token: full },
    );
    expect(cls.code, cls.msg).toBe(200);
    const film = (file: string) => ({
      method: 'add',
      title: '剧',
      title_en: 'Series',
      kind: 'series',
      category_ids: [cls.data.id],
      poster,
      episodes: [{ no: 1, title: 'One', file }],
    });
    const refused = await s.call(FILM, film(ofSite), { token: full });
    expect(refused.code).toBe(422);
    expect(refused.data).toEqual({ errors: [{ field: 'episodes', msg: expect.stringContaining(ofSite) }] });
    expect(await s.app.db.kysely.selectFrom('media_video').select('id').execute()).toEqual([]);
    const ok = await s.call(FILM, film(poster), { token: full });
    expect(ok.code, ok.msg).toBe(200);
  });
});
