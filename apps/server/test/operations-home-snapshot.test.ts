import { Paths } from '@igs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSiteFiguresIfDue } from '../src/features/home/site-figures.ts';
import { dbPoolSettings } from '../src/platform/config.ts';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import {
  describeEachDb,
  type Fleet,
  startInstances,
  startServer,
  type TestServer,
} from './support/server.ts';
import { registerSites, TEST_SITES } from './support/sites.ts';

/**
 * The operations home over kept-ready figures (issue 17, docs/performance.md "Fleet" point 3): the
 * per-site figures come from a snapshot one instance at a time refreshes (home/site-figures.ts);
 * a write shows after the next refresh, a snapshot older than two periods is computed again by
 * the call, the reply gives the fleet totals of every site asked beside a page of them, and an
 * account sees only its own sites' figures, in the page and in the totals.
 */

interface Card {
  key: string;
  value: number | null;
  total?: number;
}
interface OpsHome {
  sites: { site_id: number; name?: string; cards: Card[] }[];
  totals: Card[];
  total: number;
  page: number;
  limit: number;
  generated_at: string;
  figures_at: string;
}

/** Long enough that no timer refresh lands during a test: every refresh here is a pass the test runs. */
const PERIOD_S = 600;
const value = (cards: Card[], key: string) => cards.find((c) => c.key === key)?.value;
const siteCard = (h: OpsHome, site: number, key: string) =>
  value(h.sites.find((x) => x.site_id === site)!.cards, key);

/** Moves a test clock to 10:00 today, so that the periods a test lets pass stay within one day. */
function toMorning(s: TestServer) {
  const d = new Date(s.clock.now());
  s.clock.advance(new Date(d.getFullYear(), d.getMonth(), d.getDate(), 10).getTime() - s.clock.now());
}

/** A terminal calling in for the first time over the terminal API: a pending terminal of that site. */
async function register(s: TestServer, mac: string, site: number) {
  const r = await s.call(
    '/api/terminal/register',
    { mac, site_id: site },
    { headers: { 'accept-language': 'en' } },
  );
  expect(r.code, r.msg).toBe(200);
}

