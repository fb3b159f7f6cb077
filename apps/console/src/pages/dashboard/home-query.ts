import { Paths } from '@igs/contract';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../request/index.ts';
import { normaliseHome } from './home-data.ts';

/** Dashboard figures; refreshed each minute while the page is open (no overlay: spec section 7). */
export const homeQuery = queryOptions({
  queryKey: ['dashboard', 'home'],
  queryFn: async () => normaliseHome(await request<unknown>(Paths.home, {}, { loading: false })),
  refetchInterval: 60_000,
});
