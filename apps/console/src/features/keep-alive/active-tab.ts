import { createContext, useContext } from 'react';

/**
 * Whether the page reading it is the visible tab: for what a hidden page must stop doing (polling
 * the server). Location-driven logic needs no gate: a hidden page reads the address it was last
 * shown at (keep-alive.tsx). Every reader re-renders when its tab is shown or hidden, so a page
 * reads it where it needs it, not at its top for nothing. Outside the keep-alive container every
 * page is active.
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
