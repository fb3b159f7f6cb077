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

/** The current leases of the lease file; a dynamic one can be made static (`make_static`). */
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
        </Typography.Paragraph>
      )}
      <Table<LeaseRow>
        rowKey={(r) => `${r.mac}-${r.ip}`}
        size="small"
        dataSource={data?.list ?? []}
        pagination={{ pageSize: 20, showTotal: (n) => t('dhcp.total', { n }) }}
        columns={[
          { title: t('dhcp.col.ip'), dataIndex: 'ip', width: 140 },
          { title: t('dhcp.col.mac'), dataIndex: 'mac', width: 160 },
          { title: t('dhcp.col.hostname'), dataIndex: 'hostname' },
          {
            title: t('dhcp.col.expiry'),
            dataIndex: 'expiry',
            width: 170,
            render: (v: string) => (v === 'never' ? t('dhcp.never') : v),
          },
          { title: t('dhcp.col.client_id'), dataIndex: 'client_id', ellipsis: true },
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
