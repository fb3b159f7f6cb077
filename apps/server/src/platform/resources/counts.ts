import { resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../app-context.ts';
import { type BySite, groupedBySite } from './by-site.ts';
import { untyped } from './queries.ts';

/**
 * Figures of the hint poll (the cart and message badges) and of the dashboard, read from the
 * tables the resource pages write, named by their descriptions so the two cannot drift apart.
 */
async function countWhere(
  app: AppContext,
  resource: string,
  column: string,
  value: string | number,
  sites: number[] | null,
): Promise<number> {
  const def = resourceByName(resource);
  if (!def) throw new Error(`unknown resource ${resource}`);
  let q = untyped(app.db.kysely)
    .selectFrom(def.table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value);
  if (sites) q = q.where('site_id', 'in', sites);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Unread terminal records (DOMAIN smart/TerminalRecord: `tip`, the message badge). */
export function unreadTerminalRecords(app: AppContext, sites: number[] | null): Promise<number> {
  return countWhere(app, 'smart:terminal_record', 'read', 0, sites);
}

/** Mall orders not yet handled (DOMAIN mall Order: `order`, the cart badge). */
export function pendingOrders(app: AppContext, sites: number[] | null): Promise<number> {
  return countWhere(app, 'shop:order', 'state', 'pending', sites);
}

/** Counts of rows where `column` = `value`, per site (the operations home: one query for every site). */
export function countBySite(
  app: AppContext,
  resource: string,
  column: string,
  value: string | number | readonly (string | number)[],
  sites: readonly number[] | null,
): Promise<BySite<{ n: number }>> {
  const def = resourceByName(resource);
  if (!def) throw new Error(`unknown resource ${resource}`);
  const q = untyped(app.db.kysely)
    .selectFrom(def.table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, Array.isArray(value) ? 'in' : '=', value);
  return groupedBySite(q, sites, ['n']);
}

/** Unread terminal records per site (the home's card). */
export const unreadTerminalRecordsBySite = (app: AppContext, sites: readonly number[] | null) =>
  countBySite(app, 'smart:terminal_record', 'read', 0, sites);

/** Mall orders not yet handled per site (the home's card). */
export const pendingOrdersBySite = (app: AppContext, sites: readonly number[] | null) =>
  countBySite(app, 'shop:order', 'state', 'pending', sites);
