import type { CallInput, operationLogCalls } from '@igs/contract/calls';
import type { Dayjs } from 'dayjs';

/*
 * The operation log's list input, without any UI: the page (OperationLog.tsx) and the served page's
 * first call of it (router/page-first-calls.ts) make it alike.
 */

/** The filter form's values. */
export interface LogFilters {
  username?: string;
  module?: string;
  result?: 'success' | 'fail';
  ip?: string;
  time?: [Dayjs, Dayjs] | null;
  keyword?: string;
}

type LogFilter = NonNullable<CallInput<typeof operationLogCalls.list>['filter']>;
export type LogTab = 'operations' | 'logins';
export type LogPaging = { page: number; limit: number };
export type LogOrder = 'asc' | 'desc';

/** The list call's filter from the form (DOMAIN system/OperationLog). */
export function toFilter(tab: LogTab, f: LogFilters): { filter: LogFilter; keyword: string } {
  const filter: LogFilter = {};
  if (f.username) filter.username = f.username.trim();
  if (f.result) filter.result = f.result;
  if (f.ip) filter.ip = f.ip.trim();
  if (tab === 'logins') filter.module = 'login';
  else if (f.module) filter.module = f.module.trim();
  if (f.time?.[0] && f.time[1])
    filter.time = [f.time[0].format('YYYY-MM-DD'), f.time[1].format('YYYY-MM-DD')];
  return { filter, keyword: f.keyword?.trim() ?? '' };
}

/** The list call's input: the filter, the page, newest or oldest first. */
export function logListInput(
  query: ReturnType<typeof toFilter>,
  page: LogPaging,
  order: LogOrder,
): CallInput<typeof operationLogCalls.list> {
  return { ...query, ...page, sort: 'time', order };
}

export const FIRST_LOG_PAGE: LogPaging = { page: 1, limit: 20 };

/** What the page opens with: the operations tab, no filter, page 1, newest first. */
export function firstLogListInput(): CallInput<typeof operationLogCalls.list> {
  return logListInput(toFilter('operations', {}), FIRST_LOG_PAGE, 'desc');
}
