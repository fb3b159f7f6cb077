import { Activity, type ReactElement, useRef } from 'react';
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
 * Keep-alive tabs with React 19's `<Activity>`: one boundary per cached open tab, keyed by path.
 * A hidden boundary keeps its state and DOM but has its effects cleaned up (pages fetch through
 * the Query cache so re-showing is cheap). Pages that are not cached render plainly and lose
 * their state when left. Closing a tab removes its path from `cachedPaths`, which drops the
 * element here and with it the page's state.
 */
export function KeepAlive({ outlet, activePath, cachedPaths, refreshKeys }: KeepAliveProps) {
  // Elements by path. Written during render on purpose: the element of the current path is the
  // freshest outlet, and entries of paths that are no longer cached are dropped in the same pass.
  const elements = useRef(new Map<string, ReactElement>());
  const cache = elements.current;
  const activeCached = cachedPaths.includes(activePath);
  if (outlet && activeCached) cache.set(activePath, outlet);
  for (const path of [...cache.keys()]) if (!cachedPaths.includes(path)) cache.delete(path);

  return (
    <>
      {[...cache.entries()].map(([path, element]) => {
        const active = path === activePath;
        return (
          <Activity key={`${path}#${refreshKeys[path] ?? 0}`} mode={active ? 'visible' : 'hidden'}>
            <ActiveTabContext value={active}>{element}</ActiveTabContext>
          </Activity>
        );
      })}
      {!activeCached && outlet ? (
        <ActiveTabContext value={true} key={`${activePath}#${refreshKeys[activePath] ?? 0}`}>
          {outlet}
        </ActiveTabContext>
      ) : null}
    </>
  );
}
