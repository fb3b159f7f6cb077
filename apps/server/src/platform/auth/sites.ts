import { Code, Headers, texts } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../http/action.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Site lists are stored as comma-separated ids (users.site_ids, roles.site_ids). Every site is an
 * explicit grant, stored as `*`: an empty list reaches no site (migration 025 turned the blank
 * lists of earlier accounts and operations roles, which meant "every site", into `*`).
 */
export const ALL_SITES = '*';

export function grantsAllSites(text: string): boolean {
  return text.trim() === ALL_SITES;
}

/** The stored form of a site grant: `*` for every site, else the sorted ids. */
export function storedSites(allSites: boolean | 0 | 1, ids: readonly number[]): string {
  if (allSites) return ALL_SITES;
  return [...new Set(ids)].sort((a, b) => a - b).join(',');
}

/**
 * The sites an account may reach in operations mode: its own grant, narrowed by its role's when
 * the role is an operations role (full-mode roles name no sites). null means every site; an
 * empty list means none.
 */
export function allowedSites(caller: Caller): number[] | null {
  const own = siteList(caller.user.site_ids);
  const role = caller.roleMode === 'operations' ? siteList(caller.roleSiteIds ?? '') : null;
  if (!own) return role;
  if (!role) return own;
  return own.filter((id) => role.includes(id));
}

function siteList(text: string): number[] | null {
  if (grantsAllSites(text)) return null;
  return text
    .split(',')
    .filter((s) => s.trim() !== '')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0);
}

/**
 * The sites named by the `igs-sids` header, each checked against the account's sites (403 names
 * the first refused one). No header means all the account's sites (null: every site). An account
 * that reaches no site is refused.
 */
export function requestedSites(caller: Caller, req: FastifyRequest): number[] | null {
  const header = req.headers[Headers.sites];
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  const allowed = allowedSites(caller);
  if (allowed?.length === 0) throw new ApiError(Code.forbidden, texts('auth.noSiteGranted'));
  if (raw === '') return allowed;
  const ids = raw.split(',').map((s) => Number(s.trim()));
  for (const id of ids) {
    if (!Number.isInteger(id) || id < 0)
      throw new ApiError(Code.badRequest, texts('auth.siteHeaderFormat', { header: Headers.sites }));
    if (allowed && !allowed.includes(id))
      throw new ApiError(Code.forbidden, texts('auth.siteNotGranted', { id }));
  }
  return ids;
}
