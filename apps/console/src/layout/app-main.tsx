import { useEffect, useMemo } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { KeepAlive } from '../features/keep-alive/keep-alive.tsx';
import { isViewCached, type VisitedView } from '../features/tags-view/operations.ts';
import { useTagsViewStore } from '../stores/tags-view.ts';

/**
 * The page area: the current route's page inside the keep-alive container. The current view
 * counts as cached from its first render (before its tab is added in an effect), so a page is
 * mounted once, not once plain and again inside its `<Activity>`.
 */
export function AppMain({ current }: { current: VisitedView | undefined }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const visited = useTagsViewStore((s) => s.visitedViews);
  const cachedViews = useTagsViewStore((s) => s.cachedViews);
  const refreshKeys = useTagsViewStore((s) => s.refreshKeys);
  const activePath = current?.path ?? pathname;
  // The document scrolls with a long page: another page opens at its top, not where the last one
  // (or the sidebar entry clicked far down it) had left the scroll; a popup opened from the fixed
  // navbar or tabs is then placed where it is seen.
  useEffect(() => {
    if (activePath) document.scrollingElement?.scrollTo?.(0, 0);
  }, [activePath]);

  const cachedPaths = useMemo(() => {
    const paths = visited.filter((v) => isViewCached(v, cachedViews)).map((v) => v.path);
    const currentCacheable = current && current.meta.noCache !== true && current.name !== undefined;
    if (currentCacheable && !paths.includes(current.path)) paths.push(current.path);
    return paths;
  }, [visited, cachedViews, current]);

  return (
    <main className="app-main">
      <KeepAlive
        outlet={outlet}
        activePath={activePath}
        cachedPaths={cachedPaths}
        refreshKeys={refreshKeys}
      />
    </main>
  );
}
