import { resources } from '@igs/contract/resources';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminQuery,
  type Instance,
  postgresUnavailable,
  scratchDatabase,
  startOver,
} from './support/postgres.ts';

/**
 * Issue 17 point 3: instances started at once on one PostgreSQL database all come up. The
 * migrations, the resource tables and the seed run under one advisory lock (database.ts
 * underSchemaLock); without it two instances creating the same table at once failed with
 * `duplicate key value violates unique constraint "pg_type_typname_nsp_index"`. PostgreSQL only:
 * SQLite has one instance per data file by design.
 */

const reason = await postgresUnavailable();
if (reason) console.warn(`SKIPPED "concurrent start [postgres]": ${reason}`);

const open: Instance[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.allSettled(open.splice(0).map((s) => s.close()));
  for (const drop of drops) await drop().catch(() => {});
}, 60_000);

async function startTogether(url: string, count: number): Promise<void> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startOver(url)));
  for (const r of started) if (r.status === 'fulfilled') open.push(r.value);
  const failures = started.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
  expect(failures).toEqual([]);
}

async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((s) => s.close()));
}

describe.skipIf(reason !== null)('concurrent start [postgres]', () => {
  it('four instances started at once on a fresh database all come up and serve a sign-in', async () => {
    const db = await scratchDatabase();
    drops.push(db.drop);
    await startTogether(db.url, 4);
    for (const s of open) expect((await s.signIn()).code).toBe(200);
    // One seeded administrator, not one per instance.
    const admins = await adminQuery(db.url, `select count(*)::int as n from users where username = 'admin'`);
    expect(admins.rows[0].n).toBe(1);
    await closeAll();
  }, 120_000);

  it('four instances started at once on a database that needs a migration and a resource table all come up', async () => {
    const db = await scratchDatabase();
    drops.push(db.drop);
    await startTogether(db.url, 1);
    await closeAll();
    // Undo one migration (its row and what it made) and drop one resource table: the next start
    // has both to do again, and four instances try at once.
    await adminQuery(db.url, `drop index uploads_user_idx`);
    await adminQuery(db.url, `delete from kysely_migration where name = '024-upload-owner-index'`);
    const table = resources[0]!.table;
    await adminQuery(db.url, `drop table ${table}`);

    await startTogether(db.url, 4);
    for (const s of open) expect((await s.signIn()).code).toBe(200);
    const migrated = await adminQuery(
      db.url,
      `select count(*)::int as n from kysely_migration where name = '024-upload-owner-index'`,
    );
    expect(migrated.rows[0].n).toBe(1);
    const index = await adminQuery(db.url, `select 1 from pg_indexes where indexname = 'uploads_user_idx'`);
    expect(index.rowCount).toBe(1);
    const back = await adminQuery(db.url, `select to_regclass($1) is not null as present`, [table]);
    expect(back.rows[0].present).toBe(true);
    await closeAll();
  }, 180_000);
});
