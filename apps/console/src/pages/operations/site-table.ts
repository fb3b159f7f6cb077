import type { DashboardCard } from '../dashboard/home-data.ts';

/** One site of the operations home's table: its cards by key (the server sorts and pages the sites). */
export interface SiteRow {
  id: number;
  /** The site's registered name; '' when the registry does not name it. */
  name: string;
  cards: Record<string, DashboardCard>;
}

export function siteRows(
  sites: readonly { id: number; name?: string; cards: readonly DashboardCard[] }[],
): SiteRow[] {
  return sites.map((s) => ({
    id: s.id,
    name: s.name ?? '',
    cards: Object.fromEntries(s.cards.map((c) => [c.key, c])),
  }));
}

/**
 * The figure columns: every card key any site has, in the server's order (the same for every
 * site, as the role's pages decide it), so a column never appears for a page the role lacks.
 */
export function siteColumns(sites: readonly { cards: readonly DashboardCard[] }[]): string[] {
  const keys: string[] = [];
  for (const s of sites) for (const c of s.cards) if (!keys.includes(c.key)) keys.push(c.key);
  return keys;
}
