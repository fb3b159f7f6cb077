import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { siteIdsOf } from '../features/sites/site-ids.ts';
import { LAYOUT, pageLoader } from './page-registry.ts';
import type { RouteHandle } from './route-handle.ts';

/**
 * Issue 18: on a page load (a reload, a bookmark, the first page after signing in) the guard
 * knows the page as soon as the session is loaded, while the layout's first render takes seconds
 * on a slow device before the page's own query would start. So the guard starts it here: the
 * page module is loaded (the route's lazy import shares it) and its `prefetch`, if it has one,
 * sends the first data call with the key the page uses; the page then finds it in flight or
 * answered. Never awaited and never failing the navigation: the page asks again if this fails.
 */
export function prefetchPageAt(
  routes: RouteObject[],
  url: URL,
  session: { client: QueryClient; isOperations: 0 | 1 },
): Promise<void> {
  const leaf = matchRoutes(routes, url.pathname)?.at(-1)?.route;
  const component = (leaf?.handle as RouteHandle | undefined)?.component;
  if (!component || component === LAYOUT) return Promise.resolve();
  return pageLoader(component)()
    .then((page) =>
      page.prefetch?.({
        client: session.client,
        search: url.search,
        isOperations: session.isOperations,
        // As the page's useSiteIds: operations mode acts on the address's `?id=`, full mode on none.
        sites: session.isOperations === 1 ? siteIdsOf(url.search) : null,
      }),
    )
    .catch(() => {});
}
