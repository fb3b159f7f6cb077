import type { CallDay, OnlineDay } from './home-data.ts';

/**
 * ECharts options of the dashboard's 7-day trends, built from the server's figures alone (pure,
 * so what is drawn is checked without a canvas). Colours come from the console's theme (light or
 * dark) through `ChartTheme`; the state colours follow the console's tags (answered green, not
 * answered orange).
 */

export interface ChartTheme {
  text: string;
  secondaryText: string;
  split: string;
  primary: string;
  success: string;
  warning: string;
  neutral: string;
}

export interface TrendTexts {
  answered: string;
  missed: string;
  other: string;
  online: string;
  notSampled: string;
}

/** `2026-11-26` as the axis shows it: `11-26`. */
export const dayLabel = (date: string) => date.slice(5);

function frame(theme: ChartTheme, labels: string[]) {
  return {
    animation: false,
    textStyle: { color: theme.secondaryText },
    grid: { left: 8, right: 8, top: 32, bottom: 4, containLabel: true },
    legend: { top: 0, textStyle: { color: theme.text } },
    xAxis: {
      type: 'category' as const,
      data: labels,
      axisLine: { lineStyle: { color: theme.split } },
      axisTick: { show: false },
      axisLabel: { color: theme.secondaryText },
    },
    yAxis: {
      type: 'value' as const,
      minInterval: 1,
      min: 0,
      axisLabel: { color: theme.secondaryText },
      splitLine: { lineStyle: { color: theme.split } },
    },
  };
}

/** Calls per day, stacked by outcome; "other" (neither answered nor a known miss) only when there is any. */
export function callsOption(days: readonly CallDay[], tx: TrendTexts, theme: ChartTheme) {
  const other = days.map((d) => Math.max(0, d.total - d.answered - d.missed));
  const series = [
    { name: tx.answered, color: theme.success, data: days.map((d) => d.answered) },
    { name: tx.missed, color: theme.warning, data: days.map((d) => d.missed) },
    ...(other.some((n) => n > 0) ? [{ name: tx.other, color: theme.neutral, data: other }] : []),
  ];
  return {
    ...frame(
      theme,
      days.map((d) => dayLabel(d.date)),
    ),
    tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } },
    series: series.map((s) => ({
      name: s.name,
      type: 'bar' as const,
      stack: 'calls',
      barMaxWidth: 28,
      itemStyle: { color: s.color },
      data: s.data,
    })),
  };
}

/** Terminals online per day; a day never sampled has no bar and says so in the tooltip. */
export function onlineOption(days: readonly OnlineDay[], tx: TrendTexts, theme: ChartTheme) {
  return {
    ...frame(
      theme,
      days.map((d) => dayLabel(d.date)),
    ),
    tooltip: {
      trigger: 'axis' as const,
      axisPointer: { type: 'shadow' as const },
      valueFormatter: (v: unknown) => (typeof v === 'number' ? String(v) : tx.notSampled),
    },
    series: [
      {
        name: tx.online,
        type: 'bar' as const,
        barMaxWidth: 28,
        itemStyle: { color: theme.primary },
        data: days.map((d) => d.value),
      },
    ],
  };
}
