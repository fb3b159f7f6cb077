import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * Issue 5's own tables: per-site singletons (ITMS, SMS, mall settings, scenario other settings),
 * the SMS send log (the daily limit counts it) and the terminal command queue (`app_command`).
 */
export function moduleExtras(kind: DialectKind): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('singletons')
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('singletons_pk', ['name', 'site_id'])
        .execute();

      await db.schema
        .createTable('sms_log')
        .addColumn('id', idType, (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', time, (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('phone', 'varchar(32)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('result', 'varchar(16)', (c) => c.notNull())
        .addColumn('http_status', 'integer')
        .addColumn('detail', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sms_log_result_at_idx').on('sms_log').columns(['result', 'at']).execute();

      await db.schema
        .createTable('terminal_commands')
        .addColumn('id', idType, (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('terminal_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('args', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
        .addColumn('result', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('sent_at', time)
        .addColumn('acked_at', time)
        .execute();
      await db.schema
        .createIndex('terminal_commands_site_created_idx')
        .on('terminal_commands')
        .columns(['site_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('terminal_commands_terminal_state_idx')
        .on('terminal_commands')
        .columns(['terminal_id', 'state'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('terminal_commands').ifExists().execute();
      await db.schema.dropTable('sms_log').ifExists().execute();
      await db.schema.dropTable('singletons').ifExists().execute();
    },
  };
}
