import { singletonCalls } from '@igs/contract/calls';
import type { SingletonDef } from '@igs/contract/extras';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../request/call.ts';
import { usePermissionStore } from '../../stores/permission.ts';
import { useUserStore } from '../../stores/user.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';

/** A singleton's endpoint in the current mode: its operations twin in operations mode. */
export function useSingletonEndpoint(def: SingletonDef): string {
  const isOperations = useUserStore((s) => s.isOperations);
  return isOperations === 1 && def.opsEndpoint ? def.opsEndpoint : def.endpoint;
}

export type { SingletonValues } from '@igs/contract/calls';

export const singletonKey = (def: SingletonDef, endpoint: string, params: Record<string, unknown>) =>
  ['singleton', def.name, endpoint, params] as const;

/**
 * The singleton's `detail` through the query cache (pages kept alive in hidden tabs re-mount from
 * it), and `refresh` after a save or a verb that changes what detail reports; `sites`, the page's
 * sites (features/sites), for the writes that go with it.
 */
export function useSingleton(def: SingletonDef, params: Record<string, unknown> = {}) {
  const endpoint = useSingletonEndpoint(def);
  const client = useQueryClient();
  const key = singletonKey(def, endpoint, params);
  const sites = useSiteIds();
  const query = useScopedQuery({
    queryKey: key,
    queryFn: ({ sites }) => call(singletonCalls(endpoint).detail, params, { loading: false, sites }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['singleton', def.name] });
  return { endpoint, query, refresh, sites };
}

/** Whether the caller holds `<prefix>:<verb>` for the singleton (the server checks the same key). */
export function useSingletonButton(def: SingletonDef, verb: string): boolean {
  return usePermissionStore((s) => s.buttons.has(`${def.name}:${verb}`));
}
