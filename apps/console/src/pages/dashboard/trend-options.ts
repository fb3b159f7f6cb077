import type { SvgChartProps } from '../../features/charts/svg-chart.tsx';
import type { CallDay, OnlineDay } from './home-data.ts';

/**
 * What the dashboard's 7-day trends draw (features/charts/svg-chart.tsx), built from the server's
 * figures alone (pure, so what is drawn is checked without a browser). Colours come from the
 * console's theme (light or dark) through `ChartTheme`; the state colours follow the console's
 * tags (answered green, not answered orange).
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

/** The data of one trend chart: the chart's props but its size and label. */
export type TrendData = Pick<SvgChartProps, 'kind' | 'labels' | 'series' | 'stacked' | 'missingText'>;

/** `2026-11-26` as the axis shows it: `11-26`. */
export const dayLabel = (date: string) => date.slice(5);

/** Calls per day, stacked by outcome; "other" (neither answered nor a known miss) only when there is any. */
export function callsOption(days: readonly CallDay[], tx: TrendTexts, theme: ChartTheme): TrendData {
  const other = days.map((d) => Math.max(0, d.total - d.answered - d.missed));
  return {
    kind: 'bar',
    stacked: true,
    labels: days.map((d) => dayLabel(d.date)),
    series: [
      { name: tx.answered, color: theme.success, data: days.map((d) => d.answered) },
      { name: tx.missed, color: theme.warning, data: days.map((d) => d.missed) },
      ...(other.some((n) => n > 0) ? [{ name: tx.other, color: theme.neutral, data: other }] : []),
    ],
  };
}

/** Terminals online per day; a day never sampled has no bar and says so in the tooltip. */
export function onlineOption(days: readonly OnlineDay[], tx: TrendTexts, theme: ChartTheme): TrendData {
  return {
    kind: 'bar',
    labels: days.map((d) => dayLabel(d.date)),
    series: [{ name: tx.online, color: theme.primary, data: days.map((d) => d.value) }],
    missingText: tx.notSampled,
  };
}
