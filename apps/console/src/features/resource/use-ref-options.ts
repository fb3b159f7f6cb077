import { isLookup, type ResourceDef, resourceByName } from '@igs/contract/resources';
import { useMemo } from 'react';
import { useLanguage } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { api, endpointOf, type RefOption, resourceKeys } from './api.ts';

const NONE: RefOption[] = [];

/** The resource and reference field whose options are wanted, when the caller knows them. */
export interface RefOwner {
  def: ResourceDef;
  field: string;
}

/**
 * Where the options of a reference come from: the referenced resource's own endpoint in this
 * mode, or, when it has none here (EasyTemplate in operations mode), the owner's endpoint asked
 * for its reference `field`, under the owner's permission and sites. Undefined when neither serves.
 */
export function refOptionsCall(
  refName: string | undefined,
  owner: RefOwner | undefined,
  isOperations: 0 | 1,
): { endpoint: string; field?: string } | undefined {
  // A list that is not a resource (roles) is named by the owner's endpoint, for its field.
  if (isLookup(refName))
    return owner ? { endpoint: endpointOf(owner.def, isOperations), field: owner.field } : undefined;
  const ref = refName ? resourceByName(refName) : undefined;
  if (!ref) return undefined;
  if (isOperations === 0 || ref.opsEndpoint) return { endpoint: endpointOf(ref, isOperations) };
  if (owner?.def.opsEndpoint) return { endpoint: owner.def.opsEndpoint, field: owner.field };
  return { endpoint: ref.endpoint };
}

/**
 * `[{value, label}]` of a referenced resource, for selects and for showing references by name.
 * One cached query per resource and mode, shared by the search form, the table and the form; a
 * write to that resource invalidates it with the rest of its keys.
 */
export function useRefOptions(refName: string | undefined, owner?: RefOwner) {
  const isOperations = useUserStore((s) => s.isOperations);
  const lang = useLanguage();
  const call = refOptionsCall(refName, owner, isOperations);
  const { data, isFetching } = useScopedQuery({
    // The server names records in the caller's language (name_en in English): one cache per language.
    queryKey: [...resourceKeys.options(refName ?? '', call?.endpoint ?? '', call?.field), lang],
    queryFn: ({ sites }) => api.options(call!.endpoint, call?.field, { sites }),
    enabled: call !== undefined,
    staleTime: 30_000,
  });
  const options = data ?? NONE;
  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  return { options, labels, loading: isFetching };
}
