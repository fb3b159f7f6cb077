import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toFilter } from './log-list-input.ts';

describe('operation log filters', () => {
  it('trims texts, passes ranges as whole days, and pins the sign-in tab to the login module', () => {
    const time: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-11-01'), dayjs('2026-11-21')];
    expect(
      toFilter('operations', {
        username: ' admin ',
        module: 'system:logging',
        result: 'fail',
        time,
        keyword: ' x ',
      }),
    ).toEqual({
      filter: {
        username: 'admin',
        module: 'system:logging',
        result: 'fail',
        time: ['2026-11-01', '2026-11-21'],
      },
      keyword: 'x',
    });
    expect(toFilter('logins', { module: 'ignored' })).toEqual({ filter: { module: 'login' }, keyword: '' });
  });
});
