import { Code } from '@igs/contract';
import type { ResourceDef } from '@igs/contract/resources';
import { requestedSites } from '../auth/sites.ts';
import type { ActionContext } from '../http/action.ts';
import { ApiError } from '../http/errors.ts';

/**
 * The sites a call may see: site 0 in full mode; in operations mode the sites named by igs-sids,
 * each granted to the account (null: every site, for accounts without a site list).
 */
export function readScope(ctx: ActionContext): number[] | null {
  const caller = ctx.caller!;
  if (!caller.isOperations) return [0];
  return requestedSites(caller, ctx.req);
}

/** A write names exactly one site (DOMAIN section 2.10); full mode writes site 0. */
export function writeSite(ctx: ActionContext): number {
  const caller = ctx.caller!;
  if (!caller.isOperations) return 0;
  const sites = requestedSites(caller, ctx.req);
  if (sites?.length !== 1) {
    throw new ApiError(
      Code.badRequest,
      'A change in operations mode must name exactly one site in the igs-sids header',
    );
  }
  return sites[0]!;
}

/**
 * The rows a change may touch: site 0 in full mode; in operations mode the one site the call
 * names, so an edit, delete, state or sort never reaches a record of another site.
 */
export function writeScope(ctx: ActionContext): number[] {
  return [writeSite(ctx)];
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
