import { Code, Headers, texts } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Caller } from '../http/action.ts';
import { ApiError } from '../http/errors.ts';
import { appCache } from '../lib/ttl-cache.ts';
import { type SiteRegistry, siteRegistry } from '../sites/registry.ts';

/**
 * Site grants (issue 17 point 6). An account, and an operations role, is granted sites of the
 * registry (platform/sites/registry.ts) through join tables, account_sites and role_sites, or
 * every site by its explicit `all_sites` flag: no grant reaches no site (migration 025 made "every
 * site" explicit; migration 033 moved the grants out of comma-separated text). An account of a
 * customer (`users.cid`) reaches only that customer's sites; the `igs-cid` header narrows a call
 * to one customer. Every operations call's sites are worked out here, once, from the caller
 * loaded with them (`callerSites`), so every read and write of a site-scoped table is checked by
 * construction (resources/scope.ts `siteScope`).
 */

/** What an operations caller may reach, loaded with the caller. */
export interface CallerSites {
  /** The sites granted, account and role together; null: every registered site. */
  granted: ReadonlySet<number> | null;
  /** The account's customer (users.cid), 0 for none. */
  customer: number;
  registry: SiteRegistry;
}

/** The stored form of a grant: every site, or these ids (sorted, without repeats). */
export function grantRows(allSites: boolean | 0 | 1, ids: readonly number[]): { all: 0 | 1; ids: number[] } {
  if (allSites) return { all: 1, ids: [] };
  return { all: 0, ids: [...new Set(ids)].sort((a, b) => a - b) };
}

const GRANT_TABLES = ['users', 'roles', 'account_sites', 'role_sites'] as const;
/** As the caller's own cache (sessions.ts): this process's writes at once, another instance's within it. */
const GRANT_TTL_MS = 1000;

/** The sites granted to an account (null: every site), narrowed by its role's when that is an operations role. */
async function grantedSites(app: AppContext, caller: Caller): Promise<Set<number> | null> {
  const db = app.db.kysely;
  const own = caller.user.all_sites
    ? null
    : (
        await db.selectFrom('account_sites').select('site_id').where('user_id', '=', caller.user.id).execute()
      ).map((r) => r.site_id);
  const role =
    caller.roleMode !== 'operations' || caller.roleAllSites
      ? null
      : (
          await db
            .selectFrom('role_sites')
            .select('site_id')
            .where('role_id', '=', caller.user.role_id)
            .execute()
        ).map((r) => r.site_id);
  if (!own) return role ? new Set(role) : null;
  if (!role) return new Set(own);
  const roleSet = new Set(role);
  return new Set(own.filter((id) => roleSet.has(id)));
}

/** The caller's grant and the registry, for an operations call (a short cache per account). */
export async function callerSites(app: AppContext, caller: Caller): Promise<CallerSites> {
  const cache = appCache<number, { granted: Set<number> | null; writes: number }>(app, 'site-grants', {
    ttlMs: GRANT_TTL_MS,
    maxEntries: 10_000,
  });
  const writes = app.db.writes.count(GRANT_TABLES);
  const key = caller.user.id;
  let hit = cache.get(key);
  if (!hit || hit.writes !== writes) {
    hit = { granted: await grantedSites(app, caller), writes };
    cache.set(key, hit);
  }
  return { granted: hit.granted, customer: Number(caller.user.cid ?? 0), registry: await siteRegistry(app) };
}

