import { describe, expect, it } from 'vitest';
import { answerRate, dayBars, formatDuration, isDialable } from './calls-data.ts';
import { fileRows, uptimeParts, type VoiceStatus } from './management-data.ts';

describe('voice management figures', () => {
  it('shows uptime as its two largest units', () => {
    expect(uptimeParts(90061)).toEqual([
      { unit: 'd', n: 1 },
      { unit: 'h', n: 1 },
    ]);
    expect(uptimeParts(3720)).toEqual([
      { unit: 'h', n: 1 },
      { unit: 'm', n: 2 },
    ]);
    expect(uptimeParts(42)).toEqual([{ unit: 's', n: 42 }]);
  });

  it('puts each file beside its last check; unchecked files say so', () => {
    const status = {
      files: [
        { file: 'pjsip.conf', written_at: '2026-01-01 10:00:00', bytes: 100 },
        { file: 'rtp.conf', written_at: null, bytes: null },
      ],
    } as VoiceStatus;
    expect(fileRows(status, undefined)).toEqual([
      {
        file: 'pjsip.conf',
        written_at: '2026-01-01 10:00:00',
        bytes: 100,
        ok: null,
        errors: [],
        warnings: [],
      },
      { file: 'rtp.conf', written_at: null, bytes: null, ok: null, errors: [], warnings: [] },
    ]);
    const check = {
      ok: false,
      dir: '/d',
      files: [
        {
          file: 'pjsip.conf',
          ok: false,
          valid: true,
          sections: 3,
          lines: 20,
          bytes: 120,
          errors: ['bad'],
          warnings: ['meh'],
        },
        {
          file: 'rtp.conf',
          ok: true,
          valid: true,
          sections: 1,
          lines: 5,
          bytes: 50,
          errors: [],
          warnings: [],
        },
      ],
    };
    expect(fileRows(status, check)[0]).toEqual({
      file: 'pjsip.conf',
      written_at: '2026-01-01 10:00:00',
      bytes: 120,
      ok: false,
      errors: ['bad'],
      warnings: ['meh'],
    });
    expect(fileRows(status, check)[1]!.ok).toBe(true);
  });
});

describe('voice call figures', () => {
  it('formats durations and the answer rate', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    const today = {
      total: 3,
      answered: 2,
      missed: 1,
      avg_billsec: 90,
      by_direction: { internal: 1, inbound: 1, outbound: 1 },
    };
    expect(answerRate(today)).toBe(67);
    expect(answerRate({ ...today, total: 0, answered: 0 })).toBeNull();
  });

  it('scales day bars to the busiest day', () => {
    expect(
      dayBars([
        { date: '2026-01-01', total: 0, answered: 0, missed: 0 },
        { date: '2026-01-02', total: 4, answered: 3, missed: 1 },
        { date: '2026-01-03', total: 2, answered: 2, missed: 0 },
      ]).map((d) => d.pct),
    ).toEqual([0, 100, 50]);
  });

  it('accepts only dialable numbers', () => {
    expect(isDialable(' 8001 ')).toBe(true);
    expect(isDialable('*72')).toBe(true);
    expect(isDialable('80 01')).toBe(false);
    expect(isDialable('8001;x')).toBe(false);
  });
});
