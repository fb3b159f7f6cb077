import { Code } from '@igs/contract';
import type { ResourceDef } from '@igs/contract/resources';
import type { FastifyRequest } from 'fastify';
import { requestedSites } from '../auth/sites.ts';
import type { Caller, SignedInContext, SiteScope } from '../http/action.ts';
import { ApiError } from '../http/errors.ts';
import { type AnyDb, type AnySelect, siteFilter } from './queries.ts';

/**
 * The caller's sites for one call (SignedInContext `scope`), each worked out on first use:
 * site 0 in full mode; in operations mode the sites named by igs-sids, each granted to the
 * account (null: every site, for accounts without a site list).
 */
export function siteScope(caller: Caller, req: FastifyRequest): SiteScope {
  let read: number[] | null | undefined;
  const sites = (): number[] | null => {
    if (read === undefined) read = caller.isOperations ? requestedSites(caller, req) : [0];
    return read;
  };
  const writeSite = (): number => {
    if (!caller.isOperations) return 0;
    const named = sites();
    if (named?.length !== 1) {
      throw new ApiError(
        Code.badRequest,
        'A change in operations mode must name exactly one site in the igs-sids header',
      );
    }
    return named[0]!;
  };
  return {
    get read() {
      return sites();
    },
    writeSite,
    // A write names exactly one site (DOMAIN section 2.10): an edit, delete, state or sort never
    // reaches a record of another site.
    get write() {
      return [writeSite()];
    },
  };
}

/** The sites a call may see (the context's `scope.read`). */
export function readScope(ctx: SignedInContext): number[] | null {
  return ctx.scope.read;
}

/** A write names exactly one site (DOMAIN section 2.10); full mode writes site 0. */
export function writeSite(ctx: SignedInContext): number {
  return ctx.scope.writeSite();
}

/** The rows a change may touch (the context's `scope.write`). */
export function writeScope(ctx: SignedInContext): number[] {
  return ctx.scope.write;
}

/**
 * Queries of a site-scoped table (one with `site_id`), filtered to the call's sites so a handler
 * cannot forget it: reads see `scope.read` (or the `sites` given, e.g. a `refScope`), updates and
 * deletes touch `scope.write` only. `conn` is the transaction when the call runs in one.
 */
export function scoped(ctx: SignedInContext, conn: AnyDb = ctx.app.db.kysely as unknown as AnyDb) {
  return {
    selectFrom(table: string, sites: number[] | null = ctx.scope.read): AnySelect {
      return siteFilter(conn.selectFrom(table), sites);
    },
    updateTable(table: string, sites: number[] = ctx.scope.write) {
      return conn.updateTable(table).where('site_id', 'in', sites);
    },
    deleteFrom(table: string, sites: number[] = ctx.scope.write) {
      return conn.deleteFrom(table).where('site_id', 'in', sites);
    },
  };
}

/**
 * The sites whose records of `target` a record of these sites may reference: its own sites, plus
 * the gateway's (site 0) when the target is a catalogue shared with the operations sites
 * (`sharedWithSites`, e.g. EasyTemplate, which operations mode has no endpoint to manage).
 * Null (every site) stays null. The write check and the `options` of a reference both use it, so
 * a select never offers what saving would refuse.
 */
export function refScope(target: ResourceDef, sites: number[] | null): number[] | null {
  if (!sites || !target.sharedWithSites || sites.includes(0)) return sites;
  return [...sites, 0];
}
