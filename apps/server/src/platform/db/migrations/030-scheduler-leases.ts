import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * A scheduled-task run holds a lease (issue 17, point 8; docs/deployment/scheduler.md): the
 * instance running it (a random id per server process) and the last time that instance said it
 * was still at it (`heartbeat_at`, renewed every SCHEDULER_HEARTBEAT_S). Another instance that
 * finds the heartbeat two beats old fails the run, or takes it over when its job can be run
 * again. `partial` names what the run is writing and has not finished (one `kind:id` a line,
 * e.g. the backup being made), so that whoever ends a dead run can remove it.
 */
export function schedulerLeases(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('timed_task_run')
        .addColumn('instance_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('timed_task_run').addColumn('heartbeat_at', time).execute();
      await db.schema
        .alterTable('timed_task_run')
        .addColumn('partial', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // The lease watch reads the running runs every few seconds on every instance.
      await db.schema
        .createIndex('timed_task_run_result_idx')
        .on('timed_task_run')
        .columns(['result', 'heartbeat_at'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('timed_task_run_result_idx').ifExists().execute();
      await db.schema.alterTable('timed_task_run').dropColumn('partial').execute();
      await db.schema.alterTable('timed_task_run').dropColumn('heartbeat_at').execute();
      await db.schema.alterTable('timed_task_run').dropColumn('instance_id').execute();
    },
  };
}
