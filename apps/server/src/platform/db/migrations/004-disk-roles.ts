import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * The role of each disk (system/Disk): media, record, backup or none. The system disk's role is
 * never stored: it is the disk holding `/`. Keyed by serial number when the disk has one, so a
 * role follows the disk when its kernel name changes (sdb becoming sdc).
 */
export function diskRoles(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('disk_roles')
        .addColumn('device_key', 'varchar(160)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('disk_roles').ifExists().execute();
    },
  };
}
