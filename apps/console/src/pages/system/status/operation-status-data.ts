import type { NetInterface, RunningStatus } from '@igs/contract/calls';
import { formatBytes } from '../../../utils/number.ts';

export type { NetInterface, RunningStatus } from '@igs/contract/calls';

/** One point of the live charts. */
export interface StatusSample {
  at: number;
  cpu: number | null;
  memory: number;
  net: Record<string, { rx: number | null; tx: number | null }>;
}

/** Five minutes at one reading every 5 s. */
export const HISTORY_POINTS = 60;
export const REFRESH_MS = 5000;

/** Adds a reading to the chart history (once per reading), keeping the last `max` points. */
export function appendSample(
  history: StatusSample[],
  s: RunningStatus,
  max = HISTORY_POINTS,
): StatusSample[] {
  if (history.at(-1)?.at === s.generated_at) return history;
  const point: StatusSample = {
    at: s.generated_at,
    cpu: s.cpu.usage_pct,
    memory: s.memory.used_pct,
    net: Object.fromEntries(s.network.interfaces.map((n) => [n.iface, { rx: n.rx_rate, tx: n.tx_rate }])),
  };
  const next = [...history, point];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** The interface the network chart starts on: the busiest one that is not loopback. */
export function defaultInterface(list: NetInterface[]): string | undefined {
  const real = list.filter((n) => n.iface !== 'lo');
  const pool = real.length ? real : list;
  return [...pool].sort((a, b) => b.rx_bytes + b.tx_bytes - (a.rx_bytes + a.tx_bytes))[0]?.iface;
}

/** 1536 -> "1.5 KB/s"; a missing rate is shown as a dash, never as zero. */
export function formatRate(bytesPerSecond: number | null | undefined): string {
  if (bytesPerSecond === null || bytesPerSecond === undefined) return '–';
  return `${formatBytes(bytesPerSecond)}/s`;
}

export function splitSeconds(seconds: number): { days: number; hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(seconds));
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
  };
}

export function clock(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function dateTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${clock(ms)}`;
}
