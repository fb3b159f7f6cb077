import type { Conn } from '../db/schema.ts';

/**
 * Whose uploads a record of a site may name (issue 14): its own site's, and the gateway's
 * (site 0: full mode's, and an operations upload that named no single site, routes.ts uploadSite),
 * which every operations session may already open by its session (the file route). An upload of
 * another site never: naming its id would make a list of this site sign a link to that site's file.
 */
export function uploadInReach(uploadSite: number, recordSite: number): boolean {
  return uploadSitesInReach([recordSite]).includes(uploadSite);
}

/**
 * The sites whose uploads are in reach of a record of one of `sites` (uploadInReach): those sites
 * and the gateway's (0). For a query over uploads on behalf of several sites at once.
 */
export function uploadSitesInReach(sites: readonly number[]): number[] {
  return [...new Set([0, ...sites])];
}

/** The ids among `ids` of uploads that a record of `site` may not name (uploadInReach). */
export async function uploadsOfOtherSites(
  conn: Conn,
  ids: readonly string[],
  site: number,
): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await conn
    .selectFrom('uploads')
    .select(['id', 'site_id'])
    .where('id', 'in', [...ids])
    .execute();
  const foreign = new Set(rows.filter((r) => !uploadInReach(Number(r.site_id), site)).map((r) => r.id));
  return ids.filter((id) => foreign.has(id));
}
