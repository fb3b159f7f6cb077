import { shellCalls } from '@igs/contract/calls';
import { useScopedQuery } from '../features/sites/scoped-query.ts';
import { call } from '../request/call.ts';
import { useFirstPageSettled } from './first-page-settled.ts';

/**
 * The footer info (hotline, copyright, debug flag), one query shared by the footer and the debug
 * guard, asked for once the page the address opened has its data (first-page-settled.ts). A
 * failure is toasted by the request layer (spec section 8).
 */
export function useOtherInfo() {
  return useScopedQuery({
    queryKey: ['shell', 'other-info'],
    queryFn: ({ sites }) => call(shellCalls.otherInfo, {}, { loading: false, sites }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: useFirstPageSettled(),
  });
}
