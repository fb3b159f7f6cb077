import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * The parameters a CPE has reported (DOMAIN 2.5 TerminalList, sub-view "parameters": path, value,
 * type, timestamp): what its Informs and GetParameterValues answers (the `refresh` verb) carried,
 * one row per device and path, the latest value kept (cwmp/parameters.ts).
 */
export function tr069Parameters(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tr069_parameters')
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('path', 'varchar(512)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'varchar(32)', (c) => c.notNull().defaultTo('xsd:string'))
        .addColumn('updated_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('tr069_parameters_pk', ['device_id', 'path'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('tr069_parameters').execute();
    },
  };
}
