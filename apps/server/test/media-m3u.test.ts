import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import parser from 'iptv-playlist-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readM3u } from '../src/features/media-extras/m3u-read.ts';
import { decodeText } from '../src/platform/lib/text-decode.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * M3U as the field writes it (issue 15 item 2), with the playlists of test/fixtures/m3u:
 * field.m3u (public IPTV lists' habits: Kodi's `url|User-Agent=…&Referer=…`, `#EXTVLCOPT`,
 * `#EXTHTTP`, `user-agent=` on #EXTINF, `#EXTGRP`, empty groups, one channel three times under one
 * tvg-id, an rtmp entry, a file: entry, the header's x-tvg-url); Cyrillic in CP1251, French and
 * German in Latin-1, Chinese in UTF-16 LE with BOM and gzip-compressed. The export is read back
 * by iptv-playlist-parser, a reader this product does not share code with.
 */

// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;
type List = { list: Rec[]; total: number };

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'm3u');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

const LIVE = '/admin.php/media/live';
const CLASS = '/admin.php/media/live_type';
const SOURCE = '/admin.php/media/source';
const COLLECTED = '/admin.php/media/collect_programs';

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36';

describe('readM3u on the field playlist', () => {
  const list = readM3u(decodeText(fixture('field.m3u')).text);

  it('keeps every attribute and the options of every syntax', () => {
    expect(list.guideUrl).toBe('http://127.0.0.1:PORT/guide.xml');
    expect(list.skipped).toBe(1);
    const by = Object.fromEntries(list.entries.map((e) => [e.name, e]));
    expect(by['Rai 1 (720p)']).toMatchObject({
      tvgId: 'Rai1.it',
      tvgName: 'Rai 1',
      tvgLogo: 'https://i.imgur.com/rai1.png',
      tvgCountry: 'IT',
      tvgLanguage: 'Italian',
      groupTitle: 'General',
      tvgChno: null,
      opts: { referrer: 'https://www.raiplay.it/', user_agent: CHROME_UA },
    });
    // Kodi's pipe: the options come off the address.
    expect(by['France 24']).toMatchObject({
      url: 'https://static.france24.com/live/F24_FR_HI_HLS/live_web.m3u8',
      opts: { user_agent: 'Mozilla/5.0 (Kodi)', referrer: 'https://www.france24.com/' },
    });
    expect(by['NHK World']).toMatchObject({
      tvgChno: 7,
      groupTitle: 'Japan',
      opts: { user_agent: 'NHKPlayer/1.0', referrer: 'https://www3.nhk.or.jp/' },
    });
    expect(by['DW English']).toMatchObject({
      groupTitle: '',
      opts: { user_agent: 'DWApp/2.3', referrer: 'https://www.dw.com/' },
    });
    expect(by['Local Radio']).toMatchObject({ url: 'rtmp://live.example.net/app/localradio', opts: {} });
    expect(list.entries.filter((e) => e.tvgId === 'Rai1.it').map((e) => e.url)).toEqual([
      'https://mediapolis.rai.it/relinker/rai1.m3u8',
      'https://backup.example/rai1/index.m3u8',
      'http://cdn2.example/rai1.ts',
    ]);
  });

  it('reads CP1251, Latin-1, UTF-16 and gzip playlists as their text', () => {
    const names = (file: string) => readM3u(decodeText(fixture(file)).text).entries.map((e) => e.name);
    expect(names('cp1251.m3u')).toEqual([
      'Первый канал',
      'Россия 1',
      'Россия Культура',
      'НТВ Новости и развлечения',
    ]);
    expect(names('latin1.m3u')).toEqual([
      'Télé-Québec',
      'ORF eins Österreich',
      'La 1 de Televisión Española',
      "France 3 Côte d'Azur",
    ]);
    expect(names('utf16le-bom.m3u')).toEqual(['CCTV-1 综合', '湖南卫视']);
    expect(names('playlist.m3u.gz')).toEqual(['CCTV-1 综合', '湖南卫视']);
  });
});

