import { type ApClient, deviceCalls } from '@igs/contract/calls';
import { formatBytes, type ResourceDef, resourceByName } from '@igs/contract/resources';
import { Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { resourceKeys } from '../resource/api.ts';
import './ap-clients-texts.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { shortTime } from './cpe-parameters.tsx';

/**
 * An AP's clients in its detail drawer (issue 13: "an AP's clients"): the stations its agent last
 * reported, from `status` on ac/ap. Each reads as an operator knows it: the name the device gives
 * itself and its MAC, its address, the network and band (2.4 GHz / 5 GHz), the signal in dBm with
 * a word for it, since when it is connected and what it moved (bytes as the contract writes
 * them). A role the server refuses sees nothing of it.
 */

const ap = resourceByName('ac:ap') as ResourceDef;
const PAGE = 10;

/** The word and colour of a signal: strong from -60 dBm, fair to -70 dBm, weak below. */
export function signalOf(rssi: number): { key: 'strong' | 'fair' | 'weak'; color: string } {
  if (rssi >= -60) return { key: 'strong', color: 'success' };
  if (rssi >= -70) return { key: 'fair', color: 'warning' };
  return { key: 'weak', color: 'error' };
}

export function ApClients({ id }: { id: number }) {
  const t = useT();
  const { data, isError, isLoading } = useScopedQuery({
    queryKey: [...resourceKeys.all(ap.name), 'clients', id],
    queryFn: ({ sites }) => call(deviceCalls.apClients, { id }, { loading: false, silent: true, sites }),
    retry: false,
  });
  if (isError) return null;
  const empty = !data
    ? undefined
    : data.clients > data.total
      ? t('apc.countOnly', { n: data.clients })
      : data.online
        ? t('apc.none')
        : t('apc.offline');
  const reportedAt = data?.reported_at ?? '';

  return (
    <section className="record-drawer-related">
      <Typography.Title level={5}>
        {t('apc.title')}
        {data ? <Typography.Text type="secondary"> ({data.clients})</Typography.Text> : null}
        {reportedAt ? (
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
            {' '}
            · {t('apc.lastReport', { at: reportedAt })}
          </Typography.Text>
        ) : null}
      </Typography.Title>
      <Table<ApClient>
        size="small"
        rowKey="mac"
        loading={isLoading}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        pagination={{ pageSize: PAGE, size: 'small', hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          {
            key: 'device',
            title: t('apc.device'),
            dataIndex: 'hostname',
            render: (v: string, row) => (
              <Flex vertical gap={0}>
                {v ? <span>{v}</span> : <Typography.Text type="secondary">{t('apc.noName')}</Typography.Text>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.mac}
                </Typography.Text>
              </Flex>
            ),
          },
          { key: 'ip', title: t('apc.ip'), dataIndex: 'ip', render: (v: string) => v || '—' },
          { key: 'ssid', title: t('apc.ssid'), dataIndex: 'ssid' },
          {
            key: 'band',
            title: t('apc.band'),
            dataIndex: 'band',
            render: (v: string) => (v === '2g' || v === '5g' ? t(`apc.band.${v}`) : '—'),
          },
          {
            key: 'rssi',
            title: t('apc.signal'),
            dataIndex: 'rssi',
            sorter: (a, b) => a.rssi - b.rssi,
            render: (v: number) => {
              const s = signalOf(v);
              return (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {v} dBm <Tag color={s.color}>{t(`apc.signal.${s.key}`)}</Tag>
                </span>
              );
            },
          },
          {
            key: 'since',
            title: t('apc.since'),
            dataIndex: 'connected_since',
            // The day is said once, in the title's last report; a row shows it only when it differs.
            render: (v: string) => (
              <Tooltip title={v}>
                <span style={{ whiteSpace: 'nowrap' }}>{shortTime(v, reportedAt)}</span>
              </Tooltip>
            ),
          },
          {
            key: 'down',
            title: t('apc.download'),
            dataIndex: 'tx_bytes',
            render: (v: number) => formatBytes(v),
          },
          {
            key: 'up',
            title: t('apc.upload'),
            dataIndex: 'rx_bytes',
            render: (v: number) => formatBytes(v),
          },
        ]}
      />
    </section>
  );
}
