import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * The database file store (platform/files/database.ts): every instance over one PostgreSQL keeps
 * its files here by default. `file_objects` maps a key to its current object; `file_chunks` holds
 * an object's bytes in numbered rows of up to 1 MB. Created on SQLite too, where nothing uses it
 * (the local data folder is the store there), so both dialects have the same schema.
 */
export function fileStore(kind: DialectKind): Migration {
  const big = kind === 'postgres' ? 'bigint' : 'integer';
  const bytes = kind === 'postgres' ? 'bytea' : 'blob';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('file_objects')
        .addColumn('key', 'varchar(512)', (c) => c.primaryKey())
        .addColumn('object_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('size', big, (c) => c.notNull())
        .addColumn('chunks', 'integer', (c) => c.notNull())
        .addColumn('modified_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('file_chunks')
        .addColumn('object_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('file_chunks_pk', ['object_id', 'n'])
        .execute();
      await db.schema.createIndex('file_objects_object_idx').on('file_objects').column('object_id').execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see above
    async down(db: Kysely<any>) {
      await db.schema.dropTable('file_chunks').ifExists().execute();
      await db.schema.dropTable('file_objects').ifExists().execute();
    },
  };
}
