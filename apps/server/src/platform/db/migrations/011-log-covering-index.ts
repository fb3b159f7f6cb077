import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The log list pages with a deferred join (features/logging/actions.ts): the page's ids come from
 * an index alone, then only those rows are read. SQLite's indexes carry the rowid (`id`) already;
 * PostgreSQL needs `id` in the index for an index-only scan, so (result, at) becomes (result, at, id).
 */
export const logCoveringIndex: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.dropIndex('operation_log_result_at_idx').ifExists().execute();
    await db.schema
      .createIndex('operation_log_result_at_id_idx')
      .on('operation_log')
      .columns(['result', 'at', 'id'])
      .execute();
    await db.schema
      .createIndex('operation_log_at_id_idx')
      .on('operation_log')
      .columns(['at', 'id'])
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('operation_log_result_at_id_idx').ifExists().execute();
    await db.schema.dropIndex('operation_log_at_id_idx').ifExists().execute();
    await db.schema
      .createIndex('operation_log_result_at_idx')
      .on('operation_log')
      .columns(['result', 'at'])
      .execute();
  },
};
