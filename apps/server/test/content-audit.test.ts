import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

/**
 * The resource audit (DOMAIN 2.9 system/ResourceAudit with 2.6 Film, SelfMedia and 2.7
 * AdMaterial): audited records get an item when added or changed, approve and reject set the item
 * and the record's audit_state.
 */

const AUDIT = '/admin.php/resources/index';
const FILM = '/admin.php/media/video';
const FILM_CLASS = '/admin.php/media/video_type';
const POST = '/admin.php/media/self_media';
const MATERIAL = '/admin.php/advertising/resource';
const OPS_MATERIAL = '/operations/Advertising/resource';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0x01, 0x40, 0, 0, 0, 0xf0]),
  Buffer.alloc(64),
]);

// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;
type List = { list: Rec[]; total: number };

describeEachDb('resource audit', (kind) => {
  let s: TestServer;
  let token: string;
  let ops: string;
  let image: string;
  let filmClass: number;
  const call = <T = Rec>(path: string, body: unknown, t = token, headers?: Record<string, string>) =>
    s.call<T>(path, body, { token: t, headers });
  const items = async () => (await call<List>(AUDIT, { method: 'list', limit: 200 })).data.list as Rec[];
  const itemOf = async (type: string, id: number) =>
    (await items()).find((i) => i.resource_type === type && i.resource_id === id);
  const detail = async (path: string, id: number, t = token, headers?: Record<string, string>) =>
    (await call<Rec>(path, { method: 'detail', id }, t, headers)).data;
  const addFilm = async (title: string) => {
    const r = await call<{ id: number }>(FILM, {
      method: 'add',
      title,
      title_en: title,
      category_ids: [filmClass],
      poster: image,
    });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    ops = await s.login('admin', 'admin123', 1);
    const fd = new FormData();
    fd.append('kind', 'image');
    fd.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'poster.png');
    image = (await s.call<{ id: string }>('/admin.php/common/upload', fd, { token })).data.id;
    filmClass = (await call<{ id: number }>(FILM_CLASS, { method: 'add', name: 'Movies' })).data.id;
  });
  afterAll(async () => s.close());

  it('new films, posts and materials wait in the audit list, with their file facts', async () => {
    const film = await addFilm('Big Buck Bunny');
    const post = (
      await call<{ id: number }>(POST, { method: 'add', title: 'Menu', cover: image, author: 'Chef' })
    ).data.id;
    const material = (await call<{ id: number }>(MATERIAL, { method: 'add', name: 'Spring', file: image }))
      .data.id;
    expect((await detail(FILM, film)).audit_state).toBe('pending');
    expect((await detail(POST, post)).audit_state).toBe('pending');
    expect((await detail(MATERIAL, material)).audit_state).toBe('pending');
    const item = await itemOf('film', film);
    expect(item).toMatchObject({
      name: 'Big Buck Bunny',
      state: 'pending',
      uploader: 'admin',
      mime: 'image/png',
      size: PNG.length,
      reviewer: null,
      site_id: 0,
    });
    expect(item!.preview_url).toMatch(new RegExp(`^/admin\\.php/common/file/${image}\\?exp=\\d+&sig=`));
    expect(item!.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await itemOf('self_media', post)).toMatchObject({ name: 'Menu', state: 'pending' });
    expect(await itemOf('ad_material', material)).toMatchObject({ name: 'Spring', state: 'pending' });
    // The state cannot be set by the caller.
    const sneaky = await call<{ id: number }>(MATERIAL, {
      method: 'add',
      name: 'Sneaky',
      file: image,
      audit_state: 'approved',
    });
    expect((await detail(MATERIAL, sneaky.data.id)).audit_state).toBe('pending');
  });

  it('approve (one or several) and reject (with a reason) set the item and the record', async () => {
    const film = await addFilm('Sintel');
    const material = (await call<{ id: number }>(MATERIAL, { method: 'add', name: 'Autumn', file: image }))
      .data.id;
    const post = (
      await call<{ id: number }>(POST, { method: 'add', title: 'Spa', cover: image, author: 'Spa desk' })
    ).data.id;
    const [fi, mi, pi] = [
      await itemOf('film', film),
      await itemOf('ad_material', material),
      await itemOf('self_media', post),
    ];
    const ok = await call(AUDIT, { method: 'approve', ids: [fi!.id, mi!.id] });
    expect(ok).toMatchObject({ code: 200, data: { approved: 2 } });
    expect(await itemOf('film', film)).toMatchObject({ state: 'approved', reviewer: 'admin', reason: null });
    expect((await itemOf('film', film))!.reviewed_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await detail(FILM, film)).audit_state).toBe('approved');
    expect((await detail(MATERIAL, material)).audit_state).toBe('approved');

    // reject needs its reason: refused without one, changing nothing
    for (const reason of [undefined, '', '   '])
      expect((await call(AUDIT, { method: 'reject', id: pi!.id, reason })).code).toBe(422);
    expect((await call(AUDIT, { method: 'reject', id: pi!.id, reason: 'x'.repeat(501) })).code).toBe(422);
    expect((await itemOf('self_media', post))!.state).toBe('pending');
    expect((await detail(POST, post)).audit_state).toBe('pending');
    const no = await call(AUDIT, { method: 'reject', id: pi!.id, reason: 'Price list is out of date' });
    expect(no).toMatchObject({ code: 200, data: { rejected: 1 } });
    expect(await itemOf('self_media', post)).toMatchObject({
      state: 'rejected',
      reason: 'Price list is out of date',
      reviewer: 'admin',
    });
    expect((await detail(POST, post)).audit_state).toBe('rejected');

    // A verdict may be revised (reject an approved one, approve a rejected one), never repeated.
    const again = await call(AUDIT, { method: 'approve', ids: [fi!.id] });
    expect(again.code).toBe(409);
    expect((await call(AUDIT, { method: 'reject', id: pi!.id, reason: 'again' })).code).toBe(409);
    expect((await call(AUDIT, { method: 'approve', ids: [pi!.id] })).code).toBe(200);
    expect((await detail(POST, post)).audit_state).toBe('approved');
    expect(await itemOf('self_media', post)).toMatchObject({ state: 'approved', reason: null });
    // A batch with one item in the wrong state changes none of them.
    const film2 = await addFilm('Tears of Steel');
    const f2 = await itemOf('film', film2);
    expect((await call(AUDIT, { method: 'approve', ids: [f2!.id, fi!.id] })).code).toBe(409);
    expect((await itemOf('film', film2))!.state).toBe('pending');
    expect((await detail(FILM, film2)).audit_state).toBe('pending');

    const log = await call<List>('/admin.php/system/logging', {
      method: 'list',
      filter: { module: 'resources:index' },
    });
    expect(log.data.list.map((e) => e.detail)).toContain(
      `resources:index reject #${pi!.id}: Price list is out of date`,
    );
  });

  it('changing what the reviewer saw opens the item again; other edits keep the verdict; delete drops it', async () => {
    const film = await addFilm('Cosmos Laundromat');
    const item = (await itemOf('film', film))!;
    await call(AUDIT, { method: 'approve', ids: [item.id] });
    // price and enabled are not what the reviewer judged
    expect((await call(FILM, { method: 'edit', id: film, price: 500 })).code).toBe(200);
    expect((await call(FILM, { method: 'state', ids: [film], enabled: 0 })).code).toBe(200);
    expect((await detail(FILM, film)).audit_state).toBe('approved');
    expect((await itemOf('film', film))!.state).toBe('approved');
    // a new title is
    s.clock.advance(60_000);
    expect((await call(FILM, { method: 'edit', id: film, title: 'Cosmos Laundromat 2' })).code).toBe(200);
    expect((await detail(FILM, film)).audit_state).toBe('pending');
    const reopened = (await itemOf('film', film))!;
    expect(reopened).toMatchObject({
      id: item.id,
      state: 'pending',
      name: 'Cosmos Laundromat 2',
      reviewer: null,
    });
    expect(reopened.submitted_at > item.submitted_at).toBe(true);
    // a refused edit changes neither
    expect((await call(FILM, { method: 'edit', id: film, title: 'Renamed', year: 3000 })).code).toBe(422);
    expect((await itemOf('film', film))!.name).toBe('Cosmos Laundromat 2');
    expect((await call(FILM, { method: 'del', ids: [film] })).code).toBe(200);
    expect(await itemOf('film', film)).toBeUndefined();
  });

  it('imported films wait too; operations-mode materials are audited in the gateway’s list', async () => {
    const csv = `title,title_en,category_ids,kind,poster\nImported A,Imported A,${filmClass},movie,p1\nImported B,Imported B,${filmClass},movie,p2\n`;
    const fd = new FormData();
    fd.append('method', 'import');
    fd.append('format', 'csv');
    fd.append('file', new Blob([csv]), 'films.csv');
    const r = await call<Rec>(FILM, fd);
    expect(r.data, r.msg).toMatchObject({ inserted: 2, errors: [] });
    const list = (await items()).filter((i) => String(i.name).startsWith('Imported '));
    expect(list.map((i) => i.state)).toEqual(['pending', 'pending']);
    // A dry run adds no item.
    const dry = new FormData();
    dry.append('method', 'import');
    dry.append('dry_run', '1');
    dry.append('file', new Blob([csv.replaceAll('Imported', 'Dry')]), 'films.csv');
    expect((await call<Rec>(FILM, dry)).data.inserted).toBe(2);
    expect((await items()).some((i) => String(i.name).startsWith('Dry '))).toBe(false);

    const site = { 'igs-sids': '3', 'igs-cid': '0' };
    const m = await call<{ id: number }>(
      OPS_MATERIAL,
      { method: 'add', name: 'Site 3 poster', file: image },
      ops,
      site,
    );
    expect(m.code, m.msg).toBe(200);
    const it3 = await itemOf('ad_material', m.data.id);
    expect(it3).toMatchObject({ state: 'pending', site_id: 0 });
    await call(AUDIT, { method: 'approve', ids: [it3!.id] });
    expect((await detail(OPS_MATERIAL, m.data.id, ops, site)).audit_state).toBe('approved');
  });

  it('each verdict needs its own button key', async () => {
    const film = await addFilm('Keys');
    const item = (await itemOf('film', film))!;
    const viewer = await accountWith(s, `audit_viewer_${kind}`, [AUDIT], []);
    expect((await call(AUDIT, { method: 'list' }, viewer)).code).toBe(200);
    expect((await call(AUDIT, { method: 'approve', ids: [item.id] }, viewer)).code).toBe(403);
    const rejecter = await accountWith(s, `audit_rejecter_${kind}`, [AUDIT], ['resources:index:reject']);
    expect((await call(AUDIT, { method: 'approve', ids: [item.id] }, rejecter)).code).toBe(403);
    expect((await itemOf('film', film))!.state).toBe('pending');
    expect((await call(AUDIT, { method: 'reject', id: item.id, reason: 'no' }, rejecter)).code).toBe(200);
    // Items are not written through the generic calls.
    expect((await call(AUDIT, { method: 'add', resource_type: 'film', name: 'x' })).code).toBe(400);
  });
});
