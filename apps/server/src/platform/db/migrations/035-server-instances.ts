import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * The instances of the deployment and their machines (issue 17, a licence for a fleet;
 * platform/licence/instances.ts): one row per machine code an instance runs on, written by that
 * instance when it starts and every INSTANCE_BEAT_MS after (`last_seen_at`, epoch ms). A row not
 * renewed for INSTANCE_GONE_MS is shown as gone, not deleted; it leaves after INSTANCE_FORGET_MS.
 * The licence page lists them with whether the licence covers each, and the machine-code request
 * names every current one.
 */
export function serverInstances(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('server_instances')
        .addColumn('machine_code', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('hostname', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('first_seen_at', time, (c) => c.notNull())
        .addColumn('last_seen_at', time, (c) => c.notNull())
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('server_instances').execute();
    },
  };
}
