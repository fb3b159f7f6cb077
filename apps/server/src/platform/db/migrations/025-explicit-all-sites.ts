import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * "All sites" becomes an explicit grant (auth/sites.ts): an empty site list used to mean every
 * site, so an operations account or role whose sites were left blank reached them all; it now
 * means none, and `*` means all. Accounts and operations roles that had no sites before this
 * migration keep the reach they had: their blank list becomes `*`. Plain SQL, the same on
 * SQLite and PostgreSQL.
 */
export const explicitAllSites: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await sql`update users set site_ids = '*' where trim(site_ids) = ''`.execute(db);
    await sql`update roles set site_ids = '*' where trim(site_ids) = '' and mode = 'operations'`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  async down(db: Kysely<any>) {
    await sql`update users set site_ids = '' where site_ids = '*'`.execute(db);
    await sql`update roles set site_ids = '' where site_ids = '*'`.execute(db);
  },
};
