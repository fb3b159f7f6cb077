import { homeCalls, operationLogCalls } from '@igs/contract/calls';
import { firstLogListInput } from '../pages/system/logs/log-list-input.ts';
import { jsonBodyOf } from '../request/call.ts';

/** A hand-built page's first data call, as the page (or its route's prefetch) sends it. */
export interface FirstCall {
  path: string;
  body: string;
  /** Whether the page opens with the same call in operations mode. */
  operations: boolean;
}

/**
 * The hand-built pages whose first data call the served page sends on a reload or a bookmark
 * (start/early-script.ts point 7), by menu component; the build writes them with each page's route
 * (build/page-preloads.ts `pageFirstCalls`). Each is exactly the call the page sends first, tested
 * side by side (start/early-page-call.test.ts): the request layer takes the early reply only for
 * that very call, so one that drifted would only be sent for nothing. Record pages need no entry:
 * the build finds their lists in the menus.
 */
export function handBuiltFirstCalls(): Record<string, FirstCall> {
  return {
    // The figures (pages/dashboard/home-query.ts); in operations mode the home is another page.
    'dashboard/Dashboard': {
      path: homeCalls.home.path,
      body: jsonBodyOf(homeCalls.home, {}),
      operations: false,
    },
    // The operations tab's first page, newest first (its route's prefetch).
    'system/OperationLog': {
      path: operationLogCalls.list.path,
      body: jsonBodyOf(operationLogCalls.list, firstLogListInput()),
      operations: true,
    },
  };
}
