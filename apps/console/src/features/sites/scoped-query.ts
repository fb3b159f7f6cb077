import {
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { useSiteIds } from './use-site-ids.ts';

/**
 * The one door to TanStack Query's reads in the console (biome.json forbids `useQuery`,
 * `useInfiniteQuery` and `useQueries` everywhere else): every query key carries the sites of the
 * page that reads it, and the query function is handed those sites to send, so a page kept alive
 * and reopened on another site (`?id=`) reads that site's data, never the one it showed before.
 */

/** The last element of every console query key: the sites it was read for. */
export interface SiteScope {
  sites: string | null;
}

export type ScopedQueryKey<TKey extends QueryKey> = readonly [...TKey, SiteScope];

/** What a scoped query function gets: the sites to pass to the request layer, and the abort signal. */
export interface ScopedQueryContext {
  sites: string | null;
  signal: AbortSignal;
}

export type ScopedQueryOptions<TQueryFnData, TError, TData, TKey extends QueryKey> = Omit<
  UseQueryOptions<TQueryFnData, TError, TData, ScopedQueryKey<TKey>>,
  'queryKey' | 'queryFn'
> & {
  /** The key without the sites, which are appended. */
  queryKey: TKey;
  /** Must pass `sites` to the request layer (`{ sites }` in the request options). */
  queryFn: (context: ScopedQueryContext) => Promise<TQueryFnData>;
};

/** A key as the cache holds it for the given sites (for `setQueryData` on a page's own query). */
export function scopedKey<TKey extends QueryKey>(key: TKey, sites: string | null): ScopedQueryKey<TKey> {
  return [...key, { sites }] as const;
}

/** The sites a cached key was read for, or undefined for a key made without the wrapper. */
export function sitesOfKey(key: QueryKey): string | null | undefined {
  const last = key.at(-1);
  if (last && typeof last === 'object' && 'sites' in last) return (last as SiteScope).sites;
  return undefined;
}

/**
 * `useQuery` scoped to the page's sites (`useSiteIds`). Placeholder data (`keepPreviousData`) is
 * kept across pages and filters of one site, never from another site's key.
 */
export function useScopedQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  const TKey extends QueryKey = QueryKey,
>(options: ScopedQueryOptions<TQueryFnData, TError, TData, TKey>): UseQueryResult<TData, TError> {
  const sites = useSiteIds();
  const { queryKey, queryFn, placeholderData, ...rest } = options;
  type Options = UseQueryOptions<TQueryFnData, TError, TData, ScopedQueryKey<TKey>>;
  // TanStack's placeholder type is generic beyond what can be restated here; the shape is simple.
  type Placeholder = (previous: unknown, previousQuery: { queryKey: QueryKey } | undefined) => unknown;
  let placeholder: Options['placeholderData'] = placeholderData;
  if (typeof placeholderData === 'function') {
    const keep = placeholderData as unknown as Placeholder;
    const sameSites: Placeholder = (previous, previousQuery) =>
      previousQuery && sitesOfKey(previousQuery.queryKey) !== sites
        ? undefined
        : keep(previous, previousQuery);
    placeholder = sameSites as unknown as Options['placeholderData'];
  }
  return useQuery<TQueryFnData, TError, TData, ScopedQueryKey<TKey>>({
    ...rest,
    queryKey: scopedKey(queryKey, sites),
    // The sites come from the key itself, so the call always matches the cache entry it fills.
    queryFn: ({ queryKey: key, signal }) => queryFn({ sites: sitesOfKey(key) ?? null, signal }),
    placeholderData: placeholder,
  });
}
