import type { TerminalStats } from '@igs/contract/calls';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeParams } from './TerminalStatistics.tsx';
import {
  type ChartTexts,
  contentPieOption,
  dailyOption,
  isEmptyStats,
  statusBarOption,
} from './terminal-stats-charts.ts';

const tx: ChartTexts = {
  online: 'On',
  offline: 'Off',
  pending: 'Pend',
  plays: 'Plays',
  hours: 'Hours',
  active: 'Active',
  unknown: '(none)',
  contentType: (k) => `ct:${k}`,
};

describe('terminal statistics charts', () => {
  it('stacks online, offline and pending per key, naming empty keys', () => {
    const o = statusBarOption(
      [
        { key: '', total: 2, online: 0, offline: 1, pending: 1 },
        { key: '0801', total: 1, online: 1, offline: 0, pending: 0 },
      ],
      tx,
    );
    expect(o.xAxis.data).toEqual(['(none)', '0801']);
    expect(o.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['On', 'state', [0, 1]],
      ['Off', 'state', [1, 0]],
      ['Pend', 'state', [1, 0]],
    ]);
  });

  it('draws plays and active terminals as bars and hours on the second axis', () => {
    const o = dailyOption(
      [
        { date: '2026-03-01', plays: 1, hours: 1, active_terminals: 1 },
        { date: '2026-03-02', plays: 3, hours: 2.75, active_terminals: 2 },
      ],
      tx,
    );
    expect(o.xAxis.data).toEqual(['03-01', '03-02']);
    expect(o.series[2]).toMatchObject({ name: 'Hours', type: 'line', yAxisIndex: 1, data: [1, 2.75] });
    expect(o.series[0]!.data).toEqual([1, 3]);
  });

  it('shares viewing hours by content type and tells empty replies', () => {
    const o = contentPieOption([{ key: 'live', plays: 2, hours: 1.5 }], tx);
    expect(o.series[0]!.data).toEqual([{ name: 'ct:live', value: 1.5 }]);
    const empty = { summary: { total: 0 }, totals: { plays: 0 } } as TerminalStats;
    expect(isEmptyStats(empty)).toEqual({ terminals: true, plays: true });
  });

  it('sends whole days', () => {
    expect(rangeParams([dayjs('2026-03-01T15:00:00'), dayjs('2026-03-07T01:00:00')])).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
    });
  });
});
