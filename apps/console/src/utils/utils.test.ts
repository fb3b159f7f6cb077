import { describe, expect, it } from 'vitest';
import { browserId, fnv1a } from './fingerprint.ts';
import { abbreviateNumber, formatBytes, thousands } from './number.ts';
import { formatTimeAgo, timeAgo } from './time-ago.ts';
import { isArray, isExternal, isMobile, isString } from './validate.ts';

describe('timeAgo', () => {
  const now = Date.UTC(2024, 0, 10, 12, 0, 0);
  it('uses minutes under one hour', () => {
    expect(timeAgo(now - 59 * 60_000, now)).toEqual({ value: 59, unit: 'minute' });
    expect(timeAgo(now - 30_000, now)).toEqual({ value: 0, unit: 'minute' });
  });
  it('uses hours under one day', () => {
    expect(timeAgo(now - 3600_000, now)).toEqual({ value: 1, unit: 'hour' });
    expect(timeAgo(now - 23.9 * 3600_000, now)).toEqual({ value: 23, unit: 'hour' });
  });
  it('uses days from one day', () => {
    expect(timeAgo(now - 86400_000, now)).toEqual({ value: 1, unit: 'day' });
    expect(timeAgo(now - 10 * 86400_000, now)).toEqual({ value: 10, unit: 'day' });
  });
  it('accepts seconds since the epoch', () => {
    expect(timeAgo((now - 7200_000) / 1000, now)).toEqual({ value: 2, unit: 'hour' });
  });
  it('formats through the translator', () => {
    const text = formatTimeAgo(now - 5 * 60_000, (key, { count }) => `${key}:${count}`, now);
    expect(text).toBe('time.minutesAgo:5');
  });
});

describe('abbreviateNumber', () => {
  it.each([
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [2_000_000, '2M'],
    [3.25e9, '3.3G'],
    [4e12, '4T'],
    [5e15, '5P'],
    [6e18, '6E'],
    [-1500, '-1.5k'],
  ])('%d -> %s', (input, expected) => {
    expect(abbreviateNumber(input)).toBe(expected);
  });
  it('formats thousands and bytes', () => {
    expect(thousands(1234567)).toBe('1,234,567');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(8 * 1024 ** 3)).toBe('8 GB');
  });
});

describe('validators', () => {
  it('isString', () => {
    expect(isString('a')).toBe(true);
    expect(isString(new String('a'))).toBe(true);
    expect(isString(1)).toBe(false);
    expect(isString(null)).toBe(false);
  });
  it('isArray', () => {
    expect(isArray([])).toBe(true);
    expect(isArray('[]')).toBe(false);
    expect(isArray({ length: 0 })).toBe(false);
  });
  it('isExternal', () => {
    for (const link of ['http://a', 'https://a', 'mailto:a@b', 'tel:123'])
      expect(isExternal(link)).toBe(true);
    expect(isExternal('/voice')).toBe(false);
  });
  it('isMobile', () => {
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile('1380013800')).toBe(false);
    expect(isMobile('23800138000')).toBe(false);
  });
});

describe('browserId', () => {
  it('is stable and combines the hash with the port', () => {
    expect(browserId('8080')).toBe(browserId('8080'));
    expect(browserId('8080')).toMatch(/^[0-9a-f]{8}-8080$/);
    expect(browserId('8080')).not.toBe(browserId('9090'));
    expect(browserId('')).toMatch(/-default$/);
  });
  it('fnv1a is the 32-bit FNV-1a hash', () => {
    expect(fnv1a('')).toBe('811c9dc5');
    expect(fnv1a('a')).toBe('e40c292c');
  });
});
