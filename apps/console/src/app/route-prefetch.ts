import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * A page's first data call started by its route before the page renders (router/page-prefetch.ts,
 * issue 18: on a reload the route knows the page as soon as the session is loaded, and the first
 * render of layout and page takes seconds on a slow device). The page mounts on the call in flight
 * or its reply and must not send it again: its query's `staleTime` is `routePrefetchStaleTime`.
 */

/**
 * How long data a route fetched before its page rendered counts as fresh: long enough that the page
 * mounting on it (seconds later on a slow device) does not ask again, short enough that a page
 * opened later reads anew as before. A write's invalidation refetches it regardless.
 */
export const ROUTE_PREFETCH_FRESH_MS = 10_000;

// The cache entries a route prefetch filled, with the time of the data it put there: a later
// fetch of the same key (a refetch, an invalidation) replaces the data and ends the exception.
const prefetched = new WeakMap<object, number>();

/** A query's `staleTime`: 0 (read again on mount) except for data its route has just fetched. */
export function routePrefetchStaleTime(query: { state: { dataUpdatedAt: number } }): number {
  return prefetched.get(query) === query.state.dataUpdatedAt ? ROUTE_PREFETCH_FRESH_MS : 0;
}

/** Fetches `queryKey` into the cache for the page about to render, marked fresh for its mount. */
export function prefetchForRoute<T>(
  client: QueryClient,
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
): Promise<void> {
  return client.prefetchQuery({ queryKey, queryFn }).then(() => {
    const entry = client.getQueryCache().find({ queryKey, exact: true });
    if (entry?.state.status === 'success') prefetched.set(entry, entry.state.dataUpdatedAt);
  });
}
