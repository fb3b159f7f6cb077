import { type OtherInfoOutput, Paths } from '@igs/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request/index.ts';

/**
 * The footer info (hotline, copyright, debug flag), one query shared by the footer and the debug
 * guard. A failure is toasted by the request layer (spec section 8).
 */
export const otherInfoQuery = queryOptions({
  queryKey: ['shell', 'other-info'],
  queryFn: () => request<OtherInfoOutput>(Paths.otherInfo, {}, { loading: false }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useOtherInfo(enabled = true) {
  return useQuery({ ...otherInfoQuery, enabled });
}
