import type { Unit } from './types.ts';

/**
 * The numbers of a Unit as a person reads them. The console's cells and the exports' readable
 * columns use these, so ¥38.00 is written one way everywhere; forms convert with `toUnitInput` and
 * `fromUnitInput` so the operator types yuan while the server keeps fen.
 */

/** 3800 fen → ¥38.00; negative amounts (refunds) keep their sign before the symbol. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  return `${sign}¥${(Math.abs(fen) / 100).toFixed(2)}`;
}

/** 3725 s → 1:02:05; under an hour 0:42 reads as m:ss. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.round(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → 1.5 KB: binary steps, one decimal from KB up, none for bytes. */
export function formatBytes(bytes: number): string {
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} B` : `${v.toFixed(1).replace(/\.0$/, '')} ${BYTE_UNITS[i]}`;
}

/** 800 → 800 kbit/s, 8000 → 8 Mbit/s (decimal steps, as bit rates are quoted). */
export function formatKbps(kbps: number): string {
  if (kbps >= 1000) return `${(kbps / 1000).toFixed(2).replace(/\.?0+$/, '')} Mbit/s`;
  return `${kbps} kbit/s`;
}

/** A stored number of `unit` as text. */
export function formatUnit(unit: Unit, value: number): string {
  switch (unit) {
    case 'fen':
      return formatFen(value);
    case 'seconds':
      return formatSeconds(value);
    case 'bytes':
      return formatBytes(value);
    case 'kbps':
      return formatKbps(value);
  }
}

/** The number a form shows for a stored value: yuan for fen; other units are entered as stored. */
export function toUnitInput(unit: Unit | undefined, stored: number): number {
  return unit === 'fen' ? stored / 100 : stored;
}

/** The number to store for what the operator typed: 38.5 yuan → 3850 fen (rounded to the fen). */
export function fromUnitInput(unit: Unit | undefined, typed: number): number {
  // Shifting the decimal point in the number's text avoids binary noise (1.005 × 100 = 100.499…).
  return unit === 'fen' ? Math.round(Number(`${typed}e2`)) : typed;
}
