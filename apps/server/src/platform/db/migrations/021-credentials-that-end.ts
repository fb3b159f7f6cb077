import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/** The lifetime given to keys that existed before keys had one (DEVELOPER_KEY_DAYS' default). */
const EXISTING_KEY_DAYS = 90;

/**
 * Credentials that end (issue 12, items 2 and 8).
 *
 * `developer_keys`: one developer-mode key per account, stored as the SHA-256 of a 192-bit random
 * key (as sessions are), with its last characters to recognise it by and an expiry. It replaces
 * `users.developer_key`, which held the key in plain text: existing keys are hashed here, keep
 * working until their expiry, and the plain text is erased. Rows go with their account.
 *
 * `ended_sessions`: the ids (hashes) of sessions ended by a password change, a restore, "sign out
 * everywhere", a disabled or deleted account or a kick, with the reason, so a call with such a
 * token answers 1005 (ended) instead of 1002 (unknown). Kept as long as a session could have lived.
 */
export function credentialsThatEnd(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('developer_keys')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('key_hint', 'varchar(8)', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ended_sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('at', time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ended_sessions_at_idx').on('ended_sessions').column('at').execute();

      const now = Date.now();
      const live = await db
        .selectFrom('users')
        .select(['id', 'developer_key'])
        .where('developer_key', 'is not', null)
        .where('developer_status', '=', 1)
        .execute();
      for (const u of live as { id: number; developer_key: string }[]) {
        if (!u.developer_key) continue;
        await db
          .insertInto('developer_keys')
          .values({
            user_id: u.id,
            key_hash: createHash('sha256').update(u.developer_key).digest('hex'),
            key_hint: u.developer_key.slice(-4),
            created_at: now,
            expires_at: now + EXISTING_KEY_DAYS * 86_400_000,
          })
          .execute();
      }
      await db.updateTable('users').set({ developer_key: null }).execute();
      await db
        .updateTable('users')
        .set({ developer_status: 0 })
        .where('id', 'not in', db.selectFrom('developer_keys').select('user_id'))
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('ended_sessions').ifExists().execute();
      await db.schema.dropTable('developer_keys').ifExists().execute();
    },
  };
}