describeEachDb('M3U collection, import and export', (kind) => {
  let s: TestServer;
  let token: string;
  let head: http.Server;
  let port: number;
  const served: Record<string, Buffer | string> = {};
  const call = <T = Rec>(p: string, body: unknown, lang = 'en') =>
    s.call<T>(p, body, { token, headers: { 'accept-language': lang } });
  const list = async (p: string, body: Rec = {}) =>
    (await call<List>(p, { method: 'list', limit: 200, ...body })).data.list;
  const detail = async (p: string, id: number) => (await call<Rec>(p, { method: 'detail', id })).data;
  const download = async (url: string) =>
    Buffer.from(await (await fetch(s.url + url)).arrayBuffer()).toString('utf8');
  const addSource = async (name: string, body: Rec) => {
    const r = await call<{ id: number }>(SOURCE, { method: 'add', name, ...body });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };

  beforeAll(async () => {
    head = http.createServer((req, res) => {
      const hit = served[req.url ?? ''];
      if (hit === undefined) res.writeHead(404).end('no');
      else res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(hit);
    });
    await new Promise<void>((resolve) => head.listen(0, '127.0.0.1', resolve));
    port = (head.address() as AddressInfo).port;
    served['/field.m3u'] = fixture('field.m3u').toString('utf8').replace('PORT', String(port));
    served['/guide.xml'] = fixture('guide.xml');
    for (const f of ['latin1.m3u', 'utf16le-bom.m3u', 'playlist.m3u.gz']) served[`/${f}`] = fixture(f);
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    await s.close();
    await new Promise((resolve) => head.close(resolve));
  });

  it('sync keeps every entry (alternates included), fills the XMLTV URL; import and export keep the attributes', async () => {
    const src = await addSource('Field', { type: 'm3u_url', url: `http://127.0.0.1:${port}/field.m3u` });
    const sync = await call<Rec>(SOURCE, { method: 'sync', id: src });
    expect(sync.code, sync.msg).toBe(200);
    expect(sync.data.channels).toEqual({ total: 8, inserted: 8, updated: 0, removed: 0, skipped: 1 });
    // The header's x-tvg-url became the source's guide, read in the same sync.
    expect(sync.data.epg).toMatchObject({ channels: 0, inserted: 0 });
    expect((await detail(SOURCE, src)).xmltv_url).toBe(`http://127.0.0.1:${port}/guide.xml`);

    const rows = await list(COLLECTED, { filter: { source_id: src } });
    expect(rows.length).toBe(8);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(await detail(COLLECTED, byName['France 24']!.id)).toMatchObject({
      url: 'https://static.france24.com/live/F24_FR_HI_HLS/live_web.m3u8',
      tvg_logo: 'https://i.imgur.com/f24.png',
      tvg_country: 'FR',
      tvg_language: 'French',
      opts: { user_agent: 'Mozilla/5.0 (Kodi)', referrer: 'https://www.france24.com/' },
    });
    // A second sync of the same playlist updates the same rows, alternates included.
    const again = await call<Rec>(SOURCE, { method: 'sync', id: src });
    expect(again.data.channels).toEqual({ total: 8, inserted: 0, updated: 8, removed: 0, skipped: 1 });

    // Imported with the ids in reverse: numbers still follow the playlist (tvg-chno first).
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => b - a);
    const imp = await call<Rec>(COLLECTED, { method: 'import', ids });
    expect(imp.code, imp.msg).toBe(200);
    expect(imp.data).toMatchObject({ imported: 6, backups: 2, skipped: [] });
    const made: Record<string, Rec> = Object.fromEntries((await list(LIVE)).map((p) => [p.name, p]));
    expect(Object.keys(made).sort()).toEqual(
      ['DW English', 'Euronews', 'France 24', 'Local Radio', 'NHK World', 'Rai 1 (720p)'].sort(),
    );
    expect(Object.fromEntries(Object.values(made).map((p) => [p.name, p.number]))).toEqual({
      'Rai 1 (720p)': 1,
      'France 24': 2,
      Euronews: 3,
      'DW English': 4,
      'Local Radio': 5,
      'NHK World': 7,
    });
    const rai = await detail(LIVE, made['Rai 1 (720p)']!.id);
    expect(rai).toMatchObject({
      tvg_id: 'Rai1.it',
      name_en: 'Rai 1',
      url: 'https://mediapolis.rai.it/relinker/rai1.m3u8',
      backup_url: 'https://backup.example/rai1/index.m3u8',
      backup_urls: ['http://cdn2.example/rai1.ts'],
      logo_url: 'https://i.imgur.com/rai1.png',
      referrer: 'https://www.raiplay.it/',
      user_agent: CHROME_UA,
      country: 'IT',
      language: 'Italian',
      type: 'hls',
    });
    expect(await detail(LIVE, made['Local Radio']!.id)).toMatchObject({
      url: 'rtmp://live.example.net/app/localradio',
    });
    expect(await detail(LIVE, made['NHK World']!.id)).toMatchObject({
      user_agent: 'NHKPlayer/1.0',
      referrer: 'https://www3.nhk.or.jp/',
    });
    // Every alternate of Rai 1 is marked imported as the one programme.
    for (const r of rows.filter((x) => x.name.startsWith('Rai 1')))
      expect((await detail(COLLECTED, r.id)).imported_program_id).toBe(rai.id);
    const classes = Object.fromEntries((await list(CLASS)).map((c) => [c.id, c]));
    expect(made['NHK World']!.category_ids.map((c: number) => classes[c].name)).toEqual(['Japan']);
    expect(classes[made['DW English']!.category_ids[0]]).toMatchObject({
      name: '未分类',
      name_en: 'Uncategorised',
    });

    // The export, read back by iptv-playlist-parser: English labels, logos, groups, options.
    const en = await call<{ url: string }>(LIVE, { method: 'export_m3u' });
    expect(en.code, en.msg).toBe(200);
    const text = await download(en.data.url);
    expect(text).not.toContain('未分类');
    const parsed = parser.parse(text);
    // A channel by its first entry (its main stream).
    const item = Object.fromEntries(parsed.items.toReversed().map((i) => [i.name, i]));
    // Rai 1's two alternates are entries of their own with its tvg-id, after its main stream.
    expect(parsed.items.length).toBe(8);
    expect(parsed.items.filter((i) => i.tvg.id === 'Rai1.it').map((i) => i.url)).toEqual([
      'https://mediapolis.rai.it/relinker/rai1.m3u8',
      'https://backup.example/rai1/index.m3u8',
      'http://cdn2.example/rai1.ts',
    ]);
    expect(item['Rai 1 (720p)']).toMatchObject({
      url: 'https://mediapolis.rai.it/relinker/rai1.m3u8',
      tvg: { id: 'Rai1.it', logo: 'https://i.imgur.com/rai1.png' },
      group: { title: 'General' },
      http: { referrer: 'https://www.raiplay.it/', 'user-agent': CHROME_UA },
    });
    expect(item['France 24']).toMatchObject({
      url: 'https://static.france24.com/live/F24_FR_HI_HLS/live_web.m3u8',
      tvg: { logo: 'https://i.imgur.com/f24.png' },
      group: { title: 'News' },
      http: { referrer: 'https://www.france24.com/', 'user-agent': 'Mozilla/5.0 (Kodi)' },
    });
    expect(item['NHK World']).toMatchObject({
      group: { title: 'Japan' },
      http: { 'user-agent': 'NHKPlayer/1.0' },
    });
    expect(item['DW English']).toMatchObject({ group: { title: 'Uncategorised' } });
    expect(item['Local Radio']!.url).toBe('rtmp://live.example.net/app/localradio');
    expect(text).toContain('tvg-country="IT" tvg-language="Italian"');
    // Read back by this product's own reader too: the same attributes come back.
    const own = readM3u(text).entries.find((e) => e.tvgId === 'Rai1.it')!;
    expect(own).toMatchObject({ tvgChno: 1, tvgCountry: 'IT', opts: { user_agent: CHROME_UA } });
    expect(readM3u(text).entries.filter((e) => e.tvgId === 'Rai1.it')).toHaveLength(3);
    // The guide the playlist named now reaches the imported channel; its XMLTV export has the logo.
    const resync = await call<Rec>(SOURCE, { method: 'sync', id: src });
    expect(resync.data.epg).toMatchObject({ channels: 1, inserted: 1 });
    const xml = await call<{ url: string }>('/admin.php/media/epg', { method: 'export_xmltv' });
    expect(xml.code, xml.msg).toBe(200);
    expect(await download(xml.data.url)).toContain('<icon src="https://i.imgur.com/rai1.png"/>');
    // In Chinese the class's own name.
    const zh = await call<{ url: string }>(LIVE, { method: 'export_m3u' }, 'zh-CN');
    const zhItems = parser.parse(await download(zh.data.url)).items;
    expect(zhItems.find((i) => i.name === 'DW English')!.group.title).toBe('未分类');
  });

  it('a programme’s logo link is shown small: fetched by the server as a data: URL, images only', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    served['/logos/one.png'] = png;
    served['/logos/page.png'] = '<html>not a picture</html>';
    served['/logos/huge.png'] = Buffer.concat([png, Buffer.alloc(300 * 1024)]);
    const [programme] = await list(LIVE);
    const thumb = async (logo: string, field = 'logo_url') => {
      const edit = await call(LIVE, { method: 'edit', id: programme!.id, logo_url: logo });
      expect(edit.code, edit.msg).toBe(200);
      return call<{ data_url: string }>(LIVE, { method: 'thumbnail', id: programme!.id, field });
    };
    const one = await thumb(`http://127.0.0.1:${port}/logos/one.png`);
    expect(one).toMatchObject({
      code: 200,
      data: { data_url: `data:image/png;base64,${png.toString('base64')}` },
    });
    // A page, a picture past the cap and a link nothing answers give no picture, never an error.
    for (const name of ['page.png', 'huge.png', 'missing.png'])
      expect((await thumb(`http://127.0.0.1:${port}/logos/${name}`)).data).toEqual({ data_url: '' });
    expect((await thumb('rtsp://127.0.0.1/logo.png')).data).toEqual({ data_url: '' });
    // Only a picture field, and only a record of the caller's sites.
    expect((await thumb(`http://127.0.0.1:${port}/logos/one.png`, 'url')).code).toBe(422);
    const missing = await call(LIVE, { method: 'thumbnail', id: 999_999, field: 'logo_url' });
    expect(missing.code).toBe(404);
  });

  it('an entry that cannot be imported is reported in the caller’s language; the others are imported', async () => {
    const pipe = await call<{ id: number }>(COLLECTED, {
      method: 'add',
      name: 'Piped',
      url: 'http://pipe.example/live.m3u8|User-Agent=PipeUA%2F1.0&Referer=http://pipe.example/',
    });
    expect(pipe.code, pipe.msg).toBe(200);
    const ignored = (
      await call<{ id: number }>(COLLECTED, { method: 'add', name: 'Ignored', url: 'udp://239.3.3.3:5000' })
    ).data.id;
    expect((await call(COLLECTED, { method: 'ignore', ids: [ignored] })).code).toBe(200);
    const before = (await list(LIVE)).length;
    const imp = await call<Rec>(COLLECTED, { method: 'import', ids: [ignored, pipe.data.id] }, 'zh-CN');
    expect(imp.code, imp.msg).toBe(200);
    expect(imp.data.imported).toBe(1);
    expect(imp.data.skipped).toEqual([
      { id: ignored, name: 'Ignored', reason: `#${ignored} Ignored：已忽略的频道不能导入` },
    ]);
    const made = await detail(LIVE, imp.data.program_ids[0]);
    expect(made).toMatchObject({
      url: 'http://pipe.example/live.m3u8',
      user_agent: 'PipeUA/1.0',
      referrer: 'http://pipe.example/',
    });
    expect((await list(LIVE)).length).toBe(before + 1);
    // Nothing importable: refused, with why, and nothing changes.
    const none = await call<Rec>(COLLECTED, { method: 'import', ids: [ignored] });
    expect(none).toMatchObject({ code: 409, msg: `#${ignored} Ignored: ignored channels are not imported` });
    expect((await list(LIVE)).length).toBe(before + 1);
  });

  it('playlists in CP1251 (uploaded), Latin-1, UTF-16 and gzip (fetched) are collected as their text', async () => {
    const names = async (src: number) => {
      const r = await call<Rec>(SOURCE, { method: 'sync', id: src });
      expect(r.code, r.msg).toBe(200);
      return (await list(COLLECTED, { filter: { source_id: src } })).map((c) => c.name).sort();
    };
    const at = (f: string) => addSource(f, { type: 'm3u_url', url: `http://127.0.0.1:${port}/${f}` });
    // The upload kind `text` takes single-byte encodings (it refuses NUL bytes and gzip magic, so
    // UTF-16 and gzip playlists come by URL here).
    const fd = new FormData();
    fd.append('kind', 'text');
    fd.append('file', new Blob([new Uint8Array(fixture('cp1251.m3u'))]), 'cp1251.m3u');
    const up = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token });
    expect(up.code, up.msg).toBe(200);
    const cyr = await addSource('CP1251', { type: 'm3u_file', file: up.data.id });
    expect(await names(cyr)).toEqual(
      ['Первый канал', 'Россия 1', 'Россия Культура', 'НТВ Новости и развлечения'].sort(),
    );
    const latin = await at('latin1.m3u');
    expect(await names(latin)).toEqual(
      ['Télé-Québec', 'ORF eins Österreich', 'La 1 de Televisión Española', "France 3 Côte d'Azur"].sort(),
    );
    expect((await list(COLLECTED, { filter: { source_id: latin } })).map((c) => c.group_title)).toContain(
      'Österreich',
    );
    const utf16 = await at('utf16le-bom.m3u');
    expect(await names(utf16)).toEqual(['CCTV-1 综合', '湖南卫视'].sort());
    // Its url-tvg does not answer: the channels are kept, the guide's failure is in the result.
    const result = (await detail(SOURCE, utf16)).last_result;
    expect(result).toMatch(
      /^2 channels: 2 new, 0 updated, 0 removed, 0 skipped; EPG: http:\/\/127\.0\.0\.1:9\/e\.xml could not be fetched/,
    );
    expect(await names(await at('playlist.m3u.gz'))).toEqual(['CCTV-1 综合', '湖南卫视'].sort());
  });
});
