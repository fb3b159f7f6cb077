import type { ResourceDef } from '@igs/contract/resources';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { api, type ListQuery, resourceKeys, useEndpoint } from './api.ts';
import { useUploadedFiles } from './uploaded-files.ts';

export const DEFAULT_PAGE_SIZE = 20;

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
  const rememberAll = useUploadedFiles((s) => s.rememberAll);
  const [query, setQuery] = useState<ListQuery>({
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    keyword: '',
    filter: {},
  });

  const result = useScopedQuery({
    queryKey: resourceKeys.list(def.name, endpoint, query),
    queryFn: async ({ sites }) => {
      const reply = await api.list(endpoint, query, { sites });
      // The rows' files become thumbnails and players in their cells (cells.tsx FileCell).
      rememberAll(Object.entries(reply.files ?? {}).map(([id, file]) => ({ id, ...file })));
      return reply;
    },
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
