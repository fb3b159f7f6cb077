import { type FieldDef, resourceByName } from '@igs/contract/resources';
import { useMemo } from 'react';
import { useLanguage } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { api, endpointOf, resourceKeys } from './api.ts';

/** The server's page limit: the records a value may name are read in one page. */
const PAGE = 200;

/**
 * The records a value names by one of their fields (`names` of the field description: an agent by
 * its extension number): value → the record's name in the language, and the options to pick from
 * ("8001 礼宾部"). Asked of the named resource's own list, under the caller's permission and sites;
 * a role that may not read it sees the bare values.
 */
export function useNamedValues(field: FieldDef) {
  const isOperations = useUserStore((s) => s.isOperations);
  const lang = useLanguage();
  const target = field.names ? resourceByName(field.names.resource) : undefined;
  const endpoint = target ? endpointOf(target, isOperations) : '';
  const query = { page: 1, limit: PAGE, keyword: '', filter: {} };
  const { data, isFetching } = useScopedQuery({
    queryKey: [...resourceKeys.list(target?.name ?? '', endpoint, query), 'names'],
    queryFn: ({ sites }) => api.list(endpoint, query, { silent: true, sites }),
    enabled: Boolean(target),
    retry: false,
    staleTime: 60_000,
  });
  return useMemo(() => {
    const names = new Map<string, string>();
    const by = field.names?.by ?? '';
    for (const r of data?.list ?? []) {
      const key = r[by];
      if (key === null || key === undefined || key === '') continue;
      const name = (lang === 'en' && r.name_en) || r.name;
      names.set(String(key), typeof name === 'string' ? name : '');
    }
    const options = [...names].map(([value, name]) => ({ value, label: name ? `${value} ${name}` : value }));
    return { names, options, loading: isFetching };
  }, [data, field.names, lang, isFetching]);
}
