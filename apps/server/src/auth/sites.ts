import { Code, Headers } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../http/action.ts';
import { ApiError } from '../http/errors.ts';

/**
 * The sites an account may reach in operations mode: its own site list, narrowed by its role's
 * (either empty means no narrowing); null means every site.
 */
export function allowedSites(caller: Caller): number[] | null {
  const own = siteList(caller.user.site_ids);
  const role = siteList(caller.roleSiteIds ?? '');
  if (!own) return role;
  if (!role) return own;
  return own.filter((id) => role.includes(id));
}

function siteList(text: string): number[] | null {
  const raw = text.trim();
  if (raw === '') return null;
  return raw
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0);
}

/**
 * The sites named by the `igs-sids` header, each checked against the account's sites (403 names
 * the first refused one). No header means all the account's sites (null: every site).
 */
export function requestedSites(caller: Caller, req: FastifyRequest): number[] | null {
  const header = req.headers[Headers.sites];
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  const allowed = allowedSites(caller);
  if (allowed?.length === 0) throw new ApiError(Code.forbidden, 'No site is granted to this account');
  if (raw === '') return allowed;
  const ids = raw.split(',').map((s) => Number(s.trim()));
  for (const id of ids) {
    if (!Number.isInteger(id) || id < 0)
      throw new ApiError(Code.badRequest, `igs-sids must be a comma-separated list of site ids`);
    if (allowed && !allowed.includes(id))
      throw new ApiError(Code.forbidden, `Site ${id} is not granted to this account`);
  }
  return ids;
}
