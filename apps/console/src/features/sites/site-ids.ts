/**
 * The operations-mode sites (issue 14 item 4). A page acts on the sites its route names in the
 * query `?id=` (comma-separated site ids); each of its calls sends them in the `igs-sids` header.
 * This file has no imports, so the request layer can read the default from it too.
 */

/** The route query that names the sites of every call in operations mode. */
export const SITE_PARAM = 'id';

/** The sites a route query names (`?id=3,4` gives '3,4'), or null when it names none. */
export function siteIdsOf(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(SITE_PARAM)?.trim() ?? '';
  return value === '' ? null : value;
}
