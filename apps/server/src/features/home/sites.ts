import type { AppContext } from '../../platform/app-context.ts';
import { registeredSiteIds } from '../../platform/sites/registry.ts';

/**
 * The sites an operations account granted every site (and no customer) sees on its home: every
 * site of the registry (platform/sites/registry.ts), in id order.
 */
export async function knownSites(app: AppContext): Promise<number[]> {
  return registeredSiteIds(app);
}
