import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The history behind the dashboard's "terminals online per day" trend (DOMAIN 2.1): a terminal's
 * row only holds its last heartbeat, so a sampler (home/online-days.ts, run by the scheduler)
 * records each authorised terminal once per day it was heard from. The primary key makes the
 * sample an idempotent insert, so several instances on one database record each terminal-day
 * once. A row with terminal_id 0 (site -1) marks a day the server sampled at all, so a day
 * without it reads "no data" rather than 0.
 */
export const terminalOnlineDays: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('terminal_online_days')
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('terminal_id', 'integer', (c) => c.notNull())
      .addColumn('site_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('terminal_online_days_pk', ['day', 'terminal_id'])
      .execute();
    await db.schema
      .createIndex('terminal_online_days_site_idx')
      .on('terminal_online_days')
      .columns(['site_id', 'day'])
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  async down(db: Kysely<any>) {
    await db.schema.dropTable('terminal_online_days').execute();
  },
};
