import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * Sign-in guards (auth/lockout.ts, auth/device-tokens.ts, auth/handoff.ts):
 * - `address_lockouts`: one row per client address that was ever blocked: how many times
 *   (`level`, each block lasting 1.5 times the previous), until when, and from when its failures
 *   count again (a block or an administrator's unlock starts the count afresh).
 * - `account_throttles`: an account with many failures may have its password checked again only
 *   from `next_check_at` (a slowdown, not a lock: anyone can type a wrong password for `admin`).
 * - `device_tokens`: the "remember me" token a browser keeps in place of the password's hash,
 *   stored hashed, per account, ended by a password change (`password_tag`, a hash of the
 *   password's stored hash when issued, must still match) or its expiry.
 * - `handoff_codes`: single-use codes, valid a minute, that another system exchanges for a new
 *   session of the same account at /authh5 (the session token itself is never handed over).
 * All are live state: none goes into a backup (features/backup/database-dump.ts).
 */
export function signInGuards(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('address_lockouts')
        .addColumn('ip', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('blocked_until', time, (c) => c.notNull().defaultTo(0))
        .addColumn('counted_from', time, (c) => c.notNull().defaultTo(0))
        .addColumn('locked_at', time, (c) => c.notNull().defaultTo(0))
        .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('account_throttles')
        .addColumn('username', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('next_check_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('device_tokens')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('password_tag', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .addColumn('last_used_at', time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('device_tokens_user_idx').on('device_tokens').column('user_id').execute();
      await db.schema
        .createTable('handoff_codes')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('is_operations', 'integer', (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      for (const t of ['handoff_codes', 'device_tokens', 'account_throttles', 'address_lockouts'])
        await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
