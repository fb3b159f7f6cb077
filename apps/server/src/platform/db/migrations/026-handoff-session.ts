import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A hand-off code names the session that made it (auth/handoff.ts): it is redeemed only while that
 * session is alive, so signing out, "sign out everywhere", a password change or any other end of the
 * session also ends the codes it made. Codes made before this (a minute's worth) are dropped.
 */
export const handoffSession: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.deleteFrom('handoff_codes').execute();
    await db.schema.alterTable('handoff_codes').addColumn('session_id', 'varchar(64)').execute();
  },
};
