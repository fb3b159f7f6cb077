import type { HintOutput } from '@igs/contract';
import { shellCalls } from '@igs/contract/calls';
import { useEffect, useState } from 'react';
import { call } from '../../request/call.ts';
import { beep } from './beep.ts';

/** Spec section 9: message polling every 30 s; the message badge shows at most 99. */
export const HINT_INTERVAL_MS = 30_000;
export const BADGE_MAX = 99;

/** Where the badges lead: the mall management page and the terminal records page. */
export const CART_PATH = '/smart/mall';
export const OPERATIONS_CART_PATH = '/operations/mall';
export const MESSAGES_PATH = '/smart/records/terminal';

/** The mall management page of the current mode (operations has its own twin). */
export function cartPath(isOperations: 0 | 1): string {
  return isOperations === 1 ? OPERATIONS_CART_PATH : CART_PATH;
}

/** Spec section 4: a sound plays when tip or order is above 0. */
export function shouldBeep(hint: Pick<HintOutput, 'tip' | 'order'>): boolean {
  return hint.tip > 0 || hint.order > 0;
}

export interface HintCounts {
  tip: number;
  order: number;
}

/** Poll the hint call (no overlay) and beep on pending messages or orders. */
export function useHintPolling(enabled: boolean, sound: () => void = beep): HintCounts {
  const [counts, setCounts] = useState<HintCounts>({ tip: 0, order: 0 });
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const poll = async () => {
      try {
        const data = await call(shellCalls.hint, {}, { loading: false });
        if (cancelled) return;
        const next = { tip: Number(data?.tip) || 0, order: Number(data?.order) || 0 };
        setCounts(next);
        if (shouldBeep(next)) sound();
      } catch {
        // The request layer reports the failure; the next tick tries again.
      }
    };
    void poll();
    const timer = setInterval(poll, HINT_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [enabled, sound]);
  return counts;
}
