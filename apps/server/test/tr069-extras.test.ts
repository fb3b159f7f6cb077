import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { digestResponse, parseDigestChallenge } from '../src/features/tr069-extras/digest.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const ITMS = '/admin.php/tr069/itms';

/** A CPE's connection-request listener: digest challenge, then 200 only for the right answer. */
function fakeCpe(username: string, password: string) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    seen.push(auth);
    const challenge = { realm: 'cpe', nonce: 'n0nce', qop: 'auth' };
    if (auth.startsWith('Digest ')) {
      const p = Object.fromEntries(
        [...auth.matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)].map((m) => [m[1], m[2] ?? m[3]]),
      );
      const expected = digestResponse({
        username,
        password,
        method: 'GET',
        uri: p.uri!,
        challenge,
        cnonce: p.cnonce!,
        nc: p.nc!,
        qop: p.qop!,
      });
      if (p.username === username && p.response === expected) {
        res.writeHead(200).end();
        return;
      }
    }
    res.writeHead(401, { 'www-authenticate': 'Digest realm="cpe", nonce="n0nce", qop="auth"' }).end();
  });
  return { server, seen };
}

describeEachDb('tr069 ITMS settings', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = Record<string, unknown>>(body: unknown, t = token) => s.call<T>(ITMS, body, { token: t });
  const cpe = fakeCpe('acs', 'cr-secret');
  let cpeUrl = '';

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    await new Promise<void>((r) => cpe.server.listen(0, '127.0.0.1', r));
    cpeUrl = `http://127.0.0.1:${(cpe.server.address() as AddressInfo).port}/cr`;
    const now = Date.now();
    const db = s.app.db.kysely as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    await db
      .insertInto('tr069_device')
      .values([
        {
          site_id: 0,
          device_id: '00259E-HG8245-ABC1',
          ip: '127.0.0.1',
          connection_request_url: cpeUrl,
          created_at: now,
          updated_at: now,
        },
        {
          site_id: 0,
          device_id: '00259E-HG8245-GONE',
          ip: '127.0.0.1',
          connection_request_url: 'http://127.0.0.1:9/',
          created_at: now,
          updated_at: now,
        },
        { site_id: 0, device_id: '00259E-HG8245-NEW', created_at: now, updated_at: now },
      ])
      .execute();
  });
  afterAll(async () => {
    cpe.server.close();
    await s.close();
  });

  it('answers DOMAIN defaults, the LAN address in the URLs and no secrets', async () => {
    const r = await call({ method: 'detail' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      cwmp_port: 7547,
      inform_interval_s: 300,
      auto_register: 1,
      dhcp_option43: 0,
      acs_password: '',
      cr_password: '',
      secret_set: { acs_password: false, cr_password: false },
      dnsmasq_lines: [],
    });
    expect(r.data.acs_url).toMatch(/^http:\/\/[\d.]+:7547\/$/);
    expect(r.data.file_server_url).toMatch(/:7567\/$/);
    expect(typeof r.data.acs_listening).toBe('boolean');
  });

  it('stores the settings; secrets stay on the server, an empty one keeps the stored value', async () => {
    const saved = await call({
      method: 'form',
      acs_url: 'http://192.168.1.1:7547/',
      acs_username: 'cpe',
      acs_password: 'acs-pass',
      cr_username: 'acs',
      cr_password: 'cr-secret',
      inform_interval_s: 600,
      dhcp_option43: 1,
    });
    expect(saved.code, saved.msg).toBe(200);
    const r = await call({ method: 'detail' });
    expect(r.data).toMatchObject({
      acs_url: 'http://192.168.1.1:7547/',
      inform_interval_s: 600,
      acs_password: '',
      cr_password: '',
      secret_set: { acs_password: true, cr_password: true },
      dnsmasq_lines: ['dhcp-option=vendor:dslforum.org,1,"http://192.168.1.1:7547/"'],
    });
    expect(JSON.stringify(r.data)).not.toContain('cr-secret');
    // Only what is sent changes; the empty password keeps the stored one (the test below needs it).
    expect((await call({ method: 'form', inform_interval_s: 900, cr_password: '' })).code).toBe(200);
    expect((await call({ method: 'detail' })).data).toMatchObject({
      inform_interval_s: 900,
      cwmp_port: 7547,
    });
    const log = await s.call<{ list: { detail: string }[] }>(
      '/admin.php/system/logging',
      { method: 'list', filter: { module: 'tr069:itms' } },
      { token },
    );
    expect(log.data.list[0]?.detail).toContain('inform_interval_s');
    expect(JSON.stringify(log.data)).not.toContain('cr-secret');
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const before = (await call({ method: 'detail' })).data;
    for (const [body, field] of [
      [{ inform_interval_s: 30 }, 'inform_interval_s'],
      [{ cwmp_port: 70000 }, 'cwmp_port'],
      [{ acs_url: 'ftp://x/' }, 'acs_url'],
      [{ acs_url: '' }, 'acs_url'],
      [{ acs_username: '' }, 'acs_username'],
    ] as const) {
      const r = await call<{ errors: { field: string }[] }>({ method: 'form', ...body });
      expect(r.code, JSON.stringify(body)).toBe(422);
      expect(r.data.errors[0]?.field).toBe(field);
    }
    const zh = await s.call(
      ITMS,
      { method: 'form', inform_interval_s: 1 },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.msg).toContain('上报周期');
    expect((await call({ method: 'detail' })).data).toEqual(before);
  });

  it('test: sends a digest-authenticated connection request to the CPE and reports its answer', async () => {
    const r = await call({ method: 'test', device_id: '00259E-HG8245-ABC1' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ http_status: 200, auth: 'digest', url: cpeUrl, guessed_url: false });
    const digest = cpe.seen.at(-1)!;
    expect(digest).toContain('username="acs"');
    expect(parseDigestChallenge('Digest realm="cpe", nonce="n0nce"')).not.toBeNull();
  });

  it('test: wrong credentials, unreachable CPE, unknown CPE and missing URL are told apart', async () => {
    expect((await call({ method: 'form', cr_password: 'wrong-one' })).code).toBe(200);
    const refused = await call({ method: 'test', device_id: '00259E-HG8245-ABC1' });
    expect(refused.code).toBe(422);
    expect(refused.msg).toContain('401');
    const gone = await call({ method: 'test', device_id: '00259E-HG8245-GONE' });
    expect(gone.code).toBe(503);
    expect(gone.msg).toContain('http://127.0.0.1:9/');
    expect((await call({ method: 'test', device_id: 'nope' })).code).toBe(404);
    const noUrl = await call({ method: 'test', device_id: '00259E-HG8245-NEW' });
    expect(noUrl.code).toBe(422);
    expect(noUrl.msg).toMatch(/connection request URL/);
    expect((await call({ method: 'test' })).code).toBe(422);
  });

  it('refuses callers without the menu or the button', async () => {
    const none = await accountWith(s, 'itms_none', ['/admin.php/system/logging'], []);
    expect((await call({ method: 'detail' }, none)).code).toBe(403);
    const reader = await accountWith(s, 'itms_reader', [ITMS], []);
    expect((await call({ method: 'detail' }, reader)).code).toBe(200);
    const form = await call({ method: 'form', inform_interval_s: 120 }, reader);
    expect(form.code).toBe(403);
    expect(form.msg).toContain('tr069:itms:edit');
    expect((await call({ method: 'test', device_id: '00259E-HG8245-ABC1' }, reader)).msg).toContain(
      'tr069:itms:test',
    );
    expect((await call({ method: 'detail' })).data).toMatchObject({ inform_interval_s: 900 });
  });
});
