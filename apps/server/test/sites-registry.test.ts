import { hashPassword, Paths } from '@igs/contract';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../src/platform/db/database.ts';
import { ADMINISTRATOR, AUTHORITY, addAccount, adminRoleId, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { addCustomer, registerSites, setAccountSites } from './support/sites.ts';
import { rowCount } from './support/table-snapshot.ts';

/**
 * Sites and customers as records (issue 17 point 6; platform/auth/sites.ts,
 * platform/sites/registry.ts): the registry's pages, grants through join tables (10,000 sites per
 * account), `igs-cid` narrowing a call to one customer, and a call naming an unregistered,
 * ungranted or suspended site refused without changing anything.
 */
const SITE = '/operations/fleet/site';
const CUSTOMER = '/operations/fleet/customer';
const OPS_CLASS = '/operations/media/live_type';
const OPS_DIR = '/operations/explorer/creat_dir';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0x01, 0x40, 0, 0, 0, 0xf0]),
  Buffer.alloc(64),
]);

type List<T = Record<string, unknown>> = { list: T[]; total: number };
type SiteRow = {
  id: number;
  name: string;
  customer_id: number | null;
  time_zone: string | null;
  state: string;
};

describeEachDb('site and customer registry', (kind) => {
  let s: TestServer;
  let admin: string;
  let ops: string;
  const as = (token: string, headers: Record<string, string> = {}) => ({ token, headers });
  const classNames = async (token: string, headers: Record<string, string> = {}) =>
    (
      await s.call<List<{ name: string; site_id: number }>>(
        OPS_CLASS,
        { method: 'list', limit: 200 },
        as(token, headers),
      )
    ).data.list
      .map((r) => `${r.site_id}:${r.name}`)
      .sort();
  const classCount = () => rowCount(s, 'media_live_type');

  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    ops = await s.login('admin', 'admin123', 1);
  });
  afterAll(async () => s.close());

  it('sites and customers are added, edited, listed, exported and deleted on their pages, whatever igs-sids names', async () => {
    const c = await s.call<{ id: number }>(
      CUSTOMER,
      { method: 'add', name: 'Hotel group', contact: 'Li 138' },
      as(ops),
    );
    expect(c.code, c.msg).toBe(200);
    const added = await s.call<{ id: number }>(
      SITE,
      {
        method: 'add',
        name: 'Beijing East',
        customer_id: c.data.id,
        time_zone: 'Asia/Shanghai',
        address: 'Road 1',
      },
      as(ops, { 'igs-sids': '1' }),
    );
    expect(added.code, added.msg).toBe(200);
    const detail = await s.call<SiteRow>(SITE, { method: 'detail', id: added.data.id }, as(ops));
    expect(detail.data).toMatchObject({ name: 'Beijing East', customer_id: c.data.id, state: 'active' });
    // A new site is a site at once: records may be written to it.
    const rec = await s.call(
      OPS_CLASS,
      { method: 'add', name: 'News' },
      as(ops, { 'igs-sids': String(added.data.id) }),
    );
    expect(rec.code, rec.msg).toBe(200);
    const edit = await s.call(SITE, { method: 'edit', id: added.data.id, state: 'suspended' }, as(ops));
    expect(edit.code, edit.msg).toBe(200);
    const list = await s.call<List<SiteRow>>(
      SITE,
      { method: 'list', limit: 100, filter: { state: 'suspended' } },
      as(ops),
    );
    expect(list.data.list.map((r) => r.name)).toEqual(['Beijing East']);
    const all = await s.call<List<SiteRow>>(
      SITE,
      { method: 'list', limit: 100 },
      as(ops, { 'igs-sids': '2' }),
    );
    expect(all.data.total).toBeGreaterThanOrEqual(10);
    const exp = await s.call<{ url: string }>(SITE, { method: 'export', format: 'csv' }, as(ops));
    expect(exp.code, exp.msg).toBe(200);
    const del = await s.call(CUSTOMER, { method: 'del', ids: [c.data.id] }, as(ops));
    // Still named by a site: kept (409), nothing deleted.
    expect(del.code).toBe(409);
    const site2 = await s.call(SITE, { method: 'del', ids: [added.data.id] }, as(ops));
    expect(site2.code, site2.msg).toBe(200);
    expect((await s.call(CUSTOMER, { method: 'del', ids: [c.data.id] }, as(ops))).code).toBe(200);
  });

  it('bad input is refused with the field named and changes nothing', async () => {
    const before = await s.call<List>(SITE, { method: 'list' }, as(ops));
    for (const [body, field] of [
      [{ method: 'add', name: '' }, 'name'],
      [{ method: 'add', name: 'Zone', time_zone: 'not a zone!' }, 'time_zone'],
      [{ method: 'add', name: 'Zone', customer_id: 9999 }, 'customer_id'],
      [{ method: 'add', name: 'Zone', state: 'closed' }, 'state'],
    ] as const) {
      const r = await s.call<unknown>(SITE, body, as(ops));
      expect(r.code, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(r), JSON.stringify(body)).toContain(field);
    }
    const dup = await s.call(SITE, { method: 'add', name: 'Test site 1' }, as(ops));
    expect(dup.code).toBe(409);
    expect((await s.call<List>(SITE, { method: 'list' }, as(ops))).data.total).toBe(before.data.total);
  });

  it('only an account that reaches every site of every customer manages the registry', async () => {
    await setAccountSites(s, 'admin', '1');
    try {
      const limited = await s.login('admin', 'admin123', 1);
      const r = await s.call(SITE, { method: 'list' }, as(limited));
      expect(r.code).toBe(403);
      expect(r.msg).toMatch(/every site/);
      expect((await s.call(SITE, { method: 'add', name: 'Sneaky' }, as(limited))).code).toBe(403);
    } finally {
      await setAccountSites(s, 'admin', '*');
    }
  });

  it('a write naming an unregistered or suspended site is refused and changes nothing; reads of a suspended site go on', async () => {
    const before = await classCount();
    for (const path of [OPS_CLASS, OPS_DIR]) {
      const body = path === OPS_CLASS ? { method: 'add', name: 'Ghost' } : { name: 'Ghost' };
      const r = await s.call(path, body, as(ops, { 'igs-sids': '999' }));
      expect(r.code, path).toBe(403);
      expect(r.msg).toBe('Site 999 is not registered; add it on the Sites page first');
    }
    await registerSites(s, [8]);
    await s.app.db.kysely.updateTable('fleet_site').set({ state: 'suspended' }).where('id', '=', 8).execute();
    try {
      const r = await s.call(OPS_CLASS, { method: 'add', name: 'Paused' }, as(ops, { 'igs-sids': '8' }));
      expect(r.code).toBe(403);
      expect(r.msg).toMatch(/Site 8 is suspended/);
      expect((await s.call(OPS_CLASS, { method: 'list' }, as(ops, { 'igs-sids': '8' }))).code).toBe(200);
      const fd = new FormData();
      fd.append('kind', 'image');
      fd.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'paused.png');
      const upload = await s.call(Paths.upload, fd, as(ops, { 'igs-sids': '8' }));
      expect(upload.code).toBe(403);
    } finally {
      await s.app.db.kysely.updateTable('fleet_site').set({ state: 'active' }).where('id', '=', 8).execute();
    }
    expect(await classCount()).toBe(before);
  });

  it('a box registering at a site that is not registered is refused and nothing is made', async () => {
    const r = await s.call('/api/terminal/register', { mac: '02:5e:60:00:99:01', site_id: 999 });
    expect(r).toMatchObject({ code: 404, msg: 'Site 999 is not registered; add it on the Sites page first' });
    const made = await s.app.db.kysely
      .selectFrom('smart_terminal')
      .select('id')
      .where('mac', '=', '02:5e:60:00:99:01')
      .execute();
    expect(made).toEqual([]);
    const ok = await s.call('/api/terminal/register', { mac: '02:5e:60:00:99:02', site_id: 4 });
    expect(ok.code, ok.msg).toBe(200);
  });

  it('a write to a site not granted is refused and changes nothing', async () => {
    await setAccountSites(s, 'admin', '1');
    try {
      const limited = await s.login('admin', 'admin123', 1);
      const before = await classCount();
      const r = await s.call(
        OPS_CLASS,
        { method: 'add', name: 'Elsewhere' },
        as(limited, { 'igs-sids': '2' }),
      );
      expect(r).toMatchObject({ code: 403, msg: 'Site 2 is not granted to this account' });
      const dir = await s.call(OPS_DIR, { name: 'Elsewhere' }, as(limited, { 'igs-sids': '2' }));
      expect(dir.code).toBe(403);
      expect(await classCount()).toBe(before);
    } finally {
      await setAccountSites(s, 'admin', '*');
    }
  });

  it("igs-cid narrows a call to one customer's sites; a customer's account sees only its own and is refused another", async () => {
    const a = await addCustomer(s, 'Customer A');
    const b = await addCustomer(s, 'Customer B');
    await registerSites(s, [21, 22], a);
    await registerSites(s, [23], b);
    for (const site of ['21', '22', '23'])
      expect(
        (await s.call(OPS_CLASS, { method: 'add', name: `Class ${site}` }, as(ops, { 'igs-sids': site })))
          .code,
      ).toBe(200);
    // The fleet account, narrowed by igs-cid.
    expect(await classNames(ops, { 'igs-cid': String(b) })).toEqual(['23:Class 23']);
    const unknown = await s.call(OPS_CLASS, { method: 'list' }, as(ops, { 'igs-cid': '9999' }));
    expect(unknown).toMatchObject({ code: 403, msg: 'Customer 9999 is not registered' });
    expect((await s.call(OPS_CLASS, { method: 'list' }, as(ops, { 'igs-cid': 'x' }))).code).toBe(400);
    // An account of customer A granted every site: A's sites only.
    const rid = await adminRoleId(s);
    const made = await s.call<{ id: number }>(
      ADMINISTRATOR,
      {
        method: 'add',
        username: 'ops_of_a',
        password: hashPassword(PASSWORD),
        role_id: rid,
        is_operations: 1,
        all_sites: 1,
        cid: a,
      },
      as(admin),
    );
    expect(made.code, made.msg).toBe(200);
    const ofA = await s.login('ops_of_a', PASSWORD, 1);
    expect(await classNames(ofA)).toEqual(['21:Class 21', '22:Class 22']);
    expect(await classNames(ofA, { 'igs-cid': String(a) })).toEqual(['21:Class 21', '22:Class 22']);
    const other = await s.call(OPS_CLASS, { method: 'list' }, as(ofA, { 'igs-cid': String(b) }));
    expect(other.code).toBe(403);
    expect(other.msg).toBe(`This account belongs to another customer and may not reach customer ${b}`);
    const before = await classCount();
    const write = await s.call(OPS_CLASS, { method: 'add', name: 'Into B' }, as(ofA, { 'igs-sids': '23' }));
    expect(write).toMatchObject({ code: 403, msg: 'Site 23 is not granted to this account' });
    expect(
      (await s.call(OPS_CLASS, { method: 'add', name: 'Into 1' }, as(ofA, { 'igs-sids': '1' }))).code,
    ).toBe(403);
    expect(await classCount()).toBe(before);
    // Nor does it manage the registry.
    expect((await s.call(SITE, { method: 'list' }, as(ofA))).code).toBe(403);
    // The account form keeps a customer's account to that customer's sites.
    const stray = await s.call(
      ADMINISTRATOR,
      { method: 'edit', id: made.data.id, all_sites: 0, site_ids: [21, 23] },
      as(admin),
    );
    expect(stray.code).toBe(422);
    expect(stray.msg).toBe(`site_ids: site 23 does not belong to customer ${a} of this account`);
    const noCustomer = await s.call(
      ADMINISTRATOR,
      { method: 'edit', id: made.data.id, cid: 9999 },
      as(admin),
    );
    expect(noCustomer).toMatchObject({ code: 422, msg: 'cid: customer 9999 is not registered' });
  });

  it('grants name registered sites only, through the account and role forms', async () => {
    const rid = await adminRoleId(s);
    const r = await s.call(
      ADMINISTRATOR,
      {
        method: 'add',
        username: 'ops_unknown',
        password: hashPassword(PASSWORD),
        role_id: rid,
        is_operations: 1,
        site_ids: [1, 12345],
      },
      as(admin),
    );
    expect(r).toMatchObject({ code: 422, msg: 'site_ids: site 12345 is not registered' });
    const users = await s.app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'ops_unknown')
      .execute();
    expect(users).toEqual([]);
    const role = await s.call(
      AUTHORITY,
      { method: 'add', name: 'ops_unknown_role', mode: 'operations', site_ids: [12345], all_sites: 0 },
      as(admin),
    );
    expect(role.code).toBe(422);
    expect(role.msg).toBe('site_ids: site 12345 is not registered');
  });

  it('an account granted 10,000 sites is stored, read back and scoped', async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => 100_001 + i);
    await registerSites(s, ids);
    const rid = await adminRoleId(s);
    const id = await addAccount(s, admin, {
      username: 'ops_many',
      role_id: rid,
      is_operations: 1,
      site_ids: ids,
    });
    const detail = await s.call<{ site_ids: number[]; all_sites: number }>(
      ADMINISTRATOR,
      { method: 'detail', id },
      as(admin),
    );
    expect(detail.code, detail.msg).toBe(200);
    expect(detail.data.all_sites).toBe(0);
    expect(detail.data.site_ids).toHaveLength(10_000);
    expect(detail.data.site_ids[9_999]).toBe(110_000);
    const many = await s.login('ops_many', PASSWORD, 1);
    const last = await s.call(
      OPS_CLASS,
      { method: 'add', name: 'Far away' },
      as(many, { 'igs-sids': '110000' }),
    );
    expect(last.code, last.msg).toBe(200);
    // No igs-sids: every granted site, in one query.
    expect(await classNames(many)).toEqual(['110000:Far away']);
    expect((await s.call(OPS_CLASS, { method: 'list' }, as(many, { 'igs-sids': '1' }))).code).toBe(403);
    // Edited with all 10,000 kept.
    const edit = await s.call(ADMINISTRATOR, { method: 'edit', id, nickname: 'Many' }, as(admin));
    expect(edit.code, edit.msg).toBe(200);
    const n = await s.app.db.kysely
      .selectFrom('account_sites')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(10_000);
  });
});

