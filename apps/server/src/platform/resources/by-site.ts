import type { AnySelect } from './queries.ts';

/**
 * The home's figures read per site in one query each (issue 17 item 7): a query that selects
 * numeric figures is grouped by `site_id` over the sites asked (null: every site), so the
 * operations home over 1,000 sites runs the same few queries as over one. The dashboard of a
 * single site, or of all of them, sums the groups.
 */

export type Figures = Record<string, number>;
export type BySite<T extends Figures> = Map<number, T>;

/** `q` (its figures selected) grouped by site_id, restricted to `sites`. */
export async function groupedBySite<T extends Figures>(
  q: AnySelect,
  sites: readonly number[] | null,
  names: readonly (keyof T & string)[],
): Promise<BySite<T>> {
  let grouped = q.select('site_id').groupBy('site_id');
  if (sites) grouped = grouped.where('site_id', 'in', sites);
  const out: BySite<T> = new Map();
  if (sites && sites.length === 0) return out;
  for (const row of (await grouped.execute()) as Record<string, unknown>[]) {
    const figures = {} as Figures;
    for (const n of names) figures[n] = Number(row[n] ?? 0);
    out.set(Number(row.site_id), figures as T);
  }
  return out;
}

/** The figures of one site: zero where it has no rows. */
export function ofSite<T extends Figures>(
  map: BySite<T>,
  site: number,
  names: readonly (keyof T & string)[],
): T {
  return map.get(site) ?? (Object.fromEntries(names.map((n) => [n, 0])) as T);
}

/** The figures of every site in the map, summed. */
export function summed<T extends Figures>(map: BySite<T>, names: readonly (keyof T & string)[]): T {
  const out = Object.fromEntries(names.map((n) => [n, 0])) as Figures;
  for (const f of map.values()) for (const n of names) out[n] = (out[n] ?? 0) + (f[n] ?? 0);
  return out as T;
}
