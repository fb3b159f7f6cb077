import type { BoundArea } from './records.ts';
import { idList, jsonValue } from './records.ts';

/**
 * Who and when a record is for (DOMAIN section 0, Sched and Targets), decided per terminal.
 * - Areas: a record naming an area reaches the terminals bound to it and to any area below it
 *   (a building reaches its rooms); an empty list reaches everyone, an unbound terminal only that.
 * - Sched: start_at ≤ now < end_at, the weekday (1 = Monday … 7 = Sunday; empty = every day), and
 *   the daily window time_from–time_to, which may cross midnight (empty or equal ends = all day).
 */

export function areaMatches(areaIds: unknown, area: BoundArea | null): boolean {
  const ids = idList(areaIds);
  if (!ids.length) return true;
  return area?.chain.some((id) => ids.includes(id)) ?? false;
}

/** How near the record's areas are to the terminal's (0 = its own area); Infinity when none match. */
export function areaDistance(areaIds: unknown, area: BoundArea | null): number {
  const ids = idList(areaIds);
  if (!area || !ids.length) return Number.POSITIVE_INFINITY;
  const i = area.chain.findIndex((id) => ids.includes(id));
  return i < 0 ? Number.POSITIVE_INFINITY : i;
}

export interface Moment {
  /** `YYYY-MM-DD HH:mm:ss`, as dt columns hold it. */
  dt: string;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** `HH:mm`. */
  hm: string;
}

export function momentOf(ms: number, dt: string): Moment {
  const day = new Date(ms).getDay();
  return { dt, weekday: day === 0 ? 7 : day, hm: dt.slice(11, 16) };
}

const HM = /^\d{2}:\d{2}/;

export function schedMatches(r: Record<string, unknown>, m: Moment): boolean {
  const start = String(r.start_at ?? '');
  const end = String(r.end_at ?? '');
  if (!start || !end || start > m.dt || end <= m.dt) return false;
  const days = jsonValue(r.weekdays);
  if (Array.isArray(days) && days.length && !days.map(Number).includes(m.weekday)) return false;
  const from = HM.test(String(r.time_from ?? '')) ? String(r.time_from).slice(0, 5) : '';
  const to = HM.test(String(r.time_to ?? '')) ? String(r.time_to).slice(0, 5) : '';
  if (!from || !to || from === to) return true;
  return from < to ? m.hm >= from && m.hm < to : m.hm >= from || m.hm < to;
}

/** Off only when the flag says 0: a flag left empty reads as its default (on). */
export const isOn = (v: unknown) => v === null || v === undefined || Number(v) !== 0;