describeEachDb('migration 033 on a database that used sites before the registry', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('registers every site in use, moves the text grants, and undoes cleanly', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the text columns and older schema are untyped
    const db = s.app.db.kysely as Kysely<any>;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations(s.app.db.kind) },
      allowUnorderedMigrations: true,
    });
    const ops = await s.login('admin', 'admin123', 1);
    expect(
      (await s.call(OPS_CLASS, { method: 'add', name: 'Held' }, { token: ops, headers: { 'igs-sids': '3' } }))
        .code,
    ).toBe(200);
    // Back to the schema before the registry (later migrations undone first).
    const down = await migrator.migrateTo('032-file-store');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '033-site-registry', status: 'Success' });
    // As before the registry: grants as text, records at any site id.
    expect(
      await db.selectFrom('users').select('site_ids').where('username', '=', 'admin').executeTakeFirst(),
    ).toEqual({
      site_ids: '*',
    });
    const now = Date.now();
    await db
      .insertInto('media_live_type')
      .values({ site_id: 42, name: 'Old', created_at: now, updated_at: now })
      .execute();
    const role = await db
      .insertInto('roles')
      .values({
        name: 'old_ops_role',
        mode: 'operations',
        site_ids: '43,44',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const sites = (await db.selectFrom('fleet_site').select(['id', 'name']).orderBy('id').execute()) as {
      id: number;
      name: string;
    }[];
    expect(sites).toEqual([
      { id: 3, name: 'Site 3' },
      { id: 42, name: 'Site 42' },
      { id: 43, name: 'Site 43' },
      { id: 44, name: 'Site 44' },
    ]);
    const admin = await db
      .selectFrom('users')
      .select(['all_sites', 'site_ids'])
      .where('username', '=', 'admin')
      .executeTakeFirst();
    expect(admin).toEqual({ all_sites: 1, site_ids: '' });
    const granted = await db
      .selectFrom('role_sites')
      .select('site_id')
      .where('role_id', '=', role.id)
      .orderBy('site_id')
      .execute();
    expect(granted.map((g: { site_id: number }) => g.site_id)).toEqual([43, 44]);
  });
});
