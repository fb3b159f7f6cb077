import { Code } from '@igs/contract';
import type { ResourceDef } from '@igs/contract/resources';
import type { FastifyRequest } from 'fastify';
import type {
  DeleteQueryBuilder,
  DeleteResult,
  SelectQueryBuilder,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import { checkWriteSite, requestedSites } from '../auth/sites.ts';
import type { Database } from '../db/schema.ts';
import type { Caller, SignedInContext, SiteScope } from '../http/action.ts';
import { ApiError } from '../http/errors.ts';
import { type AnySelect, untyped } from './queries.ts';

/**
 * The caller's sites for one call (SignedInContext `scope`), each worked out on first use:
 * site 0 in full mode; in operations mode the sites named by igs-sids, each registered and
 * granted to the account within the igs-cid customer (auth/sites.ts; null: every site, for an
 * account granted every site and no customer). A write goes to one named site that is not
 * suspended.
 */
export function siteScope(caller: Caller, req: FastifyRequest): SiteScope {
  let named: number[] | null | undefined;
  const fleet = (): number[] | null => {
    if (named === undefined) named = requestedSites(caller, req);
    return named;
  };
  const sites = (): number[] | null => (caller.isOperations ? fleet() : [0]);
  const writeSite = (): number => {
    if (!caller.isOperations) return 0;
    const named = sites();
    if (named?.length !== 1) {
      throw new ApiError(
        Code.badRequest,
        'A change in operations mode must name exactly one site in the igs-sids header',
      );
    }
    return checkWriteSite(caller, named[0]!);
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
    get fleet() {
      return fleet();
    },
  };
}

/**
 * The scope of a registry call (the fleet's sites and customers, contract `registry`): its
 * records are the deployment's, kept at site 0, whatever igs-sids names.
 */
export const REGISTRY_SCOPE: SiteScope = { read: [0], write: [0], writeSite: () => 0, fleet: [0] };

/** The hand tables (platform/db/schema.ts) that have a `site_id`. */
export type SiteTable = {
  [T in keyof Database]: 'site_id' extends keyof Database[T] ? T : never;
}[keyof Database];

// biome-ignore lint/complexity/noBannedTypes: Kysely's own type of a select with nothing picked yet
type Unpicked = {};

/**
 * Queries of a site-scoped table (one with `site_id`), filtered to the call's sites so a handler
 * cannot forget it: reads see `scope.read` (or the `sites` given, e.g. a `refScope` or
 * `scope.write`), updates and deletes touch `scope.write` (or the sites given) only. A table named
 * by its literal name keeps its row types (hand and resource tables alike, schema.ts); one named at
 * run time (the framework's `def.table`) or aliased (`t as c`, filtered on `c.site_id`) is untyped.
 * Inside `inCallTransaction` pass the transaction's context.
 */
export function scoped(ctx: SignedInContext) {
  const conn = untyped(ctx.app.db.kysely);
  const column = (table: string) => {
    const alias = / as (\w+)$/.exec(table)?.[1];
    return alias ? `${alias}.site_id` : 'site_id';
  };
  function selectFrom<T extends SiteTable>(
    table: T,
    sites?: number[] | null,
  ): SelectQueryBuilder<Database, T, Unpicked>;
  function selectFrom(table: string, sites?: number[] | null): AnySelect;
  function selectFrom(table: string, sites: number[] | null = ctx.scope.read): AnySelect {
    const q = conn.selectFrom(table);
    return sites ? q.where(column(table), 'in', sites) : q;
  }
  function updateTable<T extends SiteTable>(
    table: T,
    sites?: number[],
  ): UpdateQueryBuilder<Database, T, T, UpdateResult>;
  function updateTable(table: string, sites?: number[]): AnyUpdate;
  function updateTable(table: string, sites: number[] = ctx.scope.write): AnyUpdate {
    return conn.updateTable(table).where(column(table), 'in', sites);
  }
  function deleteFrom<T extends SiteTable>(
    table: T,
    sites?: number[],
  ): DeleteQueryBuilder<Database, T, DeleteResult>;
  function deleteFrom(table: string, sites?: number[]): AnyDelete;
  function deleteFrom(table: string, sites: number[] = ctx.scope.write): AnyDelete {
    return conn.deleteFrom(table).where(column(table), 'in', sites);
  }
  return { selectFrom, updateTable, deleteFrom };
}

// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
type AnyUpdate = UpdateQueryBuilder<any, any, any, UpdateResult>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyDelete = DeleteQueryBuilder<any, any, DeleteResult>;

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
