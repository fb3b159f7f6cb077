import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { hashPassword, Paths } from '@igs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { CONTENT_SECURITY_POLICY } from '../src/platform/http/security-headers.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * TLS_CERT/TLS_KEY: the server speaks HTTPS, over HTTP/2 and HTTP/1.1 on one port, and sends HSTS;
 * without them it speaks plain HTTP and sends no HSTS. The certificate is made by the machine's
 * openssl (node cannot make X.509 itself); without openssl the HTTPS half is skipped, saying so.
 */

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const opensslMissing = !hasOpenssl();
if (opensslMissing)
  console.warn('SKIPPED "serving HTTPS": no openssl on this machine to make a test certificate');

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0x01, 0x40, 0, 0, 0, 0xf0]),
  Buffer.alloc(64),
]);

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One HTTP/2 request on its own session (ALPN h2), trusting the test certificate. */
function h2(
  base: string,
  ca: Buffer,
  p: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
) {
  return new Promise<Reply & { alpn: string | false | undefined }>((resolve, reject) => {
    const session = http2.connect(base, { ca, servername: 'localhost' });
    session.on('error', reject);
    const req = session.request({ ':path': p, ':method': opts.method ?? 'GET', ...(opts.headers ?? {}) });
    const chunks: Buffer[] = [];
    let head: http2.IncomingHttpHeaders = {};
    req.on('response', (h) => {
      head = h;
    });
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const alpn = session.alpnProtocol;
      session.close();
      resolve({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks), alpn });
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.end(opts.body);
    else req.end();
  });
}

/** One HTTP/1.1 request over TLS (a client without HTTP/2). */
function h1(
  base: string,
  ca: Buffer,
  p: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Reply>((resolve, reject) => {
    const req = https.request(
      `${base}${p}`,
      { method: opts.method ?? 'GET', headers: opts.headers, ca, servername: 'localhost' },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

interface Envelope {
  code: number;
  msg: string;
  data: { token: string; url: string; cards: unknown[] };
}
const json = (r: Reply) => JSON.parse(r.body.toString('utf8')) as Envelope;

describe.skipIf(opensslMissing)('serving HTTPS with TLS_CERT and TLS_KEY', () => {
  let s: TestServer;
  let base: string;
  let ca: Buffer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-tls-'));
  const consoleDir = path.join(dir, 'console');
  const script = `console.log(${JSON.stringify('z'.repeat(5000))});`;

  beforeAll(async () => {
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    ca = fs.readFileSync(cert);
    fs.mkdirSync(path.join(consoleDir, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(consoleDir, 'index.html'),
      '<!doctype html><title>t</title><script type="module" src="/assets/a-1.js"></script>',
    );
    fs.writeFileSync(path.join(consoleDir, 'assets', 'a-1.js'), script);
    s = await startServer('sqlite', { tls: { certFile: cert, keyFile: key }, consoleDir });
    // The default password allows only the session basics (weak-password gate): as s.login() does.
    await s.app.db.kysely.updateTable('users').set({ weak_psw: 0 }).where('username', '=', 'admin').execute();
    const address = s.fastify.server.address();
    base = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers /healthz over HTTP/2 and HTTP/1.1 with HSTS and the security headers', async () => {
    const two = await h2(base, ca, Paths.health);
    expect(two.alpn).toBe('h2');
    expect(two.status).toBe(200);
    expect(json(two).code).toBe(200);
    expect(two.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(two.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const one = await h1(base, ca, Paths.health);
    expect(one.status).toBe(200);
    expect(one.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('signs in, makes a module call, downloads an export and draws a captcha over HTTP/2', async () => {
    const login = json(
      await h2(base, ca, '/admin.php/common/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'admin',
          password: hashPassword('admin123'),
          code: '',
          is_operations: 0,
        }),
      }),
    );
    expect(login.code).toBe(200);
    const token = login.data.token;
    // A module call whose reply is compressed (Brotli) by the compress plugin.
    const menu = await h2(base, ca, Paths.authMenu, {
      method: 'POST',
      headers: { 'content-type': 'application/json', igsauth: token, 'accept-encoding': 'br' },
      body: '{}',
    });
    expect(menu.status).toBe(200);
    expect(menu.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(menu.body).toString('utf8')).code).toBe(200);
    const home = json(
      await h2(base, ca, Paths.home, {
        method: 'POST',
        headers: { 'content-type': 'application/json', igsauth: token },
        body: '{}',
      }),
    );
    expect(home.code).toBe(200);
    expect(home.data.cards.length).toBeGreaterThan(0);
    // A download: the single-use URL of the home export.
    const exp = json(
      await h2(base, ca, Paths.festival, {
        method: 'POST',
        headers: { 'content-type': 'application/json', igsauth: token },
        body: JSON.stringify({ method: 'export', value: 'all' }),
      }),
    );
    expect(exp.code).toBe(200);
    const file = await h2(
      base,
      ca,
      new URL(exp.data.url, base).pathname + new URL(exp.data.url, base).search,
      {
        headers: { igsauth: token },
      },
    );
    expect(file.status).toBe(200);
    expect(file.body.subarray(0, 2).toString('latin1')).toBe('PK');
    // A multipart upload (the dispatcher asks HTTP/1.1 clients to close after one; HTTP/2 has no
    // such header and the server must not fail on it).
    const form = new FormData();
    form.append('kind', 'image');
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    const encoded = new Response(form);
    const up = json(
      await h2(base, ca, Paths.upload, {
        method: 'POST',
        headers: { 'content-type': encoded.headers.get('content-type')!, igsauth: token },
        body: Buffer.from(await encoded.arrayBuffer()),
      }),
    );
    expect(up.code, up.msg).toBe(200);
    // The captcha image (a raw reply).
    const captcha = await h2(base, ca, Paths.captcha);
    expect(captcha.status).toBe(200);
    expect(String(captcha.headers['content-type'])).toContain('svg');
  });

  it('serves the console page and its files over HTTP/2, compressed when asked', async () => {
    const page = await h2(base, ca, '/login', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('/assets/a-1.js');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const js = await h2(base, ca, '/assets/a-1.js', { headers: { 'accept-encoding': 'br' } });
    expect(js.status).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(js.body).toString()).toBe(script);
  });
});

describe('serving plain HTTP without TLS_CERT and TLS_KEY', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('sends the security headers but no HSTS', async () => {
    const res = await fetch(s.url + Paths.health);
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('refuses a TLS_CERT without a TLS_KEY instead of serving plain HTTP', () => {
    expect(() => loadConfig({ TLS_CERT: '/x/cert.pem' }, [])).toThrow(
      /TLS_CERT and TLS_KEY must be set together/,
    );
    expect(loadConfig({}, []).tls).toBeUndefined();
  });
});
