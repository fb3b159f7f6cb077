import { describe, expect, it } from 'vitest';
import { todayOf } from '../../src/features/voice/wakeup-today.ts';

// Thursday 26 November 2026, 09:15 and Saturday 28 November 2026, 09:15 (server zone).
const THURSDAY = new Date(2026, 10, 26, 9, 15).getTime();
const SATURDAY = new Date(2026, 10, 28, 9, 15).getTime();
const YESTERDAY = THURSDAY - 86_400_000;

describe("today's wake-up calls", () => {
  it('one-off calls of today only; daily every day; weekdays Monday to Friday', () => {
    const once = { repeat: 'once', date: '2026-11-26', time: '10:00', state: 'scheduled' };
    expect(todayOf(once, THURSDAY)).toMatchObject({ today: 'due', passed: false, time: '10:00' });
    expect(todayOf({ ...once, date: '2026-11-27' }, THURSDAY)).toBeNull();
    expect(todayOf({ repeat: 'daily', time: '7:05' }, SATURDAY)).toMatchObject({
      today: 'due',
      time: '07:05',
    });
    expect(todayOf({ repeat: 'weekdays', time: '07:00' }, THURSDAY)).not.toBeNull();
    expect(todayOf({ repeat: 'weekdays', time: '07:00' }, SATURDAY)).toBeNull();
    // A repeating call with a date starts that day.
    expect(todayOf({ repeat: 'daily', date: '2026-11-27', time: '07:00' }, THURSDAY)).toBeNull();
    expect(todayOf({ repeat: 'daily', date: '2026-11-20', time: '07:00' }, THURSDAY)).not.toBeNull();
  });

  it("a due call whose time has gone is marked; outcomes are today's only when reached today", () => {
    expect(
      todayOf({ repeat: 'once', date: '2026-11-26', time: '06:30', state: null }, THURSDAY),
    ).toMatchObject({
      today: 'due',
      passed: true,
      state: null,
    });
    const daily = { repeat: 'daily', time: '06:30' };
    expect(todayOf({ ...daily, state: 'answered', updated_at: YESTERDAY }, THURSDAY)).toMatchObject({
      today: 'due',
      passed: true,
      state: 'answered',
    });
    expect(todayOf({ ...daily, state: 'failed', updated_at: THURSDAY - 60_000 }, THURSDAY)).toMatchObject({
      today: 'failed',
      passed: false,
    });
    expect(todayOf({ ...daily, state: 'cancelled', updated_at: YESTERDAY }, THURSDAY)?.today).toBe(
      'cancelled',
    );
    // A one-off call's outcome is its day's, whenever it was stored.
    expect(
      todayOf(
        { repeat: 'once', date: '2026-11-26', time: '06:30', state: 'answered', updated_at: 0 },
        THURSDAY,
      )?.today,
    ).toBe('answered');
  });
});
