import type { HomeCard } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import { registeredSiteIds } from '../../platform/sites/registry.ts';

/**
 * The sites an operations account granted every site (and no customer) sees on its home: every
 * site of the registry (platform/sites/registry.ts), in id order.
 */
export async function knownSites(app: AppContext): Promise<number[]> {
  return registeredSiteIds(app);
}

/**
 * The operations home's sites sorted by the site id or by a card's value (an unknown value, or a
 * card the caller does not see, below every number), ties by site id ascending.
 */
export function sortSites<T extends { site_id: number; cards: HomeCard[] }>(
  sites: readonly T[],
  sort: string,
  order: 'asc' | 'desc',
): T[] {
  const sign = order === 'desc' ? -1 : 1;
  const value = (s: T) =>
    sort === 'site' ? s.site_id : (s.cards.find((c) => c.key === sort)?.value ?? Number.NEGATIVE_INFINITY);
  return [...sites].sort((a, b) => sign * (value(a) - value(b) || 0) || a.site_id - b.site_id);
}
