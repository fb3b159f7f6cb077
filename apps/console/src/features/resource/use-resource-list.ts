import type { ResourceDef } from '@igs/contract/resources';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { prefetchForRoute, routePrefetchStaleTime } from '../../app/route-prefetch.ts';
import { scopedKey, useScopedQuery } from '../sites/scoped-query.ts';
import { api, endpointOf, type ListQuery, resourceKeys, useEndpoint } from './api.ts';
import { useUploadedFiles } from './uploaded-files.ts';

export const DEFAULT_PAGE_SIZE = 20;

/** The list a resource page asks for when it opens: page 1, no criteria. */
export function firstListQuery(): ListQuery {
  return { page: 1, limit: DEFAULT_PAGE_SIZE, keyword: '', filter: {} };
}

/** The page's list call: the rows' files become thumbnails and players in their cells (cells.tsx FileCell). */
async function listCall(endpoint: string, query: ListQuery, sites: string | null) {
  const reply = await api.list(endpoint, query, { sites });
  useUploadedFiles
    .getState()
    .rememberAll(Object.entries(reply.files ?? {}).map(([id, file]) => ({ id, ...file })));
  return reply;
}

/**
 * Starts the first list call of a resource page before the page renders (issue 18: a reload's
 * route knows the page as soon as the session is loaded, and the layout's first render takes
 * seconds on a slow device). The key is the page's own (`useResourceList`: the resource, its
 * endpoint in the session's mode, page 1 without criteria, the sites), so the page finds the call
 * in flight or its reply in the cache and does not send it again.
 */
export function prefetchResourceList(
  client: QueryClient,
  def: ResourceDef,
  isOperations: 0 | 1,
  sites: string | null,
): Promise<void> {
  const endpoint = endpointOf(def, isOperations);
  const query = firstListQuery();
  const queryKey = scopedKey(resourceKeys.list(def.name, endpoint, query), sites);
  return prefetchForRoute(client, queryKey, () => listCall(endpoint, query, sites));
}

export interface Criteria {
  filter: Record<string, unknown>;
  keyword: string;
}

/**
 * The list state of one resource page (paging, sort, search criteria) and its query. State lives
 * here rather than in the URL, so a page kept alive in a hidden tab never reacts to another tab's
 * location; the Query cache makes re-showing a tab instant.
 */
export function useResourceList(def: ResourceDef) {
  const endpoint = useEndpoint(def);
  const [query, setQuery] = useState<ListQuery>(firstListQuery);

  const result = useScopedQuery({
    queryKey: resourceKeys.list(def.name, endpoint, query),
    queryFn: ({ sites }) => listCall(endpoint, query, sites),
    // 0 (refetch on mount) except for a list its route has just fetched (prefetchResourceList).
    staleTime: routePrefetchStaleTime,
    // Keep the previous page on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });

  return {
    endpoint,
    query,
    ...result,
    /** New criteria start again at page 1. */
    search: (c: Criteria) => setQuery((q) => ({ ...q, ...c, page: 1 })),
    paginate: (page: number, limit: number) =>
      setQuery((q) => ({ ...q, page: limit === q.limit ? page : 1, limit })),
    sortBy: (sort: string | undefined, order: 'asc' | 'desc' | undefined) =>
      setQuery((q) => ({ ...q, sort: order ? sort : undefined, order: sort ? order : undefined })),
    /** After a delete the current page may be gone: step back when it would be empty. */
    afterDelete: (removed: number) =>
      setQuery((q) => {
        const left = (result.data?.total ?? 0) - removed;
        const lastPage = Math.max(1, Math.ceil(left / q.limit));
        return q.page > lastPage ? { ...q, page: lastPage } : q;
      }),
  };
}
