import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { setAccountSites } from './support/sites.ts';

const CLASS = '/admin.php/media/live_type';
const LIVE = '/admin.php/media/live';
const PACKAGE = '/admin.php/media/live_package';
const OPS_CLASS = '/operations/media/live_type';

type List<T = Record<string, unknown>> = { list: T[]; total: number };

describeEachDb('resource framework', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = unknown>(path: string, body: unknown, t = token) => s.call<T>(path, body, { token: t });
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('adds records with defaults and reads them back', async () => {
    const r = await call<{ id: number }>(CLASS, {
      method: 'add',
      name: '央视',
      name_en: 'CCTV',
      code: 'cctv',
    });
    expect(r.code).toBe(200);
    const d = await call<Record<string, unknown>>(CLASS, { method: 'detail', id: r.data.id });
    expect(d.data).toMatchObject({
      id: r.data.id,
      name: '央视',
      name_en: 'CCTV',
      code: 'cctv',
      sort: 0,
      enabled: 1,
      site_id: 0,
    });
    expect(d.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('validates with messages naming the field, in the caller language, and writes nothing', async () => {
    const before = await call<List>(CLASS, { method: 'list' });
    const missing = await call(CLASS, { method: 'add', name_en: 'x' });
    expect(missing).toMatchObject({ code: 422, msg: 'Name is required' });
    const range = await call(CLASS, { method: 'add', name: 'x', sort: 100000 });
    expect(range.msg).toBe('Sort must be between 0 and 9999');
    const zh = await s.call(CLASS, { method: 'add' }, { token, headers: { cookie: 'language=zh_CN' } });
    expect(zh.msg).toBe('请填写名称');
    const url = await call(LIVE, {
      method: 'add',
      number: 1,
      name: 'a',
      name_en: 'a',
      category_ids: [1],
      url: 'file:///etc/passwd',
    });
    expect(url.code).toBe(422);
    expect(url.msg).toMatch(/Stream URL must be a URL/);
    expect((await call<List>(CLASS, { method: 'list' })).data.total).toBe(before.data.total);
  });

  it('refuses a duplicate unique value with 409 naming it', async () => {
    const r = await call(CLASS, { method: 'add', name: '央视' });
    expect(r).toMatchObject({ code: 409, msg: 'Name "央视" already exists' });
  });

  it('refuses a reference to a record that does not exist', async () => {
    const r = await call(LIVE, {
      method: 'add',
      number: 1,
      name: 'CCTV-1',
      name_en: 'CCTV-1',
      category_ids: [999],
      url: 'udp://239.1.1.1:5000',
    });
    expect(r.code).toBe(422);
    expect(r.msg).toContain('#999');
  });

  it('pages, filters and sorts in SQL', async () => {
    const classes = await call<List<{ id: number }>>(CLASS, { method: 'list' });
    const cat = classes.data.list[0]!.id;
    for (let i = 1; i <= 25; i++) {
      const r = await call(LIVE, {
        method: 'add',
        number: i,
        name: `频道${i}`,
        name_en: `Channel ${i}`,
        category_ids: [cat],
        url: `udp://239.1.1.${i}:5000`,
        type: i % 2 ? 'multicast' : 'hls',
        sort: 100 - i,
      });
      expect(r.code, r.msg).toBe(200);
    }
    const page2 = await call<List<{ number: number }>>(LIVE, {
      method: 'list',
      page: 2,
      limit: 10,
      sort: 'number',
      order: 'asc',
    });
    expect(page2.data.total).toBe(25);
    expect(page2.data.list.map((x) => x.number)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const hls = await call<List<{ type: string }>>(LIVE, {
      method: 'list',
      filter: { type: 'hls' },
      limit: 100,
    });
    expect(hls.data.total).toBe(12);
    expect(hls.data.list.every((x) => x.type === 'hls')).toBe(true);
    const two = await call<List>(LIVE, { method: 'list', filter: { type: ['hls', 'multicast'] } });
    expect(two.data.total).toBe(25);
    const kw = await call<List>(LIVE, { method: 'list', keyword: 'Channel 2' });
    expect(kw.data.total).toBe(7); // 2, 20-25
    const byClass = await call<List>(LIVE, { method: 'list', filter: { category_ids: cat } });
    expect(byClass.data.total).toBe(25);
    // Live programmes list by channel number unless asked otherwise (their defaultSort).
    const defaultOrder = await call<List<{ number: number }>>(LIVE, { method: 'list', limit: 3 });
    expect(defaultOrder.data.list.map((x) => x.number)).toEqual([1, 2, 3]);
  });

  it('refuses an unknown sort key or filter instead of passing it to SQL', async () => {
    expect((await call(LIVE, { method: 'list', sort: 'url; drop table users' })).code).toBe(422);
    expect((await call(LIVE, { method: 'list', filter: { url: 'x' } })).code).toBe(422);
  });

  it('edits only the fields sent', async () => {
    const list = await call<List<{ id: number; name: string; url: string }>>(LIVE, {
      method: 'list',
      sort: 'number',
      order: 'asc',
      limit: 1,
    });
    const row = list.data.list[0]!;
    expect((await call(LIVE, { method: 'edit', id: row.id, name: '频道一' })).code).toBe(200);
    const d = await call<{ name: string; url: string }>(LIVE, { method: 'detail', id: row.id });
    expect(d.data).toMatchObject({ name: '频道一', url: row.url });
    expect((await call(LIVE, { method: 'edit', id: 99999, name: 'x' })).code).toBe(404);
  });

  it('deleting a channel a package still uses says so and deletes nothing', async () => {
    const list = await call<List<{ id: number }>>(LIVE, {
      method: 'list',
      limit: 2,
      sort: 'number',
      order: 'asc',
    });
    const [a, b] = list.data.list.map((x) => x.id);
    expect((await call(PACKAGE, { method: 'add', name: '基础包', program_ids: [a] })).code).toBe(200);
    const r = await call<{ refs: { entity: string; count: number }[] }>(LIVE, { method: 'del', ids: [a, b] });
    expect(r.code).toBe(409);
    expect(r.msg).toBe('Cannot delete: still used by 1 Live set meal');
    expect(r.data.refs).toEqual([{ entity: 'Live set meal', count: 1 }]);
    expect((await call(LIVE, { method: 'detail', id: b })).code).toBe(200);
    expect((await call<{ deleted: number }>(LIVE, { method: 'del', ids: [b] })).data.deleted).toBe(1);
    const cls = await call<List<{ id: number }>>(CLASS, { method: 'list' });
    expect((await call(CLASS, { method: 'del', ids: [cls.data.list[0]!.id] })).msg).toMatch(
      /still used by 24 Live programme/,
    );
  });

  it('exports the filtered list as CSV through a single-use URL', async () => {
    const r = await call<{ url: string }>(LIVE, { method: 'export', filter: { type: 'hls' } });
    expect(r.code).toBe(200);
    const bytes = Buffer.from(await (await fetch(s.url + r.data.url)).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^id,number,name,name_en,category_ids,url/);
    expect(lines).toHaveLength(1 + 11); // header and the 11 hls channels left after the delete above
  });

  it('exports XLSX: a workbook whose sheet holds the rows', async () => {
    const r = await call<{ url: string }>(LIVE, {
      method: 'export',
      format: 'xlsx',
      filter: { type: 'hls' },
    });
    const bytes = new Uint8Array(await (await fetch(s.url + r.data.url)).arrayBuffer());
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toContain('xl/worksheets/sheet1.xml');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet.match(/<row /g)).toHaveLength(12);
    expect(sheet).toContain('Channel 4');
  });

  it('state switches records off and on; sort stores a new order', async () => {
    const list = await call<List<{ id: number }>>(LIVE, {
      method: 'list',
      limit: 3,
      sort: 'number',
      order: 'asc',
    });
    const ids = list.data.list.map((x) => x.id);
    expect((await call<{ updated: number }>(LIVE, { method: 'state', ids, enabled: 0 })).data.updated).toBe(
      3,
    );
    const off = await call<List>(LIVE, { method: 'list', filter: { enabled: 0 } });
    expect(off.data.total).toBe(3);
    await call(LIVE, { method: 'state', ids, enabled: '1' });
    expect((await call(LIVE, { method: 'sort', ids: [...ids].reverse() })).code).toBe(200);
    const sorted = await call<List<{ id: number }>>(LIVE, {
      method: 'list',
      limit: 3,
      sort: 'sort',
      order: 'asc',
    });
    expect(sorted.data.list.map((x) => x.id)).toEqual([...ids].reverse());
  });

  it('options feed selects', async () => {
    // Named in the caller's language: the English name where the record has one.
    const r = await call<{ value: number; label: string }[]>(CLASS, { method: 'options' });
    expect(r.data[0]).toMatchObject({ label: 'CCTV' });
    const zh = await s.call<{ value: number; label: string }[]>(
      CLASS,
      { method: 'options' },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.data[0]).toMatchObject({ label: '央视' });
  });

  it('operations mode: records are scoped to the site in igs-sids, never visible or writable from another', async () => {
    const ops = await s.login('admin', 'admin123', 1);
    const site = (id: string) => ({ token: ops, headers: { 'igs-sids': id } });
    expect((await s.call(OPS_CLASS, { method: 'add', name: '酒店A' }, site('1'))).code).toBe(200);
    expect((await s.call(OPS_CLASS, { method: 'add', name: '酒店B' }, site('2'))).code).toBe(200);
    // the same unique name may exist once per site
    expect((await s.call(OPS_CLASS, { method: 'add', name: '酒店A' }, site('2'))).code).toBe(200);
    const one = await s.call<List<{ id: number; name: string; site_id: number }>>(
      OPS_CLASS,
      { method: 'list' },
      site('1'),
    );
    expect(one.data.list.map((x) => x.name)).toEqual(['酒店A']);
    const idOfA = one.data.list[0]!.id;
    expect((await s.call(OPS_CLASS, { method: 'detail', id: idOfA }, site('2'))).code).toBe(404);
    expect((await s.call(OPS_CLASS, { method: 'edit', id: idOfA, name: 'hijack' }, site('2'))).code).toBe(
      404,
    );
    expect((await s.call(OPS_CLASS, { method: 'del', ids: [idOfA] }, site('2'))).code).toBe(404);
    expect((await s.call(OPS_CLASS, { method: 'add', name: 'two sites' }, site('1,2'))).code).toBe(400);
    // full mode sees only its own site 0
    const full = await call<List<{ name: string }>>(CLASS, { method: 'list' });
    expect(full.data.list.map((x) => x.name)).not.toContain('酒店A');
  });

  it('operations mode: a site outside the account list is refused with 403', async () => {
    await setAccountSites(s, 'admin', '1');
    const ops = await s.login('admin', 'admin123', 1);
    const r = await s.call(OPS_CLASS, { method: 'list' }, { token: ops, headers: { 'igs-sids': '2' } });
    expect(r.code).toBe(403);
    expect(r.msg).toContain('Site 2');
    await setAccountSites(s, 'admin', '*');
  });

  it('every write is in the operation log with its key', async () => {
    const log = await call<List<{ module: string; action: string; result: string }>>(
      '/admin.php/system/logging',
      { method: 'list', filter: { module: 'media:live', action: 'del' } },
    );
    expect(log.data.list.map((x) => x.result).sort()).toEqual(['fail', 'success']);
  });
});

describeEachDb('resource import', (kind) => {
  let s: TestServer;
  let token: string;
  const upload = (csv: string, fields: Record<string, string> = {}) => {
    const fd = new FormData();
    fd.append('method', 'import');
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('file', new Blob([csv], { type: 'text/csv' }), 'channels.csv');
    return s.call<{
      total: number;
      inserted: number;
      updated: number;
      skipped: number;
      errors: { line: number; field: string; msg: string }[];
    }>(LIVE, fd, { token });
  };
  const count = async () => (await s.call<List>(LIVE, { method: 'list' }, { token })).data.total;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    await s.call(CLASS, { method: 'add', name: '新闻' }, { token });
  });
  afterAll(async () => s.close());

  const good =
    '\uFEFFnumber,name,name_en,category_ids,url,type\r\n1,新闻一,News 1,1,udp://239.0.0.1:1234,multicast\r\n2,新闻二,News 2,1,http://cdn/a.m3u8,hls\r\n';

  it('a dry run previews and writes nothing', async () => {
    const r = await upload(good, { dry_run: '1' });
    expect(r.data).toMatchObject({ total: 2, inserted: 2, errors: [] });
    expect(await count()).toBe(0);
  });

  it('a file with one bad row reports every error by line and field, and writes nothing', async () => {
    const bad = `${good}3,,News 3,1,ftp://nope,hls\r\n4,新闻四,News 4,7,udp://239.0.0.4:1,multicast\r\n`;
    const r = await upload(bad);
    expect(r.code).toBe(200);
    expect(r.data.inserted).toBe(0);
    expect(r.data.errors).toEqual(
      expect.arrayContaining([
        { line: 4, field: 'name', msg: 'Name is required' },
        expect.objectContaining({ line: 4, field: 'url' }),
      ]),
    );
    expect(await count()).toBe(0);
  });

  it('appends, then upserts on the unique channel number', async () => {
    expect((await upload(good)).data).toMatchObject({ inserted: 2, updated: 0 });
    expect(await count()).toBe(2);
    const again = await upload(good);
    expect(again.data.errors[0]).toMatchObject({
      line: 2,
      field: 'number',
      msg: 'Channel number "1" already exists',
    });
    const up = await upload(good.replace('新闻一', '新闻壹'), { mode: 'upsert' });
    expect(up.data).toMatchObject({ inserted: 0, updated: 2 });
    const rows = (
      await s.call<List<{ name: string }>>(LIVE, { method: 'list', sort: 'number', order: 'asc' }, { token })
    ).data.list;
    expect(rows[0]!.name).toBe('新闻壹');
  });

  it('refuses unknown columns and files that are too big', async () => {
    expect((await upload('number,password_hash\r\n1,x\r\n')).msg).toBe('Unknown columns: password_hash');
    const big = await upload(`number\r\n${'1\r\n'.repeat(6 * 1024 * 1024)}`);
    expect(big).toMatchObject({ code: 422, msg: 'Import files cannot exceed 10 MB' });
  });
});
