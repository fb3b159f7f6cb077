import type { TerminalStats } from '@igs/contract/calls';

type StatusRow = TerminalStats['by_area'][number];

/**
 * ECharts options of the terminal statistics page, built from the server's reply alone (pure, so
 * the figures drawn are checked by tests without a canvas).
 */

export interface ChartTexts {
  online: string;
  offline: string;
  pending: string;
  plays: string;
  hours: string;
  active: string;
  /** The label of an empty key (unbound area, unknown model). */
  unknown: string;
  contentType: (key: string) => string;
}

// The status colours of the console: green online, grey offline, orange pending.
const COLORS = { online: '#52c41a', offline: '#bfbfbf', pending: '#faad14' };

/** Stacked bars of online/offline/pending terminals per key (area, model, app version). */
export function statusBarOption(rows: readonly StatusRow[], tx: ChartTexts) {
  const keys = rows.map((r) => r.key || tx.unknown);
  const series = (['online', 'offline', 'pending'] as const).map((k) => ({
    name: tx[k],
    type: 'bar' as const,
    stack: 'state',
    itemStyle: { color: COLORS[k] },
    data: rows.map((r) => r[k]),
  }));
  return {
    tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category' as const,
      data: keys,
      axisLabel: { interval: 0, rotate: keys.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value' as const, minInterval: 1 },
    series,
  };
}

/** Plays and active terminals (bars, left axis) and viewing hours (line, right axis) per day. */
export function dailyOption(daily: TerminalStats['daily'], tx: ChartTexts) {
  return {
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category' as const, data: daily.map((d) => d.date.slice(5)) },
    yAxis: [
      { type: 'value' as const, minInterval: 1 },
      { type: 'value' as const, name: tx.hours, splitLine: { show: false } },
    ],
    series: [
      { name: tx.plays, type: 'bar' as const, data: daily.map((d) => d.plays) },
      { name: tx.active, type: 'bar' as const, data: daily.map((d) => d.active_terminals) },
      { name: tx.hours, type: 'line' as const, yAxisIndex: 1, smooth: true, data: daily.map((d) => d.hours) },
    ],
  };
}

/** Viewing hours by content type. */
export function contentPieOption(rows: TerminalStats['by_content_type'], tx: ChartTexts) {
  return {
    tooltip: { trigger: 'item' as const, formatter: '{b}: {c} h ({d}%)' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie' as const,
        radius: ['40%', '70%'],
        data: rows.map((r) => ({ name: tx.contentType(r.key), value: r.hours })),
      },
    ],
  };
}

/** True when the reply has nothing to draw for terminals or for plays. */
export function isEmptyStats(s: TerminalStats): { terminals: boolean; plays: boolean } {
  return { terminals: s.summary.total === 0, plays: s.totals.plays === 0 };
}
