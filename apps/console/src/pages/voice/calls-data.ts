import { type CallStats, DIALABLE } from '@igs/contract/calls';

// What the voice calls page computes from its replies (typed by `voiceCallCalls` of the contract).

/** DOMAIN voice/VoiceCalls: polled every 3 s while the page is shown. */
export const CALLS_REFRESH_MS = 3000;

/** `m:ss`, or `h:mm:ss` from an hour on. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Answered calls as a whole percentage of all calls; null when there were none. */
export function answerRate(today: CallStats['today']): number | null {
  return today.total ? Math.round((today.answered / today.total) * 100) : null;
}

/** Each day's bar length as a percentage of the busiest day. */
export function dayBars(
  days: CallStats['days'],
): { date: string; total: number; answered: number; pct: number }[] {
  const max = Math.max(1, ...days.map((d) => d.total));
  return days.map((d) => ({
    date: d.date,
    total: d.total,
    answered: d.answered,
    pct: Math.round((d.total / max) * 100),
  }));
}

/** A number the originate and transfer forms accept (the contract's rule, which the server checks). */
export function isDialable(v: string): boolean {
  return DIALABLE.test(v.trim());
}
