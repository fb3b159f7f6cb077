import { homeCalls } from '@igs/contract/calls';
import type { ScopedQueryContext } from '../../features/sites/scoped-query.ts';
import { call } from '../../request/call.ts';
import { EARLY_HOME_PATH, takeEarlySessionReply } from '../../start/early.ts';
import { normaliseHome } from './home-data.ts';

/**
 * Dashboard figures; refreshed each minute while the page is open (no overlay: spec section 7).
 * The first may have been asked for by the sign-in that led here (Login, start/early.ts).
 */
export const homeQuery = {
  queryKey: ['dashboard', 'home'],
  queryFn: async ({ sites }: ScopedQueryContext) =>
    normaliseHome(
      await call(
        homeCalls.home,
        {},
        { loading: false, sites, reply: takeEarlySessionReply(EARLY_HOME_PATH) },
      ),
    ),
  refetchInterval: 60_000,
} as const;
