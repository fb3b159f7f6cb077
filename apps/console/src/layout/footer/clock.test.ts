import { describe, expect, it } from 'vitest';
import { hotlineOf } from './app-footer.tsx';
import { CLOCK_INTERVAL_MS, formatClock } from './clock.ts';

describe('footer', () => {
  it('formats the clock as YYYY-MM-DD HH:mm:ss and ticks every second', () => {
    expect(formatClock(new Date(2026, 0, 5, 7, 8, 9))).toBe('2026-01-05 07:08:09');
    expect(formatClock(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31 23:59:59');
    expect(CLOCK_INTERVAL_MS).toBe(1000);
  });

  it('shows the default hotline when the server gives none', () => {
    expect(hotlineOf('')).toBe('400-800-8888');
    expect(hotlineOf(undefined)).toBe('400-800-8888');
    expect(hotlineOf(' 0571-1234567 ')).toBe('0571-1234567');
  });
});
