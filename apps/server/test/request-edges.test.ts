import fs from 'node:fs';
import net from 'node:net';
import { hashPassword, Paths, storedText } from '@igs/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flushRefusalSummaries } from '../src/platform/http/refusal-summary.ts';
import { addUser, grantRole, TEST_PASSWORD } from './support/accounts.ts';
import { partialUploads } from './support/files.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

/** Edges of the request path (issue 12 item 5): multipart bodies, limits, uploads, file links. */

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0x01, 0x40, 0, 0, 0, 0xf0]),
  Buffer.alloc(64),
]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(100)]);

const EXPLORER_UPLOAD = '/admin.php/explorer/upload';
/** Every path that takes multipart: the dispatcher (a files action, a public one), the upload routes. */
const MULTIPART_PATHS = [Paths.personal, Paths.login, Paths.upload, EXPLORER_UPLOAD];

function multipart(parts: string, boundary = 'XyZ'): { body: string; type: string } {
  return { body: parts, type: `multipart/form-data; boundary=${boundary}` };
}
const field = (name: string, value: string) =>
  `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/**
 * Sends the head of a request announcing `total` bytes and only the first `sent` of them, then
 * waits for the reply: a server that answers has refused without reading the rest.
 */
function partialPost(
  url: string,
  path: string,
  headers: Record<string, string>,
  head: Buffer,
  total: number,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no reply while the body was still unsent'));
    }, 5000);
    socket.on('data', (d) => {
      text += d.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? -1);
      const body = text.slice(end + 4);
      if (length >= 0 && Buffer.byteLength(body, 'latin1') >= length) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status: Number(text.slice(9, 12)), body: Buffer.from(body, 'latin1').toString('utf8') });
      }
    });
    socket.on('error', () => {});
    const lines = [`POST ${path} HTTP/1.1`, `host: ${hostname}`, `content-length: ${total}`];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    socket.write(head);
  });
}

describeEachDb('request edges: malformed multipart', (kind) => {
  let s: TestServer;
  let token: string;
  const lines: { level: number; msg: string; err?: unknown }[] = [];
  beforeAll(async () => {
    s = await startServer(
      kind,
      {},
      { logger: { level: 'warn', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } } },
    );
    token = await s.login();
  });
  afterAll(async () => s.close());

  const bad: [string, { body: string; type: string }, RegExp][] = [
    ['no boundary', { body: field('method', 'form'), type: 'multipart/form-data' }, /names no boundary/],
    [
      'cut short',
      multipart(`${field('method', 'form')}--XyZ\r\nContent-Disposition: form-da`),
      /ended before/,
    ],
    ['__proto__ field', multipart(`${field('__proto__', '{"polluted":1}')}--XyZ--\r\n`), /__proto__/],
    ['constructor field', multipart(`${field('constructor', 'x')}--XyZ--\r\n`), /__proto__/],
    ['prototype field', multipart(`${field('prototype', 'x')}--XyZ--\r\n`), /__proto__/],
  ];

  for (const path of MULTIPART_PATHS) {
    it(`${path}: 400 with a clear message, one warning line, no stack, nothing polluted`, async () => {
      for (const [name, req, msg] of bad) {
        lines.length = 0;
        const r = await s.call(path, undefined, { token, raw: req.body, contentType: req.type });
        expect(r.code, `${name}: ${r.msg}`).toBe(400);
        expect(r.msg, name).toMatch(msg);
        expect(JSON.stringify(r)).not.toMatch(/at .*\.(ts|js):\d+/);
        expect(
          lines.filter((l) => l.level >= 50),
          name,
        ).toEqual([]);
        expect(
          lines.filter((l) => l.level === 40).map((l) => l.msg),
          name,
        ).toEqual(['malformed multipart body']);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  it('answers in Chinese when asked', async () => {
    const r = await s.call(Paths.upload, undefined, {
      token,
      raw: field('kind', 'image'),
      contentType: 'multipart/form-data',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(r).toMatchObject({ code: 400, msg: '表单格式错误：Content-Type 头未给出 boundary' });
  });
});

describeEachDb('request edges: who calls is checked before a multipart body is read', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  const TEN_MB = 10 * 1024 * 1024;
  const head = Buffer.from(
    `${field('kind', 'video')}--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n${'x'.repeat(60_000)}`,
  );
  const type = 'multipart/form-data; boundary=XyZ';

  it('an anonymous upload is refused (1002) while most of its body is unsent, on every multipart path', async () => {
    for (const path of [Paths.upload, EXPLORER_UPLOAD, Paths.personal]) {
      const r = await partialPost(s.url, path, { 'content-type': type }, head, TEN_MB);
      expect(r.status, path).toBe(200);
      expect(JSON.parse(r.body).code, path).toBe(1002);
    }
  });

  it('a signed-in account without the page is refused (403) before the body is read', async () => {
    const plain = await accountWith(s, `edge_plain_${kind}`, [Paths.logging], []);
    const r = await partialPost(
      s.url,
      EXPLORER_UPLOAD,
      { 'content-type': type, IGSAuth: plain },
      head,
      TEN_MB,
    );
    expect(JSON.parse(r.body).code).toBe(403);
  });

  it('the same upload from an entitled account is read to its end', async () => {
    const fd = new FormData();
    fd.append('kind', 'video');
    fd.append('file', new Blob([new Uint8Array(MP4)]), 'a.mp4');
    expect((await s.call(Paths.upload, fd, { token })).code).toBe(200);
  });
});

describeEachDb('request edges: rate limits', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { edges: { loginPerMin: 3, captchaPerMin: 2, anonymousPerMin: 4 } });
    // Refusals are summed per minute of the server's clock: start these tests 5 s into a minute,
    // so that they never straddle two (CI once saw the summary split into two rows).
    s.clock.advance((65_000 - (s.clock.now() % 60_000)) % 60_000);
  });
  afterAll(async () => s.close());

  const login = (lang?: string) =>
    fetch(`${s.url}${Paths.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': lang ?? 'en' },
      body: JSON.stringify({ username: 'nobody', password: hashPassword('x'), code: '' }),
    });

  it('sign-in: over the limit answers 429 with the wait in Retry-After and in the message', async () => {
    for (let i = 0; i < 3; i++)
      expect(((await (await login()).json()) as { code: number }).code).not.toBe(429);
    const res = await login();
    const r = (await res.json()) as { code: number; msg: string; data: { retry_after: number } };
    expect(r.code).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(r.msg).toContain(`${r.data.retry_after} s`);
    const zh = (await (await login('zh-CN')).json()) as { code: number; msg: string };
    expect(zh.code).toBe(429);
    expect(zh.msg).toMatch(/请 \d+ 秒后再试/);
  });

  it('captcha images are limited on their own', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${s.url}${Paths.captcha}`);
      codes.push(
        res.headers.get('content-type')?.includes('json')
          ? ((await res.json()) as { code: number }).code
          : 200,
      );
    }
    expect(codes).toEqual([200, 200, 429]);
  });

  it('anonymous calls are limited; refusals are one summary row per address and minute, not a row each', async () => {
    const before = await s.app.db.kysely.selectFrom('operation_log').select('id').execute();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await s.call(Paths.logging, { method: 'del', ids: [1] })).code);
    for (let i = 0; i < 3; i++)
      codes.push((await s.call(Paths.logging, { method: 'del', ids: [1] }, { token: 'garbage' })).code);
    expect(codes.slice(0, 4)).toEqual([1002, 1002, 1002, 1002]);
    expect(codes.slice(4)).toEqual([429, 429, 429, 429, 429, 429, 429]);
    const during = await s.app.db.kysely.selectFrom('operation_log').select('id').execute();
    expect(during.length).toBe(before.length);
    await flushRefusalSummaries(s.app, true);
    const rows = await s.app.db.kysely
      .selectFrom('operation_log')
      .selectAll()
      .where('module', '=', 'anonymous')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: '127.0.0.1', action: 'refused', result: 'fail' });
    // With the sign-in and captcha refusals of the tests above: 3 more 429s.
    // Kept as a catalogue key: the log list gives it in the reader's language.
    const en = storedText(rows[0]!.detail, 'en');
    expect(en).toMatch(/^14 refused anonymous calls/);
    expect(en).toContain('429×10, 1002×4');
    expect(en).toContain('/admin.php/system/logging×11');
    expect(storedText(rows[0]!.detail, 'zh_CN')).toMatch(/一分钟内 14 次匿名调用被拒绝/);
  });
});

describeEachDb('request edges: a signed-in caller is not held by the anonymous limit', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { edges: { anonymousPerMin: 3 } });
  });
  afterAll(async () => s.close());

  it('makes more calls than the anonymous limit', async () => {
    const token = await s.login();
    for (let i = 0; i < 6; i++)
      expect((await s.call('/admin.php/index/account', {}, { token })).code).toBe(200);
  });

  it('is not held back when anonymous callers at the same address used up its limit, nor counted when its call fails before the check', async () => {
    const token = await s.login();
    // Guests behind the same address (NAT, a proxy) fill the anonymous limit with public calls.
    const guests = [];
    for (let i = 0; i < 5; i++) guests.push((await s.call('/admin.php/common/other_info', {})).code);
    expect(guests).toContain(429);
    expect((await s.call('/admin.php/index/account', {}, { token })).code).toBe(200);
    // A signed-in call refused for its own fault (no method) is not an anonymous refusal.
    for (let i = 0; i < 5; i++)
      expect((await s.call('/admin.php/system/logging', {}, { token })).code).toBe(400);
    expect((await s.call('/admin.php/index/account', {}, { token })).code).toBe(200);
    // A made-up token is anonymous: counted, and past the limit refused as such.
    expect((await s.call('/admin.php/index/account', {}, { token: 'f'.repeat(64) })).code).toBe(429);
  });
});

describeEachDb('request edges: upload kinds and quota', (kind) => {
  let s: TestServer;
  let admin: string;
  const upload = (token: string, k: string, data: Buffer, name: string) => {
    const fd = new FormData();
    fd.append('kind', k);
    fd.append('file', new Blob([new Uint8Array(data)]), name);
    return s.call<{ id: string; url: string }>(Paths.upload, fd, { token });
  };
  beforeAll(async () => {
    s = await startServer(kind, {}, { edges: { uploadQuotaBytes: 300 } });
    admin = await s.login();
  });
  afterAll(async () => s.close());

  it('an account without a media, advertising or smart-terminal menu cannot upload a video', async () => {
    const backup = await accountWith(s, `edge_backup_${kind}`, ['/admin.php/system/backup_restore'], []);
    const r = await upload(backup, 'video', MP4, 'film.mp4');
    expect(r).toMatchObject({
      code: 403,
      msg: 'You do not have access to any page that uses files of kind video',
    });
    // The backup page uses archives (kind firmware): that one goes through.
    expect((await upload(backup, 'firmware', Buffer.from('PK\u0003\u0004archive'), 'b.tar')).code).toBe(200);
    const media = await accountWith(s, `edge_media_${kind}`, ['/admin.php/media/source'], []);
    expect((await upload(media, 'video', MP4, 'film.mp4')).code).toBe(200);
  });

  it('the quota refuses a file that would pass it, says what is used and allowed, and keeps nothing', async () => {
    const first = await upload(admin, 'image', PNG, 'a.png');
    expect(first.code).toBe(200);
    const used = PNG.length;
    const second = await upload(admin, 'image', Buffer.concat([PNG, Buffer.alloc(300)]), 'b.png');
    expect(second.code).toBe(422);
    expect(second.msg).toMatch(/^Upload quota exceeded: this account's files use 0\.0 MB of 0\.0 MB$/);
    expect(second.data).toMatchObject({ used_bytes: used, quota_bytes: 300 });
    expect(await partialUploads(s)).toEqual([]);
    const rows = await s.app.db.kysely
      .selectFrom('uploads')
      .select('id')
      .where('name', '=', 'b.png')
      .execute();
    expect(rows).toEqual([]);
  });

  it('parallel uploads that each fit but together pass the quota do not leave it passed', async () => {
    const owner = await accountWith(s, `edge_quota_${kind}`, ['/admin.php/media/source'], []);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(owner, 'image', PNG, `p${i}.png`)),
    );
    expect(replies.some((r) => r.code === 422)).toBe(true);
    const user = await s.app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', `edge_quota_${kind}`)
      .executeTakeFirstOrThrow();
    const stored = await s.app.db.kysely
      .selectFrom('uploads')
      .select((eb) => eb.fn.sum<number>('size').as('bytes'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.bytes ?? 0)).toBeLessThanOrEqual(300);
  });
});

describeEachDb('request edges: a full disk answers 503 on every write path', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    // The data folder's disk is what fills up: files kept there (the local store) on both databases.
    s = await startServer(kind, { files: { kind: 'local' } });
    token = await s.login();
  });
  afterAll(async () => s.close());
  afterEach(async () => {
    vi.restoreAllMocks();
    (await import('node:module')).syncBuiltinESMExports();
  });

  const enospc = () =>
    Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });

  /** Every file written from now on fails as a full disk does (the store writes by stream). */
  const fillDisk = async () => {
    const real = fs.createWriteStream;
    vi.spyOn(fs, 'createWriteStream').mockImplementation(((p: fs.PathLike, o?: unknown) => {
      const stream = real(p, o as never);
      stream._write = (_c, _e, cb) => cb(enospc());
      return stream;
    }) as typeof fs.createWriteStream);
    (await import('node:module')).syncBuiltinESMExports();
  };

  it('avatar (dispatcher) and export files', async () => {
    await fillDisk();
    const fd = new FormData();
    fd.append('method', 'form');
    fd.append('nickname', 'Admin');
    fd.append('photo', new Blob([new Uint8Array(PNG)]), 'me.png');
    const avatar = await s.call(Paths.personal, fd, { token });
    expect(avatar).toMatchObject({ code: 503, msg: expect.stringMatching(/^The disk is full/) });
    const exp = await s.call(Paths.logging, { method: 'export' }, { token });
    expect(exp.code).toBe(503);
    const zh = await s.call(
      Paths.logging,
      { method: 'export' },
      { token, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.msg).toMatch(/^磁盘已满/);
  });

  it('uploads, the explorer and backups (streamed writes)', async () => {
    await fillDisk();
    try {
      for (const path of [Paths.upload, EXPLORER_UPLOAD]) {
        const fd = new FormData();
        fd.append('kind', 'image');
        fd.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
        const r = await s.call(path, fd, { token });
        expect(r.code, path).toBe(503);
      }
      const backup = await s.call(Paths.backupRestore, { method: 'create' }, { token });
      expect(backup).toMatchObject({ code: 503, msg: expect.stringMatching(/^The disk is full/) });
    } finally {
      vi.restoreAllMocks();
      (await import('node:module')).syncBuiltinESMExports();
    }
  });
});

describeEachDb('request edges: file links', (kind) => {
  let s: TestServer;
  let token: string;
  const upload = (k: string, data: Buffer, name: string, headers: Record<string, string> = {}, t = token) => {
    const fd = new FormData();
    fd.append('kind', k);
    fd.append('file', new Blob([new Uint8Array(data)]), name);
    return s.call<{ id: string; url: string }>(Paths.upload, fd, { token: t, headers });
  };
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('a link whose end was moved does not open', async () => {
    const video = await upload('video', MP4, 'w.mp4');
    const moved = video.data.url.replace(/exp=(\d+)/, (_m, e) => `exp=${Number(e) + 86400}`);
    expect((await fetch(s.url + moved)).status).toBe(403);
  });

  it('without a link, a session needs a page using the kind, and an operations caller its site', async () => {
    const video = await upload('video', MP4, 'x.mp4');
    const bare = video.data.url.split('?')[0]!;
    expect((await fetch(s.url + bare, { headers: { IGSAuth: token } })).status).toBe(200);
    const plain = await accountWith(s, `edge_nolink_${kind}`, [Paths.logging], []);
    expect((await fetch(s.url + bare, { headers: { IGSAuth: plain } })).status).toBe(403);
    // A file of site 7, asked for by an operations account of site 3.
    await s.app.db.kysely
      .updateTable('uploads')
      .set({ site_id: 7 })
      .where('id', '=', video.data.id)
      .execute();
    const ops = await opsAccount(s, kind);
    const res = await fetch(s.url + bare, { headers: { IGSAuth: ops } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/site 7/);
  });

  it('a link carries its end: files other than images last an hour, images a week', async () => {
    const video = await upload('video', MP4, 'v.mp4');
    const image = await upload('image', PNG, 'p.png');
    expect(video.data.url).toMatch(/\?exp=\d+&sig=/);
    expect((await fetch(s.url + video.data.url)).status).toBe(200);
    s.clock.advance(2 * 3600_000);
    const expired = await fetch(s.url + video.data.url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { msg: string }).msg).toMatch(/expired/);
    expect((await fetch(s.url + image.data.url)).status).toBe(200);
    s.clock.advance(8 * 24 * 3600_000);
    expect((await fetch(s.url + image.data.url)).status).toBe(403);
  });
});

/** An operations account limited to site 3 whose role holds every operations menu. */
async function opsAccount(s: TestServer, kind: string): Promise<string> {
  const role = await grantRole(s, {
    name: `ops_${kind}`,
    allMenus: true,
    menuMode: 'operations',
    columns: { site_ids: '3' },
  });
  await addUser(s, `ops_${kind}`, role, { site_ids: '3', can_operations: 1 });
  return s.login(`ops_${kind}`, TEST_PASSWORD, 1);
}

describe('request edges: settings', () => {
  it('RATE_LIMIT_* and upload/link settings are read from the environment', async () => {
    const { loadEdgeSettings } = await import('../src/platform/http/edge-settings.ts');
    expect(
      loadEdgeSettings({
        RATE_LIMIT_LOGIN_PER_MIN: '5',
        RATE_LIMIT_CAPTCHA_PER_MIN: '6',
        RATE_LIMIT_ANONYMOUS_PER_MIN: '7',
        UPLOAD_QUOTA_MB: '1',
        FILE_LINK_MIN: '2',
        IMAGE_LINK_HOURS: '3',
      }),
    ).toEqual({
      loginPerMin: 5,
      captchaPerMin: 6,
      anonymousPerMin: 7,
      uploadQuotaBytes: 1024 * 1024,
      fileLinkSeconds: 120,
      imageLinkSeconds: 3 * 3600,
    });
    expect(() => loadEdgeSettings({ RATE_LIMIT_LOGIN_PER_MIN: '0' })).toThrow(/positive/);
  });
});
