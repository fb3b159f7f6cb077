import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.ts';

describe('serving the built console', () => {
  let s: TestServer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-console-'));
  const page = `<!doctype html><html><head><title>t</title><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<!-- pad -->'.repeat(200)}</body></html>`;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), page);
    fs.writeFileSync(
      path.join(dir, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    // The build's own compressed forms of a file (apps/console/build/precompress.ts).
    const prebuilt = `console.log(${JSON.stringify('y'.repeat(5000))});`;
    fs.writeFileSync(path.join(dir, 'assets', 'pre-abc123.js'), prebuilt);
    fs.writeFileSync(path.join(dir, 'assets', 'pre-abc123.js.br'), brotliCompressSync(`${prebuilt}//br`));
    fs.writeFileSync(path.join(dir, 'assets', 'pre-abc123.js.gz'), gzipSync(`${prebuilt}//gz`));
    s = await startServer('sqlite', { consoleDir: dir });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers every client route with the page, compressed or not, never an error', async () => {
    for (const route of ['/', '/login', '/dashboard', '/system/log', '/redirect/system/dhcp?x=1']) {
      for (const encoding of ['identity', 'gzip', 'br', 'gzip, deflate, br, zstd']) {
        const res = await fetch(s.url + route, {
          headers: { 'accept-encoding': encoding, accept: 'text/html' },
        });
        expect(res.status, `${route} ${encoding}`).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toBe(page);
      }
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await fetch(`${s.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it("serves the build's own Brotli and gzip forms, and never those files by name", async () => {
    const br = await fetch(`${s.url}/assets/pre-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toMatch(/\/\/br$/);
    const gz = await fetch(`${s.url}/assets/pre-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(await gz.text()).toMatch(/\/\/gz$/);
    const plain = await fetch(`${s.url}/assets/pre-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(await plain.text()).toMatch(/y"\);$/);
    expect((await fetch(`${s.url}/assets/pre-abc123.js.br`)).status).toBe(404);
  });

  it('revalidates with the ETag: 304 without a body', async () => {
    const first = await fetch(`${s.url}/dashboard`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${s.url}/dashboard`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('a missing hashed asset is a 404, not the page', async () => {
    expect((await fetch(`${s.url}/assets/gone-123.js`)).status).toBe(404);
  });

  it('API paths never fall back to the page', async () => {
    const res = await fetch(`${s.url}/admin.php/nope`);
    expect(res.status).toBe(404);
    expect((await res.json()) as object).toMatchObject({ code: 404 });
  });
});
