import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * What is waiting for a managed device (DOMAIN 2.4 ac/Ap, 2.5 tr069/TerminalList): the CWMP RPCs
 * queued for a CPE's next Inform (genieacs task names: reboot, factoryReset, refreshObject,
 * setParameterValues, download) and the commands queued for an AP agent's next poll (reboot,
 * apply, change_password, locate, upgrade). `domain` says which table `device_id` is a row of.
 * `not_before` spreads a timed reboot over its stagger_s; `plan_id` and `operation_id` tie a task
 * to the reboot plan or the AP upgrade operation it came from.
 */
export function deviceTasks(kind: DialectKind): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('device_tasks')
        .addColumn('id', idType, (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('domain', 'varchar(8)', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('args', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('fault_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('fault_string', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('plan_id', 'integer')
        .addColumn('operation_id', 'integer')
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('not_before', time, (c) => c.notNull())
        .addColumn('done_at', time)
        .execute();
      await db.schema
        .createIndex('device_tasks_device_state_idx')
        .on('device_tasks')
        .columns(['domain', 'device_id', 'state'])
        .execute();
      await db.schema
        .createIndex('device_tasks_site_created_idx')
        .on('device_tasks')
        .columns(['site_id', 'created_at'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('device_tasks').ifExists().execute();
    },
  };
}
