import { resourceByName } from '@igs/contract/resources';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useUserStore } from '../../stores/user.ts';
import { api, endpointOf, type RefOption, resourceKeys } from './api.ts';

const NONE: RefOption[] = [];

/**
 * `[{value, label}]` of a referenced resource, for selects and for showing references by name.
 * One cached query per resource and mode, shared by the search form, the table and the form; a
 * write to that resource invalidates it with the rest of its keys.
 */
export function useRefOptions(refName: string | undefined) {
  const ref = refName ? resourceByName(refName) : undefined;
  const isOperations = useUserStore((s) => s.isOperations);
  const endpoint = ref ? endpointOf(ref, isOperations) : '';
  const { data, isFetching } = useQuery({
    queryKey: resourceKeys.options(refName ?? '', endpoint),
    queryFn: () => api.options(endpoint),
    enabled: Boolean(ref),
    staleTime: 30_000,
  });
  const options = data ?? NONE;
  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  return { options, labels, loading: isFetching };
}
