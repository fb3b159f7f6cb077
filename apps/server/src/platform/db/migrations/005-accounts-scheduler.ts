import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * Roles get their mode (full or operations) and, for operations roles, the sites they reach
 * (DOMAIN system/PermissionManagement). Scheduled-task runs (DOMAIN system/ScheduledTask) are
 * recorded one row each; a scheduled run is unique per (task, scheduled minute), which is what
 * keeps several server instances on one database from running the same slot twice.
 */
export function accountsScheduler(kind: DialectKind): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('roles')
        .addColumn('mode', 'varchar(16)', (c) => c.notNull().defaultTo('full'))
        .execute();
      await db.schema
        .alterTable('roles')
        .addColumn('site_ids', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
        .execute();

      await db.schema
        .createTable('timed_task_run')
        .addColumn('id', idType, (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('task_id', 'integer', (c) => c.notNull())
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
        .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        // The cron slot a scheduled run belongs to; NULL for run_now (NULLs never collide).
        .addColumn('scheduled_at', time)
        .addColumn('started_at', time, (c) => c.notNull())
        .addColumn('finished_at', time)
        .addColumn('result', 'varchar(16)', (c) => c.notNull())
        .addColumn('output_tail', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('timed_task_run_slot_uq')
        .unique()
        .on('timed_task_run')
        .columns(['task_id', 'scheduled_at'])
        .execute();
      await db.schema
        .createIndex('timed_task_run_task_idx')
        .on('timed_task_run')
        .columns(['task_id', 'started_at'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('timed_task_run').ifExists().execute();
      await db.schema.alterTable('roles').dropColumn('site_ids').execute();
      await db.schema.alterTable('roles').dropColumn('mode').execute();
    },
  };
}
