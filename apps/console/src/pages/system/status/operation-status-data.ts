import { formatBytes } from '../../../utils/number.ts';

/** What `system/running` answers (server features/system-status/collector.ts). */
export interface NetInterface {
  iface: string;
  rx_bytes: number;
  tx_bytes: number;
  rx_errors: number;
  tx_errors: number;
  rx_dropped: number;
  tx_dropped: number;
  /** Bytes per second over the sampling interval; null for an interface that just appeared. */
  rx_rate: number | null;
  tx_rate: number | null;
}

export interface MemoryUse {
  total: number;
  used: number;
  free: number;
  used_pct: number;
  available?: number;
}

export interface RunningStatus {
  generated_at: number;
  host: {
    hostname: string;
    os: { pretty_name: string; name: string; version_id: string; id: string };
    kernel: string;
    kernel_build: string;
    arch: string;
    uptime_s: number;
    boot_time: number;
  };
  cpu: {
    model: string;
    cores: number;
    physical_cores: number | null;
    mhz: number | null;
    load: number[];
    usage_pct: number | null;
    per_core: (number | null)[];
    interval_ms: number;
  };
  memory: MemoryUse;
  swap: MemoryUse;
  disks: {
    device: string;
    mountpoint: string;
    fstype: string;
    total: number;
    used: number;
    avail: number;
    used_pct: number;
  }[];
  network: { interfaces: NetInterface[]; interval_ms: number };
  temperatures: { source: string; name: string; label: string; celsius: number }[];
  versions: { key: string; installed: boolean; version: string | null; detail: string }[];
  services: { key: string; running: boolean; pids: number[]; rss_bytes: number }[];
}

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
