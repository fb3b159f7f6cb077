import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findBinary } from '../src/platform/host/host-exec.ts';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

/**
 * The media verbs of DOMAIN 2.6 over HTTP: broadcast reset_key, source sync/test (against a local
 * HTTP server), collected-channel import/ignore, XMLTV import, rotation start/stop, and the verbs
 * that need ffprobe/ffmpeg: 503 naming the program where it is absent, real runs with stand-in
 * programs first on PATH.
 */

const CLASS = '/admin.php/media/live_type';
const LIVE = '/admin.php/media/live';
const EPG = '/admin.php/media/epg';
const SOURCE = '/admin.php/media/source';
const COLLECTED = '/admin.php/media/collect_programs';
const BROADCAST = '/admin.php/media/broadcast';
const ROTATION = '/admin.php/media/rotation';
const FILM = '/admin.php/media/video';
const FILM_CLASS = '/admin.php/media/video_type';
const AUDIT = '/admin.php/resources/index';

// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;
type List = { list: Rec[]; total: number };

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(100)]);

/** What the stand-in HTTP head-end serves, by path. */
const served: Record<string, { type: string; body: string | Buffer }> = {};

function playlist(port: number, withHunan = true): string {
  return [
    `#EXTM3U url-tvg="http://127.0.0.1:${port}/epg.xml"`,
    '#EXTINF:-1 tvg-id="CCTV1.cn" tvg-name="CCTV-1" tvg-chno="1" group-title="央视",CCTV-1 综合',
    `http://127.0.0.1:${port}/live/1.m3u8`,
    ...(withHunan
      ? ['#EXTINF:-1 tvg-id="HNTV.cn" tvg-chno="5" group-title="卫视",湖南卫视', 'udp://239.1.1.5:5000']
      : []),
    '#EXTINF:-1,Local file',
    'file:///etc/passwd',
    '#EXTINF:-1 tvg-id="NONUM",No number',
    'rtsp://10.0.0.1/stream',
  ].join('\n');
}

const GUIDE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv>
  <channel id="CCTV1.cn"><display-name>CCTV-1</display-name></channel>
  <programme start="20260301190000 +0000" stop="20260301193000 +0000" channel="CCTV1.cn">
    <title lang="zh">新闻联播</title><title lang="en">News</title><desc>A &amp; B</desc>
  </programme>
  <programme start="20260301193000 +0000" stop="20260301200000 +0000" channel="CCTV1.cn"><title>天气</title></programme>
  <programme start="20260301193000 +0000" stop="20260301200000 +0000" channel="ELSEWHERE"><title>x</title></programme>
</tv>
`;

/** A stand-in program: records its arguments, then runs `body` (sh). */
function fakeProgram(dir: string, name: string, body: string): void {
  fs.writeFileSync(
    path.join(dir, name),
    `#!/bin/sh\necho "$@" >> "${path.join(dir, `${name}.args`)}"\n${body}\n`,
    { mode: 0o755 },
  );
}

