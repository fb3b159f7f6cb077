import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findBinary } from '../src/platform/host/host-exec.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

/**
 * DOMAIN 2.3 video: the (app, stream) pair and media-server secret rules, and the verbs, against a
 * media server that speaks ZLMediaKit's HTTP API (a local stand-in listening on a real port).
 */

const MEDIA = '/admin.php/video/media_server';
const PUSH = '/admin.php/video/stream_push';
const PROXY = '/admin.php/video/stream_proxy';
const DEVICE = '/admin.php/video/gb_device';
const PLATFORM = '/admin.php/video/platform';
const SECRET = 'zlm-secret-035c73f7';

interface Call {
  api: string;
  params: Record<string, string>;
}

/** ZLMediaKit's API as far as the verbs use it: secret checked, streams kept in memory. */
function fakeZlm() {
  const calls: Call[] = [];
  const live = new Set<string>(['live/ballroom']);
  const proxies = new Set<string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const api = url.pathname.replace('/index/api/', '');
    const params = Object.fromEntries(url.searchParams);
    calls.push({ api, params });
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (params.secret !== SECRET) return send({ code: -100, msg: 'secret错误' });
    const key = `${params.app}/${params.stream}`;
    switch (api) {
      case 'getServerConfig':
        return send({ code: 0, data: [{ 'general.mediaServerId': 'zlm-test' }] });
      case 'addStreamProxy':
        if (params.url?.includes('unreachable')) return send({ code: -1, msg: 'play failed: timeout' });
        proxies.add(key);
        return send({ code: 0, data: { key: `${params.vhost}/${key}` } });
      case 'delStreamProxy': {
        const k = String(params.key).split('/').slice(1).join('/');
        return send({ code: 0, data: { flag: proxies.delete(k) } });
      }
      case 'getMediaList':
        return send({ code: 0, data: live.has(key) ? [{ app: params.app, stream: params.stream }] : [] });
      case 'close_streams': {
        const hit = live.delete(key) ? 1 : 0;
        return send({
          code: 0,
          count_hit: hit,
          count_closed: hit,
          data: { count_hit: hit, count_closed: hit },
        });
      }
      default:
        res.statusCode = 404;
        res.end('not found');
    }
  });
  return { server, calls, live, proxies };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = http.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