function homeOf(s: TestServer, token: string) {
  return async (body: Record<string, unknown> = {}, sites?: string) => {
    const r = await s.call<OpsHome>(Paths.operationsHome, body, {
      token,
      headers: sites ? { 'igs-sids': sites } : {},
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
}

describeEachDb('operations home from kept-ready figures', (kind) => {
  let s: TestServer;
  let home: ReturnType<typeof homeOf>;
  let twoThree: ReturnType<typeof homeOf>;
  let twoThreeToken: string;

  beforeAll(async () => {
    s = await startServer(kind, { homeFiguresRefreshS: PERIOD_S });
    toMorning(s);
    const admin = await s.login();
    // biome-ignore lint/suspicious/noExplicitAny: resource tables are created from the contract at start
    const db = s.app.db.kysely as any;
    const now = s.clock.now();
    const heard = formatDateTime(now - 10_000);
    const terminal = (site_id: number, n: number, state: string, last_seen: string | null = null) => ({
      site_id,
      mac: `02:5a:00:00:${site_id.toString(16).padStart(2, '0')}:${n.toString(16).padStart(2, '0')}`,
      state,
      last_seen,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('smart_terminal')
      .values([
        // Site 1: three online, one pending; site 2: two pending; site 3: one authorised, never heard.
        terminal(1, 1, 'authorized', heard),
        terminal(1, 2, 'authorized', heard),
        terminal(1, 3, 'authorized', heard),
        terminal(1, 4, 'pending'),
        terminal(2, 1, 'pending'),
        terminal(2, 2, 'pending'),
        terminal(3, 1, 'authorized'),
      ])
      .execute();
    await db
      .insertInto('shop_order')
      .values([2, 2, 5].map((site_id) => ({ site_id, state: 'pending', created_at: now, updated_at: now })))
      .execute();
    const all = await addRole(s, admin, {
      name: 'ops_fleet',
      mode: 'operations',
      menus: ['OperationsHome', 'OperationsTerminalAuth', 'OperationsMall'],
    });
    const two = await addRole(s, admin, {
      name: 'ops_two_three',
      mode: 'operations',
      menus: ['OperationsHome', 'OperationsTerminalAuth', 'OperationsMall'],
      site_ids: [2, 3],
    });
    await addAccount(s, admin, { username: 'ops_fleet', role_id: all, is_operations: 1 });
    await addAccount(s, admin, { username: 'ops_two_three', role_id: two, is_operations: 1 });
    home = homeOf(s, await s.login('ops_fleet', PASSWORD, 1));
    twoThreeToken = await s.login('ops_two_three', PASSWORD, 1);
    twoThree = homeOf(s, twoThreeToken);
  });
  afterAll(async () => s?.close());

  it('the fleet totals of every site asked, and the page of sites asked for', async () => {
    const first = await home({ page: 1, limit: 4 });
    expect(first.sites.map((x) => x.site_id)).toEqual([1, 2, 3, 4]);
    // Each site by its name in the registry (support/sites.ts registers them so).
    expect(first.sites.map((x) => x.name)).toEqual([
      'Test site 1',
      'Test site 2',
      'Test site 3',
      'Test site 4',
    ]);
    expect([first.total, first.page, first.limit]).toEqual([TEST_SITES.length, 1, 4]);
    expect(value(first.totals, 'terminals_total')).toBe(7);
    expect(value(first.totals, 'terminals_pending')).toBe(3);
    expect(first.totals.find((c) => c.key === 'terminals_online')).toMatchObject({ value: 3, total: 4 });
    // Site 5's order is off this page, not out of the totals.
    expect(value(first.totals, 'pending_orders')).toBe(3);
    expect(siteCard(first, 2, 'pending_orders')).toBe(2);
    expect(siteCard(first, 4, 'terminals_total')).toBe(0);
    expect((await home({ page: 3, limit: 4 })).sites.map((x) => x.site_id)).toEqual([9]);
    expect((await home({ page: 4, limit: 4 })).sites).toEqual([]);
    // Either bound alone pages with the other's default.
    expect((await home({ page: 1 })).limit).toBe(20);
    expect((await home({ limit: 2 })).sites.map((x) => x.site_id)).toEqual([1, 2]);
    // No paging asked: every site, as before paging existed.
    const every = await home();
    expect(every.sites.map((x) => x.site_id)).toEqual([...TEST_SITES]);
    expect([every.total, every.page, every.limit]).toEqual([TEST_SITES.length, 1, TEST_SITES.length]);
    expect(every.totals).toEqual(first.totals);
    expect(every.figures_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('sorts the sites by a figure before paging, ties by site id', async () => {
    const byTotal = await home({ page: 1, limit: 3, sort: 'terminals_total', order: 'desc' });
    expect(byTotal.sites.map((x) => x.site_id)).toEqual([1, 2, 3]);
    const byOrders = await home({ page: 1, limit: 3, sort: 'pending_orders', order: 'desc' });
    expect(byOrders.sites.map((x) => x.site_id)).toEqual([2, 5, 1]);
    const bySite = await home({ page: 1, limit: 2, sort: 'site', order: 'desc' });
    expect(bySite.sites.map((x) => x.site_id)).toEqual([9, 8]);
  });

  it('an account sees its own sites’ figures only, in the page and in the totals', async () => {
    const own = await twoThree({ page: 1, limit: 20 });
    expect(own.sites.map((x) => x.site_id)).toEqual([2, 3]);
    expect(own.total).toBe(2);
    expect(value(own.totals, 'terminals_total')).toBe(3);
    // Site 5's order, and site 1's terminals, are another account's business.
    expect(value(own.totals, 'pending_orders')).toBe(2);
    expect(own.totals.find((c) => c.key === 'terminals_online')).toMatchObject({ value: 0, total: 1 });
    const three = await twoThree({}, '3');
    expect(three.sites.map((x) => x.site_id)).toEqual([3]);
    expect(value(three.totals, 'terminals_total')).toBe(1);
    expect(value(three.totals, 'pending_orders')).toBe(0);
    const refused = await s.call(
      Paths.operationsHome,
      {},
      { token: twoThreeToken, headers: { 'igs-sids': '1' } },
    );
    expect(refused.code).toBe(403);
    // The fleet account naming two sites: their totals alone.
    const named = await home({}, '2,5');
    expect(named.total).toBe(2);
    expect(value(named.totals, 'pending_orders')).toBe(3);
    expect(value(named.totals, 'terminals_total')).toBe(2);
  });

  it('refuses a bad page, limit, sort or order (422) with the field named', async () => {
    for (const body of [{ page: 0 }, { limit: 201 }, { limit: 'x' }, { sort: 'nope' }, { order: 'up' }]) {
      const r = await s.call(Paths.operationsHome, body, { token: twoThreeToken });
      expect(r.code, JSON.stringify(body)).toBe(422);
      expect(r.msg, JSON.stringify(body)).toMatch(new RegExp(Object.keys(body)[0]!));
    }
  });

  it('a write shows after the next refresh, and the reply says when the figures were counted', async () => {
    const before = await home({}, '4');
    expect(siteCard(before, 4, 'terminals_pending')).toBe(0);
    await register(s, '02:5a:00:00:04:01', 4);
    s.clock.advance(2_000);
    const same = await home({}, '4');
    // The snapshot is fresh: served as it is, with its own time.
    expect(siteCard(same, 4, 'terminals_pending')).toBe(0);
    expect(same.figures_at).toBe(before.figures_at);
    expect(same.generated_at > same.figures_at).toBe(true);
    // A pass finds it younger than three quarters of a period and leaves it.
    expect(await refreshSiteFiguresIfDue(s.app)).toBe(false);
    s.clock.advance(PERIOD_S * 1000);
    expect(await refreshSiteFiguresIfDue(s.app)).toBe(true);
    const after = await home({}, '4');
    expect(siteCard(after, 4, 'terminals_pending')).toBe(1);
    expect(after.figures_at > before.figures_at).toBe(true);
    expect(value(after.totals, 'terminals_pending')).toBe(1);
  });

  it('a snapshot older than two periods is counted again by the call', async () => {
    const before = await home({}, '6');
    expect(siteCard(before, 6, 'terminals_pending')).toBe(0);
    await register(s, '02:5a:00:00:06:01', 6);
    s.clock.advance(PERIOD_S * 1000);
    // One period on, no refresh ran: still served, with its time.
    const served = await home({}, '6');
    expect(siteCard(served, 6, 'terminals_pending')).toBe(0);
    expect(served.figures_at).toBe(before.figures_at);
    s.clock.advance(PERIOD_S * 1000 + 1_000);
    const counted = await home({}, '6');
    expect(siteCard(counted, 6, 'terminals_pending')).toBe(1);
    expect(counted.figures_at > served.figures_at).toBe(true);
    expect(counted.figures_at <= counted.generated_at).toBe(true);
  });
});

describe('operations home figures with two instances over one PostgreSQL', () => {
  let fleet: Fleet | undefined;
  let a: TestServer;
  let b: TestServer;
  let homeA: ReturnType<typeof homeOf>;
  let homeB: ReturnType<typeof homeOf>;
  const advance = (ms: number) => {
    a.clock.advance(ms);
    b.clock.advance(ms);
  };

  beforeAll(async () => {
    try {
      fleet = await startInstances(2, { homeFiguresRefreshS: PERIOD_S });
    } catch (e) {
      console.warn(`SKIPPED two-instance home figures: ${(e as Error).message}`);
      return;
    }
    [a, b] = fleet.instances as [TestServer, TestServer];
    await registerSites(a, TEST_SITES);
    toMorning(a);
    toMorning(b);
    const token = await a.login('admin', 'admin123', 1);
    // One session, shared by both instances through the database.
    homeA = homeOf(a, token);
    homeB = homeOf(b, token);
  });
  afterAll(async () => fleet?.close());

  it('one instance of two refreshes; a write through one shows through the other after it', async (ctx) => {
    if (!fleet) return ctx.skip();
    await register(a, '02:5b:00:00:02:01', 2);
    const first = await homeB({}, '2');
    expect(siteCard(first, 2, 'terminals_pending')).toBe(1);
    await register(a, '02:5b:00:00:02:02', 2);
    expect(siteCard(await homeB({}, '2'), 2, 'terminals_pending')).toBe(1);
    advance(PERIOD_S * 1000);
    // Both instances' timers fire at once: one counts, the other finds it held or done.
    const ran = await Promise.all([refreshSiteFiguresIfDue(a.app), refreshSiteFiguresIfDue(b.app)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    const [fromA, fromB] = await Promise.all([homeA({}, '2'), homeB({}, '2')]);
    expect(siteCard(fromA, 2, 'terminals_pending')).toBe(2);
    expect(siteCard(fromB, 2, 'terminals_pending')).toBe(2);
    expect(fromA.figures_at).toBe(fromB.figures_at);
    expect(fromA.figures_at > first.figures_at).toBe(true);
  });

  it('an instance keeps its copy of the snapshot only until another instance refreshes it', async (ctx) => {
    if (!fleet) return ctx.skip();
    const first = await homeB({}, '4');
    const pending = siteCard(first, 4, 'terminals_pending')!;
    await register(a, '02:5b:00:00:04:01', 4);
    // B serves the snapshot it read, unchanged while it is.
    expect(siteCard(await homeB({}, '4'), 4, 'terminals_pending')).toBe(pending);
    advance(PERIOD_S * 1000);
    // A alone refreshes: B wrote nothing, and still shows the new figures at once.
    expect(await refreshSiteFiguresIfDue(a.app)).toBe(true);
    const after = await homeB({}, '4');
    expect(siteCard(after, 4, 'terminals_pending')).toBe(pending + 1);
    expect(after.figures_at > first.figures_at).toBe(true);
    // So does the home of every site (no igs-sids): its totals.
    expect(value((await homeB({ page: 1, limit: 20 })).totals, 'terminals_pending')).toBe(
      value((await homeA({ page: 1, limit: 20 })).totals, 'terminals_pending'),
    );
  });

  it('a stale snapshot is counted once for the callers of both instances', async (ctx) => {
    if (!fleet) return ctx.skip();
    const before = await homeA({}, '3');
    await register(b, '02:5b:00:00:03:01', 3);
    advance(2 * PERIOD_S * 1000 + 1_000);
    const replies = await Promise.all([homeA, homeB, homeA, homeB, homeA, homeB].map((h) => h({}, '3')));
    for (const r of replies) {
      expect(siteCard(r, 3, 'terminals_pending')).toBe(1);
      // The same snapshot for all: the first to get the lock counted, the others found it made.
      expect(r.figures_at).toBe(replies[0]!.figures_at);
    }
    expect(replies[0]!.figures_at > before.figures_at).toBe(true);
  });
});

describe('operations home figures over a pool of one connection [postgres]', () => {
  let fleet: Fleet | undefined;
  afterAll(async () => fleet?.close());

  it('a refresh counts on its own connection: the home answers with DB_POOL_SIZE=1', async (ctx) => {
    try {
      fleet = await startInstances(1, {
        homeFiguresRefreshS: PERIOD_S,
        dbPool: dbPoolSettings({ DB_POOL_SIZE: '1' }),
      });
    } catch (e) {
      console.warn(`SKIPPED home figures over one connection: ${(e as Error).message}`);
      return ctx.skip();
    }
    const s = fleet.instances[0]!;
    await registerSites(s, TEST_SITES);
    toMorning(s);
    const home = homeOf(s, await s.login('admin', 'admin123', 1));
    expect(siteCard(await home({}, '2'), 2, 'terminals_pending')).toBe(0);
    await register(s, '02:5b:00:00:02:41', 2);
    // Stale: the call counts every site again, while holding the lock's connection, the only one.
    s.clock.advance(2 * PERIOD_S * 1000 + 1_000);
    expect(siteCard(await home({}, '2'), 2, 'terminals_pending')).toBe(1);
    expect(await refreshSiteFiguresIfDue(s.app)).toBe(false);
    s.clock.advance(PERIOD_S * 1000);
    expect(await refreshSiteFiguresIfDue(s.app)).toBe(true);
  });
});
