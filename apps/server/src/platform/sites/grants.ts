import { type Lang, say } from '@igs/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { invalidField } from '../http/errors.ts';

/**
 * The stored site grants of accounts (account_sites) and operations roles (role_sites), as the
 * account and role pages read and write them (migration 033). "Every site" is the owner's own
 * `all_sites` flag, not rows here.
 */

type Owner = 'account' | 'role';

const TABLE = { account: 'account_sites', role: 'role_sites' } as const;
const COLUMN = { account: 'user_id', role: 'role_id' } as const;
/** Rows per insert: far below either database's limit of bound values. */
const CHUNK = 1000;

/** The sites granted to each of these accounts or roles (ids in order; absent: none). */
export async function readGrants(
  db: Kysely<Database>,
  owner: Owner,
  ids: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const column = COLUMN[owner];
  // biome-ignore lint/suspicious/noExplicitAny: one query over either join table
  const rows: { owner: number; site_id: number }[] = await (db as Kysely<any>)
    .selectFrom(TABLE[owner])
    .select([`${column} as owner`, 'site_id'])
    .where(column, 'in', [...ids])
    .orderBy('site_id')
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.owner)) ?? [];
    list.push(Number(r.site_id));
    out.set(Number(r.owner), list);
  }
  return out;
}

/** Replaces the sites granted to one account or role (call inside the change's transaction). */
export async function writeGrant(
  db: Kysely<Database>,
  owner: Owner,
  id: number,
  sites: readonly number[],
): Promise<void> {
  const column = COLUMN[owner];
  // biome-ignore lint/suspicious/noExplicitAny: one statement over either join table
  const any = db as Kysely<any>;
  await any.deleteFrom(TABLE[owner]).where(column, '=', id).execute();
  const unique = [...new Set(sites)];
  for (let i = 0; i < unique.length; i += CHUNK)
    await any
      .insertInto(TABLE[owner])
      .values(unique.slice(i, i + CHUNK).map((site_id) => ({ [column]: id, site_id })))
      .execute();
}

/**
 * A grant names registered sites only, and for an account of a customer (cid), only that
 * customer's sites: 422 naming the field and the first few refused ids, changing nothing.
 */
export async function checkGrantSites(
  db: Kysely<Database>,
  lang: Lang,
  sites: readonly number[],
  cid = 0,
): Promise<void> {
  if (!sites.length) return;
  const unique = [...new Set(sites)];
  const found = new Map<number, number>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom('fleet_site')
      .select(['id', 'customer_id'])
      .where('id', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) found.set(Number(r.id), Number(r.customer_id ?? 0));
  }
  const few = (ids: number[]) => ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', …' : '');
  const unknown = unique.filter((id) => !found.has(id));
  if (unknown.length) throw invalidField('site_ids', say(lang, 'sites.idsUnknown', { ids: few(unknown) }));
  if (cid) {
    const other = unique.filter((id) => found.get(id) !== cid);
    if (other.length)
      throw invalidField('site_ids', say(lang, 'sites.idsOtherCustomer', { ids: few(other), cid }));
  }
}

/** An account's customer is a registered one (or 0, none). */
export async function checkCustomer(db: Kysely<Database>, lang: Lang, cid: number): Promise<void> {
  if (!cid) return;
  const row = await db.selectFrom('fleet_customer').select('id').where('id', '=', cid).executeTakeFirst();
  if (!row) throw invalidField('cid', say(lang, 'sites.cidUnknown', { cid }));
}