describeEachDb('video (GB28181) rules and verbs', (kind) => {
  let s: TestServer;
  let token: string;
  const zlm = fakeZlm();
  let zlmPort = 0;
  let mediaId = 0;
  const call = <T = unknown>(path: string, body: Record<string, unknown>, t = token) =>
    s.call<T>(path, body, { token: t });
  const row = async (table: string, id: number) =>
    (await s.app.db.kysely
      .selectFrom(table as never)
      .selectAll()
      .where('id' as never, '=', id as never)
      .executeTakeFirst()) as Record<string, unknown>;

  beforeAll(async () => {
    await new Promise<void>((r) => zlm.server.listen(0, '127.0.0.1', r));
    zlmPort = (zlm.server.address() as AddressInfo).port;
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    await s.close();
    await new Promise((r) => zlm.server.close(r));
  });

  it('a media server needs its API secret on add; an edit may leave it empty', async () => {
    const base = { server_id: 'zlm-1', ip: '127.0.0.1', http_port: zlmPort };
    const none = await call<{ errors: { field: string }[] }>(MEDIA, { method: 'add', ...base });
    expect(none.code).toBe(422);
    expect(none.data.errors[0]!.field).toBe('secret');
    expect((await call(MEDIA, { method: 'add', ...base, secret: '' })).code).toBe(422);
    expect((await call<{ list: unknown[] }>(MEDIA, { method: 'list' })).data.list).toHaveLength(0);
    const ok = await call<{ id: number }>(MEDIA, { method: 'add', ...base, secret: SECRET, is_default: 1 });
    expect(ok.code).toBe(200);
    mediaId = ok.data.id;
    expect((await call(MEDIA, { method: 'edit', id: mediaId, secret: '', record_days: 9 })).code).toBe(200);
    expect((await row('video_media_server', mediaId)).secret).toBe(SECRET);
  });

  it('(app, stream) is unique as a pair for pushed and pulled streams, on add and edit', async () => {
    const a = await call<{ id: number }>(PUSH, { method: 'add', app: 'live', stream: 'ballroom' });
    expect(a.code).toBe(200);
    // The same stream name under another app, or another stream under the same app, is fine.
    const b = await call<{ id: number }>(PUSH, { method: 'add', app: 'live', stream: 'lobby' });
    expect(b.code).toBe(200);
    expect((await call(PUSH, { method: 'add', app: 'event', stream: 'ballroom' })).code).toBe(200);
    const dup = await call<{ errors: { field: string }[] }>(PUSH, {
      method: 'add',
      app: 'live',
      stream: 'ballroom',
    });
    expect(dup.code).toBe(409);
    expect(dup.data.errors[0]!.field).toBe('stream');
    expect((await call(PUSH, { method: 'edit', id: b.data.id, stream: 'ballroom' })).code).toBe(409);
    expect((await row('video_stream_push', b.data.id)).stream).toBe('lobby');
    // Editing a row without touching the pair, or onto itself, is fine.
    expect((await call(PUSH, { method: 'edit', id: a.data.id, name: 'Ballroom' })).code).toBe(200);
    expect((await call(PUSH, { method: 'edit', id: a.data.id, app: 'live', stream: 'ballroom' })).code).toBe(
      200,
    );

    const src = { src_url: 'rtsp://127.0.0.1:1/cam', name: 'Cam' };
    expect((await call(PROXY, { method: 'add', app: 'proxy', stream: 'cam1', ...src })).code).toBe(200);
    expect(
      (await call(PROXY, { method: 'add', app: 'proxy', stream: 'cam1', ...src, name: 'Again' })).code,
    ).toBe(409);
    const n = await call<{ list: unknown[] }>(PROXY, { method: 'list' });
    expect(n.data.list).toHaveLength(1);
  });

  it('media server test: a real call of its API; a wrong secret is 422, no answer is 503', async () => {
    const r = await call<{ ok: boolean; reported_server_id: string }>(MEDIA, { method: 'test', id: mediaId });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ ok: true, reported_server_id: 'zlm-test' });
    expect(zlm.calls.at(-1)).toMatchObject({ api: 'getServerConfig', params: { secret: SECRET } });
    expect(Number((await row('video_media_server', mediaId)).online)).toBe(1);

    const wrong = await call<{ id: number }>(MEDIA, {
      method: 'add',
      server_id: 'zlm-wrong',
      ip: '127.0.0.1',
      http_port: zlmPort,
      secret: 'not-the-secret',
    });
    const refused = await call<{ errors: { field: string }[] }>(MEDIA, { method: 'test', id: wrong.data.id });
    expect(refused.code).toBe(422);
    expect(refused.data.errors[0]!.field).toBe('secret');
    expect(refused.msg).toContain('refused the API secret');

    const gone = await call<{ id: number }>(MEDIA, {
      method: 'add',
      server_id: 'zlm-gone',
      ip: '127.0.0.1',
      http_port: await closedPort(),
      secret: SECRET,
    });
    const down = await call(MEDIA, { method: 'test', id: gone.data.id });
    expect(down.code).toBe(503);
    expect(down.msg).toMatch(/zlm-gone .*not available: ECONNREFUSED/);
    expect(Number((await row('video_media_server', gone.data.id)).online ?? 0)).toBe(0);
    // The log names the server, never the secret.
    const log = await call<{ list: { detail: string }[] }>('/admin.php/system/logging', {
      method: 'list',
      filter: { module: 'video:media_server' },
    });
    expect(JSON.stringify(log.data.list)).not.toContain(SECRET);
  });

  it('stream proxy start and stop call the proxy API and keep `pulling`; a refused pull is 503', async () => {
    const id = (
      await call<{ id: number }>(PROXY, {
        method: 'add',
        name: 'Hall',
        app: 'proxy',
        stream: 'hall',
        src_url: 'rtsp://192.0.2.1/hall',
        rtsp_transport: 'udp',
      })
    ).data.id;
    const start = await call<{ key: string; urls: { rtsp: string } }>(PROXY, { method: 'start', id });
    expect(start.code).toBe(200);
    expect(start.data.key).toBe('__defaultVhost__/proxy/hall');
    expect(start.data.urls.rtsp).toBe('rtsp://127.0.0.1:554/proxy/hall');
    expect(zlm.calls.at(-1)).toMatchObject({
      api: 'addStreamProxy',
      params: {
        app: 'proxy',
        stream: 'hall',
        url: 'rtsp://192.0.2.1/hall',
        rtp_type: '1',
        timeout_sec: '10',
      },
    });
    expect(Number((await row('video_stream_proxy', id)).pulling)).toBe(1);
    const stop = await call<{ was_pulling: boolean }>(PROXY, { method: 'stop', id });
    expect(stop.data.was_pulling).toBe(true);
    expect(Number((await row('video_stream_proxy', id)).pulling)).toBe(0);

    const bad = (
      await call<{ id: number }>(PROXY, {
        method: 'add',
        name: 'Bad',
        app: 'proxy',
        stream: 'bad',
        src_url: 'rtsp://unreachable.invalid/x',
      })
    ).data.id;
    const refused = await call(PROXY, { method: 'start', id: bad });
    expect(refused.code).toBe(503);
    expect(refused.msg).toContain('play failed: timeout');
    expect(Number((await row('video_stream_proxy', bad)).pulling ?? 0)).toBe(0);
    // A disabled proxy is not started (409), and the media server is not asked.
    const before = zlm.calls.length;
    expect((await call(PROXY, { method: 'edit', id: bad, enabled: 0 })).code).toBe(200);
    expect((await call(PROXY, { method: 'start', id: bad })).code).toBe(409);
    expect(zlm.calls.length).toBe(before);
  });

  it('stream proxy probe runs ffprobe, and says so when it is not installed (503)', async () => {
    const id = (
      await call<{ id: number }>(PROXY, {
        method: 'add',
        name: 'Probe',
        app: 'proxy',
        stream: 'probe',
        src_url: `rtsp://127.0.0.1:${await closedPort()}/none`,
        timeout_s: 2,
      })
    ).data.id;
    const r = await call(PROXY, { method: 'probe', id });
    expect(r.code).toBe(503);
    if (await findBinary('ffprobe')) expect(r.msg).toContain('could not be probed');
    else expect(r.msg).toContain('ffprobe is not installed');
  });

  it('stream push play answers the URLs of a live stream, 409 for one not pushed; stop cuts it off', async () => {
    const list = await call<{ list: { id: number; app: string; stream: string }[] }>(PUSH, {
      method: 'list',
    });
    const ballroom = list.data.list.find((r) => r.app === 'live' && r.stream === 'ballroom')!;
    const lobby = list.data.list.find((r) => r.stream === 'lobby')!;
    const play = await call<{ urls: Record<string, string> }>(PUSH, { method: 'play', id: ballroom.id });
    expect(play.code).toBe(200);
    expect(play.data.urls).toEqual({
      rtsp: 'rtsp://127.0.0.1:554/live/ballroom',
      rtmp: 'rtmp://127.0.0.1:1935/live/ballroom',
      flv: `http://127.0.0.1:${zlmPort}/live/ballroom.live.flv`,
      hls: `http://127.0.0.1:${zlmPort}/live/ballroom/hls.m3u8`,
    });
    expect(Number((await row('video_stream_push', ballroom.id)).pushing)).toBe(1);
    const notLive = await call(PUSH, { method: 'play', id: lobby.id });
    expect(notLive.code).toBe(409);
    expect(notLive.msg).toContain('not being pushed');
    const stop = await call<{ closed: number }>(PUSH, { method: 'stop', id: ballroom.id });
    expect(stop.data.closed).toBe(1);
    expect(zlm.live.has('live/ballroom')).toBe(false);
    expect(Number((await row('video_stream_push', ballroom.id)).pushing)).toBe(0);
  });

  it('GB28181 device and platform verbs answer 503 naming the SIP agent; play checks the media server first', async () => {
    const dev = (
      await call<{ id: number }>(DEVICE, { method: 'add', device_id: '34020000001320000001', name: 'Lobby' })
    ).data.id;
    for (const [method, extra] of [
      ['catalog', {}],
      ['stop', {}],
      ['ptz', { command: 'left', speed: 64 }],
      ['reboot', {}],
      ['play', {}],
    ] as const) {
      const r = await call(DEVICE, { method, id: dev, ...extra });
      expect(r.code, method).toBe(503);
      expect(r.msg, method).toContain('GB28181 SIP agent (udp/15060)');
    }
    expect(zlm.calls.at(-1)!.api).toBe('getServerConfig');
    // Bad input is 422 before anything else.
    expect((await call(DEVICE, { method: 'ptz', id: dev, command: 'spin' })).code).toBe(422);
    expect((await call(DEVICE, { method: 'ptz', id: dev, command: 'left', speed: 999 })).code).toBe(422);
    // With the media server gone, play names the media server instead.
    await call(MEDIA, { method: 'edit', id: mediaId, http_port: await closedPort() });
    const play = await call(DEVICE, { method: 'play', id: dev });
    expect(play.code).toBe(503);
    expect(play.msg).toContain('Media server zlm-1');
    await call(MEDIA, { method: 'edit', id: mediaId, http_port: zlmPort });

    const platform = {
      name: 'City',
      server_gb_id: '34020000002000000001',
      server_gb_domain: '3402000000',
      server_ip: '10.0.0.1',
      device_gb_id: '34020000002000000002',
    };
    const p = (await call<{ id: number }>(PLATFORM, { method: 'add', ...platform })).data.id;
    expect((await call(PLATFORM, { method: 'register', id: p })).code).toBe(503);
    const empty = await call(PLATFORM, { method: 'push_catalog', id: p });
    expect(empty.code).toBe(409);
    expect(empty.msg).toContain('shares no channels');
    await call(PLATFORM, { method: 'edit', id: p, enabled: 0 });
    expect((await call(PLATFORM, { method: 'register', id: p })).code).toBe(409);
  });

  it('each verb needs its own button key', async () => {
    const viewer = await accountWith(s, `video_viewer_${kind}`, [MEDIA, PROXY], ['video:stream_proxy:stop']);
    expect((await call(MEDIA, { method: 'test', id: mediaId }, viewer)).code).toBe(403);
    const list = await call<{ list: { id: number }[] }>(PROXY, { method: 'list' });
    const id = list.data.list[0]!.id;
    expect((await call(PROXY, { method: 'start', id }, viewer)).code).toBe(403);
    expect((await call(PROXY, { method: 'stop', id }, viewer)).code).toBe(200);
  });
});
