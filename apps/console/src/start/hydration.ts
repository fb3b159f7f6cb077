import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates the served page's prerendered HTML (and while the build renders it),
 * true in every render after that, and at once in a tree that was not prerendered. What only the
 * browser knows (saved sign-in values, a notice in session storage) is shown from the render
 * right after hydration, so the hydrating render matches the HTML the build wrote; React makes
 * that second render itself when the two snapshots differ.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
