import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { until } from './support/waiting.ts';

/**
 * The operation log list remembers where pages start (platform/logging/list-cache.ts) and seeks
 * there instead of skipping rows. Every page it serves must be exactly the page OFFSET would
 * give, in any order of page views, and a write to the log must move the pages.
 */
const ROWS = 230;
const BASE = Date.UTC(2026, 0, 1);

interface Row {
  id: number;
  at: number;
  result: 'success' | 'fail';
}

describeEachDb('operation log list pages', (kind) => {
  let s: TestServer;
  let token: string;
  let rows: Row[];

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    // Many rows share a time (ties are broken by id), a third of them failed.
    const values = Array.from({ length: ROWS }, (_, i) => ({
      at: BASE + Math.floor(i / 3) * 1000,
      user_id: null,
      username: `user${i % 7}`,
      ip: '10.0.0.1',
      module: i % 2 ? 'system/user' : 'network/dhcp',
      action: 'edit',
      path: '/admin.php/system/user',
      http_method: 'POST',
      result: (i % 3 === 0 ? 'fail' : 'success') as Row['result'],
      code: i % 3 === 0 ? 1001 : 200,
      detail: `row ${i}`,
      user_agent: 'test',
    }));
    await s.app.db.kysely.insertInto('operation_log').values(values).execute();
    rows = await readAll();
  });
  afterAll(async () => s.close());

  async function readAll(): Promise<Row[]> {
    return (await s.app.db.kysely.selectFrom('operation_log').select(['id', 'at', 'result']).execute()).map(
      (r) => ({ id: r.id, at: Number(r.at), result: r.result as Row['result'] }),
    );
  }

  /** The page as OFFSET paging defines it, computed here from all rows. */
  function expected(all: Row[], o: { sort: 'id' | 'time'; order: 'asc' | 'desc'; result?: string }) {
    const dir = o.order === 'asc' ? 1 : -1;
    return all
      .filter((r) => !o.result || r.result === o.result)
      .sort((a, b) => dir * (o.sort === 'time' ? a.at - b.at || a.id - b.id : a.id - b.id))
      .map((r) => r.id);
  }

  async function page(o: { sort: 'id' | 'time'; order: 'asc' | 'desc'; result?: string }, n: number) {
    const r = await s.call<{ total: number; list: Array<{ id: number }> }>(
      '/admin.php/system/logging',
      {
        method: 'list',
        page: n,
        limit: 20,
        sort: o.sort,
        order: o.order,
        filter: o.result ? { result: o.result } : {},
      },
      { token },
    );
    expect(r.code).toBe(200);
    return r.data;
  }

  const orders = [
    { sort: 'time', order: 'desc', result: 'success' },
    { sort: 'time', order: 'asc', result: 'fail' },
    { sort: 'id', order: 'desc' },
    { sort: 'id', order: 'asc', result: 'success' },
  ] as const;

  it('serves the same pages as OFFSET paging, forwards, backwards and by jumps, twice over', async () => {
    for (const o of orders) {
      const all = expected(rows, o);
      const pages = Math.ceil(all.length / 20);
      // Forward (each page records the next one's start), back, then jumps to pages seen and not.
      const visits = [
        ...Array.from({ length: pages }, (_, i) => i + 1),
        ...Array.from({ length: pages }, (_, i) => pages - i),
        3,
        pages,
        1,
        pages + 1,
      ];
      for (const n of visits) {
        const data = await page(o, n);
        expect(data.total, JSON.stringify(o)).toBe(all.length);
        expect(
          data.list.map((r) => r.id),
          `${JSON.stringify(o)} page ${n}`,
        ).toEqual(all.slice((n - 1) * 20, n * 20));
      }
    }
  });

  it('every filter and the keyword together: the rows that match all of them, pages in order', async () => {
    const body = (page: number) => ({
      method: 'list',
      page,
      limit: 5,
      sort: 'time',
      order: 'desc',
      keyword: 'row 1',
      filter: {
        username: 'user3',
        module: 'system/user',
        action: 'edit',
        result: 'success',
        ip: '10.0.0.1',
        time: ['2026-01-01', '2026-01-01'],
      },
    });
    const want = await s.app.db.kysely
      .selectFrom('operation_log')
      .select('id')
      .where('username', '=', 'user3')
      .where('module', '=', 'system/user')
      .where('result', '=', 'success')
      .where('detail', 'like', '%row 1%')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(want.length).toBeGreaterThan(5);
    const got: number[] = [];
    for (let page = 1; page <= Math.ceil(want.length / 5); page++) {
      const r = await s.call<{ total: number; list: Array<{ id: number }> }>(
        '/admin.php/system/logging',
        body(page),
        { token },
      );
      expect(r.data.total).toBe(want.length);
      got.push(...r.data.list.map((x) => x.id));
    }
    expect(got).toEqual(want.map((w) => w.id));
  });

  it('a new log entry moves the pages at once: nothing remembered survives a write', async () => {
    const o = { sort: 'time', order: 'desc', result: 'success' } as const;
    await page(o, 2);
    await page(o, 3);
    // A mutating call writes a success entry newer than all others.
    expect((await s.call('/admin.php/common/clear_cache', undefined, { method: 'GET', token })).code).toBe(
      200,
    );
    const all = expected(await readAll(), o);
    const second = await page(o, 2);
    expect(second.total).toBe(all.length);
    expect(second.list.map((r) => r.id)).toEqual(all.slice(20, 40));
    expect((await page(o, 3)).list.map((r) => r.id)).toEqual(all.slice(40, 60));
  });

  it('a page of 100 rows comes compressed as the browser asks, whole, with its length stated', async () => {
    const body = JSON.stringify({
      method: 'list',
      page: 1,
      limit: 100,
      sort: 'id',
      order: 'desc',
      filter: {},
    });
    // node:http, which unlike fetch leaves the body as it came on the wire.
    const post = (encoding: string, lang: string) =>
      new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
        const req = request(
          `${s.url}/admin.php/system/logging`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'accept-encoding': encoding,
              'accept-language': lang,
              IGSAuth: token,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    // Chinese titles make the reply's text two-byte in V8; English keeps it one-byte but for the dash.
    for (const lang of ['zh-CN', 'en']) {
      const plain = await post('identity', lang);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const envelope = JSON.parse(plain.bytes.toString('utf8'));
      expect(envelope.data.list).toHaveLength(100);
      // Over the compressor's streaming bound on two cores (8 KB), under the one set (64 KB).
      expect(plain.bytes.length).toBeGreaterThan(16 * 1024);
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
        ['gzip, deflate, br', brotliDecompressSync],
      ] as const) {
        const packed = await post(encoding, lang);
        expect(packed.headers['content-encoding'], encoding).toBe(encoding === 'gzip' ? 'gzip' : 'br');
        expect(packed.headers['content-type']).toMatch(/^application\/json/);
        expect(packed.headers['content-length'], encoding).toBe(String(packed.bytes.length));
        expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 3);
        expect(JSON.parse(decode(packed.bytes).toString('utf8'))).toEqual(envelope);
      }
    }
  });

  it("a total is counted again only when it may have changed: SQLite on this instance's writes, PostgreSQL after 2 s", async () => {
    const o = { sort: 'id', order: 'desc', result: 'fail' } as const;
    const before = (await page(o, 1)).total;
    // Raw SQL is not this server's write: on PostgreSQL it stands for another instance's entry.
    await sql`insert into operation_log (at, username, ip, module, action, path, http_method, result, code, detail, user_agent)
      values (${BASE}, 'other', '10.0.0.2', 'system/user', 'edit', '/x', 'POST', 'fail', 1001, 'elsewhere', 'test')`.execute(
      s.app.db.kysely,
    );
    s.clock.advance(2500);
    // PostgreSQL: the call that finds the total 2 s old gets the last one while it is counted
    // again (no call waits for a recount); the calls once the count is in get the new one.
    expect((await page(o, 1)).total).toBe(before);
    if (kind === 'postgres')
      await until('the new count to be served', async () => (await page(o, 1)).total === before + 1);
    else expect((await page(o, 1)).total).toBe(before);
    // A write through this server is seen at once on both.
    expect((await s.call('/admin.php/common/clear_cache', undefined, { method: 'GET', token })).code).toBe(
      200,
    );
    expect((await page(o, 1)).total).toBe(before + 1);
  });
});
