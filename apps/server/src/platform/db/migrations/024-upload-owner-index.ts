import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Request edges (issue 12): each upload sums the bytes its account already stores (the per-account
 * quota), so uploads are indexed by owner. The old file-link key, a setting (and so carried by
 * every backup), is dropped: links are signed with a device secret now (auth/device-secrets.ts).
 */
export const uploadOwnerIndex: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.createIndex('uploads_user_idx').on('uploads').columns(['user_id', 'size']).execute();
    await db.deleteFrom('settings').where('key', '=', 'file_secret').execute();
  },
};
