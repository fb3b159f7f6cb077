import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * The ResourcePicker's folders (DOMAIN 1.2, the explorer calls): a tree per site, a folder's name
 * unique among its siblings. `parent_id` 0 is the root, so the unique index also holds for the
 * folders at the top (NULLs would all be distinct). Files are the uploads, each placed in a folder
 * by `uploads.folder_id` (null: the root). Folders are names only: nothing on disk follows them.
 */
export function explorer(kind: DialectKind): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('explorer_folders')
        .addColumn('id', idType, (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('explorer_folders_name_uq')
        .unique()
        .on('explorer_folders')
        .columns(['site_id', 'parent_id', 'name'])
        .execute();
      await db.schema.alterTable('uploads').addColumn('folder_id', 'integer').execute();
      await db.schema
        .createIndex('uploads_site_folder_idx')
        .on('uploads')
        .columns(['site_id', 'folder_id'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('uploads_site_folder_idx').ifExists().execute();
      await db.schema.alterTable('uploads').dropColumn('folder_id').execute();
      await db.schema.dropTable('explorer_folders').ifExists().execute();
    },
  };
}
