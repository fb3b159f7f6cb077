import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const SMS = '/admin.php/system/sms';

interface Received {
  contentType: string;
  body: string;
}

/** A stand-in for an SMS gateway with an HTTP API: records each POST, answers with `status`. */
function fakeGateway() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ contentType: String(req.headers['content-type']), body });
      res.writeHead(state.status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return { server, received, state };
}

type History = {
  list: { result: string; http_status: number | null; detail: string; phone: string }[];
  total: number;
};

describeEachDb('SMS settings', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = Record<string, unknown>>(body: unknown, t = token) => s.call<T>(SMS, body, { token: t });
  const gw = fakeGateway();
  let gwUrl = '';

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    await new Promise<void>((r) => gw.server.listen(0, '127.0.0.1', r));
    gwUrl = `http://127.0.0.1:${(gw.server.address() as AddressInfo).port}/send`;
  });
  afterAll(async () => {
    gw.server.close();
    await s.close();
  });

  it('answers every DOMAIN field with its default, secret empty', async () => {
    const r = await call({ method: 'detail' });
    expect(r.data).toMatchObject({
      provider: 'aliyun',
      access_key_id: '',
      access_key_secret: '',
      sdk_app_id: '',
      sign_name: '',
      region: '',
      template_alarm: '',
      template_code: '',
      http_url: '',
      http_body: '{"phone":"{phone}","text":"{text}"}',
      daily_limit: 200,
      sent_today: 0,
      secret_set: { access_key_secret: false },
    });
  });

  it('refuses incomplete or malformed settings by provider, changing nothing', async () => {
    const before = (await call({ method: 'detail' })).data;
    for (const [body, field] of [
      [{ provider: 'aliyun', access_key_id: 'LTAI' }, 'access_key_secret'],
      [
        {
          provider: 'tencent',
          access_key_id: 'AKID',
          access_key_secret: 'k',
          sign_name: 's',
          template_code: '1',
        },
        'sdk_app_id',
      ],
      [{ provider: 'http' }, 'http_url'],
      [{ provider: 'http', http_url: gwUrl, http_body: 'phone={phone}&text={text}' }, 'http_body'],
      [{ provider: 'http', http_url: 'file:///etc/passwd' }, 'http_url'],
      [{ provider: 'sms77' }, 'provider'],
      [{ provider: 'http', http_url: gwUrl, daily_limit: 0 }, 'daily_limit'],
    ] as const) {
      const r = await call<{ errors: { field: string }[] }>({ method: 'form', ...body });
      expect(r.code, JSON.stringify(body)).toBe(422);
      expect(r.data.errors[0]?.field, JSON.stringify(body)).toBe(field);
    }
    expect((await call({ method: 'detail' })).data).toEqual(before);
  });

  it('keeps the access key secret on the server', async () => {
    const r = await call({
      method: 'form',
      provider: 'aliyun',
      access_key_id: 'LTAI5t',
      access_key_secret: 'very-secret-key',
      sign_name: '网关',
      template_code: 'SMS_1',
    });
    expect(r.code, r.msg).toBe(200);
    const d = await call({ method: 'detail' });
    expect(d.data).toMatchObject({ access_key_secret: '', secret_set: { access_key_secret: true } });
    expect(JSON.stringify(d)).not.toContain('very-secret-key');
    const log = await s.call(
      '/admin.php/system/logging',
      { method: 'list', filter: { module: 'system:sms' } },
      { token },
    );
    expect(JSON.stringify(log)).not.toContain('very-secret-key');
  });

  it('test (aliyun): a signed request to the provider; no network here, so a clear 503 naming it', async () => {
    const r = await call({ method: 'test', phone: '13800000000' });
    expect(r.code).toBe(503);
    expect(r.msg).toContain('dysmsapi.aliyuncs.com');
    const h = await call<History>({ method: 'history' });
    expect(h.data.list[0]).toMatchObject({ result: 'failed', phone: '13800000000' });
    expect(h.data.list[0]!.detail).toContain('dysmsapi.aliyuncs.com');
  });

  it('test (tencent): reports the provider it could not reach', async () => {
    expect(
      (await call({ method: 'form', provider: 'tencent', access_key_id: 'AKID', sdk_app_id: '1400000000' }))
        .code,
    ).toBe(200);
    const r = await call({ method: 'test', phone: '+8613800000000' });
    expect(r.code).toBe(503);
    expect(r.msg).toContain('sms.tencentcloudapi.com');
  });

  it('test (http): POSTs the body template with the values JSON-escaped and reports the status', async () => {
    const saved = await call({
      method: 'form',
      provider: 'http',
      http_url: gwUrl,
      http_body: '{"mobile":"{phone}","content":"{text}","sign":"网关"}',
    });
    expect(saved.code, saved.msg).toBe(200);
    const r = await call<{ http_status: number; provider: string; sent_today: number }>({
      method: 'test',
      phone: '+8613800000000',
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ http_status: 200, provider: 'http', sent_today: 1 });
    const got = gw.received.at(-1)!;
    expect(got.contentType).toMatch(/application\/json/);
    const body = JSON.parse(got.body);
    expect(body.mobile).toBe('+8613800000000');
    expect(body.content).toMatch(/Gateway console test message, code \d{6}/);
    expect(body.sign).toBe('网关');
    const h = await call<History>({ method: 'history' });
    expect(h.data.list[0]).toMatchObject({ result: 'sent', http_status: 200 });
  });

  it('test (http): a refusal by the gateway and an unreachable one are reported, not counted as sent', async () => {
    gw.state.status = 500;
    const refused = await call({ method: 'test', phone: '13800000000' });
    gw.state.status = 200;
    expect(refused.code).toBe(503);
    expect(refused.msg).toContain('HTTP 500');
    expect((await call({ method: 'form', http_url: 'http://127.0.0.1:9/send' })).code).toBe(200);
    const down = await call({ method: 'test', phone: '13800000000' });
    expect(down.code).toBe(503);
    expect(down.msg).toMatch(/Cannot reach the SMS provider at 127\.0\.0\.1:9/);
    expect((await call({ method: 'form', http_url: gwUrl })).code).toBe(200);
    expect((await call({ method: 'detail' })).data.sent_today).toBe(1);
  });

  it('enforces the daily limit on sent messages', async () => {
    expect((await call({ method: 'form', daily_limit: 3 })).code).toBe(200);
    const before = gw.received.length;
    expect((await call({ method: 'test', phone: '13800000001' })).code).toBe(200);
    expect((await call({ method: 'test', phone: '13800000002' })).code).toBe(200);
    const over = await call({ method: 'test', phone: '13800000003' });
    expect(over.code).toBe(429);
    expect(over.msg).toContain('(3)');
    expect(gw.received.length - before).toBe(2);
    const h = await call<History>({ method: 'history' });
    expect(h.data.list[0]).toMatchObject({ result: 'refused', phone: '13800000003' });
    // The next day starts a new count.
    s.clock.advance(24 * 3600_000);
    token = await s.login();
    expect((await call({ method: 'test', phone: '13800000004' })).code).toBe(200);
  });

  it('refuses a malformed phone, and callers without the menu or the buttons', async () => {
    expect((await call({ method: 'test', phone: '12ab' })).code).toBe(422);
    expect((await call({ method: 'test' })).code).toBe(422);
    const none = await accountWith(s, 'sms_none', ['/admin.php/system/logging'], []);
    expect((await call({ method: 'detail' }, none)).code).toBe(403);
    const reader = await accountWith(s, 'sms_reader', [SMS], []);
    expect((await call({ method: 'detail' }, reader)).code).toBe(200);
    expect((await call({ method: 'history' }, reader)).code).toBe(200);
    const form = await call({ method: 'form', daily_limit: 9 }, reader);
    expect(form.code).toBe(403);
    expect(form.msg).toContain('system:sms:edit');
    const sent = gw.received.length;
    const test = await call({ method: 'test', phone: '13800000000' }, reader);
    expect(test.msg).toContain('system:sms:test');
    expect(gw.received.length).toBe(sent);
    expect((await call({ method: 'detail' })).data.daily_limit).toBe(3);
  });
});