function headerText(req: FastifyRequest, name: string): string {
  const header = req.headers[name];
  return (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
}

/**
 * The customer a call is narrowed to: the account's own, or the one `igs-cid` names (0 or no
 * header: none). A customer that is not registered, or another than the account's own, is refused.
 */
function callCustomer(sites: CallerSites, req: FastifyRequest): number {
  const raw = headerText(req, Headers.customer);
  if (raw === '' || raw === '0') return sites.customer;
  const cid = Number(raw);
  if (!Number.isSafeInteger(cid) || cid < 0)
    throw new ApiError(Code.badRequest, texts('sites.customerHeaderFormat', { header: Headers.customer }));
  if (!sites.registry.customers.has(cid))
    throw new ApiError(Code.forbidden, texts('sites.customerUnknown', { cid }));
  if (sites.customer && sites.customer !== cid)
    throw new ApiError(Code.forbidden, texts('sites.customerNotGranted', { cid }));
  return cid;
}

/**
 * The sites an operations call may reach before `igs-sids`: the account's grant, narrowed to the
 * call's customer. null: every site (an account granted every site, no customer). A suspended site
 * (or a site of a suspended customer) is left out for every account but those reaching the whole
 * fleet, which may still read it (docs/deployment/sites.md).
 */
export function allowedSites(caller: Caller, req?: FastifyRequest): number[] | null {
  const sites = caller.sites;
  if (!sites) return [];
  const customer = req ? callCustomer(sites, req) : sites.customer;
  const wholeFleet = !sites.granted && !sites.customer;
  const shown = (id: number) => wholeFleet || sites.registry.sites.get(id)?.state !== 'suspended';
  if (!customer) return sites.granted ? [...sites.granted].filter(shown).sort((a, b) => a - b) : null;
  const out: number[] = [];
  for (const [id, site] of sites.registry.sites)
    if (site.customer === customer && (!sites.granted || sites.granted.has(id)) && shown(id)) out.push(id);
  return out.sort((a, b) => a - b);
}

/** Whether the caller reaches every site of every customer (the fleet registry's own pages). */
export function reachesWholeFleet(caller: Caller): boolean {
  if (!caller.isOperations) return true;
  return Boolean(caller.sites && !caller.sites.granted && !caller.sites.customer);
}

/**
 * The sites named by the `igs-sids` header, each registered and granted to the account (403 names
 * the first refused one), within the `igs-cid` customer. No header means all the account's sites
 * (null: every site). An account that reaches no site is refused.
 */
export function requestedSites(caller: Caller, req: FastifyRequest): number[] | null {
  const raw = headerText(req, Headers.sites);
  const allowed = allowedSites(caller, req);
  if (allowed?.length === 0) {
    // Every site of the account suspended: a call naming one is told why below. A caller without
    // sites at all (none loaded) reaches none: refused here, never read past.
    const suspended = caller.sites !== undefined && grantedOnlySuspended(caller);
    if (raw === '' || !suspended)
      throw new ApiError(Code.forbidden, texts(suspended ? 'sites.allSitesSuspended' : 'auth.noSiteGranted'));
  }
  if (raw === '') return allowed;
  const registry = caller.sites!.registry;
  const wholeFleet = reachesWholeFleet(caller);
  const reach = allowed ? new Set(allowed) : null;
  const ids = raw.split(',').map((s) => Number(s.trim()));
  for (const id of ids) {
    if (!Number.isSafeInteger(id) || id < 0)
      throw new ApiError(Code.badRequest, texts('auth.siteHeaderFormat', { header: Headers.sites }));
    const site = registry.sites.get(id);
    if (!site) throw new ApiError(Code.forbidden, texts('sites.siteUnknown', { id }));
    // Hidden, not merely refused: only an account reaching the whole fleet reads a suspended site.
    if (!wholeFleet && site.state === 'suspended' && grants(caller, id))
      throw new ApiError(Code.forbidden, suspendedText(registry, id, 'read'));
    if (reach && !reach.has(id)) throw new ApiError(Code.forbidden, texts('auth.siteNotGranted', { id }));
  }
  return [...new Set(ids)];
}

/** Whether the account's grant (and customer) covers the site, suspended or not. */
function grants(caller: Caller, id: number): boolean {
  const sites = caller.sites!;
  const site = sites.registry.sites.get(id);
  if (!site) return false;
  if (sites.customer && site.customer !== sites.customer) return false;
  return !sites.granted || sites.granted.has(id);
}

/** The account reaches some sites, every one of them suspended. */
function grantedOnlySuspended(caller: Caller): boolean {
  const sites = caller.sites!;
  let any = false;
  for (const [id, site] of sites.registry.sites)
    if (grants(caller, id)) {
      if (site.state !== 'suspended') return false;
      any = true;
    }
  return any;
}

/** Why a suspended site refuses a read (an account not reaching the whole fleet) or any change. */
function suspendedText(registry: SiteRegistry, id: number, what: 'read' | 'write') {
  const site = registry.sites.get(id);
  if (site?.suspendedBy === 'customer') {
    const customer = registry.customers.get(site.customer)?.name ?? `#${site.customer}`;
    return what === 'read'
      ? texts('sites.customerSiteSuspendedRead', { id, customer })
      : texts('sites.customerSiteSuspended', { id, customer });
  }
  return what === 'read' ? texts('sites.siteSuspendedRead', { id }) : texts('sites.siteSuspended', { id });
}

/**
 * The one site an operations write names: registered, granted, and not suspended, nor owned by a
 * suspended customer (refused for every account, the whole fleet's included).
 */
export function checkWriteSite(caller: Caller, id: number): number {
  const registry = caller.sites?.registry;
  if (registry?.sites.get(id)?.state === 'suspended')
    throw new ApiError(Code.forbidden, suspendedText(registry, id, 'write'));
  return id;
}
