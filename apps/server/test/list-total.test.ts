import { afterAll, beforeAll, expect, it } from 'vitest';
import { listTotal, untyped } from '../src/platform/resources/queries.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * A list's total over a very large set (issue 17 item 7): exact up to a bound; past it, on
 * PostgreSQL, the planner's estimate marked as one (the console says "about"), so a page over a
 * fleet's whole terminal table does not read every row to count them. SQLite counts exactly.
 */

describeEachDb('list totals', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    const db = untyped(s.app.db.kysely);
    const now = s.clock.now();
    await db
      .insertInto('smart_terminal')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          site_id: 1 + (i % 3),
          mac: `02:00:00:00:01:${i.toString(16).padStart(2, '0')}`,
          name: `Box ${i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
  afterAll(async () => s?.close());

  const query = (sites: number[] | null) => {
    const q = untyped(s.app.db.kysely).selectFrom('smart_terminal');
    return sites ? q.where('site_id', 'in', sites) : q;
  };

  it('counts exactly up to the bound', async () => {
    expect(await listTotal(untyped(s.app.db.kysely), kind, query([1]), 50)).toEqual({ total: 20 });
    expect(await listTotal(untyped(s.app.db.kysely), kind, query(null), 60)).toEqual({ total: 60 });
  });

  it('past the bound gives an estimate, marked, never below the bound (PostgreSQL); SQLite stays exact', async () => {
    const r = await listTotal(untyped(s.app.db.kysely), kind, query(null), 10);
    if (kind === 'postgres') {
      expect(r.estimated).toBe(true);
      expect(r.total).toBeGreaterThan(10);
    } else {
      expect(r).toEqual({ total: 60 });
    }
  });
});
