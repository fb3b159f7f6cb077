import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * Backup records (DOMAIN system/BackupRestore) and upgrade packages (authorise/Upgrade). Both
 * describe files under DATA_DIR stored by generated names; neither table is part of a backup,
 * because they describe this machine's files, not its configuration.
 */
export function backupsUpgrades(kind: DialectKind): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('backups')
        .addColumn('id', idType, (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('file_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('stored', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('size', time, (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('contents', 'varchar(255)', (c) => c.notNull())
        .addColumn('encrypted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('app_version', 'varchar(32)', (c) => c.notNull())
        .addColumn('schema_version', 'varchar(128)', (c) => c.notNull())
        .addColumn('note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('backups_type_created_idx')
        .on('backups')
        .columns(['type', 'created_at'])
        .execute();

      await db.schema
        .createTable('upgrade_packages')
        .addColumn('id', idType, (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('stored', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('version', 'varchar(32)', (c) => c.notNull())
        .addColumn('build', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('size', time, (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('signature', 'varchar(16)', (c) => c.notNull())
        .addColumn('changelog', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('message', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('applied_at', time)
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('upgrade_packages').ifExists().execute();
      await db.schema.dropTable('backups').ifExists().execute();
    },
  };
}
