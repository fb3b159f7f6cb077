import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { KeepAlive } from '../features/keep-alive/keep-alive.tsx';

/**
 * A route component that holds `page` as the shell's keep-alive container does
 * (features/keep-alive): kept by its path, shown there, hidden while another address is shown.
 */
export function keptAt(path: string, page: () => ReactElement) {
  return function KeptShell() {
    const { pathname } = useLocation();
    return (
      <KeepAlive
        outlet={pathname === path ? page() : <p>another page</p>}
        activePath={pathname}
        cachedPaths={[path]}
        refreshKeys={{}}
      />
    );
  };
}
