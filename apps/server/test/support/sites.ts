import { sql } from 'kysely';
import type { TestServer } from './server.ts';

/**
 * The fleet registry in tests (issue 17 point 6): an operations call may name only registered
 * sites, so every test server starts with a small fleet of registered sites, 1 to 9 (startServer),
 * as a deployment registers its sites before using them. A test of unregistered sites uses ids
 * beyond them.
 */
export const TEST_SITES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** Registers these sites (skipping those that exist), optionally owned by a customer. */
export async function registerSites(s: Pick<TestServer, 'app'>, ids: readonly number[], customerId?: number) {
  const db = s.app.db.kysely;
  const now = Date.now();
  const existing = new Set(
    ids.length
      ? (
          await db
            .selectFrom('fleet_site')
            .select('id')
            .where('id', 'in', [...ids])
            .execute()
        ).map((r) => r.id)
      : [],
  );
  const fresh = ids.filter((id) => !existing.has(id));
  for (let i = 0; i < fresh.length; i += 1000)
    await db
      .insertInto('fleet_site')
      .values(
        fresh.slice(i, i + 1000).map((id) => ({
          id,
          site_id: 0,
          name: `Test site ${id}`,
          state: 'active',
          customer_id: customerId ?? null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  if (customerId !== undefined)
    await db
      .updateTable('fleet_site')
      .set({ customer_id: customerId })
      .where('id', 'in', [...ids])
      .execute();
  // Explicit ids leave PostgreSQL's sequence behind: a site added later must not collide.
  if (s.app.db.kind === 'postgres')
    await sql`select setval(pg_get_serial_sequence('fleet_site', 'id'), (select max(id) from fleet_site))`.execute(
      db,
    );
}

/** A registered customer: its id. */
export async function addCustomer(s: Pick<TestServer, 'app'>, name: string): Promise<number> {
  const now = Date.now();
  const r = await s.app.db.kysely
    .insertInto('fleet_customer')
    .values({ site_id: 0, name, state: 'active', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * The stored grant of an account or role as the columns helpers took before migration 033
 * (`site_ids: '*'` every site, `'1,2'` those, `''` none): turned into `all_sites` and join rows.
 */
export async function grantSitesText(
  s: Pick<TestServer, 'app'>,
  owner: 'account' | 'role',
  id: number,
  text: string,
): Promise<void> {
  const db = s.app.db.kysely;
  const all = text.trim() === '*' ? 1 : 0;
  const ids = all
    ? []
    : text
        .split(',')
        .filter((p) => p.trim() !== '')
        .map(Number);
  await registerSites(s, ids);
  if (owner === 'account') {
    await db.updateTable('users').set({ all_sites: all }).where('id', '=', id).execute();
    await db.deleteFrom('account_sites').where('user_id', '=', id).execute();
    if (ids.length)
      await db
        .insertInto('account_sites')
        .values(ids.map((site_id) => ({ user_id: id, site_id })))
        .execute();
  } else {
    await db.updateTable('roles').set({ all_sites: all }).where('id', '=', id).execute();
    await db.deleteFrom('role_sites').where('role_id', '=', id).execute();
    if (ids.length)
      await db
        .insertInto('role_sites')
        .values(ids.map((site_id) => ({ role_id: id, site_id })))
        .execute();
  }
}

/** Sets an account's grant by its username, as `grantSitesText` reads it (`*`, `1,2`, `''`). */
export async function setAccountSites(
  s: Pick<TestServer, 'app'>,
  username: string,
  text: string,
): Promise<void> {
  const u = await s.app.db.kysely
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await grantSitesText(s, 'account', u.id, text);
}
