import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * The terminal API's credentials (DOMAIN 2, "Terminal-facing API"; features/terminal-api): one row
 * per terminal that registered itself. `register_hash` is the hash of the key handed out at the
 * first register, which later registers of the same MAC must show; `token_hash` is the hash of the
 * per-terminal token issued once the terminal is authorised. Only hashes are stored (as sessions),
 * so a leaked database does not let anyone speak for a terminal.
 */
export function terminalCredentials(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('terminal_credentials')
        .addColumn('terminal_id', 'integer', (c) => c.primaryKey())
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mac', 'varchar(17)', (c) => c.notNull())
        .addColumn('register_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)')
        .addColumn('token_issued_at', time)
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('terminal_credentials_token_uq')
        .unique()
        .on('terminal_credentials')
        .column('token_hash')
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('terminal_credentials').ifExists().execute();
    },
  };
}
