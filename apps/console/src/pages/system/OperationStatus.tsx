import { ReloadOutlined } from '@ant-design/icons';
import { statusCalls } from '@igs/contract/calls';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Progress,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useIsActiveTab } from '../../features/keep-alive/active-tab.ts';
import { i18n, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { formatBytes } from '../../utils/number.ts';
import { LiveChart } from './status/live-chart.tsx';
import {
  appendSample,
  clock,
  dateTime,
  defaultInterface,
  formatRate,
  REFRESH_MS,
  type RunningStatus,
  type StatusSample,
  splitSeconds,
} from './status/operation-status-data.ts';
import './status/operation-status-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** True while the browser tab is visible and this page is the shown tag tab. */
function usePageVisible(): boolean {
  const docVisible = useSyncExternalStore(subscribeVisibility, () => document.visibilityState !== 'hidden');
  return useIsActiveTab() && docVisible;
}

const pctText = (v: number) => `${Math.round(v * 10) / 10}%`;

function UsageBar({ label, used, total, pct }: { label: string; used: number; total: number; pct: number }) {
  return (
    <div style={{ marginBottom: 8 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <span>{label}</span>
        <Typography.Text type="secondary">
          {formatBytes(used)} / {formatBytes(total)}
        </Typography.Text>
      </Space>
      <Progress percent={pct} status={pct >= 90 ? 'exception' : 'normal'} />
    </div>
  );
}

/** Operation status (system/running): the host's live state, refreshed every 5 s while shown. */
export default function OperationStatus() {
  const t = useT();
  const visible = usePageVisible();
  const { data, isPending, isError, error, refetch, isFetching } = useScopedQuery({
    queryKey: ['system', 'running'],
    queryFn: ({ sites }) => call(statusCalls.running, {}, { loading: false, sites }),
    refetchInterval: visible ? REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
  const [history, setHistory] = useState<StatusSample[]>([]);
  const [iface, setIface] = useState<string>();
  useEffect(() => {
    if (data) setHistory((h) => appendSample(h, data));
  }, [data]);
  useEffect(() => {
    if (data && !iface) setIface(defaultInterface(data.network.interfaces));
  }, [data, iface]);

  const labels = useMemo(() => history.map((p) => clock(p.at)), [history]);
  const cpuSeries = useMemo(() => [{ name: t('opstat.cpu'), data: history.map((p) => p.cpu) }], [history, t]);
  const memSeries = useMemo(
    () => [{ name: t('opstat.memory'), data: history.map((p) => p.memory) }],
    [history, t],
  );
  const netSeries = useMemo(
    () => [
      { name: t('opstat.rx'), data: history.map((p) => (iface ? (p.net[iface]?.rx ?? null) : null)) },
      { name: t('opstat.tx'), data: history.map((p) => (iface ? (p.net[iface]?.tx ?? null) : null)) },
    ],
    [history, iface, t],
  );

  if (isPending) return <Skeleton active />;
  if (isError)
    return <Alert type="error" showIcon title={t('opstat.loadFailed')} description={error.message} />;

  const s = data;
  const up = splitSeconds(s.host.uptime_s);
  const label = (prefix: string, key: string) => {
    const k = `${prefix}.${key}`;
    return i18n.exists(k) ? t(k) : key;
  };

  return (
    <div className="operation-status">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {s.host.hostname}
        </Typography.Title>
        <Space wrap>
          <Typography.Text type="secondary">
            {t('opstat.updated', { time: clock(s.generated_at) })} ·{' '}
            {visible ? t('opstat.live') : t('opstat.paused')}
          </Typography.Text>
          <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
            {t('opstat.refresh')}
          </Button>
        </Space>
      </Space>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={t('opstat.host')} size="small" style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('opstat.hostname')}>{s.host.hostname}</Descriptions.Item>
              <Descriptions.Item label={t('opstat.os')}>{s.host.os.pretty_name || '–'}</Descriptions.Item>
              <Descriptions.Item label={t('opstat.kernel')}>{s.host.kernel}</Descriptions.Item>
              <Descriptions.Item label={t('opstat.arch')}>{s.host.arch}</Descriptions.Item>
              <Descriptions.Item label={t('opstat.uptime')}>{t('opstat.uptimeValue', up)}</Descriptions.Item>
              <Descriptions.Item label={t('opstat.bootTime')}>{dateTime(s.host.boot_time)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('opstat.cpu')} size="small" style={{ height: '100%' }}>
            <Statistic
              title={`${t('opstat.usage')} (${t('opstat.interval', { s: (s.cpu.interval_ms / 1000).toFixed(1) })})`}
              value={s.cpu.usage_pct ?? '–'}
              suffix={s.cpu.usage_pct === null ? undefined : '%'}
              precision={1}
            />
            <Descriptions column={1} size="small" style={{ marginTop: 8 }}>
              <Descriptions.Item label={t('opstat.cpuModel')}>{s.cpu.model || '–'}</Descriptions.Item>
              <Descriptions.Item label={t('opstat.cores')}>
                {s.cpu.physical_cores
                  ? t('opstat.coresValue', { logical: s.cpu.cores, physical: s.cpu.physical_cores })
                  : s.cpu.cores}
              </Descriptions.Item>
              {s.cpu.mhz !== null && (
                <Descriptions.Item label={t('opstat.mhz')}>{s.cpu.mhz} MHz</Descriptions.Item>
              )}
              <Descriptions.Item label={t('opstat.load')}>{s.cpu.load.join(' / ')}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('opstat.memory')} size="small" style={{ height: '100%' }}>
            <UsageBar
              label={t('opstat.memory')}
              used={s.memory.used}
              total={s.memory.total}
              pct={s.memory.used_pct}
            />
            {s.swap.total > 0 ? (
              <UsageBar
                label={t('opstat.swap')}
                used={s.swap.used}
                total={s.swap.total}
                pct={s.swap.used_pct}
              />
            ) : (
              <Typography.Text type="secondary">{t('opstat.noSwap')}</Typography.Text>
            )}
          </Card>
        </Col>

        <Col xs={24} lg={8}>
          <Card title={t('opstat.chartCpu')} size="small">
            <LiveChart
              labels={labels}
              series={cpuSeries}
              format={pctText}
              max={100}
              label={t('opstat.chartCpu')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('opstat.chartMemory')} size="small">
            <LiveChart
              labels={labels}
              series={memSeries}
              format={pctText}
              max={100}
              label={t('opstat.chartMemory')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            title={t('opstat.chartNet')}
            size="small"
            extra={
              <Select
                size="small"
                style={{ width: 120 }}
                value={iface}
                onChange={setIface}
                options={s.network.interfaces.map((n) => ({ value: n.iface, label: n.iface }))}
              />
            }
          >
            <LiveChart labels={labels} series={netSeries} format={formatRate} label={t('opstat.chartNet')} />
          </Card>
        </Col>

        <Col xs={24} xl={12}>
          <Card title={t('opstat.disks')} size="small">
            <Table
              size="small"
              rowKey="mountpoint"
              pagination={false}
              dataSource={s.disks}
              columns={[
                { title: t('opstat.mountpoint'), dataIndex: 'mountpoint' },
                { title: t('opstat.device'), dataIndex: 'device' },
                { title: t('opstat.fstype'), dataIndex: 'fstype', width: 90 },
                { title: t('opstat.size'), dataIndex: 'total', render: (v: number) => formatBytes(v) },
                { title: t('opstat.avail'), dataIndex: 'avail', render: (v: number) => formatBytes(v) },
                {
                  title: t('opstat.used'),
                  dataIndex: 'used_pct',
                  width: 160,
                  render: (v: number) => (
                    <Progress percent={v} size="small" status={v >= 90 ? 'exception' : 'normal'} />
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('opstat.network')} size="small">
            <Table
              size="small"
              rowKey="iface"
              pagination={false}
              dataSource={s.network.interfaces}
              columns={[
                { title: t('opstat.iface'), dataIndex: 'iface' },
                { title: t('opstat.rxRate'), dataIndex: 'rx_rate', render: formatRate },
                { title: t('opstat.txRate'), dataIndex: 'tx_rate', render: formatRate },
                { title: t('opstat.rxTotal'), dataIndex: 'rx_bytes', render: (v: number) => formatBytes(v) },
                { title: t('opstat.txTotal'), dataIndex: 'tx_bytes', render: (v: number) => formatBytes(v) },
                {
                  title: t('opstat.errors'),
                  key: 'errors',
                  render: (_: unknown, n: RunningStatus['network']['interfaces'][number]) =>
                    `${n.rx_errors + n.tx_errors} / ${n.rx_dropped + n.tx_dropped}`,
                },
              ]}
            />
          </Card>
        </Col>

        <Col xs={24} lg={8}>
          <Card title={t('opstat.temperatures')} size="small" style={{ height: '100%' }}>
            {s.temperatures.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('opstat.noSensors')} />
            ) : (
              <Table
                size="small"
                rowKey={(r) => `${r.source}:${r.name}:${r.label}`}
                pagination={false}
                dataSource={s.temperatures}
                columns={[
                  {
                    title: t('opstat.sensor'),
                    key: 'sensor',
                    render: (_: unknown, r) => `${r.name} ${r.label}`,
                  },
                  {
                    title: t('opstat.celsius'),
                    dataIndex: 'celsius',
                    render: (v: number) => (
                      <Tag color={v >= 80 ? 'red' : v >= 65 ? 'orange' : 'green'}>{v} °C</Tag>
                    ),
                  },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('opstat.versions')} size="small" style={{ height: '100%' }}>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={s.versions}
              columns={[
                {
                  title: t('opstat.component'),
                  dataIndex: 'key',
                  render: (k: string) => label('opstat.version', k),
                },
                {
                  title: t('opstat.version'),
                  key: 'version',
                  render: (_: unknown, v) =>
                    !v.installed ? (
                      <Tag>{t('opstat.notInstalled')}</Tag>
                    ) : v.version ? (
                      <span title={v.detail}>{v.version}</span>
                    ) : (
                      <Tag color="orange" title={v.detail}>
                        {t('opstat.unknownVersion')}
                      </Tag>
                    ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('opstat.services')} size="small" style={{ height: '100%' }}>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={s.services}
              columns={[
                {
                  title: t('opstat.service'),
                  dataIndex: 'key',
                  render: (k: string) => label('opstat.service', k),
                },
                {
                  title: t('opstat.state'),
                  dataIndex: 'running',
                  render: (r: boolean) => (
                    <Tag color={r ? 'green' : 'default'}>{r ? t('opstat.running') : t('opstat.stopped')}</Tag>
                  ),
                },
                { title: t('opstat.pids'), dataIndex: 'pids', render: (p: number[]) => p.join(', ') || '–' },
                {
                  title: t('opstat.rss'),
                  dataIndex: 'rss_bytes',
                  render: (v: number) => (v ? formatBytes(v) : '–'),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
