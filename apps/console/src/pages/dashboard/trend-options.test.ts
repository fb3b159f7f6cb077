import { describe, expect, it } from 'vitest';
import { type ChartTheme, callsOption, onlineOption, type TrendTexts } from './trend-options.ts';

const theme: ChartTheme = {
  text: 'T',
  secondaryText: 'S',
  split: 'L',
  primary: 'P',
  success: 'G',
  warning: 'O',
  neutral: 'N',
};
const tx: TrendTexts = {
  answered: 'Answered',
  missed: 'Not answered',
  other: 'Other',
  online: 'Terminals online',
  notSampled: 'No data',
};

describe('trend charts', () => {
  it('calls per day: answered and not answered stacked, other only when there is any', () => {
    const days = [
      { date: '2026-11-25', total: 1, answered: 0, missed: 1 },
      { date: '2026-11-26', total: 3, answered: 2, missed: 1 },
    ];
    const o = callsOption(days, tx, theme);
    expect(o.labels).toEqual(['11-25', '11-26']);
    expect(o.stacked).toBe(true);
    expect(o.series.map((s) => [s.name, s.color, s.data])).toEqual([
      ['Answered', 'G', [0, 2]],
      ['Not answered', 'O', [1, 1]],
    ]);
    const withOther = callsOption([{ date: '2026-11-26', total: 4, answered: 2, missed: 1 }], tx, theme);
    expect(withOther.series.map((s) => s.name)).toEqual(['Answered', 'Not answered', 'Other']);
    expect(withOther.series[2]!.data).toEqual([1]);
  });

  it('terminals online: a day never sampled has no bar and reads "No data"', () => {
    const o = onlineOption(
      [
        { date: '2026-11-25', value: null },
        { date: '2026-11-26', value: 7 },
      ],
      tx,
      theme,
    );
    expect(o.series[0]!.data).toEqual([null, 7]);
    expect(o.missingText).toBe('No data');
  });
});