describeEachDb('media verbs', (kind) => {
  let s: TestServer;
  let token: string;
  let head: http.Server;
  let port: number;
  let fakeDir: string;
  const savedPath = process.env.PATH;
  let realFfmpeg: string | null;
  let realFfprobe: string | null;
  let liveClass: number;
  const call = <T = Rec>(p: string, body: unknown, t = token) => s.call<T>(p, body, { token: t });
  const list = async (p: string, body: Rec = {}) =>
    (await call<List>(p, { method: 'list', limit: 200, ...body })).data.list;
  const detail = async (p: string, id: number) => (await call<Rec>(p, { method: 'detail', id })).data;
  const withFakes = async <T>(fn: () => Promise<T>): Promise<T> => {
    process.env.PATH = `${fakeDir}${path.delimiter}${savedPath}`;
    try {
      return await fn();
    } finally {
      process.env.PATH = savedPath;
    }
  };
  const upload = async (k: string, data: Buffer | string, name: string) => {
    const fd = new FormData();
    fd.append('kind', k);
    fd.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
    const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };

  beforeAll(async () => {
    realFfmpeg = await findBinary('ffmpeg');
    realFfprobe = await findBinary('ffprobe');
    head = http.createServer((req, res) => {
      const hit = served[req.url ?? ''];
      if (!hit) {
        res.writeHead(404).end('no');
        return;
      }
      res.writeHead(200, { 'content-type': hit.type }).end(hit.body);
    });
    await new Promise<void>((resolve) => head.listen(0, '127.0.0.1', resolve));
    port = (head.address() as AddressInfo).port;
    served['/channels.m3u'] = { type: 'audio/x-mpegurl', body: playlist(port) };
    served['/epg.xml'] = { type: 'application/xml', body: GUIDE };
    served['/live/1.m3u8'] = { type: 'application/vnd.apple.mpegurl', body: '#EXTM3U\n#EXT-X-VERSION:3\n' };
    served['/page.html'] = { type: 'text/html', body: '<html></html>' };
    served['/huge.m3u'] = { type: 'audio/x-mpegurl', body: Buffer.alloc(11 * 1024 * 1024, 0x23) };
    fakeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-media-bin-'));
    s = await startServer(kind);
    token = await s.login();
    liveClass = (await call<{ id: number }>(CLASS, { method: 'add', name: 'Existing' })).data.id;
    const r = await call(LIVE, {
      method: 'add',
      number: 1,
      name: 'Existing',
      name_en: 'Existing',
      category_ids: [liveClass],
      url: 'udp://239.9.9.1:5000',
    });
    expect(r.code, r.msg).toBe(200);
  });
  afterAll(async () => {
    process.env.PATH = savedPath;
    await s.close();
    await new Promise((resolve) => head.close(resolve));
    fs.rmSync(fakeDir, { recursive: true, force: true });
  });

  it('broadcast rooms get a 24-character key and addresses; reset_key makes a new one', async () => {
    const r = await call<{ id: number }>(BROADCAST, { method: 'add', title: 'Yoga' });
    expect(r.code, r.msg).toBe(200);
    const room = await detail(BROADCAST, r.data.id);
    expect(room.stream_key).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(room.push_url).toBe(`rtmp://127.0.0.1:1935/live/${room.stream_key}`);
    expect(room.play_url).toBe(`http://127.0.0.1/hls/${room.stream_key}/index.m3u8`);
    const reset = await call<Rec>(BROADCAST, { method: 'reset_key', id: r.data.id });
    expect(reset.code, reset.msg).toBe(200);
    const after = await detail(BROADCAST, r.data.id);
    expect(after.stream_key).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(after.stream_key).not.toBe(room.stream_key);
    expect(reset.data.push_url).toBe(after.push_url);
    const log = await list('/admin.php/system/logging', { filter: { module: 'media:broadcast' } });
    expect(log.find((e) => e.action === 'reset_key')!.detail).toBe(`media:broadcast reset_key #${r.data.id}`);
    const editor = await accountWith(s, `bc_${kind}`, [BROADCAST], ['media:broadcast:edit']);
    expect((await call(BROADCAST, { method: 'reset_key', id: r.data.id }, editor)).code).toBe(403);
    expect((await detail(BROADCAST, r.data.id)).stream_key).toBe(after.stream_key);
  });

  it('source test reads the playlist; unreachable, non-M3U and too-large answers are refused', async () => {
    const src = await call<{ id: number }>(SOURCE, {
      method: 'add',
      name: 'Head-end',
      type: 'm3u_url',
      url: `http://127.0.0.1:${port}/channels.m3u`,
    });
    expect(src.code, src.msg).toBe(200);
    const t = await call<Rec>(SOURCE, { method: 'test', id: src.data.id });
    expect(t).toMatchObject({ code: 200, data: { ok: true, channels: 3, skipped: 1 } });
    const at = async (url: string, type = 'm3u_url') =>
      (await call<{ id: number }>(SOURCE, { method: 'add', name: url, type, url })).data.id;
    const gone = await call(SOURCE, { method: 'test', id: await at(`http://127.0.0.1:${port}/missing.m3u`) });
    expect(gone).toMatchObject({ code: 503 });
    expect(gone.msg).toBe(`http://127.0.0.1:${port}/missing.m3u could not be fetched: HTTP 404`);
    // a closed port
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(
      (await call(SOURCE, { method: 'test', id: await at(`http://127.0.0.1:${closedPort}/a.m3u`) })).code,
    ).toBe(503);
    const html = await call(SOURCE, { method: 'test', id: await at(`http://127.0.0.1:${port}/page.html`) });
    expect(html).toMatchObject({
      code: 422,
      msg: 'Not an M3U playlist: The file does not start with #EXTM3U',
    });
    const huge = await call(SOURCE, { method: 'test', id: await at(`http://127.0.0.1:${port}/huge.m3u`) });
    expect(huge).toMatchObject({ code: 422, msg: `http://127.0.0.1:${port}/huge.m3u is larger than 10 MB` });
    const hls = await call<Rec>(SOURCE, {
      method: 'test',
      id: await at(`http://127.0.0.1:${port}/live/1.m3u8`, 'hls'),
    });
    expect(hls).toMatchObject({ code: 200, data: { ok: true } });
    // A multicast source is tested with ffprobe.
    const udp = await at('udp://239.1.1.1:5000', 'udp_multicast');
    if (!realFfprobe) {
      const r = await call(SOURCE, { method: 'test', id: udp });
      expect(r).toMatchObject({
        code: 503,
        msg: 'ffprobe (FFmpeg) is not installed on this host, so this cannot be done',
      });
    }
  });

  it('sync fills the collected channels (and the EPG from xmltv_url); import makes programmes; ignore', async () => {
    const src = (
      await call<{ id: number }>(SOURCE, {
        method: 'add',
        name: 'Sync',
        type: 'm3u_url',
        url: `http://127.0.0.1:${port}/channels.m3u`,
        xmltv_url: `http://127.0.0.1:${port}/epg.xml`,
      })
    ).data.id;
    const sync = await call<Rec>(SOURCE, { method: 'sync', id: src });
    expect(sync.code, sync.msg).toBe(200);
    expect(sync.data.channels).toEqual({ total: 3, inserted: 3, updated: 0, removed: 0, skipped: 1 });
    // No programme has the guide's channel id yet.
    // No programme has the guide's channel id yet: its programmes are left out, and said why.
    expect(sync.data.epg).toMatchObject({ channels: 0, inserted: 0, skipped: 3 });
    const source = await detail(SOURCE, src);
    expect(source.last_sync_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(source.last_result).toBe(
      '3 channels: 3 new, 0 updated, 0 removed, 1 skipped; EPG: 0 programmes on 0 channels, 3 skipped (unknownChannel 3)',
    );
    const rows = await list(COLLECTED, { filter: { source_id: src } });
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName.湖南卫视).toMatchObject({
      tvg_id: 'HNTV.cn',
      tvg_chno: 5,
      group_title: '卫视',
      url: 'udp://239.1.1.5:5000',
      ignored: 0,
    });

    // Import: tvg_chno where free, else the next free number; group-title classes made on the way.
    const ids = [byName['CCTV-1 综合']!.id, byName.湖南卫视!.id, byName['No number']!.id];
    const imp = await call<Rec>(COLLECTED, { method: 'import', ids });
    expect(imp.code, imp.msg).toBe(200);
    expect(imp.data.imported).toBe(3);
    const programmes = await list(LIVE);
    const made = Object.fromEntries(programmes.map((p) => [p.name, p]));
    expect(made['CCTV-1 综合']).toMatchObject({
      number: 2,
      type: 'hls',
      tvg_id: 'CCTV1.cn',
      name_en: 'CCTV-1',
    });
    expect(made.湖南卫视).toMatchObject({ number: 5, type: 'multicast' });
    expect(made['No number']).toMatchObject({ number: 3, type: 'rtsp' });
    const classes = Object.fromEntries((await list(CLASS)).map((c) => [c.id, c.name]));
    expect(made['CCTV-1 综合']!.category_ids.map((c: number) => classes[c])).toEqual(['央视']);
    expect(made['No number']!.category_ids.map((c: number) => classes[c])).toEqual(['未分类']);
    expect((await detail(COLLECTED, ids[0]!)).imported_program_id).toBe(made['CCTV-1 综合']!.id);
    // Imported once only; nothing more is created by the refusal.
    expect((await call(COLLECTED, { method: 'import', ids: [ids[0]] })).code).toBe(409);
    expect((await list(LIVE)).length).toBe(programmes.length);

    // A second sync updates, brings the guide for the now-known channel, drops what left the playlist.
    served['/channels.m3u'] = { type: 'audio/x-mpegurl', body: playlist(port, false) };
    const again = await call<Rec>(SOURCE, { method: 'sync', id: src });
    expect(again.data.channels).toEqual({ total: 2, inserted: 0, updated: 2, removed: 0, skipped: 1 });
    expect(again.data.epg).toMatchObject({ channels: 1, inserted: 2, skipped: 1 });
    // 湖南卫视 left the playlist but was imported: it stays.
    expect((await list(COLLECTED, { filter: { source_id: src } })).length).toBe(3);
    const guide = await list(EPG, { filter: { program_id: made['CCTV-1 综合']!.id } });
    expect(guide.map((g) => [g.start, g.title, g.title_en, g.desc, g.source])).toEqual([
      [formatDateTime(Date.UTC(2026, 2, 1, 19)), '新闻联播', 'News', 'A & B', 'xmltv'],
      [formatDateTime(Date.UTC(2026, 2, 1, 19, 30)), '天气', null, null, 'xmltv'],
    ]);
    // Syncing the same guide again replaces its programmes rather than doubling them.
    expect((await call<Rec>(SOURCE, { method: 'sync', id: src })).data.epg.inserted).toBe(2);
    expect((await list(EPG, { filter: { program_id: made['CCTV-1 综合']!.id } })).length).toBe(2);

    // ignore, and an ignored channel is not imported
    const extra = (
      await call<{ id: number }>(COLLECTED, { method: 'add', name: 'Extra', url: 'udp://239.1.1.77:5000' })
    ).data.id;
    expect((await call<Rec>(COLLECTED, { method: 'ignore', ids: [extra] })).data).toEqual({ updated: 1 });
    expect((await detail(COLLECTED, extra)).ignored).toBe(1);
    expect((await call(COLLECTED, { method: 'import', ids: [extra] })).code).toBe(409);
    served['/channels.m3u'] = { type: 'audio/x-mpegurl', body: playlist(port) };
  });

  it('operations mode: import works in the call’s site and never reaches another site', async () => {
    const ops = await s.login('admin', 'admin123', 1);
    const at = (site: string) => ({ token: ops, headers: { 'igs-sids': site, 'igs-cid': '0' } });
    const OPS_COLLECTED = '/operations/media/collect_programs';
    const mine = await s.call<{ id: number }>(
      OPS_COLLECTED,
      {
        method: 'add',
        name: 'Site 2 channel',
        url: 'udp://239.2.2.2:5000',
        tvg_chno: 1,
        group_title: 'Local',
      },
      at('2'),
    );
    expect(mine.code, mine.msg).toBe(200);
    expect((await s.call(OPS_COLLECTED, { method: 'import', ids: [mine.data.id] }, at('3'))).code).toBe(404);
    const r = await s.call<Rec>(OPS_COLLECTED, { method: 'import', ids: [mine.data.id] }, at('2'));
    expect(r.code, r.msg).toBe(200);
    const site2 = (await s.call<List>('/operations/media/live', { method: 'list' }, at('2'))).data.list;
    // Number 1 is the full-mode gateway's, not site 2's: free here.
    expect(site2.map((p) => [p.name, p.number, p.site_id])).toEqual([['Site 2 channel', 1, 2]]);
    const classes = (await s.call<List>('/operations/media/live_type', { method: 'list' }, at('2'))).data
      .list;
    expect(classes.map((c) => c.name)).toEqual(['Local']);
    expect((await list(LIVE)).some((p) => p.name === 'Site 2 channel')).toBe(false);
  });

  it('a sync that cannot fetch answers 503 and changes nothing; an uploaded M3U file is a source too', async () => {
    const src = (
      await call<{ id: number }>(SOURCE, {
        method: 'add',
        name: 'Down',
        type: 'm3u_url',
        url: `http://127.0.0.1:${port}/nope.m3u`,
      })
    ).data.id;
    expect((await call(SOURCE, { method: 'sync', id: src })).code).toBe(503);
    expect((await detail(SOURCE, src)).last_sync_at).toBeNull();
    expect(await list(COLLECTED, { filter: { source_id: src } })).toEqual([]);
    const file = await upload('text', playlist(port), 'channels.m3u');
    const fromFile = (
      await call<{ id: number }>(SOURCE, { method: 'add', name: 'File', type: 'm3u_file', file })
    ).data.id;
    const r = await call<Rec>(SOURCE, { method: 'sync', id: fromFile });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.channels.inserted).toBe(3);
    // A single-stream source is one collected channel.
    const one = (
      await call<{ id: number }>(SOURCE, {
        method: 'add',
        name: 'Lobby cam',
        type: 'rtsp',
        url: 'rtsp://10.0.0.9/lobby',
      })
    ).data.id;
    expect((await call<Rec>(SOURCE, { method: 'sync', id: one })).data.channels.inserted).toBe(1);
    expect((await list(COLLECTED, { filter: { source_id: one } }))[0]).toMatchObject({
      name: 'Lobby cam',
      url: 'rtsp://10.0.0.9/lobby',
    });
  });

  it('XMLTV import into the EPG: matched by tvg_id, source xmltv, overlaps reported, bad files refused', async () => {
    const c = await call<{ id: number }>(LIVE, {
      method: 'add',
      number: 300,
      name: 'Guide',
      name_en: 'Guide',
      category_ids: [liveClass],
      url: 'udp://239.3.0.1:5000',
      tvg_id: 'GUIDE.tv',
    });
    const file = (text: string, dry = false) => {
      const fd = new FormData();
      fd.append('method', 'import');
      fd.append('format', 'xmltv');
      if (dry) fd.append('dry_run', '1');
      fd.append('file', new Blob([text]), 'guide.xml');
      return call<Rec>(EPG, fd);
    };
    const guide = GUIDE.replaceAll('CCTV1.cn', 'GUIDE.tv');
    const r = await file(guide);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 3, inserted: 2, skipped: 1, errors: [] });
    const rows = await list(EPG, { filter: { program_id: c.data.id } });
    expect(rows.map((x) => [x.title, x.source])).toEqual([
      ['新闻联播', 'xmltv'],
      ['天气', 'xmltv'],
    ]);
    // The same guide again replaces its own programmes (the latest listing wins): nothing doubles.
    const twice = await file(guide);
    expect(twice.data).toMatchObject({ inserted: 2, skipped: 1, errors: [] });
    expect((await list(EPG, { filter: { program_id: c.data.id } })).length).toBe(2);
    const notXml = await file('<html><body>');
    expect(notXml.code).toBe(422);
    expect(notXml.msg).toMatch(/^Not an XMLTV file: /);
    const nobody = await file(GUIDE.replaceAll('CCTV1.cn', 'NOWHERE').replaceAll('ELSEWHERE', 'NOWHERE2'));
    expect(nobody.code).toBe(422);
    expect(nobody.msg).toMatch(/^None of the file's 3 programmes is on a channel here/);
    expect((await list(EPG, { filter: { program_id: c.data.id } })).length).toBe(2);
    // Manual rows stay manual.
    const manual = await call(EPG, {
      method: 'add',
      program_id: c.data.id,
      start: '2030-01-01 00:00:00',
      stop: '2030-01-01 01:00:00',
      title: 'Hand-made',
    });
    expect(manual.code).toBe(200);
    expect(
      (await list(EPG, { filter: { program_id: c.data.id, source: 'manual' } })).map((x) => x.title),
    ).toEqual(['Hand-made']);
  });

  it('rotation start plays approved films only, needs ffmpeg, and runs it until stop', async () => {
    const fc = (await call<{ id: number }>(FILM_CLASS, { method: 'add', name: 'Movies' })).data.id;
    const video = await upload('video', MP4, 'bbb.mp4');
    const film = (
      await call<{ id: number }>(FILM, {
        method: 'add',
        title: 'BBB',
        title_en: 'BBB',
        category_ids: [fc],
        poster: 'p',
        file: video,
      })
    ).data.id;
    const rot = (
      await call<{ id: number }>(ROTATION, {
        method: 'add',
        name: 'Loop',
        channel_number: 500,
        film_ids: [film],
        output: 'hls',
      })
    ).data.id;
    const pending = await call(ROTATION, { method: 'start', id: rot });
    expect(pending).toMatchObject({
      code: 409,
      msg: `Films not approved in the resource audit cannot be played: #${film}`,
    });
    const item = (await list(AUDIT)).find((i) => i.resource_type === 'film' && i.resource_id === film)!;
    expect((await call(AUDIT, { method: 'approve', ids: [item.id] })).code).toBe(200);
    if (!realFfmpeg) {
      const absent = await call(ROTATION, { method: 'start', id: rot });
      expect(absent).toMatchObject({
        code: 503,
        msg: 'ffmpeg (FFmpeg) is not installed on this host, so this cannot be done',
      });
      expect((await detail(ROTATION, rot)).state).toBe('stopped');
    }
    // A stand-in ffmpeg that fails at once: the start is refused with its last line.
    fakeProgram(fakeDir, 'ffmpeg', 'echo "list.ffconcat: Invalid data found" >&2\nexit 1');
    const failing = await withFakes(() => call(ROTATION, { method: 'start', id: rot }));
    expect(failing).toMatchObject({
      code: 503,
      msg: 'ffmpeg could not play the channel: list.ffconcat: Invalid data found',
    });
    expect((await detail(ROTATION, rot)).state).toBe('stopped');
    // One that keeps running.
    fs.rmSync(path.join(fakeDir, 'ffmpeg.args'), { force: true });
    fakeProgram(fakeDir, 'ffmpeg', 'exec sleep 60');
    const started = await withFakes(() => call<Rec>(ROTATION, { method: 'start', id: rot }));
    expect(started).toMatchObject({ code: 200, data: { state: 'running' } });
    expect((await detail(ROTATION, rot)).state).toBe('running');
    const args = fs.readFileSync(path.join(fakeDir, 'ffmpeg.args'), 'utf8');
    const dir = path.join(s.dataDir, 'media', 'rotation', String(rot));
    expect(args).toContain(`-re -stream_loop -1 -f concat -safe 0 -i ${dir}/list.ffconcat -c copy -f hls`);
    const list0 = fs.readFileSync(path.join(dir, 'list.ffconcat'), 'utf8');
    // ffmpeg reads a file on this machine: the data folder's upload (local store), or this
    // instance's cached copy of the shared store's (PostgreSQL).
    const folder = s.app.files.kind === 'local' ? 'uploads\\/files' : 'cache\\/uploads';
    expect(list0).toMatch(
      new RegExp(`^ffconcat version 1\\.0\\nfile '.*\\/${folder}\\/[0-9a-f-]{36}\\.mp4'\\n$`),
    );
    expect((await call(ROTATION, { method: 'start', id: rot })).code).toBe(409);
    const stopped = await call<Rec>(ROTATION, { method: 'stop', id: rot });
    expect(stopped).toMatchObject({ code: 200, data: { state: 'stopped' } });
    expect((await call(ROTATION, { method: 'stop', id: rot })).code).toBe(409);
  });

  it('probes and transcode need ffprobe/ffmpeg: 503 naming them, real runs with them', async () => {
    const progs = await list(LIVE);
    const ids = progs.slice(0, 2).map((p) => p.id);
    const before = progs.slice(0, 2).map((p) => p.health);
    if (!realFfprobe) {
      const r = await call(LIVE, { method: 'probe', ids });
      expect(r).toMatchObject({
        code: 503,
        msg: 'ffprobe (FFmpeg) is not installed on this host, so this cannot be done',
      });
      expect((await list(LIVE)).slice(0, 2).map((p) => p.health)).toEqual(before);
    }
    // A stand-in ffprobe: the first address answers, the second does not.
    fakeProgram(
      fakeDir,
      'ffprobe',
      `case "$*" in *${String(progs[0]!.url).split('://')[1]}*) echo '{"streams":[{"codec_type":"video","codec_name":"h264","width":1280,"height":720}],"format":{"bit_rate":"4000000"}}';; *) echo "Connection timed out" >&2; exit 1;; esac`,
    );
    const probed = await withFakes(() => call<Rec>(LIVE, { method: 'probe', ids }));
    expect(probed.code, probed.msg).toBe(200);
    expect(probed.data).toMatchObject({ up: 1, down: 1 });
    const after = Object.fromEntries((await list(LIVE)).map((p) => [p.id, p.health]));
    expect([after[ids[0]!], after[ids[1]!]]).toEqual(['up', 'down']);
    const col = (await list(COLLECTED)).slice(0, 1);
    fakeProgram(
      fakeDir,
      'ffprobe',
      `echo '{"streams":[{"codec_type":"video","codec_name":"hevc","width":3840,"height":2160}],"format":{"bit_rate":"20000000"}}'`,
    );
    const cp = await withFakes(() => call<Rec>(COLLECTED, { method: 'probe', ids: col.map((c) => c.id) }));
    expect(cp.data).toEqual({ ok: 1, failed: 0 });
    expect((await detail(COLLECTED, col[0]!.id)).probe).toMatchObject({
      ok: true,
      codec: 'hevc',
      resolution: '3840x2160',
      bitrate: 20_000_000,
    });

    const fc = (await call<{ id: number }>(FILM_CLASS, { method: 'add', name: 'T' })).data.id;
    const noFile = (
      await call<{ id: number }>(FILM, {
        method: 'add',
        title: 'NF',
        title_en: 'NF',
        category_ids: [fc],
        poster: 'p',
      })
    ).data.id;
    expect((await call(FILM, { method: 'transcode', id: noFile })).code).toBe(409);
    const video = await upload('video', MP4, 'tos.mp4');
    const film = (
      await call<{ id: number }>(FILM, {
        method: 'add',
        title: 'T',
        title_en: 'T',
        category_ids: [fc],
        poster: 'p',
        file: video,
      })
    ).data.id;
    if (!realFfprobe) expect((await call(FILM, { method: 'transcode', id: film })).code).toBe(503);
    fakeProgram(
      fakeDir,
      'ffprobe',
      `echo '{"streams":[{"codec_type":"video","codec_name":"h264","width":640,"height":360}],"format":{"duration":"734.2"}}'`,
    );
    fakeProgram(fakeDir, 'ffmpeg', 'exit 0');
    const t = await withFakes(() => call<Rec>(FILM, { method: 'transcode', id: film }));
    expect(t).toMatchObject({
      code: 200,
      data: { duration_s: 734, resolution: '640x360', transcoding: true },
    });
    expect(await detail(FILM, film)).toMatchObject({ duration_s: 734, resolution: '640x360' });
  });
});
