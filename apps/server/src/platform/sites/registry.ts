import type { FleetOptions } from '@igs/contract/calls';
import type { Kysely } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/schema.ts';
import { appCache } from '../lib/ttl-cache.ts';

/**
 * The fleet registry (issue 17 point 6; contract resources/modules/fleet.ts): the sites an
 * operations deployment serves, each owned by at most one customer. A site's record id is the
 * site id every operations record carries in `site_id` and every call names in `igs-sids`.
 */

/** Whether a site of this id is registered (e.g. before a record is given that site). */
export async function siteExists(db: Kysely<Database>, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 0 || id > 2_147_483_647) return false;
  const row = await db.selectFrom('fleet_site').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export interface RegisteredSite {
  /** The owning customer's id, 0 for none. */
  customer: number;
  /**
   * The state the rules go by: `suspended` when the site is, or when its customer is (a
   * suspended customer's sites are all suspended); `active` otherwise.
   */
  state: string;
  /** Why the site is suspended: its own state, or its customer's (null: active). */
  suspendedBy: 'site' | 'customer' | null;
}

export interface RegisteredCustomer {
  name: string;
  state: string;
}

/** Every site and customer, as the scope of a call checks them. */
export interface SiteRegistry {
  sites: ReadonlyMap<number, RegisteredSite>;
  customers: ReadonlyMap<number, RegisteredCustomer>;
}

const REGISTRY_TABLES = ['fleet_site', 'fleet_customer'] as const;
/**
 * How long a registry read serves later calls: this process's own writes are seen at once through
 * the write count; another instance's within this time.
 */
const REGISTRY_TTL_MS = 1000;

/** The registry, from a short cache: every operations call checks its sites against it. */
export async function siteRegistry(app: AppContext): Promise<SiteRegistry> {
  const cache = appCache<'all', { registry: SiteRegistry; writes: number }>(app, 'site-registry', {
    ttlMs: REGISTRY_TTL_MS,
    maxEntries: 1,
  });
  const writes = app.db.writes.count(REGISTRY_TABLES);
  const hit = cache.get('all');
  if (hit && hit.writes === writes) return hit.registry;
  const db = app.db.kysely;
  const [sites, customers] = await Promise.all([
    db.selectFrom('fleet_site').select(['id', 'customer_id', 'state']).execute(),
    db.selectFrom('fleet_customer').select(['id', 'name', 'state']).execute(),
  ]);
  const byId = new Map<number, RegisteredCustomer>(
    customers.map((c) => [Number(c.id), { name: c.name ?? `#${c.id}`, state: c.state ?? 'active' }]),
  );
  const registry: SiteRegistry = {
    sites: new Map(
      sites.map((s) => {
        const customer = Number(s.customer_id ?? 0);
        const suspendedBy =
          s.state === 'suspended' ? 'site' : byId.get(customer)?.state === 'suspended' ? 'customer' : null;
        return [
          Number(s.id),
          { customer, state: suspendedBy ? 'suspended' : 'active', suspendedBy },
        ] as const;
      }),
    ),
    customers: byId,
  };
  cache.set('all', { registry, writes });
  return registry;
}

/**
 * The customer of an account (users.cid) when it is suspended, or null: such an account neither
 * signs in nor keeps its sessions (auth/login-actions.ts, auth/sessions.ts).
 */
export async function suspendedCustomer(
  app: AppContext,
  cid: number | null | undefined,
): Promise<{ id: number; name: string } | null> {
  if (!cid) return null;
  const customer = (await siteRegistry(app)).customers.get(Number(cid));
  return customer?.state === 'suspended' ? { id: Number(cid), name: customer.name } : null;
}

/**
 * Every registered site id in order (the home of an account granted every site and no customer,
 * which sees suspended sites too: it may read their records, auth/sites.ts).
 */
export async function registeredSiteIds(app: AppContext): Promise<number[]> {
  return [...(await siteRegistry(app)).sites.keys()].sort((a, b) => a - b);
}

/** The registered names of these sites (a page of them, or every site of an unpaged home). */
export async function siteNames(app: AppContext, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  // In slices: a list of every site in one `in (…)` would meet the databases' parameter bounds.
  for (let i = 0; i < ids.length; i += NAMES_PER_READ) {
    const rows = await app.db.kysely
      .selectFrom('fleet_site')
      .select(['id', 'name'])
      .where('id', 'in', ids.slice(i, i + NAMES_PER_READ))
      .execute();
    for (const r of rows) if (r.name) names.set(Number(r.id), String(r.name));
  }
  return names;
}
const NAMES_PER_READ = 500;

/** Every site (by name, with its customer) and customer, for the account and role forms' pickers. */
export async function fleetOptions(app: AppContext): Promise<FleetOptions> {
  const db = app.db.kysely;
  const [sites, customers] = await Promise.all([
    db.selectFrom('fleet_site').select(['id', 'name', 'customer_id', 'state']).orderBy('id').execute(),
    db.selectFrom('fleet_customer').select(['id', 'name']).orderBy('id').execute(),
  ]);
  return {
    sites: sites.map((s) => ({
      value: s.id,
      label: s.name ?? `#${s.id}`,
      customer_id: Number(s.customer_id ?? 0),
      state: s.state ?? 'active',
    })),
    customers: customers.map((c) => ({ value: c.id, label: c.name ?? `#${c.id}` })),
  };
}
