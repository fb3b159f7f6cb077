import { Paths } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_CUSTOMERS, DEMO_SITES } from '../src/features/demo/hotel/fleet.ts';
import { type DemoResult, seedDemo } from '../src/features/demo/seed.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * `--demo` seeds operations mode too (features/demo/hotel/fleet.ts): customers and named sites in
 * the registry, each with its own set-top boxes, access points and ONTs, so the operations home
 * and the site pickers show real sites. Read back over HTTP, as the console reads them.
 */

type List<T> = { list: T[]; total: number };

describeEachDb('demo fleet', (kind) => {
  let s: TestServer;
  let ops: string;
  let result: DemoResult;
  const list = <T>(endpoint: string, sites?: number) =>
    s.call<List<T>>(
      endpoint,
      { method: 'list', limit: 100 },
      { token: ops, headers: sites === undefined ? {} : { 'igs-sids': String(sites) } },
    );

  beforeAll(async () => {
    s = await startServer(kind, { demo: true });
    result = await seedDemo(s.app);
    ops = await s.login('admin', 'admin123', 1);
  }, 120_000);
  afterAll(async () => s?.close());

  it('registers the demo customers and named sites, each site owned as described', async () => {
    expect(result.seeded).toBe(true);
    const customers = await list<{ id: number; name: string }>(resourceByName('fleet:customer')!.endpoint);
    expect(customers.code, customers.msg).toBe(200);
    const customerId = new Map(customers.data.list.map((c) => [c.name, c.id]));
    for (const c of DEMO_CUSTOMERS) expect(customerId.has(c.name), c.name).toBe(true);
    // Chinese and English names, as the demo names everything.
    expect(DEMO_CUSTOMERS.every((c) => /\p{Script=Han}/u.test(c.name) && /[A-Za-z]/.test(c.name))).toBe(true);
    const sites = await list<{ id: number; name: string; customer_id: number | null; state: string }>(
      resourceByName('fleet:site')!.endpoint,
    );
    for (const site of DEMO_SITES) {
      const row = sites.data.list.find((r) => r.name === site.name);
      expect(row, site.name).toMatchObject({
        state: 'active',
        customer_id: site.customer
          ? customerId.get(DEMO_CUSTOMERS.find((c) => c.key === site.customer)!.name)
          : null,
      });
      expect(result.fleet.sites.find((x) => x.name === site.name)?.id).toBe(row!.id);
    }
  });

  it("each demo site holds its own terminals, access points and ONTs, and no other site's", async () => {
    const counts = new Map<string, number>();
    for (const site of result.fleet.sites) {
      const spec = DEMO_SITES.find((d) => d.name === site.name)!;
      // The boxes over HTTP, as the site's terminal page lists them.
      const terminals = await list<{ site_id: number }>(
        resourceByName('index:app_list')!.opsEndpoint!,
        site.id,
      );
      expect(terminals.code, terminals.msg).toBe(200);
      expect(terminals.data.total, site.name).toBe(spec.rooms.length);
      expect(terminals.data.list.every((x) => x.site_id === site.id)).toBe(true);
      // APs and CPEs have no operations page: their rows, at the site, which the home counts.
      for (const [resource, n] of [
        ['ac:ap', spec.aps.length],
        ['tr069:device', spec.onts],
      ] as const) {
        const rows = await s.app.db.kysely
          .selectFrom(resourceByName(resource)!.table as 'ac_ap')
          .select('site_id')
          .where('site_id', '=', site.id)
          .execute();
        expect(rows.length, `${resource} at ${site.name}`).toBe(n);
        counts.set(resource, (counts.get(resource) ?? 0) + n);
      }
      counts.set('index:app_list', (counts.get('index:app_list') ?? 0) + spec.rooms.length);
      // Authorised boxes and one waiting for authorisation, as a real site has.
      const boxes = await list<{ state: string }>(resourceByName('index:app_list')!.opsEndpoint!, site.id);
      expect(new Set(boxes.data.list.map((b) => b.state))).toEqual(new Set(['authorized', 'pending']));
    }
    expect(counts.get('index:app_list')).toBeGreaterThanOrEqual(12);
  });

  it('the operations home shows a card set for every demo site', async () => {
    const ids = result.fleet.sites.map((x) => x.id);
    const home = await s.call<{
      sites: { site_id: number; cards: { key: string; value: number | null; total?: number | null }[] }[];
    }>(Paths.operationsHome, {}, { token: ops, headers: { 'igs-sids': ids.join(',') } });
    expect(home.code, home.msg).toBe(200);
    expect(home.data.sites.map((x) => x.site_id).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    // Real cards: every demo site has figures (its boxes at least), not an empty set.
    for (const site of home.data.sites)
      expect(
        site.cards.some((c) => Number(c.total ?? 0) > 0 || Number(c.value ?? 0) > 0),
        `site ${site.site_id}`,
      ).toBe(true);
  });
});
