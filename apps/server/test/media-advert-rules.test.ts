import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Write rules of DOMAIN 2.6, 2.7 and 2.9 that a field description cannot say: checked on add, on
 * an edit of one field against the stored others, and on import; a refusal changes nothing.
 */

const CLASS = '/admin.php/media/live_type';
const LIVE = '/admin.php/media/live';
const EPG = '/admin.php/media/epg';
const ROTATION = '/admin.php/media/rotation';
const FILM_CLASS = '/admin.php/media/video_type';
const FILM = '/admin.php/media/video';
const SOURCE = '/admin.php/media/source';
const THEME = '/admin.php/festival/index';
const MATERIAL = '/admin.php/advertising/resource';
const OPS_MATERIAL = '/operations/Advertising/resource';
const BOOT = '/admin.php/advertising/boot';
const MAIN = '/admin.php/advertising/main';
const OPS_MAIN = '/operations/Advertising/main';
const LIVE_AD = '/admin.php/advertising/live';
const TEXT_AD = '/admin.php/advertising/text';

// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;
type List = { list: Rec[]; total: number };

describeEachDb('media and advertising write rules', (kind) => {
  let s: TestServer;
  let token: string;
  let liveClass: number;
  let cctv: number;
  let film: number;
  const call = <T = Rec>(path: string, body: unknown, headers?: Record<string, string>, t = token) =>
    s.call<T>(path, body, { token: t, headers });
  const count = async (path: string) => (await call<List>(path, { method: 'list', limit: 1 })).data.total;
  const fieldOf = (r: Rec) => r.data?.errors?.[0]?.field;

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    liveClass = (await call<{ id: number }>(CLASS, { method: 'add', name: 'News' })).data.id;
    const r = await call<{ id: number }>(LIVE, {
      method: 'add',
      number: 1,
      name: 'CCTV-1',
      name_en: 'CCTV-1',
      category_ids: [liveClass],
      url: 'udp://239.1.1.1:5000',
    });
    expect(r.code, r.msg).toBe(200);
    cctv = r.data.id;
    const fc = (await call<{ id: number }>(FILM_CLASS, { method: 'add', name: 'Movies' })).data.id;
    film = (
      await call<{ id: number }>(FILM, {
        method: 'add',
        title: 'Sintel',
        title_en: 'Sintel',
        category_ids: [fc],
        poster: 'p',
      })
    ).data.id;
  });
  afterAll(async () => s.close());

  it('EPG: stop after start, no overlap within a channel (half-open), also on edit and import', async () => {
    const add = (start: string, stop: string, title = 'News', program_id = cctv) =>
      call(EPG, { method: 'add', program_id, start, stop, title });
    expect((await add('2026-03-01 19:00:00', '2026-03-01 19:30:00')).code).toBe(200);
    const before = await count(EPG);
    const backwards = await add('2026-03-01 21:00:00', '2026-03-01 20:00:00');
    expect(backwards).toMatchObject({ code: 422 });
    expect(fieldOf(backwards)).toBe('stop');
    expect((await add('2026-03-01 21:00:00', '2026-03-01 21:00:00')).code).toBe(422);
    const overlap = await add('2026-03-01 19:15:00', '2026-03-01 19:45:00', 'Weather');
    expect(overlap.code).toBe(422);
    expect(overlap.msg).toBe(
      'Overlaps "News" (2026-03-01 19:00:00 – 2026-03-01 19:30:00) on the same channel',
    );
    const zh = await s.call(
      EPG,
      {
        method: 'add',
        program_id: cctv,
        start: '2026-03-01 18:45:00',
        stop: '2026-03-01 19:01:00',
        title: 'x',
      },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.msg).toBe('与同一频道的“News”（2026-03-01 19:00:00 – 2026-03-01 19:30:00）时间重叠');
    expect(await count(EPG)).toBe(before);
    // Back to back is no overlap; another channel is another timeline.
    const next = await add('2026-03-01 19:30:00', '2026-03-01 20:00:00', 'Weather');
    expect(next.code, next.msg).toBe(200);
    const other = await call<{ id: number }>(LIVE, {
      method: 'add',
      number: 2,
      name: 'CCTV-2',
      name_en: 'CCTV-2',
      category_ids: [liveClass],
      url: 'udp://239.1.1.2:5000',
    });
    expect((await add('2026-03-01 19:10:00', '2026-03-01 19:20:00', 'Finance', other.data.id)).code).toBe(
      200,
    );
    // An edit of one time is checked against the stored other, and against its neighbours only.
    const id = (next.data as { id: number }).id;
    expect((await call(EPG, { method: 'edit', id, stop: '2026-03-01 19:30:00' })).code).toBe(422);
    expect((await call(EPG, { method: 'edit', id, start: '2026-03-01 19:20:00' })).code).toBe(422);
    expect((await call(EPG, { method: 'edit', id, stop: '2026-03-01 20:15:00' })).code).toBe(200);
    const rows = (await call<List>(EPG, { method: 'list', filter: { program_id: cctv } })).data.list;
    expect(rows.map((r) => [r.start, r.stop, r.source])).toEqual([
      ['2026-03-01 19:00:00', '2026-03-01 19:30:00', 'manual'],
      ['2026-03-01 19:30:00', '2026-03-01 20:15:00', 'manual'],
    ]);
  });

  it('rotation numbers are not programme numbers (except the rotation’s own programme), both ways', async () => {
    const rot = (channel_number: number) =>
      call<{ id: number }>(ROTATION, {
        method: 'add',
        name: `Loop ${channel_number}`,
        channel_number,
        film_ids: [film],
      });
    const clash = await rot(1);
    expect(clash).toMatchObject({ code: 409, msg: 'Channel number 1 is already live programme "CCTV-1"' });
    expect(fieldOf(clash)).toBe('channel_number');
    expect(await count(ROTATION)).toBe(0);
    const ok = await rot(99);
    expect(ok.code, ok.msg).toBe(200);
    expect((await call<Rec>(ROTATION, { method: 'detail', id: ok.data.id })).data.state).toBe('stopped');
    expect((await call(ROTATION, { method: 'edit', id: ok.data.id, channel_number: 1 })).code).toBe(409);
    const programme = (number: number, type: string) =>
      call<{ id: number }>(LIVE, {
        method: 'add',
        number,
        name: `P${number}`,
        name_en: `P${number}`,
        category_ids: [liveClass],
        url: 'udp://239.9.9.9:5000',
        type,
      });
    const taken = await programme(99, 'multicast');
    expect(taken.code).toBe(409);
    expect(fieldOf(taken)).toBe('number');
    // The rotation appears as a programme of type rotation with its number.
    const own = await programme(99, 'rotation');
    expect(own.code, own.msg).toBe(200);
    // …which cannot then become another kind of programme while the rotation holds the number.
    expect((await call(LIVE, { method: 'edit', id: own.data.id, type: 'hls' })).code).toBe(409);
  });

  it('film classes have two levels at most', async () => {
    const top = (await call<{ id: number }>(FILM_CLASS, { method: 'add', name: 'Top' })).data.id;
    const sub = await call<{ id: number }>(FILM_CLASS, { method: 'add', name: 'Sub', parent_id: top });
    expect(sub.code, sub.msg).toBe(200);
    const third = await call(FILM_CLASS, { method: 'add', name: 'Third', parent_id: sub.data.id });
    expect(third).toMatchObject({
      code: 422,
      msg: '"Sub" is itself a subclass: film classes have two levels at most',
    });
    expect(fieldOf(third)).toBe('parent_id');
    expect((await call(FILM_CLASS, { method: 'edit', id: top, parent_id: top })).code).toBe(422);
    const other = (await call<{ id: number }>(FILM_CLASS, { method: 'add', name: 'Other' })).data.id;
    // A class with subclasses cannot go under another one.
    const moved = await call(FILM_CLASS, { method: 'edit', id: top, parent_id: other });
    expect(moved.code).toBe(422);
    const rows = (await call<List>(FILM_CLASS, { method: 'list', limit: 200 })).data.list;
    expect(rows.find((r) => r.id === top)!.parent_id).toBeNull();
    expect(rows.some((r) => r.name === 'Third')).toBe(false);
  });

  it('live sources need the URL or file of their type, with a fitting scheme', async () => {
    const before = await count(SOURCE);
    const noFile = await call(SOURCE, { method: 'add', name: 'A', type: 'm3u_file', url: 'http://x/a.m3u' });
    expect(noFile.code).toBe(422);
    expect(fieldOf(noFile)).toBe('file');
    const noUrl = await call(SOURCE, { method: 'add', name: 'B', type: 'm3u_url' });
    expect(fieldOf(noUrl)).toBe('url');
    const scheme = await call(SOURCE, { method: 'add', name: 'C', type: 'm3u_url', url: 'rtsp://x/a' });
    expect(scheme).toMatchObject({ code: 422, msg: 'A m3u_url source is read over http or https, not rtsp' });
    expect(
      (await call(SOURCE, { method: 'add', name: 'D', type: 'udp_multicast', url: 'http://x' })).code,
    ).toBe(422);
    expect(await count(SOURCE)).toBe(before);
    const ok = await call<{ id: number }>(SOURCE, {
      method: 'add',
      name: 'E',
      type: 'udp_multicast',
      url: 'udp://239.1.1.9:5000',
    });
    expect(ok.code, ok.msg).toBe(200);
    expect((await call(SOURCE, { method: 'edit', id: ok.data.id, type: 'rtsp' })).code).toBe(422);
    expect((await call(SOURCE, { method: 'add', name: 'F', type: 'm3u_file', file: 'upload-id' })).code).toBe(
      200,
    );
  });

  it('holiday themes end on or after the day they start', async () => {
    const bad = await call(THEME, {
      method: 'add',
      name: 'X',
      start_date: '2026-10-07',
      end_date: '2026-10-01',
    });
    expect(bad).toMatchObject({ code: 422, msg: 'Ends (2026-10-01) cannot be before Starts (2026-10-07)' });
    expect(fieldOf(bad)).toBe('end_date');
    expect(await count(THEME)).toBe(0);
    const one = await call<{ id: number }>(THEME, {
      method: 'add',
      name: 'Day',
      start_date: '2026-10-01',
      end_date: '2026-10-01',
    });
    expect(one.code, one.msg).toBe(200);
    expect((await call(THEME, { method: 'edit', id: one.data.id, start_date: '2026-10-02' })).code).toBe(422);
    expect((await call(THEME, { method: 'edit', id: one.data.id, end_date: '2026-10-08' })).code).toBe(200);
  });

  it('every ad kind ends after it starts and plays on weekdays 1–7', async () => {
    const material = (await call<{ id: number }>(MATERIAL, { method: 'add', name: 'M', file: 'f' })).data.id;
    const week = { start_at: '2026-03-01 00:00:00', end_at: '2026-03-08 00:00:00' };
    const bodies: [string, Rec][] = [
      [BOOT, { name: 'Boot', material_id: material }],
      [MAIN, { name: 'Main', items: [{ material_id: material }] }],
      [LIVE_AD, { name: 'Live', material_id: material }],
      [TEXT_AD, { content: 'Text' }],
    ];
    for (const [path, body] of bodies) {
      const reversed = await call(path, {
        method: 'add',
        ...body,
        start_at: week.end_at,
        end_at: week.start_at,
      });
      expect(reversed.code, path).toBe(422);
      expect(fieldOf(reversed), path).toBe('end_at');
      expect((await call(path, { method: 'add', ...body, ...week, weekdays: [0, 8] })).code, path).toBe(422);
      expect((await call(path, { method: 'add', ...body, ...week, weekdays: [1, 1] })).code, path).toBe(422);
      expect(await count(path), path).toBe(0);
      const ok = await call<{ id: number }>(path, { method: 'add', ...body, ...week, weekdays: [6, 7] });
      expect(ok.code, `${path} ${ok.msg}`).toBe(200);
      const moved = await call(path, { method: 'edit', id: ok.data.id, end_at: '2026-02-01 00:00:00' });
      expect(moved.code, path).toBe(422);
    }
  });

  it('homepage ads hold 1–10 items of existing materials; a used material cannot be deleted', async () => {
    const m1 = (await call<{ id: number }>(MATERIAL, { method: 'add', name: 'One', file: 'f1' })).data.id;
    const m2 = (await call<{ id: number }>(MATERIAL, { method: 'add', name: 'Two', file: 'f2' })).data.id;
    const week = { start_at: '2026-03-01 00:00:00', end_at: '2026-03-08 00:00:00' };
    const before = await count(MAIN);
    const add = (items: unknown) =>
      call<{ id: number }>(MAIN, { method: 'add', name: 'Banner', ...week, items });
    expect((await add([])).code).toBe(422);
    const eleven = await add(Array.from({ length: 11 }, () => ({ material_id: m1 })));
    expect(eleven).toMatchObject({ code: 422, msg: 'Items: at most 10 (got 11)' });
    expect(fieldOf(eleven)).toBe('items');
    expect((await add([{ material_id: 999_999 }])).msg).toBe(
      'Items: Advertising material #999999 does not exist',
    );
    expect((await add([{ duration_s: 5 }])).code).toBe(422);
    expect((await add([{ material_id: m1, link_type: 'ftp' }])).code).toBe(422);
    expect((await add('not a list')).code).toBe(422);
    expect(await count(MAIN)).toBe(before);
    const ok = await add(Array.from({ length: 10 }, (_, i) => ({ material_id: i % 2 ? m1 : m2 })));
    expect(ok.code, ok.msg).toBe(200);
    const stored = (await call<Rec>(MAIN, { method: 'detail', id: ok.data.id })).data.items;
    expect(stored[0]).toEqual({ material_id: m2, duration_s: 5, link_type: 'none', link_target: '' });
    // Deleting a material an item names: 409 naming the homepage ads, nothing deleted.
    const del = await call(MATERIAL, { method: 'del', ids: [m1] });
    expect(del).toMatchObject({
      code: 409,
      msg: 'Cannot delete: still used by 1 Homepage advertising',
      data: { refs: [{ entity: 'Homepage advertising', count: 1 }] },
    });
    expect((await call(MATERIAL, { method: 'detail', id: m1 })).code).toBe(200);
    // Once the ad lets go of it, it can go.
    expect((await call(MAIN, { method: 'edit', id: ok.data.id, items: [{ material_id: m2 }] })).code).toBe(
      200,
    );
    expect((await call(MATERIAL, { method: 'del', ids: [m1] })).code).toBe(200);
    expect((await call(MATERIAL, { method: 'del', ids: [m2] })).code).toBe(409);
    // An operations site's ad cannot name the gateway's materials, nor another site's.
    const ops = await s.login('admin', 'admin123', 1);
    const site = { 'igs-sids': '4', 'igs-cid': '0' };
    const foreign = await call(
      OPS_MAIN,
      { method: 'add', name: 'Ops', ...week, items: [{ material_id: m2 }] },
      site,
      ops,
    );
    expect(foreign.code).toBe(422);
    const own = await call<{ id: number }>(
      OPS_MATERIAL,
      { method: 'add', name: 'Own', file: 'f' },
      site,
      ops,
    );
    const mine = await call(
      OPS_MAIN,
      { method: 'add', name: 'Ops', ...week, items: [{ material_id: own.data.id }] },
      site,
      ops,
    );
    expect(mine.code, mine.msg).toBe(200);
    expect((await call(OPS_MATERIAL, { method: 'del', ids: [own.data.id] }, site, ops)).code).toBe(409);
  });
});
