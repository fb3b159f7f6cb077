import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { setAccountSites } from './support/sites.ts';

/**
 * Operations mode (DOMAIN section 2.10): rows are scoped to the sites in igs-sids, and a write
 * names exactly one site. Nothing of one site is visible or writable from another, through any
 * generic call of an /operations/... endpoint.
 */
const OPS_CLASS = '/operations/media/live_type';
const OPS_LIVE = '/operations/media/live';
const CLASS = '/admin.php/media/live_type';

type List<T = Record<string, unknown>> = { list: T[]; total: number };
type Row = { id: number; name: string; site_id: number; enabled: number; sort: number };

describeEachDb('operations-mode scoping', (kind) => {
  let s: TestServer;
  let ops: string;
  let full: string;
  // Site 1 and site 2 of the same customer, as the console sends them.
  const at = (sites: string, t = () => ops) => ({
    token: t(),
    headers: { 'igs-sids': sites, 'igs-cid': '0' },
  });
  const rows = async (path: string, sites: string) =>
    (await s.call<List<Row>>(path, { method: 'list', limit: 200 }, at(sites))).data.list;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    s = await startServer(kind);
    full = await s.login();
    ops = await s.login('admin', 'admin123', 1);
    for (const [key, site, name] of [
      ['class1', '1', 'News'],
      ['class2', '2', 'Sports'],
    ] as const) {
      const r = await s.call<{ id: number }>(OPS_CLASS, { method: 'add', name }, at(site));
      expect(r.code, r.msg).toBe(200);
      ids[key] = r.data.id;
    }
    for (const [key, site, number] of [
      ['live1', '1', 1],
      ['live2', '2', 1], // the same channel number on another site is no collision
    ] as const) {
      const r = await s.call<{ id: number }>(
        OPS_LIVE,
        {
          method: 'add',
          number,
          name: `Channel ${key}`,
          name_en: `Channel ${key}`,
          category_ids: [ids[site === '1' ? 'class1' : 'class2']],
          url: `udp://239.0.0.${number}:5000`,
        },
        at(site),
      );
      expect(r.code, r.msg).toBe(200);
      ids[key] = r.data.id;
    }
    const own = await s.call<{ id: number }>(CLASS, { method: 'add', name: 'Full mode' }, { token: full });
    ids.class0 = own.data.id;
  });
  afterAll(async () => s.close());

  it('list, options and detail show only the sites named', async () => {
    expect((await rows(OPS_CLASS, '1')).map((r) => [r.name, r.site_id])).toEqual([['News', 1]]);
    expect((await rows(OPS_CLASS, '2')).map((r) => [r.name, r.site_id])).toEqual([['Sports', 2]]);
    expect((await rows(OPS_CLASS, '1,2')).map((r) => r.name).sort()).toEqual(['News', 'Sports']);
    const options = await s.call<{ label: string }[]>(OPS_CLASS, { method: 'options' }, at('2'));
    expect(options.data.map((o) => o.label)).toEqual(['Sports']);
    expect((await s.call(OPS_CLASS, { method: 'detail', id: ids.class1 }, at('2'))).code).toBe(404);
    expect((await s.call(OPS_CLASS, { method: 'detail', id: ids.class0 }, at('1'))).code).toBe(404);
    expect((await s.call(OPS_CLASS, { method: 'detail', id: ids.class1 }, at('1'))).code).toBe(200);
    // full mode is site 0 and sees none of the operations sites
    const fullList = await s.call<List<Row>>(CLASS, { method: 'list' }, { token: full });
    expect(fullList.data.list.map((r) => r.name)).toEqual(['Full mode']);
    expect((await s.call(CLASS, { method: 'detail', id: ids.class1 }, { token: full })).code).toBe(404);
  });

  it('edit, del, state and sort cannot reach a record of another site, and change nothing', async () => {
    const before = await rows(OPS_CLASS, '1');
    expect((await s.call(OPS_CLASS, { method: 'edit', id: ids.class1, name: 'hijack' }, at('2'))).code).toBe(
      404,
    );
    expect((await s.call(OPS_CLASS, { method: 'del', ids: [ids.class1] }, at('2'))).code).toBe(404);
    expect((await s.call(OPS_LIVE, { method: 'del', ids: [ids.live1] }, at('2'))).code).toBe(404);
    const state = await s.call<{ updated: number }>(
      OPS_CLASS,
      { method: 'state', ids: [ids.class1], enabled: 0 },
      at('2'),
    );
    expect(state.data.updated).toBe(0);
    await s.call(OPS_CLASS, { method: 'sort', ids: [ids.class2, ids.class1] }, at('2'));
    // full mode cannot write them either
    expect((await s.call(CLASS, { method: 'edit', id: ids.class1, name: 'x' }, { token: full })).code).toBe(
      404,
    );
    expect((await s.call(CLASS, { method: 'del', ids: [ids.class1] }, { token: full })).code).toBe(404);
    expect(await rows(OPS_CLASS, '1')).toEqual(before);
    expect((await rows(OPS_LIVE, '1')).map((r) => r.id)).toEqual([ids.live1]);
  });

  it('a write must name exactly one site', async () => {
    const before = await rows(OPS_CLASS, '1,2');
    for (const body of [
      { method: 'add', name: 'two sites' },
      { method: 'edit', id: ids.class1, name: 'two sites' },
      { method: 'del', ids: [ids.class1] },
      { method: 'state', ids: [ids.class1, ids.class2], enabled: 0 },
      { method: 'sort', ids: [ids.class2, ids.class1] },
    ]) {
      const r = await s.call(OPS_CLASS, body, at('1,2'));
      expect(r.code, body.method).toBe(400);
      expect(r.msg).toContain('exactly one site');
    }
    expect(await rows(OPS_CLASS, '1,2')).toEqual(before);
  });

  it('a record cannot reference a record of another site', async () => {
    const r = await s.call(
      OPS_LIVE,
      {
        method: 'add',
        number: 2,
        name: 'x',
        name_en: 'x',
        category_ids: [ids.class1],
        url: 'udp://239.0.0.2:5000',
      },
      at('2'),
    );
    expect(r.code).toBe(422);
    expect(r.msg).toContain(`#${ids.class1}`);
    const edit = await s.call(
      OPS_LIVE,
      { method: 'edit', id: ids.live2, category_ids: [ids.class1] },
      at('2'),
    );
    expect(edit.code).toBe(422);
  });

  it('export carries only the rows of the site named, even when asked for other ids', async () => {
    const csv = async (body: Record<string, unknown>, sites: string) => {
      const r = await s.call<{ url: string }>(OPS_LIVE, { method: 'export', ...body }, at(sites));
      expect(r.code, r.msg).toBe(200);
      return (await (await fetch(s.url + r.data.url)).text()).trim().split(/\r\n/);
    };
    const two = await csv({}, '2');
    expect(two).toHaveLength(2);
    expect(two[1]).toContain('Channel live2');
    expect(await csv({ ids: [ids.live1] }, '2')).toHaveLength(1); // the header only
    expect(await csv({ keyword: 'live1' }, '2')).toHaveLength(1);
    const json = await s.call<{ url: string }>(OPS_LIVE, { method: 'export', format: 'json' }, at('1'));
    const records = (await (await fetch(s.url + json.data.url)).json()) as Row[];
    expect(records.map((r) => r.site_id)).toEqual([1]);
  });

  it('import writes to the one site named; replace empties only that site', async () => {
    const fd = new FormData();
    fd.append('method', 'import');
    fd.append('mode', 'replace');
    fd.append(
      'file',
      new Blob([
        `number,name,name_en,category_ids,url\r\n5,Imported,Imported,${ids.class2},udp://239.0.0.5:5000\r\n`,
      ]),
      'live.csv',
    );
    const r = await s.call<{ inserted: number }>(OPS_LIVE, fd, at('2'));
    expect(r.data, r.msg).toMatchObject({ inserted: 1 });
    expect((await rows(OPS_LIVE, '2')).map((x) => x.name)).toEqual(['Imported']);
    expect((await rows(OPS_LIVE, '1')).map((x) => x.id)).toEqual([ids.live1]);
    // a reference to another site's category is a row error, and nothing is written
    const bad = new FormData();
    bad.append('method', 'import');
    bad.append(
      'file',
      new Blob([`number,name,name_en,category_ids,url\r\n6,Bad,Bad,${ids.class1},udp://239.0.0.6:5000\r\n`]),
      'live.csv',
    );
    const refused = await s.call<{ inserted: number; errors: { field: string }[] }>(OPS_LIVE, bad, at('2'));
    expect(refused.data.inserted).toBe(0);
    expect(refused.data.errors[0]).toMatchObject({ line: 2, field: 'category_ids' });
  });

  it('an account limited to site 1 sees only site 1, and is refused site 2 with 403', async () => {
    await setAccountSites(s, 'admin', '1');
    try {
      const limited = await s.login('admin', 'admin123', 1);
      const none = { token: limited, headers: { 'igs-cid': '0' } };
      const all = await s.call<List<Row>>(OPS_CLASS, { method: 'list' }, none);
      expect(all.data.list.map((r) => r.site_id)).toEqual([1]);
      for (const body of [
        { method: 'list' },
        { method: 'detail', id: ids.class2 },
        { method: 'edit', id: ids.class2, name: 'x' },
        { method: 'del', ids: [ids.class2] },
        { method: 'export' },
      ]) {
        const path = body.method === 'export' ? OPS_LIVE : OPS_CLASS;
        const r = await s.call(
          path,
          body,
          at('2', () => limited),
        );
        expect(r.code, body.method).toBe(403);
      }
    } finally {
      // Back to every site, granted explicitly (auth/sites.ts: an empty list reaches none).
      await setAccountSites(s, 'admin', '*');
    }
    expect((await rows(OPS_CLASS, '2')).map((r) => r.name)).toEqual(['Sports']);
  });
});
