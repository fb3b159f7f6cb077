import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatFen,
  formatKbps,
  formatSeconds,
  fromUnitInput,
  toUnitInput,
} from '../src/resources/units.ts';

describe('units as a person reads them', () => {
  it('shows fen as yuan with two decimals', () => {
    expect(formatFen(3800)).toBe('¥38.00');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(-1250)).toBe('-¥12.50');
  });

  it('takes yuan in forms and stores whole fen', () => {
    expect(toUnitInput('fen', 3800)).toBe(38);
    expect(fromUnitInput('fen', 38.5)).toBe(3850);
    // 0.1 + 0.2 style float noise must not lose a fen.
    expect(fromUnitInput('fen', 19.99)).toBe(1999);
    expect(fromUnitInput('fen', 1.005 * 1)).toBe(101);
    expect(fromUnitInput(undefined, 7)).toBe(7);
  });

  it('shows durations as h:mm:ss, short ones as m:ss', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(42)).toBe('0:42');
    expect(formatSeconds(3725)).toBe('1:02:05');
    expect(formatSeconds(36000)).toBe('10:00:00');
  });

  it('shows sizes in B, KB, MB and GB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });

  it('shows bit rates in kbit/s and Mbit/s', () => {
    expect(formatKbps(800)).toBe('800 kbit/s');
    expect(formatKbps(8000)).toBe('8 Mbit/s');
    expect(formatKbps(2500)).toBe('2.5 Mbit/s');
  });
});
