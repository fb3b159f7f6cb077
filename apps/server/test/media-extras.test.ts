import { afterAll, beforeAll, expect, it } from 'vitest';
import { xmltvTime } from '../src/features/media-extras/playlists.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const CLASS = '/admin.php/media/live_type';
const LIVE = '/admin.php/media/live';
const EPG = '/admin.php/media/epg';
const ENC = '/admin.php/media/encryption';
const OPS_LIVE = '/operations/media/live';
const OPS_CLASS = '/operations/media/live_type';
const OPS_ENC = '/operations/media/encryption';

type List<T = Record<string, unknown>> = { list: T[]; total: number };
// Replies read loosely in assertions.
// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;

describeEachDb('media exports and encryption', (kind) => {
  let s: TestServer;
  let token: string;
  let ops: string;
  const ids: number[] = [];
  const call = <T = Rec>(path: string, body: unknown, t = token, headers?: Record<string, string>) =>
    s.call<T>(path, body, { token: t, headers });
  const download = async (url: string) =>
    Buffer.from(await (await fetch(s.url + url)).arrayBuffer()).toString('utf8');

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    ops = await s.login('admin', 'admin123', 1);
    const news = (await call<{ id: number }>(CLASS, { method: 'add', name: '央视' })).data.id;
    const local = (await call<{ id: number }>(CLASS, { method: 'add', name: '地方' })).data.id;
    for (const [number, name, type, cats, tvg] of [
      [1, 'CCTV-1 综合', 'multicast', [news], 'cctv1'],
      [2, '湖南卫视', 'hls', [local, news], ''],
      [3, 'Off air', 'hls', [local], 'off'],
    ] as const) {
      const r = await call<{ id: number }>(LIVE, {
        method: 'add',
        number,
        name,
        name_en: name,
        category_ids: cats,
        url: number === 1 ? 'udp://239.1.1.1:5000' : `http://cdn.example/${number}.m3u8`,
        type,
        tvg_id: tvg,
        enabled: number === 3 ? 0 : 1,
      });
      expect(r.code, r.msg).toBe(200);
      ids.push(r.data.id);
    }
    for (const [program_id, start, stop, title] of [
      [ids[0], '2026-03-01 19:00:00', '2026-03-01 19:30:00', '新闻联播'],
      [ids[0], '2026-03-01 19:30:00', '2026-03-01 20:00:00', 'Weather & <more>'],
      [ids[1], '2026-03-02 20:00:00', '2026-03-02 21:00:00', '快乐大本营'],
    ] as const) {
      const r = await call(EPG, { method: 'add', program_id, start, stop, title });
      expect(r.code, r.msg).toBe(200);
    }
  });
  afterAll(async () => s.close());

  it('export_m3u: the filtered channels as an M3U playlist download', async () => {
    const r = await call<{ url: string }>(LIVE, { method: 'export_m3u', filter: { enabled: 1 } });
    expect(r.code, r.msg).toBe(200);
    const text = await download(r.data.url);
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXTINF:-1 tvg-id="cctv1" tvg-name="CCTV-1 综合" tvg-chno="1" group-title="央视",CCTV-1 综合',
      'udp://239.1.1.1:5000',
      '#EXTINF:-1 tvg-id="channel-2" tvg-name="湖南卫视" tvg-chno="2" group-title="地方;央视",湖南卫视',
      'http://cdn.example/2.m3u8',
      '',
    ]);
    // single use
    expect((await fetch(s.url + r.data.url)).status).toBe(404);
    const kw = await call<{ url: string }>(LIVE, { method: 'export_m3u', keyword: 'Off' });
    expect(await download(kw.data.url)).toContain('tvg-id="off"');
    expect((await call(LIVE, { method: 'export_m3u', filter: { url: 'x' } })).code).toBe(422);
  });

  it('export_xmltv: channels and programmes as XMLTV with zone offsets', async () => {
    const r = await call<{ url: string }>(EPG, {
      method: 'export_xmltv',
      filter: { start: ['2026-03-01 00:00:00', '2026-03-01 23:59:59'] },
    });
    expect(r.code, r.msg).toBe(200);
    const xml = await download(r.data.url);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<channel id="cctv1">');
    expect(xml).not.toContain('channel-2');
    expect(xml).toContain(
      `<programme start="${xmltvTime('2026-03-01 19:00:00')}" stop="${xmltvTime('2026-03-01 19:30:00')}" channel="cctv1">`,
    );
    expect(xmltvTime('2026-03-01 19:00:00')).toMatch(/^20260301190000 [+-]\d{4}$/);
    // A title entered by hand is in no known language: written without one.
    expect(xml).toContain('<title>Weather &amp; &lt;more&gt;</title>');
    const all = await download((await call<{ url: string }>(EPG, { method: 'export_xmltv' })).data.url);
    expect(all).toContain('<channel id="channel-2">');
    expect(all.match(/<programme /g)).toHaveLength(3);
  });

  it('exports need the export key of the module', async () => {
    const reader = await accountWith(s, 'media_reader', [LIVE, EPG], []);
    const m3u = await call(LIVE, { method: 'export_m3u' }, reader);
    expect(m3u.code).toBe(403);
    expect(m3u.msg).toContain('media:live:export');
    expect((await call(EPG, { method: 'export_xmltv' }, reader)).msg).toContain('media:epg:export');
    const exporter = await accountWith(s, 'media_exporter', [LIVE], ['media:live:export']);
    expect((await call(LIVE, { method: 'export_m3u' }, exporter)).code).toBe(200);
  });

  it('encryption: lists the programmes and sets HLS AES-128 on HLS ones only', async () => {
    const list = await call<List<{ id: number; encryption: string }>>(ENC, { method: 'list' });
    expect(list.data.total).toBe(3);
    expect(list.data.list.every((p) => p.encryption === 'none')).toBe(true);
    const r = await call<{ updated: number }>(ENC, {
      method: 'edit',
      ids: [ids[1]],
      encryption: 'hls_aes128',
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.updated).toBe(1);
    expect((await call(LIVE, { method: 'detail', id: ids[1] })).data.encryption).toBe('hls_aes128');
    const filtered = await call<List<{ id: number }>>(ENC, {
      method: 'list',
      filter: { encryption: 'hls_aes128' },
    });
    expect(filtered.data.list.map((p) => p.id)).toEqual([ids[1]]);
  });

  it('encryption: bad input changes nothing; the edit key is needed', async () => {
    const multicast = await call(ENC, { method: 'edit', ids: [ids[0], ids[2]], encryption: 'hls_aes128' });
    expect(multicast.code).toBe(422);
    expect(multicast.msg).toContain('1');
    expect((await call(LIVE, { method: 'detail', id: ids[2] })).data.encryption).toBe('none');
    expect((await call(ENC, { method: 'edit', ids: [ids[2], 9999], encryption: 'none' })).code).toBe(404);
    expect((await call(ENC, { method: 'edit', ids: [ids[2]], encryption: 'des' })).code).toBe(422);
    expect((await call(ENC, { method: 'edit', ids: [], encryption: 'none' })).code).toBe(422);
    const reader = await accountWith(s, 'enc_reader', [LIVE], []);
    expect((await call(ENC, { method: 'list' }, reader)).code).toBe(200);
    const refused = await call(ENC, { method: 'edit', ids: [ids[1]], encryption: 'none' }, reader);
    expect(refused.code).toBe(403);
    expect(refused.msg).toContain('media:encryption:edit');
    expect((await call(LIVE, { method: 'detail', id: ids[1] })).data.encryption).toBe('hls_aes128');
  });

  it('operations mode: M3U and encryption stay within the named site', async () => {
    const site = (id: string) => ({ 'igs-sids': id });
    const cat = (await call<{ id: number }>(OPS_CLASS, { method: 'add', name: 'Site 1' }, ops, site('1')))
      .data.id;
    const add = await call<{ id: number }>(
      OPS_LIVE,
      {
        method: 'add',
        number: 7,
        name: 'S1',
        name_en: 'S1',
        category_ids: [cat],
        url: 'http://s1/a.m3u8',
        type: 'hls',
      },
      ops,
      site('1'),
    );
    expect(add.code, add.msg).toBe(200);
    const m3u = await call<{ url: string }>(OPS_LIVE, { method: 'export_m3u' }, ops, site('1'));
    const text = await download(m3u.data.url);
    expect(text).toContain('group-title="Site 1",S1');
    expect(text).not.toContain('CCTV');
    expect(
      (await call(OPS_ENC, { method: 'edit', ids: [ids[1]], encryption: 'none' }, ops, site('1'))).code,
    ).toBe(404);
    expect(
      (await call(OPS_ENC, { method: 'edit', ids: [add.data.id], encryption: 'hls_aes128' }, ops, site('1')))
        .code,
    ).toBe(200);
    expect((await call<List>(OPS_ENC, { method: 'list' }, ops, site('2'))).data.total).toBe(0);
  });
});
