import type { Lang } from '@igs/contract';
import { type CallDayFigures, type CdrDirection, voiceRecordCalls } from '@igs/contract/calls';
import { type FieldDef, type ResourceDef, resourceByName } from '@igs/contract/resources';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Segmented, Select, Space, Statistic, theme } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useLanguage, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { resourceKeys } from '../resource/api.ts';
import { LazyChart } from './lazy-chart.tsx';
import './record-views-texts.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';

/**
 * Calls per day under the call records (voice/CallRecords, issue 13 item 2): answered and missed
 * calls of the last 7 or 30 days as stacked bars, from the server's count of the records
 * (`voice/cdr` `stats`); a day without calls is a zero bar, never left out.
 */

const cdr = resourceByName('voice:cdr') as ResourceDef;
const disposition = cdr.fields.find((f) => f.name === 'disposition') as FieldDef;
const directionField = cdr.fields.find((f) => f.name === 'direction') as FieldDef;

/** The missed outcomes of a day, by their disposition code. */
const MISSED: [keyof CallDayFigures, string][] = [
  ['no_answer', 'NO ANSWER'],
  ['busy', 'BUSY'],
  ['failed', 'FAILED'],
  ['congestion', 'CONGESTION'],
];

export interface CallsChartLook {
  answered: string;
  missed: string;
  text: string;
  line: string;
}

/** A day on the axis: "11-26" / "11月26日" for a month of bars, with the weekday for a week. */
export function dayLabel(date: string, lang: Lang, week: boolean): string {
  const d = dayjs(date);
  if (lang === 'zh_CN')
    return week
      ? `${d.month() + 1}/${d.date()} ${'日一二三四五六'[d.day()]}`
      : `${d.month() + 1}/${d.date()}`;
  return week ? `${d.format('ddd')} ${d.date()}` : `${d.format('MMM')} ${d.date()}`;
}

/** The chart's option: answered and missed stacked per day; the tooltip names each missed outcome. */
export function callsChartOption(
  days: CallDayFigures[],
  lang: Lang,
  look: CallsChartLook,
  texts: { answered: string; missed: string },
): EChartsCoreOption {
  const week = days.length <= 7;
  const outcome = (code: string) => disposition.optionLabels?.[code]?.[lang] ?? code;
  return {
    color: [look.answered, look.missed],
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, textStyle: { color: look.text } },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[]) => {
        const d = days[params[0]?.dataIndex ?? 0];
        if (!d) return '';
        const lines = [
          `<b>${d.date}</b>`,
          `${texts.answered}: ${d.answered}`,
          `${texts.missed}: ${d.missed}`,
          ...MISSED.filter(([k]) => Number(d[k]) > 0).map(
            ([k, code]) => `&nbsp;&nbsp;${outcome(code)}: ${d[k]}`,
          ),
        ];
        return lines.join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: days.map((d) => dayLabel(d.date, lang, week)),
      axisLabel: { color: look.text, hideOverlap: true },
      axisLine: { lineStyle: { color: look.line } },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: look.text },
      splitLine: { lineStyle: { color: look.line } },
    },
    series: [
      {
        name: texts.answered,
        type: 'bar',
        stack: 'calls',
        data: days.map((d) => d.answered),
        barMaxWidth: 28,
      },
      { name: texts.missed, type: 'bar', stack: 'calls', data: days.map((d) => d.missed), barMaxWidth: 28 },
    ],
  };
}

export function CallsPerDay() {
  const t = useT();
  const lang = useLanguage();
  const { token } = theme.useToken();
  const [days, setDays] = useState<7 | 30>(7);
  const [direction, setDirection] = useState<CdrDirection | undefined>();
  const { data, isError } = useScopedQuery({
    // Under the resource's key: the page's refresh button and its writes refresh the chart too.
    queryKey: [...resourceKeys.all(cdr.name), 'stats', days, direction ?? ''],
    queryFn: ({ sites }) =>
      call(
        voiceRecordCalls.cdrStats,
        { days, ...(direction ? { direction } : {}) },
        { loading: false, sites },
      ),
    placeholderData: keepPreviousData,
  });

  const sum = useMemo(() => {
    const list = data?.days ?? [];
    const total = list.reduce((a, d) => a + d.total, 0);
    const answered = list.reduce((a, d) => a + d.answered, 0);
    return { total, answered, missed: list.reduce((a, d) => a + d.missed, 0) };
  }, [data]);
  const option = useMemo(
    () =>
      data &&
      callsChartOption(
        data.days,
        lang,
        {
          answered: token.colorSuccess,
          missed: token.colorWarning,
          text: token.colorTextSecondary,
          line: token.colorBorderSecondary,
        },
        { answered: t('rv.calls.answered'), missed: t('rv.calls.missed') },
      ),
    [data, lang, t, token],
  );

  const directions = Object.entries(directionField.optionLabels ?? {}).map(([value, label]) => ({
    value,
    label: label[lang],
  }));

  return (
    <Card
      className="record-view calls-per-day"
      size="small"
      title={t('rv.calls.title')}
      style={{ marginTop: 16 }}
      extra={
        <Space wrap>
          <Select
            size="small"
            style={{ minWidth: 130 }}
            aria-label={directionField.label[lang]}
            value={direction ?? ''}
            onChange={(v) => setDirection((v || undefined) as CdrDirection | undefined)}
            options={[{ value: '', label: t('rv.calls.allDirections') }, ...directions]}
          />
          <Segmented
            size="small"
            value={days}
            onChange={(v) => setDays(v as 7 | 30)}
            options={[
              { value: 7, label: t('rv.calls.days', { n: 7 }) },
              { value: 30, label: t('rv.calls.days', { n: 30 }) },
            ]}
          />
        </Space>
      }
    >
      {isError ? (
        <Alert type="warning" showIcon title={t('rv.calls.failedToLoad')} />
      ) : (
        <Flex vertical gap={8}>
          <Flex wrap gap={32}>
            <Statistic title={t('rv.calls.total')} value={data ? sum.total : '—'} />
            <Statistic
              title={t('rv.calls.answered')}
              value={data ? sum.answered : '—'}
              styles={{ content: { color: token.colorSuccess } }}
            />
            <Statistic
              title={t('rv.calls.missed')}
              value={data ? sum.missed : '—'}
              styles={{ content: { color: sum.missed ? token.colorWarning : undefined } }}
            />
            <Statistic
              title={t('rv.calls.rate')}
              value={data && sum.total ? Math.round((sum.answered / sum.total) * 1000) / 10 : '—'}
              suffix={data && sum.total ? '%' : undefined}
            />
          </Flex>
          {data && sum.total === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rv.calls.none')} />
          ) : option ? (
            <LazyChart option={option} height={260} />
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
