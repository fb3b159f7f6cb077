import { resourceByName } from '@igs/contract/resources';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listPage } from '../src/platform/resources/list-page.ts';
import { applyFilters, listTotal, untyped } from '../src/platform/resources/queries.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Lists over a fleet's very large sets (issue 17 item 7): a total is exact up to a bound; past it,
 * on PostgreSQL, the planner's estimate marked as one (the console says "about"), so a page over
 * the whole terminal table does not read every row to count them (SQLite counts exactly); the
 * keyword search over every site finds a terminal by any part of its name or serial number
 * through a trigram index (pg_trgm) rather than reading the table.
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

  it.skipIf(kind !== 'postgres')('searches every site by keyword through the trigram indexes', async () => {
    const def = resourceByName('index:app_list')!;
    const q = applyFilters(kind, def, untyped(s.app.db.kysely).selectFrom(def.table), {}, 'ox 4');
    const rows = (await q.select('name').execute()) as { name: string }[];
    expect(rows.map((r) => r.name).sort()).toEqual([
      'Box 4',
      'Box 40',
      'Box 41',
      'Box 42',
      'Box 43',
      'Box 44',
      'Box 45',
      'Box 46',
      'Box 47',
      'Box 48',
      'Box 49',
    ]);
    // The plan with sequential scans ruled out (the table is small here) must use the indexes.
    const compiled = q.select('id').compile();
    const plan = await s.app.db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/smart_terminal_name_trgm_idx/);
    expect(plan).toMatch(/smart_terminal_sn_trgm_idx/);
  });

  it.skipIf(kind !== 'postgres')(
    'takes a searched page from the trigram matches first, not from a walk of the primary key',
    async () => {
      const def = resourceByName('index:app_list')!;
      const q = applyFilters(kind, def, untyped(s.app.db.kysely).selectFrom(def.table), {}, 'ox 4');
      const page = listPage(untyped(s.app.db.kysely), kind, def, q, { keyword: 'ox 4', page: 1, limit: 20 });
      expect(((await page.execute()) as { name: string }[]).map((r) => r.name)).toEqual([
        'Box 49',
        'Box 48',
        'Box 47',
        'Box 46',
        'Box 45',
        'Box 44',
        'Box 43',
        'Box 42',
        'Box 41',
        'Box 40',
        'Box 4',
      ]);
      const compiled = page.compile();
      const plan = await s.app.db.kysely.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain analyze ${compiled.sql}`, [...compiled.parameters]),
        );
        return r.rows.map((x) => x['QUERY PLAN']).join('\n');
      });
      // The matches, materialized, from the trigram indexes; the ordered walk (for a common word)
      // never runs for these 11 (list-pages.test.ts checks what each reads on larger data).
      expect(plan).toMatch(/CTE m\n\s+-> {2}Bitmap Heap Scan on smart_terminal/);
      expect(plan).toMatch(/trgm_idx/);
      expect(plan).not.toMatch(/Index Scan Backward using smart_terminal_pkey[^\n]*\(actual time=[^n]/);
    },
  );
});
