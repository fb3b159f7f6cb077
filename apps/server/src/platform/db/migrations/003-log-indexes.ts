import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The log list filters by result and sorts by time or id (measured by npm run bench). */
export const logIndexes: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('operation_log_result_at_idx')
      .on('operation_log')
      .columns(['result', 'at'])
      .execute();
    await db.schema
      .createIndex('operation_log_result_id_idx')
      .on('operation_log')
      .columns(['result', 'id'])
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('operation_log_result_at_idx').ifExists().execute();
    await db.schema.dropIndex('operation_log_result_id_idx').ifExists().execute();
  },
};
