import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { type TerminalStats, terminalStatCalls } from '@igs/contract/calls';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Statistic, Table, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { RangePicker } from '../../features/date-pickers/lazy-pickers.tsx';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { EChart } from './echart.tsx';
import {
  type ChartTexts,
  contentPieOption,
  dailyOption,
  isEmptyStats,
  statusBarOption,
} from './terminal-stats-charts.ts';
import './terminal-stats-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';
import { useSiteIds } from '../../features/sites/use-site-ids.ts';

/** The call's range from the picker: whole days, as the server wants them. */
export function rangeParams(range: [Dayjs, Dayjs]): { from: string; to: string } {
  return { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') };
}

function TopTable({ rows, t }: { rows: TerminalStats['top_channels']; t: ReturnType<typeof useT> }) {
  return (
    <Table
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tstat.noPlays')} /> }}
      columns={[
        { title: '#', width: 40, render: (_v, _r, i) => i + 1 },
        { title: t('tstat.name'), dataIndex: 'name', render: (v: string) => v || t('tstat.unknown') },
        { title: t('tstat.plays'), dataIndex: 'plays', width: 90 },
        { title: t('tstat.hours'), dataIndex: 'hours', width: 130 },
      ]}
    />
  );
}

/** smart/TerminalStatistics (DOMAIN 2.8): terminal states and viewing, computed by the server in SQL. */
export default function TerminalStatistics() {
  const t = useT();
  const canExport = useHasButton('smart:terminal_stat:export');
  const sites = useSiteIds();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const params = rangeParams(range);
  const { data, isFetching, refetch } = useScopedQuery({
    queryKey: ['smart', 'terminal_stat', params],
    queryFn: ({ sites }) => call(terminalStatCalls.stats, params, { loading: false, sites }),
    placeholderData: keepPreviousData,
  });

  const tx: ChartTexts = useMemo(
    () => ({
      online: t('tstat.online'),
      offline: t('tstat.offline'),
      pending: t('tstat.pending'),
      plays: t('tstat.plays'),
      hours: t('tstat.hours'),
      active: t('tstat.active'),
      unknown: t('tstat.unknown'),
      contentType: (k: string) => t(`tstat.content.${k}`, { defaultValue: k }),
    }),
    [t],
  );
  const charts = useMemo(
    () =>
      data && {
        daily: dailyOption(data.daily, tx),
        area: statusBarOption(data.by_area, tx),
        model: statusBarOption(data.by_model, tx),
        version: statusBarOption(data.by_app_version, tx),
        content: contentPieOption(data.by_content_type, tx),
      },
    [data, tx],
  );

  const exportCsv = async () => {
    const r = await call(terminalStatCalls.export, params, { sites });
    window.open(r.url, '_blank');
  };

  const empty = data ? isEmptyStats(data) : { terminals: true, plays: true };
  const none = (text: string) => <Empty style={{ padding: 48 }} description={text} />;

  return (
    <div className="terminal-statistics">
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('tstat.range')}</Typography.Text>
        <RangePicker
          allowClear={false}
          value={range}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          {t('tstat.refresh')}
        </Button>
        {canExport && (
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv().catch(() => {})}>
            {t('tstat.export')}
          </Button>
        )}
      </Space>

      <Row gutter={[16, 16]}>
        {(
          [
            ['tstat.total', data?.summary.total],
            ['tstat.online', data?.summary.online],
            ['tstat.offline', data?.summary.offline],
            ['tstat.pending', data?.summary.pending],
            ['tstat.plays', data?.totals.plays],
            ['tstat.hours', data?.totals.hours],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} xs={12} sm={8} lg={4}>
            <Card size="small">
              <Statistic title={t(key)} value={value ?? 0} loading={!data} />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('tstat.onlineHint', { s: data?.online_window_s ?? 90 })}
      </Typography.Paragraph>

      <Card size="small" title={t('tstat.daily')} style={{ marginTop: 8 }}>
        {charts && !empty.plays ? <EChart option={charts.daily} /> : none(t('tstat.noPlays'))}
      </Card>

      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <Card size="small">
            <Tabs
              items={[
                ['area', 'tstat.byArea'],
                ['model', 'tstat.byModel'],
                ['version', 'tstat.byVersion'],
              ].map(([key, label]) => ({
                key: key!,
                label: t(label!),
                children:
                  charts && !empty.terminals ? (
                    <EChart option={charts[key as 'area' | 'model' | 'version']} />
                  ) : (
                    none(t('tstat.noTerminals'))
                  ),
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('tstat.byContent')} style={{ height: '100%' }}>
            {charts && !empty.plays ? <EChart option={charts.content} /> : none(t('tstat.noPlays'))}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('tstat.topChannels')}>
            <TopTable rows={data?.top_channels ?? []} t={t} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('tstat.topFilms')}>
            <TopTable rows={data?.top_films ?? []} t={t} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
