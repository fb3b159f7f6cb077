import { createContext, useContext } from 'react';

/**
 * Whether the page reading it is the visible tab. A page kept alive in a hidden `<Activity>`
 * still re-renders when the URL changes (ARCHITECTURE section 6), so location-driven logic
 * (reading the query, syncing filters from the URL) must be gated on this.
 * Outside the keep-alive container every page is active.
 */
export const ActiveTabContext = createContext(true);

export function useIsActiveTab(): boolean {
  return useContext(ActiveTabContext);
}

/**
 * A page's polling interval (TanStack Query's `refetchInterval`), paused while its tab is hidden:
 * kept-alive pages stay mounted, so without it every open tab would keep calling the server.
 */
export function useTabPolling<T>(interval: T): T | false {
  return useIsActiveTab() ? interval : false;
}
