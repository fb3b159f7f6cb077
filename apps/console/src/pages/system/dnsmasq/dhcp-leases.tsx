import { ReloadOutlined } from '@ant-design/icons';
import { dhcpCalls, dnsmasqCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Table, Tag, Typography } from 'antd';
import { useTabPolling } from '../../../features/keep-alive/active-tab.ts';
import { useT } from '../../../i18n/index.ts';
import { call } from '../../../request/call.ts';
import { useHasButton } from '../../../stores/permission.ts';
import { save } from '../network/network-api.ts';
import { canMakeStatic, type LeaseRow } from '../network/network-logic.ts';
import './dnsmasq-texts.ts';
import { useScopedQuery } from '../../../features/sites/scoped-query.ts';

// Static leases (dhcp-host by MAC) are DHCPv4: a DHCPv6 lease is listed, never made static.
const isV6 = (r: LeaseRow) => r.family === 'v6';

/**
 * The current leases of the lease file, DHCPv4 and DHCPv6; a dynamic DHCPv4 one can be made static
 * (`make_static`). A DHCPv6 client is named by its DUID where a DHCPv4 one has its MAC, and its
 * identity association (IAID) stands where a DHCPv4 lease shows its client ID.
 */
export function Leases({ hostsResource }: { hostsResource: string }) {
  const t = useT();
  const client = useQueryClient();
  const canMake = useHasButton('system:dhcp_set:make_static');
  const polling = useTabPolling(30_000);
  const { data, isFetching, refetch } = useScopedQuery({
    queryKey: ['dnsmasq', 'leases'],
    queryFn: ({ sites }) => call(dnsmasqCalls.leases, {}, { loading: false, sites }),
    refetchInterval: polling,
  });
  const makeStatic = async (mac: string) => {
    if (await save(dhcpCalls.makeStatic, { mac })) {
      void client.invalidateQueries({ queryKey: ['dnsmasq'] });
      void client.invalidateQueries({ queryKey: ['resource', hostsResource] });
    }
  };
  return (
    <Card
      size="small"
      title={t('dhcp.leases')}
      style={{ marginTop: 16 }}
      extra={
        <Button size="small" icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          {t('dhcp.refresh')}
        </Button>
      }
    >
      {data && (
        <Typography.Paragraph type="secondary">
          {data.note || t('dhcp.leases.file', { file: data.file })}
          {data.server_duid && (
            <>
              {' · '}
              {t('dhcp.serverDuid')} <Typography.Text code>{data.server_duid}</Typography.Text>
            </>
          )}
        </Typography.Paragraph>
      )}
      <Table<LeaseRow>
        rowKey={(r) => `${r.family ?? 'v4'}-${r.mac || r.duid}-${r.ip}`}
        size="small"
        dataSource={data?.list ?? []}
        // A DHCPv6 row (address, DUID, IAID) is wider than a narrow card: it scrolls, not overflows.
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, showTotal: (n) => t('dhcp.total', { n }) }}
        columns={[
          {
            title: t('dhcp.col.family'),
            key: 'family',
            width: 80,
            render: (_: unknown, r) =>
              isV6(r) ? <Tag color="purple">{t('dhcp.family.v6')}</Tag> : <Tag>{t('dhcp.family.v4')}</Tag>,
          },
          { title: t('dhcp.col.ip'), dataIndex: 'ip', width: 200 },
          {
            title: t('dhcp.col.mac'),
            key: 'client',
            width: 200,
            render: (_: unknown, r) =>
              isV6(r) ? (
                <Typography.Text ellipsis={{ tooltip: r.duid }} style={{ maxWidth: 190 }}>
                  {r.duid ? t('dhcp.duid', { duid: r.duid }) : t('dhcp.unknown')}
                </Typography.Text>
              ) : (
                r.mac
              ),
          },
          { title: t('dhcp.col.hostname'), dataIndex: 'hostname' },
          {
            title: t('dhcp.col.expiry'),
            dataIndex: 'expiry',
            width: 170,
            render: (v: string) => (v === 'never' ? t('dhcp.never') : v),
          },
          {
            title: t('dhcp.col.client_id'),
            key: 'client_id',
            ellipsis: true,
            render: (_: unknown, r) =>
              isV6(r)
                ? `${t('dhcp.iaid', { iaid: r.iaid })}${r.temporary ? ` · ${t('dhcp.temporary')}` : ''}`
                : r.client_id,
          },
          {
            title: t('dhcp.col.static'),
            key: 'static',
            width: 160,
            render: (_: unknown, r) =>
              r.static ? (
                <Tag color={r.static_ip_differs ? 'orange' : 'green'}>
                  {t(r.static_ip_differs ? 'dhcp.staticDiffers' : 'dhcp.isStatic')}
                </Tag>
              ) : (
                canMake &&
                !isV6(r) &&
                canMakeStatic(r) && (
                  <Button size="small" type="link" onClick={() => void makeStatic(r.mac)}>
                    {t('dhcp.makeStatic')}
                  </Button>
                )
              ),
          },
        ]}
      />
    </Card>
  );
}
