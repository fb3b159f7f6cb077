import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * Generated-configuration documents (network cards, DHCP, DNS): one JSON document per name, with
 * the version it replaced so `rollback` can restore it together with the files made from it.
 */
export function configDocs(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('config_docs')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('previous', 'text')
        .addColumn('updated_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('config_docs').ifExists().execute();
    },
  };
}
