/** One figure of the dashboard, as the server sent it. */
export interface DashboardCard {
  key: string;
  area: string;
  value: number;
  total?: number;
}

export interface DashboardSystem {
  hostname?: string;
  uptimeS?: number;
  load?: number[];
  cpuCount?: number;
  cpuPercent?: number;
  memory?: { total: number; used: number };
  disk?: { path?: string; total: number; used: number };
}

export interface DashboardData {
  areas: { area: string; cards: DashboardCard[] }[];
  system?: DashboardSystem;
  generatedAt?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

function usage(v: unknown): { total: number; used: number; path?: string } | undefined {
  const o = obj(v);
  const total = num(o?.total);
  const used = num(o?.used);
  if (total === undefined || used === undefined) return undefined;
  return { total, used, path: str(o?.path) };
}

function card(v: unknown): DashboardCard | undefined {
  const o = obj(v);
  const key = str(o?.key);
  const value = num(o?.value);
  if (!key || value === undefined) return undefined; // a card without a real number is not shown
  const total = num(o?.total);
  return { key, area: str(o?.area) ?? 'other', value, ...(total === undefined ? {} : { total }) };
}

/**
 * Read whatever `system/home` returned into what the page draws, keeping only real numbers and
 * grouping cards by business area in the order the server listed them.
 */
export function normaliseHome(raw: unknown): DashboardData {
  const root = obj(raw) ?? {};
  const cards = (Array.isArray(root.cards) ? root.cards : []).map(card).filter((c) => c !== undefined);
  const areas: DashboardData['areas'] = [];
  for (const c of cards) {
    const group = areas.find((a) => a.area === c.area);
    if (group) group.cards.push(c);
    else areas.push({ area: c.area, cards: [c] });
  }
  const s = obj(root.system);
  const system: DashboardSystem | undefined = s && {
    hostname: str(s.hostname),
    uptimeS: num(s.uptime_s),
    load: Array.isArray(s.load) ? s.load.filter((l): l is number => num(l) !== undefined) : undefined,
    cpuCount: num(s.cpu_count),
    cpuPercent: num(s.cpu_percent),
    memory: usage(s.memory),
    disk: usage(s.disk),
  };
  return { areas, system, generatedAt: str(root.generated_at) };
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
