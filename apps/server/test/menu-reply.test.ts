import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Headers, Paths } from '@igs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, encodedMenuReply } from '../src/features/menus/menu-reply.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const AUTH_MENU = '/admin.php/System/auth_menu';

interface MenuEnvelope {
  code: number;
  msg: string;
  data: unknown[];
  Button: string[];
}

describe('reply encoding', () => {
  it('prefers Brotli, then gzip, else none', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBe('identity');
    expect(acceptedEncoding(undefined)).toBe('identity');
  });
});

describeEachDb('System/auth_menu served from its encoded cache', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(() => s.close());

  /** node:http, not fetch: fetch decodes the body, and the test is about the bytes on the wire. */
  function fetchMenu(acceptEncoding: string) {
    return new Promise<{
      headers: Record<string, string | string[] | undefined>;
      encoding: string | null;
      body: MenuEnvelope;
    }>((resolve, reject) => {
      const req = request(
        s.url + AUTH_MENU,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept-encoding': acceptEncoding,
            [Headers.token]: token,
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => {
            const raw = Buffer.concat(parts);
            const encoding = (res.headers['content-encoding'] as string | undefined) ?? null;
            const text =
              encoding === 'br'
                ? brotliDecompressSync(raw).toString()
                : encoding === 'gzip'
                  ? gunzipSync(raw).toString()
                  : raw.toString();
            resolve({ headers: res.headers, encoding, body: JSON.parse(text) });
          });
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
  }

  it('the same envelope in every encoding, twice', async () => {
    const identity = await fetchMenu('identity');
    expect(identity.encoding).toBeNull();
    expect(identity.headers['content-type']).toMatch(/application\/json/);
    expect(identity.body).toMatchObject({ code: 200, msg: 'ok' });
    expect(identity.body.data.length).toBeGreaterThan(5);
    expect(identity.body.Button.length).toBeGreaterThan(100);
    for (const accept of ['br', 'gzip', 'gzip, deflate, br']) {
      for (let i = 0; i < 2; i++) {
        const r = await fetchMenu(accept);
        expect(r.encoding).toBe(accept === 'gzip' ? 'gzip' : 'br');
        expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
        expect(r.body).toEqual(identity.body);
      }
    }
  });

  it('a permission change is served at once after clear_cache', async () => {
    const before = (await fetchMenu('br')).body;
    const db = s.app.db.kysely;
    const admin = await db
      .selectFrom('users')
      .select('role_id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const key = before.Button[0]!;
    await db.deleteFrom('role_buttons').where('role_id', '=', admin.role_id).where('key', '=', key).execute();
    await s.call(Paths.clearCache, {}, { token, method: 'GET' });
    const after = (await fetchMenu('br')).body;
    expect(after.Button).not.toContain(key);
    expect(after.Button.length).toBe(before.Button.length - 1);
  });

  it('still refuses a caller without a session', async () => {
    const res = await fetch(s.url + AUTH_MENU, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await res.json()) as { code: number }).code).not.toBe(200);
  });
});

describe('encoded menu replies', () => {
  const grants = () => ({
    tree: [{ name: 'System', children: [{ name: 'User' }] }],
    buttons: ['system/user:add'],
  });

  it('grants recomputed to the same menus reuse the compressed reply instead of compressing again', () => {
    const first = encodedMenuReply(grants(), 'br');
    // A new grants object, as the grants cache makes when its TTL runs out.
    expect(encodedMenuReply(grants(), 'br')).toBe(first);
  });

  it('grants that changed get a reply of their own', () => {
    const before = encodedMenuReply(grants(), 'gzip');
    const changed = { ...grants(), buttons: ['system/user:add', 'system/user:del'] };
    const after = encodedMenuReply(changed, 'gzip');
    expect(after).not.toBe(before);
    expect(JSON.parse(gunzipSync(after).toString()).Button).toEqual(['system/user:add', 'system/user:del']);
    expect(JSON.parse(gunzipSync(before).toString()).Button).toEqual(['system/user:add']);
  });
});
