import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { partialUploads, storedUploadNames } from './support/files.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0x01, 0x40, 0, 0, 0, 0xf0]), // 320 x 240
  Buffer.alloc(64),
]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(100)]);

describeEachDb('uploads', (kind) => {
  let s: TestServer;
  let token: string;
  const upload = (k: string, data: Buffer, name: string, type = 'application/octet-stream') => {
    const fd = new FormData();
    fd.append('kind', k);
    fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
    return s.call<{
      id: string;
      url: string;
      size: number;
      mime: string;
      sha256: string;
      width?: number;
      height?: number;
      name: string;
    }>('/admin.php/common/upload', fd, { token });
  };
  beforeAll(async () => {
    s = await startServer(kind, { uploadMaxBytes: 1024 * 1024 });
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('stores an image under a generated name, checked by content, and serves it through its signed URL', async () => {
    const r = await upload('image', PNG, '../../etc/poster.jpg', 'image/jpeg');
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      mime: 'image/png',
      size: PNG.length,
      width: 320,
      height: 240,
      name: 'poster.jpg',
    });
    expect(r.data.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
    expect(await storedUploadNames(s)).toEqual([`${r.data.id}.png`]);
    const res = await fetch(s.url + r.data.url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses a file whose content does not match the kind, whatever its name, and keeps nothing', async () => {
    const r = await upload('image', Buffer.from('<?php system($_GET[1]); ?>'), 'shell.png', 'image/png');
    expect(r).toMatchObject({ code: 422, msg: 'Only JPG, PNG, GIF or WebP can be uploaded here' });
    const video = await upload('video', PNG, 'clip.mp4', 'video/mp4');
    expect(video.code).toBe(422);
    expect(await partialUploads(s)).toEqual([]);
  });

  it('takes text files as the field writes them (any encoding, UTF-16, gzip) and refuses other binaries', async () => {
    const m3u = '#EXTM3U\n#EXTINF:-1,Первый канал\nhttp://x/1\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(m3u, 'utf16le')]);
    expect((await upload('text', utf16, 'list.m3u')).code).toBe(200);
    expect((await upload('text', gzipSync(m3u), 'list.m3u.gz')).code).toBe(200);
    expect((await upload('text', Buffer.from([0xcf, 0xe5, 0xf0, 0xe2]), 'cp1251.m3u')).code).toBe(200);
    const binary = await upload('text', Buffer.from([0x00, 0x01, 0x02, 0x03, 0x00]), 'list.m3u');
    expect(binary.code).not.toBe(200);
  });

  it('enforces the size of each kind: images 5 MB, large kinds the configured limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload('image', big, 'big.png')).toMatchObject({
      code: 422,
      msg: 'Files of kind image cannot exceed 5 MB',
    });
    const film = Buffer.concat([MP4, Buffer.alloc(1024 * 1024)]);
    expect((await upload('video', film, 'film.mp4')).msg).toBe('Files of kind video cannot exceed 1 MB');
    expect((await upload('video', MP4, 'film.mp4')).data.mime).toBe('video/mp4');
  });

  it('needs a session, a known kind, and the kind before the file', async () => {
    const fd = new FormData();
    fd.append('kind', 'image');
    fd.append('file', new Blob([new Uint8Array(PNG)]), 'x.png');
    expect((await s.call('/admin.php/common/upload', fd)).code).toBe(1002);
    expect((await upload('script', PNG, 'x.png')).msg).toMatch(/kind must be one of/);
    const late = new FormData();
    late.append('file', new Blob([new Uint8Array(PNG)]), 'x.png');
    late.append('kind', 'image');
    expect((await s.call('/admin.php/common/upload', late, { token })).msg).toBe(
      'kind is required and must come before the file',
    );
  });

  it('a tampered or missing signature does not open a file', async () => {
    const r = await upload('image', PNG, 'a.png');
    const bare = r.data.url.split('?')[0]!;
    expect((await fetch(`${s.url + bare}?sig=AAAA`)).status).toBe(403);
    expect((await fetch(s.url + bare)).status).toBe(403);
    expect((await fetch(s.url + bare, { headers: { IGSAuth: token } })).status).toBe(200);
  });
});
