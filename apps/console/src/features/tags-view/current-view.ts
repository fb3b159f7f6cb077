import type { Location, UIMatch } from 'react-router';
import { useLocation, useMatches } from 'react-router';
import { handleOf } from '../../router/route-handle.ts';
import type { VisitedView } from './operations.ts';

/**
 * The visited view of the current location: the deepest matched route that carries a handle
 * (the router puts the menu item's name and meta there). Redirect stubs carry none: no tab.
 */
export function viewFromMatches(
  matches: readonly UIMatch[],
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
) {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    if (!match) continue;
    const handle = handleOf(match);
    if (!handle || handle.component === 'Layout') continue;
    const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
    const view: VisitedView = {
      path,
      fullPath: `${path}${location.search}${location.hash}`,
      meta: { ...(handle.meta ?? {}) },
    };
    if (handle.name) view.name = handle.name;
    if (handle.meta?.title) view.title = handle.meta.title;
    return view;
  }
  return undefined;
}

export function useCurrentView(): VisitedView | undefined {
  const matches = useMatches();
  const location = useLocation();
  return viewFromMatches(matches, location);
}
