import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const TASKS = '/admin.php/system/timed_task';
const SOURCE = '/admin.php/media/source';
const COLLECTED = '/admin.php/media/collect_programs';

const GUIDE = `<?xml version="1.0" encoding="UTF-8"?>
<tv>
  <channel id="CCTV1.cn"><display-name>CCTV-1</display-name></channel>
  <programme start="20260301190000 +0000" stop="20260301193000 +0000" channel="CCTV1.cn"><title>新闻联播</title></programme>
</tv>
`;

/**
 * The scheduled task types `sync_sources` and `epg_refresh` (DOMAIN 2.9 timed tasks) run the media
 * sources' sync for real: the collected channels come from the playlist, and one unreachable
 * source fails the run, naming it, without undoing the others.
 */
describeEachDb('scheduled source synchronisation', (kind) => {
  let s: TestServer;
  let token: string;
  let head: http.Server;
  let port = 0;
  beforeAll(async () => {
    head = http.createServer((req, res) => {
      if (req.url === '/channels.m3u')
        res
          .writeHead(200, { 'content-type': 'audio/x-mpegurl' })
          .end(
            [
              '#EXTM3U',
              '#EXTINF:-1 tvg-id="CCTV1.cn" tvg-chno="1",CCTV-1',
              `http://127.0.0.1:${port}/live/1.m3u8`,
              '#EXTINF:-1 tvg-id="HNTV.cn" tvg-chno="5",湖南卫视',
              'udp://239.1.1.5:5000',
            ].join('\n'),
          );
      else if (req.url === '/epg.xml') res.writeHead(200, { 'content-type': 'application/xml' }).end(GUIDE);
      else res.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => head.listen(0, '127.0.0.1', resolve));
    port = (head.address() as AddressInfo).port;
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    await s.close();
    head.close();
  });

  const call = <T>(path: string, body: Record<string, unknown>) => s.call<T>(path, body, { token });
  const runTask = async (type: string) => {
    const added = await call<{ id: number }>(TASKS, { method: 'add', name: type, type, cron: '0 4 * * *' });
    expect(added.code, added.msg).toBe(200);
    const run = await call<{ result: string; output_tail: string }>(TASKS, {
      method: 'run_now',
      id: added.data.id,
    });
    expect(run.code, run.msg).toBe(200);
    return run.data;
  };

  it('sync_sources fills the collected channels of every enabled source; a dead one fails the run by name', async () => {
    const good = await call<{ id: number }>(SOURCE, {
      method: 'add',
      name: 'Head-end',
      type: 'm3u_url',
      url: `http://127.0.0.1:${port}/channels.m3u`,
      xmltv_url: `http://127.0.0.1:${port}/epg.xml`,
    });
    expect(good.code, good.msg).toBe(200);
    const ok = await runTask('sync_sources');
    expect(ok.result).toBe('success');
    expect(ok.output_tail).toContain('Head-end: 2 channels: 2 new');
    const collected = await call<{ total: number }>(COLLECTED, { method: 'list' });
    expect(collected.data.total).toBe(2);

    await call(SOURCE, {
      method: 'add',
      name: 'Gone',
      type: 'm3u_url',
      url: `http://127.0.0.1:${port}/missing.m3u`,
    });
    const mixed = await runTask('sync_sources');
    expect(mixed.result).toBe('fail');
    expect(mixed.output_tail).toContain('Gone: failed');
    expect(mixed.output_tail).toContain('Head-end: 2 channels: 0 new, 2 updated');
  });

  it('epg_refresh reads the guides of the sources that have one', async () => {
    const run = await runTask('epg_refresh');
    expect(run.result).toBe('success');
    expect(run.output_tail).toMatch(/Head-end: EPG: \d+ programmes/);
    expect(run.output_tail).not.toContain('Gone');
  });
});
