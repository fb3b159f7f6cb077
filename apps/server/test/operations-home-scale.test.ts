import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { untyped } from '../src/platform/resources/queries.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { registerSites } from './support/sites.ts';

/**
 * The operations home over many sites (issue 17 item 7): a fixed number of queries, each grouped
 * by site, whatever the number of sites asked (it was about 11 per site), with each site's own
 * figures.
 */

const HOME = '/operations/bulletin_board/home';
const SITES = Array.from({ length: 400 }, (_, i) => i + 1);

interface Card {
  key: string;
  value: number | null;
  total?: number;
}
interface Home {
  sites: { site_id: number; cards: Card[] }[];
}

/** Counts the statements the server runs (every Kysely query passes its plugins). */
class QueryCounter implements KyselyPlugin {
  n = 0;
  transformQuery(args: { node: RootOperationNode }): RootOperationNode {
    this.n += 1;
    return args.node;
  }
  async transformResult<R>(args: { result: R }): Promise<R> {
    return args.result;
  }
}

describeEachDb('operations home over many sites', (kind) => {
  let s: TestServer;
  let ops: string;
  const counter = new QueryCounter();

  beforeAll(async () => {
    s = await startServer(kind);
    await registerSites(s, SITES);
    const now = s.clock.now();
    // Site n has n % 4 terminals, one of them pending; every fifth site a pending order.
    const terminals = SITES.flatMap((site) =>
      Array.from({ length: site % 4 }, (_, i) => ({
        site_id: site,
        mac: `02:10:${(site >> 8).toString(16).padStart(2, '0')}:${(site & 255).toString(16).padStart(2, '0')}:00:0${i}`,
        state: i === 0 ? 'pending' : 'authorized',
        created_at: now,
        updated_at: now,
      })),
    );
    const db = untyped(s.app.db.kysely);
    for (let i = 0; i < terminals.length; i += 300)
      await db
        .insertInto('smart_terminal')
        .values(terminals.slice(i, i + 300))
        .execute();
    ops = await s.login('admin', 'admin123', 1);
    // From here every statement the server runs is counted.
    const dbHandle = s.app.db as { kysely: typeof s.app.db.kysely };
    dbHandle.kysely = dbHandle.kysely.withPlugin(counter);
  });
  afterAll(async () => s?.close());

  const home = async (sites: number[]) => {
    const before = counter.n;
    const r = await s.call<Home>(HOME, {}, { token: ops, headers: { 'igs-sids': sites.join(',') } });
    expect(r.code, r.msg).toBe(200);
    return { data: r.data, queries: counter.n - before };
  };

  it('runs as many queries for 400 sites as for 4, and gives each site its own figures', async () => {
    await home(SITES.slice(0, 1)); // the session's caches (caller, grants) filled first
    const few = await home(SITES.slice(0, 4));
    const many = await home(SITES);
    expect(many.data.sites).toHaveLength(400);
    // The fewer statements of two calls each: the server's short caches (of a second or so, on the
    // real clock) expire now and then between two calls and add their reads to one of them; on a
    // slow machine that was the first (the fresh-clone CI run saw 4 statements against 3).
    const fewest = async (sites: number[], first: number) => Math.min(first, (await home(sites)).queries);
    expect(await fewest(SITES, many.queries)).toBe(await fewest(SITES.slice(0, 4), few.queries));
    const card = (site: number, key: string) =>
      many.data.sites.find((x) => x.site_id === site)!.cards.find((c) => c.key === key)?.value;
    for (const site of [1, 2, 3, 4, 7, 398, 399]) {
      expect(card(site, 'terminals_total'), `site ${site}`).toBe(site % 4);
      expect(card(site, 'terminals_pending'), `site ${site}`).toBe(site % 4 ? 1 : 0);
    }
  });
});
