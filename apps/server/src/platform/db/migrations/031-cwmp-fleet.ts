import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * CWMP behind a load balancer (issue 17 point 9).
 *
 * 1. One CPE row per device identity: a unique index on tr069_device (oui, product_class,
 *    serial_number), so two instances registering the same new CPE at once make one row (the ACS
 *    inserts with ON CONFLICT, features/cwmp/devices.ts). Rows with a NULL part never collide (a
 *    row made by hand without an identity); the ACS always writes all three.
 *    Existing duplicates are merged first, deterministically: the lowest id of each identity is
 *    kept; the others' tasks and parameters move to it (a path the kept row already has keeps its
 *    own value), an editable field the kept row left empty (tags, template, area, remark) takes
 *    the first duplicate's value by id, and the duplicates are deleted.
 *    tr069_device is a resource table (created after the migrations by the resource sync): on a
 *    fresh database this migration creates it with its identity columns, as the sync would, and the
 *    sync adds the others.
 * 2. cwmp_sessions: a CWMP session kept where every instance sees it (features/cwmp/sessions.ts):
 *    the cookie's key, the device, the namespace, the task whose RPC the CPE has not answered yet.
 *    A partial unique index allows one RPC in flight per device, whichever instance sent it.
 */
export function cwmpFleet(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
      if (tables.has('tr069_device')) await mergeDuplicates(db);
      else
        await db.schema
          .createTable('tr069_device')
          .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) =>
            kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('updated_at', time, (c) => c.notNull())
          .addColumn('oui', 'text')
          .addColumn('product_class', 'text')
          .addColumn('serial_number', 'text')
          .execute();
      await db.schema
        .createIndex('tr069_device_identity_uq')
        .unique()
        .on('tr069_device')
        .columns(['oui', 'product_class', 'serial_number'])
        .execute();

      await db.schema
        .createTable('cwmp_sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('ns', 'varchar(64)', (c) => c.notNull())
        .addColumn('inflight_task', 'integer')
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cwmp_sessions_expires_idx')
        .on('cwmp_sessions')
        .column('expires_at')
        .execute();
      await db.schema
        .createIndex('cwmp_sessions_device_idx')
        .on('cwmp_sessions')
        .column('device_id')
        .execute();
      await db.schema
        .createIndex('cwmp_sessions_one_rpc_uq')
        .unique()
        .on('cwmp_sessions')
        .column('device_id')
        .where(sql.ref('inflight_task'), 'is not', null)
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('cwmp_sessions').ifExists().execute();
      await db.schema.dropIndex('tr069_device_identity_uq').ifExists().execute();
    },
  };
}

const EDITABLE = ['tags', 'template_id', 'area_id', 'remark'] as const;
const empty = (v: unknown) => v === null || v === undefined || v === '' || v === '[]';

/** Merges the rows of each duplicated identity into its lowest id (the rule above). */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function mergeDuplicates(db: Kysely<any>): Promise<void> {
  const groups = await db
    .selectFrom('tr069_device')
    .select(['oui', 'product_class', 'serial_number'])
    .where('oui', 'is not', null)
    .where('product_class', 'is not', null)
    .where('serial_number', 'is not', null)
    .groupBy(['oui', 'product_class', 'serial_number'])
    .having(sql`count(*)`, '>', 1)
    .execute();
  const columns = new Set(
    (await db.introspection.getTables()).find((t) => t.name === 'tr069_device')?.columns.map((c) => c.name),
  );
  const editable = EDITABLE.filter((c) => columns.has(c));
  for (const g of groups) {
    const rows = await db
      .selectFrom('tr069_device')
      .selectAll()
      .where('oui', '=', g.oui)
      .where('product_class', '=', g.product_class)
      .where('serial_number', '=', g.serial_number)
      .orderBy('id')
      .execute();
    const [keep, ...dups] = rows;
    if (!keep || !dups.length) continue;
    const dupIds = dups.map((r) => Number(r.id));
    const keepId = Number(keep.id);
    const fill: Record<string, unknown> = {};
    for (const c of editable) {
      if (!empty(keep[c])) continue;
      const from = dups.find((r) => !empty(r[c]));
      if (from) fill[c] = from[c];
    }
    if (Object.keys(fill).length)
      await db.updateTable('tr069_device').set(fill).where('id', '=', keepId).execute();
    await db
      .updateTable('device_tasks')
      .set({ device_id: keepId })
      .where('domain', '=', 'tr069')
      .where('device_id', 'in', dupIds)
      .execute();
    // The kept row's own parameters win; a path only a duplicate reported moves over.
    const kept = new Set(
      (await db.selectFrom('tr069_parameters').select('path').where('device_id', '=', keepId).execute()).map(
        (r) => String(r.path),
      ),
    );
    const moving = await db
      .selectFrom('tr069_parameters')
      .selectAll()
      .where('device_id', 'in', dupIds)
      .orderBy('device_id')
      .execute();
    for (const p of moving) {
      if (kept.has(String(p.path))) continue;
      kept.add(String(p.path));
      await db
        .insertInto('tr069_parameters')
        .values({ ...p, device_id: keepId })
        .execute();
    }
    await db.deleteFrom('tr069_parameters').where('device_id', 'in', dupIds).execute();
    if (columns.has('pending_tasks')) {
      const n = await db
        .selectFrom('device_tasks')
        .select(sql<number>`count(*)`.as('n'))
        .where('domain', '=', 'tr069')
        .where('device_id', '=', keepId)
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('tr069_device')
        .set({ pending_tasks: Number(n.n) })
        .where('id', '=', keepId)
        .execute();
    }
    await db.deleteFrom('tr069_device').where('id', 'in', dupIds).execute();
  }
}
