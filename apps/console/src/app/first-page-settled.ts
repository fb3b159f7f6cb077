import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The longest the shell's own calls wait for the first page (a page whose data hangs must not
 * leave the badges and the footer empty).
 */
export const FIRST_PAGE_MAX_WAIT_MS = 4_000;

/** How long an idle moment may be waited for once the first page's data is in. */
const IDLE_TIMEOUT_MS = 500;

export interface SettleSignal {
  /** Whether the first page has settled. */
  readonly settled: () => boolean;
  /** Resolves once the first page has settled; starts watching `client` at the first call. */
  readonly wait: (client: QueryClient) => Promise<void>;
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
}

/**
 * "The first page of this load has its first data": no query of the cache is fetching (the
 * guard's calls, the page's first call started beside the layout's first render by the guard,
 * and what the page asked for when it mounted), then an idle moment, so that the page has drawn
 * what came. At most FIRST_PAGE_MAX_WAIT_MS after the first wait.
 *
 * Why: on a slow link every request is a round trip on one of the browser's six connections; the
 * shell's own calls (the footer's info, the first message poll) do not change what the operator
 * opened the address for, so they go after it (issue 18 item 1: at most 15 requests before a
 * reloaded module page is usable).
 */
export function createSettleSignal(maxWaitMs = FIRST_PAGE_MAX_WAIT_MS): SettleSignal {
  let done = false;
  let pending: Promise<void> | undefined;
  return {
    settled: () => done,
    wait(client) {
      pending ??= new Promise<void>((resolve) => {
        const finish = () => {
          if (done) return;
          done = true;
          clearTimeout(cap);
          unsubscribe();
          resolve();
        };
        const cap = setTimeout(finish, maxWaitMs);
        let idleAsked = false;
        const check = () => {
          if (idleAsked || client.isFetching() > 0) return;
          idleAsked = true;
          whenIdle(() => {
            idleAsked = false;
            // A call started meanwhile (the page's next one): wait for it too.
            if (client.isFetching() === 0) finish();
          });
        };
        const unsubscribe = client.getQueryCache().subscribe(check);
        check();
      });
      return pending;
    },
  };
}

/** The one signal of this page load: the first page settles once. */
const firstPage = createSettleSignal();

/** Whether the first page of this load has settled (see createSettleSignal); re-renders once. */
export function useFirstPageSettled(signal: SettleSignal = firstPage): boolean {
  const client = useQueryClient();
  const [settled, setSettled] = useState(signal.settled);
  useEffect(() => {
    if (settled) return;
    let live = true;
    void signal.wait(client).then(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, [client, settled, signal]);
  return settled;
}
