import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * DOMAIN 2.9 system/ExternalInterface: the event log of the PMS (FIAS) and HIS links, and the
 * guest or patient each room or bed holds as the PMS/HIS last reported it (rooms and beds are
 * Areas, joined on their `code`).
 */
export function outreach(kind: DialectKind): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('outreach_events')
        .addColumn('id', idType, (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('interface_id', 'integer', (c) => c.notNull())
        .addColumn('at', time, (c) => c.notNull())
        .addColumn('record', 'varchar(16)', (c) => c.notNull())
        .addColumn('room', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('guest', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('result', 'varchar(16)', (c) => c.notNull())
        .addColumn('detail', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('outreach_events_at_idx').on('outreach_events').columns(['at']).execute();
      await db.schema
        .createIndex('outreach_events_interface_at_idx')
        .on('outreach_events')
        .columns(['interface_id', 'at'])
        .execute();

      await db.schema
        .createTable('area_occupancy')
        .addColumn('id', idType, (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('area_id', 'integer', (c) => c.notNull())
        .addColumn('code', 'varchar(32)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('guest_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('reservation', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo(''))
        .addColumn('arrival', 'varchar(10)', (c) => c.notNull().defaultTo(''))
        .addColumn('departure', 'varchar(10)', (c) => c.notNull().defaultTo(''))
        .addColumn('source', 'varchar(8)', (c) => c.notNull())
        .addColumn('interface_id', 'integer', (c) => c.notNull())
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('area_occupancy_area_uq')
        .unique()
        .on('area_occupancy')
        .columns(['site_id', 'area_id'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('area_occupancy').ifExists().execute();
      await db.schema.dropTable('outreach_events').ifExists().execute();
    },
  };
}
