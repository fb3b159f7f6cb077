import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ONLINE_WINDOW_S, sweepOfflineTerminals } from '../src/features/terminal-api/presence.ts';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { untyped } from '../src/platform/resources/queries.ts';
import {
  describeEachDb,
  type Fleet,
  startInstances,
  startServer,
  type TestServer,
} from './support/server.ts';

/**
 * The terminal offline check at fleet scale (issue 17 item 7): one pass flips every stale terminal
 * of every site in a fixed number of statements and writes their events in bulk, each with the
 * room its terminal is bound to; a heartbeat that arrived keeps its terminal online; on PostgreSQL
 * two instances sweeping at once share the work through the leader lock (one runs the pass).
 */

const TERMINALS = 1_200; // above the 500 rows per statement of the bulk steps

async function fill(s: TestServer | Fleet['instances'][number], count: number, stale: boolean) {
  const db = untyped(s.app.db.kysely);
  const now = s.clock.now();
  const seen = formatDateTime(now - (stale ? ONLINE_WINDOW_S + 60 : 5) * 1000);
  const room = await db
    .insertInto('system_area')
    .values({
      site_id: 7,
      name: 'Ward 3',
      code: stale ? '3-12' : '3-13',
      type: 'room',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = Array.from({ length: count }, (_, i) => ({
    site_id: 1 + (i % 40),
    mac: `02:00:00:${String(Math.floor(i / 256) % 256).padStart(2, '0')}:${(i % 256).toString(16).padStart(2, '0')}:${stale ? '01' : '02'}`,
    name: `Box ${i}`,
    state: 'authorized',
    online: 1,
    last_seen: seen,
    created_at: now,
    updated_at: now,
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 400)
    ids.push(
      ...(
        await db
          .insertInto('smart_terminal')
          .values(rows.slice(i, i + 400))
          .returning('id')
          .execute()
      ).map((r: { id: number }) => Number(r.id)),
    );
  // The first terminal is moved to site 7 and bound to the ward's room.
  await db.updateTable('smart_terminal').set({ site_id: 7 }).where('id', '=', ids[0]).execute();
  await db
    .insertInto('smart_binding')
    .values({ site_id: 7, terminal_id: ids[0], area_id: Number(room.id), created_at: now, updated_at: now })
    .execute();
  return ids;
}

const offlineEvents = async (s: { app: TestServer['app'] }) =>
  (await untyped(s.app.db.kysely)
    .selectFrom('smart_terminal_event')
    .select(['terminal', 'area', 'site_id', 'detail'])
    .where('type', '=', 'offline')
    .orderBy('id')
    .execute()) as { terminal: string; area: string; site_id: number; detail: string }[];

describeEachDb('terminal offline check over a fleet', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it('reads the online terminals by their last heartbeat through a partial index', async () => {
    const q =
      kind === 'postgres'
        ? sql<{
            def: string;
          }>`select indexdef as def from pg_indexes where indexname = 'smart_terminal_online_seen_idx'`
        : sql<{
            def: string;
          }>`select sql as def from sqlite_master where name = 'smart_terminal_online_seen_idx'`;
    const [index] = (await q.execute(s.app.db.kysely)).rows;
    expect(index?.def).toMatch(/last_seen/);
    expect(index?.def).toMatch(/where.*online.*=\s*1/i);
  });

  it('flips every stale terminal of every site in one pass and writes their events with their rooms', async () => {
    const stale = await fill(s, TERMINALS, true);
    const fresh = await fill(s, 30, false);
    expect(await sweepOfflineTerminals(s.app)).toBe(TERMINALS);
    const events = await offlineEvents(s);
    expect(events).toHaveLength(TERMINALS);
    expect(events.find((e) => e.terminal === 'Box 0')).toMatchObject({ area: '3-12', site_id: 7 });
    expect(new Set(events.map((e) => e.site_id)).size).toBe(40);
    expect(events[1]!.detail).toBeTruthy();
    const online = (await untyped(s.app.db.kysely)
      .selectFrom('smart_terminal')
      .select(['id', 'online'])
      .execute()) as { id: number; online: number }[];
    const byId = new Map(online.map((r) => [Number(r.id), Number(r.online)]));
    expect(stale.every((id) => byId.get(id) === 0)).toBe(true);
    expect(fresh.every((id) => byId.get(id) === 1)).toBe(true);
    // Nothing left: the next pass writes nothing.
    expect(await sweepOfflineTerminals(s.app)).toBe(0);
    expect(await offlineEvents(s)).toHaveLength(TERMINALS);
  });
});

it('two instances on PostgreSQL: one pass each round, each terminal once', async () => {
  let fleet: Fleet | undefined;
  try {
    fleet = await startInstances(2);
  } catch (e) {
    console.warn(`SKIPPED two-instance offline check: ${(e as Error).message}`);
    return;
  }
  try {
    const [a, b] = fleet.instances as [TestServer, TestServer];
    await fill(a, 600, true);
    const [x, y] = await Promise.all([sweepOfflineTerminals(a.app), sweepOfflineTerminals(b.app)]);
    // Either one instance took the pass (the other skipped), or they ran one after the other and
    // the second found nothing: 600 in all, each event once.
    expect(x + y).toBe(600);
    expect(Math.min(x, y)).toBe(0);
    expect(await offlineEvents(a)).toHaveLength(600);
  } finally {
    await fleet.close();
  }
});
