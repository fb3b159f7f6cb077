import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * Secrets of this gateway (auth/device-secrets.ts): the key that authenticates the backups it
 * makes, the key that signs file links, … One row per purpose, made on first use. The table is
 * never written to a backup nor replaced by a restore, so an archive cannot carry another
 * gateway's keys in, and every instance on the same database shares the same keys.
 */
export function deviceSecrets(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('device_secrets')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('secret', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
    },
  };
}
