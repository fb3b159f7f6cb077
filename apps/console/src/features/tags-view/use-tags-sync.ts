import type { MenuNode } from '@igs/contract';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTagsViewStore } from '../../stores/tags-view.ts';
import { getToken } from '../../utils/cookies.ts';
import { affixRoutes, flattenMenuRoutes } from '../menu-routes/menu-routes.ts';
import type { VisitedView } from './operations.ts';
import { readSavedTabs, restoreTabs, saveTabsOnUnload, writeSavedTabs } from './persistence.ts';

/** The affixed tabs of a menu tree (meta.affix: the Dashboard, the operations home). */
export function affixViews(menus: readonly MenuNode[]): VisitedView[] {
  return affixRoutes(flattenMenuRoutes(menus)).map((r) => {
    const view: VisitedView = { path: r.path, fullPath: r.path, name: r.name, meta: { ...r.meta } };
    if (r.meta.title) view.title = r.meta.title;
    return view;
  });
}

/** Whether the browser's address still shows the view at `path` (a trailing slash aside). */
export function isAddressOf(path: string, addressPath: string): boolean {
  const address = addressPath.length > 1 ? addressPath.replace(/\/+$/, '') : addressPath;
  return address === path;
}

// Restore once per page load: the layout re-mounts after a pass through /redirect, and the
// store (module state) already holds the live tabs then.
let restored = false;

/** Start-up restore, the unload save, and adding the current view as it changes. */
export function useTagsSync(menus: readonly MenuNode[], current: VisitedView | undefined): void {
  useEffect(() => {
    if (restored) return;
    restored = true;
    const views = restoreTabs(readSavedTabs(), affixViews(menus));
    useTagsViewStore.getState().setViews(views);
    // Written at once so that the unload handler knows nobody cleared the tabs deliberately.
    writeSavedTabs({ views });
  }, [menus]);

  useEffect(() => {
    const save = () => {
      const { visitedViews } = useTagsViewStore.getState();
      saveTabsOnUnload({ views: visitedViews, activePath: window.location.pathname }, Boolean(getToken()));
    };
    window.addEventListener('pagehide', save);
    window.addEventListener('beforeunload', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.removeEventListener('beforeunload', save);
    };
  }, []);

  // The view is identified by its path and full path; the latest object is read from a ref.
  const latest = useRef(current);
  latest.current = current;
  const path = current?.path;
  const fullPath = current?.fullPath;
  // Every completed navigation, even to the address already shown: the active tab closed, its
  // neighbour's navigation still pending (the guard's loader), and the sidebar clicked for the
  // closed page cancels that navigation and lands on the same address. Path and full path are
  // unchanged then; only the location's key says the page was opened again and needs its tab.
  const { key: navigation } = useLocation();
  const shownPath = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `navigation` is read by no line of the effect on purpose: it re-runs the effect on every completed navigation (above).
  useEffect(() => {
    const view = latest.current;
    if (!view || path === undefined || fullPath === undefined) return;
    // A page rendered late (its navigation was a transition) after the address already moved on,
    // e.g. "close all" chosen while "close others" was still opening its page: no tab comes back.
    if (!isAddressOf(path, window.location.pathname)) return;
    const store = useTagsViewStore.getState();
    // The page stayed on show while its tab was closed (above): closing drops a page's state, so
    // it opens again fresh, as it would had the neighbour come first.
    const reopened = shownPath.current === path && !store.visitedViews.some((v) => v.path === path);
    shownPath.current = path;
    if (reopened) store.refreshView(path);
    store.addView(view);
    // Same path, new query: keep the tab, remember where it points now.
    store.updateVisitedView({ path, fullPath });
  }, [path, fullPath, navigation]);
}
