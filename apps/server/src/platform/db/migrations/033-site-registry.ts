import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * Sites and customers as records (issue 17 point 6).
 *
 * 1. `customers` and `sites`: the fleet registry, resource tables (contract resources/modules/
 *    fleet.ts) created here with the columns this migration fills, as the resource sync would;
 *    the sync adds the others after the migrations. A site's id is the site id of `igs-sids`.
 * 2. Grants move from comma-separated text (users.site_ids, roles.site_ids, at most 1,024
 *    characters) to join tables, `account_sites` and `role_sites`, and "every site" (`*` since
 *    migration 025) to an explicit flag, `all_sites`, on users and roles.
 * 3. Every site id already in use becomes a site record named "Site <id>", so nothing breaks: the
 *    ids of every grant and the sites holding records in any table with a `site_id` (site 0, the
 *    gateway's own records, only when a grant names it).
 * The text columns stay, emptied and read by nothing, so that an archive made before this
 * migration restores: its rows fill them, and the same conversion (`grantsFromText`, a data
 * upgrade of db/data-upgrades.ts) runs on them.
 */
export function siteRegistry(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  const registryTable = (db: Kysely<any>, name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', idType, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('state', 'text');
  return {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    async up(db: Kysely<any>) {
      await registryTable(db, 'fleet_customer').execute();
      await registryTable(db, 'fleet_site').addColumn('customer_id', 'integer').execute();
      await db.schema.createIndex('fleet_site_customer_idx').on('fleet_site').column('customer_id').execute();
      for (const [table, owner, ownerTable] of [
        ['account_sites', 'user_id', 'users'],
        ['role_sites', 'role_id', 'roles'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn(owner, 'integer', (c) => c.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
          .addColumn('site_id', 'integer', (c) => c.notNull().references('fleet_site.id').onDelete('cascade'))
          .addPrimaryKeyConstraint(`${table}_pk`, [owner, 'site_id'])
          .execute();
        await db.schema.createIndex(`${table}_site_idx`).on(table).column('site_id').execute();
        await db.schema
          .alterTable(ownerTable)
          .addColumn('all_sites', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }

      await grantsFromText(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      for (const [table, owner, ownerTable] of [
        ['account_sites', 'user_id', 'users'],
        ['role_sites', 'role_id', 'roles'],
      ] as const) {
        const rows = await db.selectFrom(table).select([owner, 'site_id']).execute();
        const byOwner = new Map<number, number[]>();
        for (const r of rows)
          byOwner.set(Number(r[owner]), [...(byOwner.get(Number(r[owner])) ?? []), r.site_id]);
        for (const [id, sites] of byOwner)
          await db
            .updateTable(ownerTable)
            .set({ site_ids: sites.join(',') })
            .where('id', '=', id)
            .execute();
        await db.updateTable(ownerTable).set({ site_ids: '*' }).where('all_sites', '=', 1).execute();
        await db.schema.alterTable(ownerTable).dropColumn('all_sites').execute();
        await db.schema.dropTable(table).execute();
      }
      await db.schema.dropTable('fleet_site').execute();
      await db.schema.dropTable('fleet_customer').execute();
    },
  };
}

/**
 * Turns the text grants of users and roles (`*`, `1,2`) into `all_sites` and join rows, registers
 * every site id in use that the registry lacks as "Site <id>", then empties the text. Run by the
 * migration and, on the rows of an older archive, by a restore.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function grantsFromText(db: Kysely<any>): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'site_ids']).execute();
  const roles = await db.selectFrom('roles').select(['id', 'site_ids', 'mode']).execute();
  const used = new Set<number>();
  const grants = (rows: { id: number; site_ids: string | null }[]) =>
    rows.map((r) => {
      const text = String(r.site_ids ?? '').trim();
      const ids = text === '*' ? [] : parseIds(text);
      for (const id of ids) used.add(id);
      return { id: Number(r.id), all: text === '*', ids };
    });
  const userGrants = grants(users);
  const roleGrants = grants(roles.filter((r) => r.mode === 'operations'));
  for (const id of await sitesHoldingRecords(db)) used.add(id);

  const known = new Set((await db.selectFrom('fleet_site').select('id').execute()).map((r) => Number(r.id)));
  const now = Date.now();
  const fresh = [...used].filter((id) => !known.has(id)).sort((a, b) => a - b);
  for (const chunk of chunks(fresh, 500))
    await db
      .insertInto('fleet_site')
      .values(
        chunk.map((id) => ({
          id,
          site_id: 0,
          created_at: now,
          updated_at: now,
          name: `Site ${id}`,
          state: 'active',
        })),
      )
      .execute();
  // Explicit ids leave PostgreSQL's sequence behind: the next site added must not collide.
  if (fresh.length && isPostgres(db))
    await sql`select setval(pg_get_serial_sequence('fleet_site', 'id'), (select max(id) from fleet_site))`.execute(
      db,
    );

  for (const [list, table, owner, ownerTable] of [
    [userGrants, 'account_sites', 'user_id', 'users'],
    [roleGrants, 'role_sites', 'role_id', 'roles'],
  ] as const) {
    for (const g of list) {
      if (g.all) await db.updateTable(ownerTable).set({ all_sites: 1 }).where('id', '=', g.id).execute();
      for (const chunk of chunks(g.ids, 500))
        await db
          .insertInto(table)
          .values(chunk.map((site_id) => ({ [owner]: g.id, site_id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
    }
  }
  await db.updateTable('users').set({ site_ids: '' }).execute();
  await db.updateTable('roles').set({ site_ids: '' }).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see grantsFromText
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function parseIds(text: string): number[] {
  const ids = text
    .split(',')
    .filter((part) => part.trim() !== '')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0);
  return [...new Set(ids)];
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The sites other than 0 holding records in any table with a `site_id`: each such table has an
 * index led by site_id (the resource sync's `<table>_site_created_idx`), so a distinct read of it
 * is cheap.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function sitesHoldingRecords(db: Kysely<any>): Promise<number[]> {
  const tables = (await db.introspection.getTables()).filter(
    (t) => t.columns.some((c) => c.name === 'site_id') && !['fleet_site', 'fleet_customer'].includes(t.name),
  );
  const found = new Set<number>();
  for (const t of tables) {
    const rows = await db.selectFrom(t.name).select('site_id').distinct().where('site_id', '<>', 0).execute();
    for (const r of rows)
      if (Number.isInteger(Number(r.site_id)) && Number(r.site_id) > 0) found.add(Number(r.site_id));
  }
  return [...found];
}
