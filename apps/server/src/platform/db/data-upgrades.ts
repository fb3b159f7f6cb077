import type { Kysely } from 'kysely';
import { explicitAllSites } from './migrations/025-explicit-all-sites.ts';
import { grantsFromText } from './migrations/033-site-registry.ts';

/**
 * What a migration changed in the rows that existed when it ran, so that rows restored from an
 * archive made before it are changed the same way (features/backup: a restore loads the archive's
 * rows into today's schema, then runs these for every migration the archive had not seen).
 * A migration that only adds tables, columns or indexes needs nothing here.
 */
// biome-ignore lint/suspicious/noExplicitAny: run on a transaction of the restore, before the typed schema applies
export const DATA_UPGRADES: Readonly<Record<string, (db: Kysely<any>) => Promise<void>>> = {
  // Developer keys moved to a table of hashes that backups leave out: a plain key in a restored
  // account row is ended, never brought back to life.
  '021-credentials-that-end': async (db) => {
    await db.updateTable('users').set({ developer_key: null, developer_status: 0 }).execute();
  },
  // File links are signed with a device secret: an old archive's file-link key is dropped.
  '024-upload-owner-index': async (db) => {
    await db.deleteFrom('settings').where('key', '=', 'file_secret').execute();
  },
  // A blank site list meant every site before; it means none now.
  '025-explicit-all-sites': (db) => explicitAllSites.up(db),
  // Site grants moved from text to join tables, every site in use registered (issue 17).
  '033-site-registry': (db) => grantsFromText(db),
};
