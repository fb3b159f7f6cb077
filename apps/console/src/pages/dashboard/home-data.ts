/** One figure of the dashboard, as the server sent it; `value` null is an unknown figure. */
export interface DashboardCard {
  key: string;
  area: string;
  value: number | null;
  total?: number;
  /** Why the value is unknown (asterisk_not_installed, asterisk_stopped, asterisk_console). */
  unknown?: string;
}

export interface DashboardDisk {
  path?: string;
  mountpoint?: string;
  total: number;
  used: number;
  /** The server's df-style percentage (the status and disk pages show the same one). */
  usedPct: number;
}

export interface DashboardSystem {
  hostname?: string;
  uptimeS?: number;
  load?: number[];
  cpuCount?: number;
  cpuPercent?: number;
  memory?: { total: number; used: number };
  disk?: DashboardDisk;
}

export interface CallDay {
  date: string;
  total: number;
  answered: number;
  missed: number;
}

export interface OnlineDay {
  date: string;
  value: number | null;
}

export interface DashboardTrends {
  calls?: CallDay[];
  terminalsOnline?: OnlineDay[];
}

export interface DashboardData {
  /** The cards in the server's order (grouped by area there). */
  cards: DashboardCard[];
  trends: DashboardTrends;
  system?: DashboardSystem;
  generatedAt?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function usage(v: unknown): { total: number; used: number } | undefined {
  const o = obj(v);
  const total = num(o?.total);
  const used = num(o?.used);
  if (total === undefined || used === undefined) return undefined;
  return { total, used };
}

function disk(v: unknown): DashboardDisk | undefined {
  const u = usage(v);
  if (!u) return undefined;
  const o = obj(v)!;
  return {
    path: str(o.path),
    mountpoint: str(o.mountpoint),
    ...u,
    usedPct: num(o.used_pct) ?? percent(u.used, u.total),
  };
}

function card(v: unknown): DashboardCard | undefined {
  const o = obj(v);
  const key = str(o?.key);
  const value = num(o?.value);
  const unknown = str(o?.unknown);
  // A card shows a real number, or says why it has none: never a made-up 0.
  if (!key || (value === undefined && !(o?.value === null && unknown))) return undefined;
  const total = num(o?.total);
  return {
    key,
    area: str(o?.area) ?? 'other',
    value: value ?? null,
    ...(total === undefined ? {} : { total }),
    ...(value === undefined && unknown ? { unknown } : {}),
  };
}

function callDays(v: unknown): CallDay[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.flatMap((d) => {
    const o = obj(d);
    const date = str(o?.date);
    const total = num(o?.total);
    if (!date || total === undefined) return [];
    return [{ date, total, answered: num(o?.answered) ?? 0, missed: num(o?.missed) ?? 0 }];
  });
}

function onlineDays(v: unknown): OnlineDay[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.flatMap((d) => {
    const o = obj(d);
    const date = str(o?.date);
    return date ? [{ date, value: num(o?.value) ?? null }] : [];
  });
}

/** Read whatever `system/home` returned into what the page draws, keeping only real numbers. */
export function normaliseHome(raw: unknown): DashboardData {
  const root = obj(raw) ?? {};
  const cards = list(root.cards)
    .map(card)
    .filter((c) => c !== undefined);
  const t = obj(root.trends);
  const calls = callDays(t?.calls);
  const terminalsOnline = onlineDays(t?.terminals_online);
  const s = obj(root.system);
  const system: DashboardSystem | undefined = s && {
    hostname: str(s.hostname),
    uptimeS: num(s.uptime_s),
    load: Array.isArray(s.load) ? s.load.filter((l): l is number => num(l) !== undefined) : undefined,
    cpuCount: num(s.cpu_count),
    cpuPercent: num(s.cpu_percent),
    memory: usage(s.memory),
    disk: disk(s.disk),
  };
  return {
    cards,
    trends: { ...(calls ? { calls } : {}), ...(terminalsOnline ? { terminalsOnline } : {}) },
    system,
    generatedAt: str(root.generated_at),
  };
}

/** Whole days, hours and minutes of an uptime in seconds. */
export function splitUptime(seconds: number): { days: number; hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(seconds));
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
  };
}

export function percent(used: number, total: number): number {
  return total > 0 ? Math.round((used / total) * 1000) / 10 : 0;
}

/** Fallback label for a key the dictionary does not know: `pending_orders` -> "Pending orders". */
export function humanise(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/**
 * How a figure reads at a glance: an open alarm, a programme down or a failed sign-in asks for
 * attention (error), a pending order or terminal waits (warning), everything else is neutral.
 */
export function cardTone(c: DashboardCard): 'error' | 'warning' | 'default' {
  if (c.value === null || c.value === 0) return 'default';
  if (['open_alarms', 'programmes_down', 'failed_logins_today'].includes(c.key)) return 'error';
  if (['terminals_pending', 'pending_orders', 'unread_terminal_records'].includes(c.key)) return 'warning';
  return 'default';
}
