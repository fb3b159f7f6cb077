import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `terminal_events` and `shop_orders` fed the first badge and dashboard counts before the terminal
 * record and order pages existed. The counts now read the tables those pages write
 * (platform/resources/counts.ts), so the early tables go: a second copy of the same facts could
 * only disagree with the first.
 */
export const dropEarlyCountTables: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.dropTable('terminal_events').ifExists().execute();
    await db.schema.dropTable('shop_orders').ifExists().execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  async down(_db: Kysely<any>) {
    // Nothing to restore: the data lives in the resource tables.
  },
};
