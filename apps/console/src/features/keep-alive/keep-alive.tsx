import { ConfigProvider } from 'antd';
import {
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { UNSAFE_LocationContext } from 'react-router';
import { ActiveTabContext } from './active-tab.ts';

export interface KeepAliveProps {
  /** The current route's page element (`useOutlet()`). */
  outlet: ReactElement | null;
  /** Location path of the current page: the cache key. */
  activePath: string;
  /** Paths whose pages are kept alive: the open tabs that are cached by route name. */
  cachedPaths: readonly string[];
  /** Re-mount counters by path; a new value gives the page a new key, hence fresh state. */
  refreshKeys: Readonly<Record<string, number>>;
}

/**
 * Keep-alive tabs: one container per cached open tab, keyed by path, hidden (`display: none`)
 * while another tab is shown. A hidden page keeps its state, its DOM and its effects, so showing
 * it again is a style change, not a re-mount: React's `<Activity>` (ARCHITECTURE section 6) cleaned
 * up and re-ran every effect of a shown page, which cost a table page more than the whole
 * 100 ms tab-switch budget (docs/performance.md). What `<Activity>` did besides is done here:
 * pages learn whether they are shown (`useIsActiveTab`, which also pauses their polling), and
 * their overlays (modals, drawers, dropdowns) render into a layer of their own that is hidden with
 * them. Pages that are not cached render plainly and lose their state when left. Closing a tab
 * removes its path from `cachedPaths`, which drops the element here and with it the page's state.
 */
export function KeepAlive({ outlet, activePath, cachedPaths, refreshKeys }: KeepAliveProps) {
  // Elements by path. Written during render on purpose: entries of paths that are no longer cached
  // are dropped in the same pass. A page keeps the element it was first rendered with: the router
  // makes a new outlet element on every navigation, and taking it would re-render the whole page
  // each time its tab is shown; what changes between visits (the query string, the language)
  // reaches the page through its own hooks.
  const elements = useRef(new Map<string, ReactElement>());
  const cache = elements.current;
  const activeCached = cachedPaths.includes(activePath);
  if (outlet && activeCached && !cache.has(activePath)) cache.set(activePath, outlet);
  for (const path of [...cache.keys()]) if (!cachedPaths.includes(path)) cache.delete(path);

  return (
    <>
      {[...cache.entries()].map(([path, element]) => (
        <KeptPage key={`${path}#${refreshKeys[path] ?? 0}`} active={path === activePath}>
          {element}
        </KeptPage>
      ))}
      {!activeCached && outlet ? (
        <ActiveTabContext value={true} key={`${activePath}#${refreshKeys[activePath] ?? 0}`}>
          {outlet}
        </ActiveTabContext>
      ) : null}
    </>
  );
}

function KeptPage({ active, children }: { active: boolean; children: ReactNode }) {
  const overlayLayer = useOverlayLayer(active);
  const location = useLocationWhileShown(active);
  return (
    <div className="keep-alive" hidden={!active}>
      <UNSAFE_LocationContext value={location}>
        <ConfigProvider getPopupContainer={overlayLayer}>
          <ActiveTabContext value={active}>{children}</ActiveTabContext>
        </ConfigProvider>
      </UNSAFE_LocationContext>
    </div>
  );
}

/**
 * The router's location as it was when the page was last shown: a hidden page does not see the
 * addresses of the pages shown after it. Every hook that reads the location (the query, the
 * page's sites, `useSearchParams`) re-rendered every hidden page on every navigation, the table
 * pages from the top: a tab switch re-rendered all the open tabs. Shown again, the page takes the
 * address it is shown at. Outside a router (a unit test of the container) it stays none.
 */
function useLocationWhileShown(active: boolean) {
  const current = useContext(UNSAFE_LocationContext);
  const kept = useRef(current);
  if (active) kept.current = current;
  return kept.current;
}

/**
 * A page's own layer for antd overlays, in `<body>` like antd's default container (so overlays
 * are placed as before), hidden while the page is: a drawer left open in a tab that the browser's
 * Back button hides does not stay over the next page.
 */
function useOverlayLayer(active: boolean): () => HTMLElement {
  const [layer] = useState(() => {
    const element = document.createElement('div');
    element.className = 'keep-alive-layer';
    return element;
  });
  useLayoutEffect(() => {
    document.body.append(layer);
    return () => layer.remove();
  }, [layer]);
  useLayoutEffect(() => {
    layer.hidden = !active;
  }, [layer, active]);
  return useCallback(() => layer, [layer]);
}
