import { useContext } from 'react';
import { UNSAFE_LocationContext } from 'react-router';
import { useUserStore } from '../../stores/user.ts';
import { siteIdsOf } from './site-ids.ts';

/**
 * The sites the page acts on: its own route's `?id=` in operations mode, null otherwise (no site
 * header is sent in full mode). A page kept alive in a hidden tab reads the address it was last
 * shown at (features/keep-alive), so while hidden it keeps the sites it last had: it never
 * refetches, nor writes, for the site of the page that is shown.
 *
 * The location is read from the router's context without `useLocation`, which throws outside a
 * router: a component rendered on its own (a unit test, a dialog) then acts on no site.
 */
export function useSiteIds(): string | null {
  const isOperations = useUserStore((s) => s.isOperations);
  const search = useContext(UNSAFE_LocationContext)?.location.search ?? '';
  return isOperations === 1 ? siteIdsOf(search) : null;
}
