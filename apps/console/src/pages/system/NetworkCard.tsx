import { FileTextOutlined, RollbackOutlined } from '@ant-design/icons';
import { networkCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Collapse, Drawer, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { save } from './network/network-api.ts';
import { InterfacesTab } from './network/network-interfaces.tsx';
import { OpenVpnTab, PptpTab, TeamingTab } from './network/network-lists.tsx';
import { ConnectTab, IpoeTab, OverviewTab, QosTab, TimezoneTab, WanDnsTab } from './network/network-tabs.tsx';
import './network/network-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

/** The generated file set, as written under DATA_DIR/etc (secret files without content). */
function FilesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { data } = useScopedQuery({
    queryKey: ['network', 'files'],
    queryFn: ({ sites }) => call(networkCalls.config, {}, { loading: false, sites }),
    enabled: open,
  });
  return (
    <Drawer title={t('net.files')} open={open} onClose={onClose} size={720}>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('net.filesHint')} />
      {data && !data.files.length && <Typography.Text type="secondary">{t('net.noFiles')}</Typography.Text>}
      <Collapse
        size="small"
        items={(data?.files ?? []).map((f) => ({
          key: f.path,
          label: (
            <Space>
              <Typography.Text code>/etc/{f.path}</Typography.Text>
              {f.secret && <Tag color="orange">{t('net.secretFile')}</Tag>}
            </Space>
          ),
          children:
            f.content === null ? (
              t('net.secretFile')
            ) : (
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{f.content}</pre>
            ),
        }))}
      />
    </Drawer>
  );
}

/**
 * system/NetworkCard (DOMAIN 2.9): one tab per `Network/<method>`. Saves write the generated
 * files (systemd-networkd, ppp, OpenVPN, igmpproxy, tc, timesyncd) and say whether they were
 * applied; Roll back restores the previous settings and files.
 */
export default function NetworkCard() {
  const t = useT();
  const client = useQueryClient();
  const canRollback = useHasButton('network:index:rollback');
  const [filesOpen, setFilesOpen] = useState(false);
  const [modal, holder] = Modal.useModal();

  const rollback = () =>
    modal.confirm({
      title: t('net.rollback'),
      content: t('net.rollbackConfirm'),
      onOk: async () => {
        if (await save(networkCalls.rollback, {})) void client.invalidateQueries({ queryKey: ['network'] });
      },
    });

  const tabs = [
    { key: 'index', children: <OverviewTab /> },
    { key: 'net', children: <InterfacesTab /> },
    { key: 'ipoe', children: <IpoeTab /> },
    { key: 'dns', children: <WanDnsTab /> },
    { key: 'qos', children: <QosTab /> },
    { key: 'teaming', children: <TeamingTab /> },
    { key: 'pptp', children: <PptpTab /> },
    { key: 'openvpn', children: <OpenVpnTab /> },
    { key: 'timezone', children: <TimezoneTab /> },
    { key: 'connect', children: <ConnectTab /> },
  ];

  return (
    <div className="network-card-page">
      {holder}
      <Tabs
        destroyOnHidden
        items={tabs.map((tab) => ({ ...tab, label: t(`net.tab.${tab.key}`) }))}
        tabBarExtraContent={
          <Space>
            <Button icon={<FileTextOutlined />} onClick={() => setFilesOpen(true)}>
              {t('net.files')}
            </Button>
            {canRollback && (
              <Button icon={<RollbackOutlined />} onClick={rollback}>
                {t('net.rollback')}
              </Button>
            )}
          </Space>
        }
      />
      <FilesDrawer open={filesOpen} onClose={() => setFilesOpen(false)} />
    </div>
  );
}
